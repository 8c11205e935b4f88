"""鬼才 Demonic Talent (Sima Yi): before any character's judgement card takes effect, you may play a
hand card to replace it; the replaced card is discarded. Reference §3.3 #2, §2.6 (retrial, seat order
from the current actor)."""

from __future__ import annotations

from ..skill import register
from ..state import SgsState
from ..timing import JudgeCtx
from ._retrial import RetrialSkill
from ._util import TOKEN


@register
class Guicai(RetrialSkill):
    id = "guicai"

    def candidates(self, g: SgsState, seat: int, ctx: JudgeCtx) -> list[int]:
        return list(g.players[seat].hand)

    def prompt(self, g: SgsState, seat: int, ctx: JudgeCtx) -> str:
        return f"Demonic Talent: replace the judgement card {TOKEN[ctx['card']]}?"
