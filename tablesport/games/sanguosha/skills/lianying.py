"""连营 Continuous Camps (Lu Xun): whenever you lose your last hand card, you may draw 1 card.
Reference §3.3 #21."""

from __future__ import annotations

from ..families import TriggerSkill
from ..skill import register
from ..state import SgsState
from ..timing import LOSE_HAND, SeatCtx


@register
class Lianying(TriggerSkill[SeatCtx]):
    id = "lianying"
    timings = frozenset({LOSE_HAND})
    draw = 1

    def when(self, g: SgsState, seat: int, ctx: SeatCtx) -> bool:
        return not g.players[seat].hand
