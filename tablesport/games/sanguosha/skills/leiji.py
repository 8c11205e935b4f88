"""雷击 Lightning Strike (Zhang Jiao), original Wind text: whenever you use or play a Dodge (an Eight
Diagrams Dodge included), you may have any other character judge; on a spade you deal them 2 thunder
damage. Reference §3.3 #32."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import offer


@register
class Leiji(Skill):
    id = "leiji"
    timings = frozenset({Timing.CARD_PLAYED})
    ask = False

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        played = ctx.get("played")
        return ctx.get("seat") == seat and played is not None and played[0] == "dodge" \
            and bool(g.order_from(seat, include=False))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        opts = [("invoke", self.id, s) for s in g.order_from(seat, include=False)]
        offer(g, self.id, seat, opts, "Lightning Strike: make a character judge?")

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        if a[0] != "invoke":
            g.pop()
            return
        g.emit("skill", seat=f.d["seat"], skill=self.id, target=a[2])
        f.d["target"] = a[2]
        f.step = "judged"
        g.push("judge", "start", seat=a[2], reason=self.id, ret=g.top_index())

    def step_judged(self, g: SgsState, f: Frame) -> None:
        g.pop()
        t = f.d["target"]
        if f.d.get("judge_suit") == "spade" and g.players[t].alive:
            g.push("damage", "start", source=f.d["seat"], target=t, n=2, nature="thunder", via=self.id, cards=(),
                   ci=-1)
