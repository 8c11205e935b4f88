"""裸衣 Bare-Chested (Xu Chu): in your draw phase you may draw one card fewer; then for the rest of the
turn each Slash or Duel you use deals 1 more damage when it damages someone with you as its source
(not when you are the one damaged in your Duel). Reference §3.3 #5."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import offer


@register
class Luoyi(Skill):
    id = "luoyi"
    timings = frozenset({Timing.DRAW_PHASE, Timing.DAMAGE_INFLICT})
    ask = False

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        if timing == Timing.DRAW_PHASE:
            return ctx["seat"] == seat and ctx["n"] > 0
        if ctx["source"] != seat or g.turn.get("luoyi") != seat or ctx["via"] not in ("slash", "duel"):
            return False
        ci = ctx.get("ci", -1)
        user = g.stack[ci].d.get("user") if 0 <= ci < len(g.stack) else None
        return user == seat and ctx["target"] != seat and not ctx.get("cancel")

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        if timing == Timing.DRAW_PHASE:
            offer(g, self.id, seat, [("invoke", self.id)], "Bare-Chested: draw one card fewer for +1 damage?", ci=ci)
            return
        ctx["n"] += 1
        g.emit("effect", seat=seat, skill=self.id, result="+1 damage")

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        g.pop()
        if a[0] == "invoke":
            g.emit("skill", seat=f.d["seat"], skill=self.id)
            g.stack[f.d["ci"]].d["n"] -= 1
            g.turn["luoyi"] = f.d["seat"]
