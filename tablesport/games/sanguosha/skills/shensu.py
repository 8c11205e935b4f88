"""神速 Divine Speed (Xiahou Yuan): you may (1) skip this turn's judgement and draw phases, and/or (2) skip
this turn's play phase and discard an equipment card (from hand or equipped); for each option taken you
are treated as using a Slash on any other character, ignoring distance (outside the play phase: it does
not count toward the Slash limit). Option 1 is declared before the judgement phase, option 2 before the
play phase (reference §3.3 #26; the 2014 1v1 window list names exactly these two moments)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..card_use import push_use
from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import TOKEN, discard_own, offer


def _targets(g: SgsState, seat: int) -> list[int]:
    return [s for s in g.order_from(seat, include=False) if g.may_target(seat, s, "slash")]


@register
class Shensu(Skill):
    id = "shensu"
    timings = frozenset({Timing.BEFORE_JUDGE, Timing.BEFORE_PLAY})
    ask = False

    def _equipment(self, g: SgsState, seat: int) -> list[int]:
        return [c for c in g.players[seat].cards() if C.TYPE[c] == "equipment"]

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        if ctx["seat"] != seat or g.current != seat or not _targets(g, seat):
            return False
        return timing == Timing.BEFORE_JUDGE or bool(self._equipment(g, seat))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        if timing == Timing.BEFORE_JUDGE:
            opts = [("invoke", self.id, t) for t in _targets(g, seat)]
            prompt = "Divine Speed: skip your judgement and draw phases to Slash a character?"
        else:
            opts = [("invoke", self.id, TOKEN[c], t) for c in self._equipment(g, seat) for t in _targets(g, seat)]
            prompt = "Divine Speed: skip your play phase and discard an equipment card to Slash a character?"
        offer(g, self.id, seat, opts, prompt)

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        g.pop()
        if a[0] != "invoke":
            return
        seat = f.d["seat"]
        if len(a) == 3:
            g.turn["skip"] += ["judge", "draw"]
            target = a[2]
        else:
            g.turn["skip"].append("play")
            target = a[3]
        g.emit("skill", seat=seat, skill=self.id, target=target)
        push_use(g, seat, "slash", (), (target,), via=self.id, counted=False, ignore_distance=True)
        if len(a) == 4:
            discard_own(g, seat, [C.card_id(a[2])], self.id)
