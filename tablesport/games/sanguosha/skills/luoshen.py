"""洛神 Goddess Luo (Zhen Ji): in your start phase you may judge; on black you take the card (after it
takes effect) and may judge again; you stop when you decline or a red card comes up (it is discarded).
Reference §3.3 #7; a start-phase declaration in every seed's window list."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import offer


@register
class Luoshen(Skill):
    id = "luoshen"
    timings = frozenset({Timing.START_PHASE, Timing.JUDGE_DONE})
    ask = False

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        if timing == Timing.JUDGE_DONE:      # take a black Goddess Luo card once it has taken effect
            return ctx["seat"] == seat and ctx["reason"] == self.id and ctx["card"] in g.processing \
                and g.color_of(ctx["card"], seat) == "black"
        return ctx["seat"] == seat

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        if timing == Timing.JUDGE_DONE:
            g.give(ctx["card"], seat)
            return
        offer(g, self.id, seat, [("invoke", self.id)], "Goddess Luo: judge?")

    def step_got(self, g: SgsState, f: Frame) -> None:
        if f.d.pop("answer")[0] != "invoke":
            g.pop()
            return
        g.emit("skill", seat=f.d["seat"], skill=self.id)
        f.step = "judged"
        g.push("judge", "start", seat=f.d["seat"], reason=self.id, ret=g.top_index())

    def step_judged(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        suit = f.d.pop("judge_suit", "")
        f.d.pop("judge", None)
        f.d.pop("judge_rank", None)
        g.pop()
        if suit in ("spade", "club") and g.players[seat].alive:
            offer(g, self.id, seat, [("invoke", self.id)], "Goddess Luo: judge again?")
