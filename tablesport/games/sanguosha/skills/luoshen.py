"""洛神 Goddess Luo (Zhen Ji): in your start phase you may judge; on black you take the card (after it
takes effect) and may judge again; you stop when you decline or a red card comes up (it is discarded).
Reference §3.3 #7; a start-phase declaration in every seed's window list."""

from __future__ import annotations

from typing import Any

from ..families import Offered, OnPhase
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import JUDGE_DONE, START_PHASE, PhaseCtx, Timing


@register
class Luoshen(Offered[PhaseCtx], OnPhase):
    id = "luoshen"
    timings = frozenset({START_PHASE, JUDGE_DONE})
    continues = True

    def prompt(self, g: SgsState, seat: int, ctx: PhaseCtx) -> str:
        return "Goddess Luo: judge?"

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        f.step = "judged"
        g.push("judge", "start", {"seat": f.d["seat"], "reason": self.id, "ret": g.top_index()})

    def step_judged(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        suit = f.d.pop("judge_suit", "")
        f.d.pop("judge", None)
        f.d.pop("judge_rank", None)
        if suit in ("spade", "club") and g.players[seat].alive:
            self.offer_again(g, f, [("invoke", self.id)], "Goddess Luo: judge again?")
            return
        g.pop()

    # -- after a black Goddess Luo judgement took effect: the card goes to her hand ----------------
    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> bool:
        if timing == JUDGE_DONE:
            return ctx["seat"] == seat and ctx["reason"] == self.id and ctx["card"] in g.processing \
                and g.color_of(ctx["card"], seat) == "black"
        return super().can_trigger(g, seat, timing, ctx)

    def on_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any], ci: int) -> None:
        if timing == JUDGE_DONE:
            g.give(ctx["card"], seat)
            return
        super().on_trigger(g, seat, timing, ctx, ci)
