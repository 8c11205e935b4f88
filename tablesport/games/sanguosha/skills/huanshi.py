"""缓释 Delayed Release (Zhuge Jin), [S12] §2.2.1: before the judgement card of a character on your side
(己方, yourself included) takes effect, you may play any card (hand or equipment) to replace it; the
replaced card is discarded."""

from __future__ import annotations

from ..skill import register
from ..state import SgsState
from ..timing import JudgeCtx
from ._retrial import RetrialSkill
from ._util import own_side


@register
class Huanshi(RetrialSkill):
    id = "huanshi"

    def candidates(self, g: SgsState, seat: int, ctx: JudgeCtx) -> list[int]:
        return list(g.players[seat].cards()) if own_side(g, seat, ctx["seat"]) else []

    def prompt(self, g: SgsState, seat: int, ctx: JudgeCtx) -> str:
        return f"Delayed Release: replace seat {ctx['seat']}'s judgement card?"
