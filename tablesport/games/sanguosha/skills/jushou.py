"""据守 Hold Fast (Cao Ren), original text: in your end phase you may draw 3 cards, then turn your general
face down (your next turn is skipped: the general is turned face up instead). Reference §3.3 #27; in 3v3
the skipped turn counts as that character's action (D11)."""

from __future__ import annotations

from ..families import OnPhase
from ..skill import register
from ..state import SgsState
from ..timing import FINISH_PHASE, PhaseCtx


@register
class Jushou(OnPhase):
    id = "jushou"
    timings = frozenset({FINISH_PHASE})

    def act(self, g: SgsState, seat: int, ctx: PhaseCtx, ci: int) -> None:
        g.draw(seat, 3)
        g.players[seat].face_up = False
        g.emit("flip", {"seat": seat, "face_up": False, "why": self.id})
