"""苦肉 Self-Injury (Huang Gai): in your play phase, any number of times, lose 1 HP, then draw 2 cards.
If that makes you dying, the dying procedure comes first and you draw only if you survive. HP loss is
not damage. Reference §3.3 #18."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..skill import Skill, register
from ..state import Frame, SgsState

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Kurou(Skill):
    id = "kurou"

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        return ["lose_hp"]

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        g.push_skill(self.id, "draw", seat)
        g.push("lose_hp", "start", {"seat": seat, "n": 1})

    def step_draw(self, g: SgsState, f: Frame) -> None:
        g.pop()
        if g.players[f.d["seat"]].alive:
            g.draw(f.d["seat"], 2)

    def ai_play_value(self, view: Ctx, payload: Any) -> float:
        return 22.0 if view.me["hp"] >= 3 else -1.0
