"""猛进 Fierce Advance (Pang De), [S12] §2.2.1: when a Slash you used is cancelled by its target's Dodge,
you may discard one of that target's cards (hand or equipment)."""

from __future__ import annotations

from typing import Any

from ..card_use import has_any_card
from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Mengjin(Skill):
    id = "mengjin"
    timings = frozenset({Timing.SLASH_DODGED})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        t = ctx["target"]
        return ctx["user"] == seat and g.players[t].alive and has_any_card(g, t, judge=False)

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.push("choose_card", "ask", chooser=seat, owner=ctx["target"], areas="he", act="discard", why=self.id)
