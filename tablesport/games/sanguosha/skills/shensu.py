"""神速 Divine Speed (Xiahou Yuan): you may (1) skip this turn's judgement and draw phases, and/or (2) skip
this turn's play phase and discard an equipment card (from hand or equipped); for each option taken you
are treated as using a Slash on any other character, ignoring distance (outside the play phase: it does
not count toward the Slash limit). Option 1 is declared before the judgement phase, option 2 before the
play phase (reference §3.3 #26; the 2014 1v1 window list names exactly these two moments)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..card_use import push_use
from ..families import Offered, OnPhase
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import BEFORE_JUDGE, BEFORE_PLAY, PhaseCtx
from ._util import TOKEN, discard_own

if TYPE_CHECKING:
    from ..bots.reading import Ctx


def _targets(g: SgsState, seat: int) -> list[int]:
    return [s for s in g.order_from(seat, include=False) if g.may_target(seat, s, "slash")]


@register
class Shensu(Offered[PhaseCtx], OnPhase):
    id = "shensu"
    timings = frozenset({BEFORE_JUDGE, BEFORE_PLAY})

    def _equipment(self, g: SgsState, seat: int) -> list[int]:
        return [c for c in g.players[seat].cards() if C.TYPE[c] == "equipment"]

    def when(self, g: SgsState, seat: int, ctx: PhaseCtx) -> bool:
        return g.current == seat

    def options(self, g: SgsState, seat: int, ctx: PhaseCtx) -> list[Option]:
        if ctx["ph"] == "judge":            # option 1: skip the judgement and draw phases
            return [("invoke", self.id, t) for t in _targets(g, seat)]
        return [("invoke", self.id, TOKEN[c], t) for c in self._equipment(g, seat) for t in _targets(g, seat)]

    def prompt(self, g: SgsState, seat: int, ctx: PhaseCtx) -> str:
        if ctx["ph"] == "judge":
            return "Divine Speed: skip your judgement and draw phases to Slash a character?"
        return "Divine Speed: skip your play phase and discard an equipment card to Slash a character?"

    def told(self, answer: Option) -> dict[str, Any]:
        return {"target": answer[-1]}

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        seat, target = f.d["seat"], answer[-1]
        if len(answer) == 3:
            g.turn["skip"] += ["judge", "draw"]
        else:
            g.turn["skip"].append("play")
        push_use(g, seat, "slash", (), (target,), via=self.id, counted=False, ignore_distance=True)
        if len(answer) == 4:
            discard_own(g, seat, [C.card_id(answer[2])], self.id)

    def ai_invoke_value(self, view: Ctx, args: tuple[Any, ...]) -> float:
        seats, toks = view.seats_in(args), view.cards_in(args)
        if not seats or not view.enemy(seats[-1]):
            return -1.0
        if toks:            # skip the play phase: only with little else to do
            if len(view.hand) > 2:
                return -1.0
            return 15.0 + view.priority(seats[-1]) - 2.0 * view.keep(toks[0])
        return -1.0
