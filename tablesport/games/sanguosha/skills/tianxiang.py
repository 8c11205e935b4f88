"""天香 Heavenly Scent (Xiao Qiao): when you are about to take damage you may discard a heart hand card
(Rosy Face: spades count) to move that damage to another character, who then draws as many cards as
their lost HP. The damage keeps its source (reference §3.3 #30, ⚠ reading as QSanguosha)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import TOKEN, offer


@register
class Tianxiang(Skill):
    id = "tianxiang"
    timings = frozenset({Timing.DAMAGE_TAKE})
    ask = False

    def _options(self, g: SgsState, seat: int) -> list[tuple[Any, ...]]:
        hearts = [c for c in g.players[seat].hand if g.suit_of(c, seat) == "heart"]
        return [("invoke", self.id, TOKEN[c], s) for c in hearts for s in g.order_from(seat, include=False)]

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["target"] == seat and not ctx.get("cancel") and ctx["n"] > 0 and bool(self._options(g, seat))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        offer(g, self.id, seat, self._options(g, seat), f"Heavenly Scent: move {ctx['n']} damage?", ci=ci)

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        if a[0] != "invoke":
            g.pop()
            return
        seat, c, t = f.d["seat"], C.card_id(a[2]), a[3]
        dmg = g.stack[f.d["ci"]].d
        g.emit("skill", seat=seat, skill=self.id, target=t)
        g.discard([c], seat, self.id)
        dmg["cancel"] = True
        f.step = "draw"
        f.d["target"] = t
        g.push("damage", "start", source=dmg["source"], target=t, n=dmg["n"], nature=dmg["nature"], via=dmg["via"],
               cards=dmg.get("cards", ()), ci=dmg.get("ci", -1), moved=True)

    def step_draw(self, g: SgsState, f: Frame) -> None:
        g.pop()
        p = g.players[f.d["target"]]
        if p.alive and p.max_hp > p.hp:
            g.draw(p.seat, p.max_hp - max(p.hp, 0))
