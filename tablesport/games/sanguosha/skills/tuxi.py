"""突袭 Surprise Raid (Zhang Liao): in your draw phase, instead of drawing, you may take one hand card
from each of one or two other characters who have hand cards. Reference §3.3 #4; a draw-phase
declaration in every seed's window list."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import offer


@register
class Tuxi(Skill):
    id = "tuxi"
    timings = frozenset({Timing.DRAW_PHASE})
    ask = False

    def _targets(self, g: SgsState, seat: int) -> list[int]:
        return [s for s in g.order_from(seat, include=False) if g.players[s].hand]

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["seat"] == seat and ctx["n"] > 0 and bool(self._targets(g, seat))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        ts = self._targets(g, seat)
        opts = [("invoke", self.id, (t,)) for t in ts] + [("invoke", self.id, p) for p in combinations(ts, 2)]
        offer(g, self.id, seat, opts, "Surprise Raid: take a hand card from one or two characters instead of drawing?",
              ci=ci)

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        g.pop()
        if a[0] != "invoke":
            return
        seat = f.d["seat"]
        g.emit("skill", seat=seat, skill=self.id, targets=list(a[2]))
        g.stack[f.d["ci"]].d["n"] = 0
        for t in a[2]:
            hand = g.players[t].hand
            if hand:
                g.give(hand[g.rng.randrange(len(hand))], seat, public=False)
