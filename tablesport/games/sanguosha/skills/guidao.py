"""鬼道 Dark Arts (Zhang Jiao): before any character's judgement card takes effect, you may swap in one
of your black cards (hand or equipment) and take the original judgement card into your hand.
Reference §3.3 #32 (an exchange, unlike Demonic Talent)."""

from __future__ import annotations

from ..skill import register
from ..state import SgsState
from ..timing import JudgeCtx
from ._retrial import RetrialSkill
from ._util import TOKEN


@register
class Guidao(RetrialSkill):
    id = "guidao"
    exchange = True

    def candidates(self, g: SgsState, seat: int, ctx: JudgeCtx) -> list[int]:
        return [c for c in g.players[seat].cards() if g.color_of(c, seat) == "black"]

    def prompt(self, g: SgsState, seat: int, ctx: JudgeCtx) -> str:
        return f"Dark Arts: swap a black card for the judgement card {TOKEN[ctx['card']]}?"
