"""铁骑 Iron Cavalry (Ma Chao): after you target a character with a Slash you may judge; on red that
target cannot Dodge this Slash. Reference §3.3 #13."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing


@register
class Tieji(Skill):
    id = "tieji"
    timings = frozenset({Timing.SLASH_TARGETED})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["user"] == seat and not ctx.get("nododge")

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.push_skill(self.id, "judged", seat, ci=ci)
        g.push("judge", "start", seat=seat, reason=self.id, ret=g.top_index())

    def step_judged(self, g: SgsState, f: Frame) -> None:
        g.pop()
        if f.d.get("judge_suit") in ("heart", "diamond"):
            g.stack[f.d["ci"]].d["nododge"] = True
            g.emit("effect", seat=f.d["seat"], skill=self.id, result="the Slash cannot be dodged")
