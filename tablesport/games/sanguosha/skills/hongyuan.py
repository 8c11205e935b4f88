"""弘援 Expand Aid (Zhuge Jin), [S12] §2.2.1: when you draw in your draw phase you may draw one card
fewer; if you do, every other character on your side (己方: the 3v3 team) draws 1 card, after your draw."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import allies, offer


@register
class Hongyuan(Skill):
    id = "hongyuan"
    timings = frozenset({Timing.DRAW_PHASE, Timing.AFTER_DRAW})
    ask = False

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        if ctx["seat"] != seat:
            return False
        if timing == Timing.AFTER_DRAW:
            return g.turn.get("hongyuan") == seat
        return ctx["n"] > 0 and bool(allies(g, seat))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        if timing == Timing.AFTER_DRAW:
            del g.turn["hongyuan"]
            for s in allies(g, seat):
                g.draw(s, 1)
            return
        offer(g, self.id, seat, [("invoke", self.id)], "Expand Aid: draw one fewer so your teammates draw 1 each?",
              ci=ci)

    def step_got(self, g: SgsState, f: Frame) -> None:
        g.pop()
        if f.d.pop("answer")[0] != "invoke":
            return
        g.emit("skill", seat=f.d["seat"], skill=self.id)
        g.stack[f.d["ci"]].d["n"] -= 1
        g.turn["hongyuan"] = f.d["seat"]
