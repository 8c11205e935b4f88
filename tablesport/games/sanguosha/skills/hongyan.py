"""红颜 Rosy Face (Xiao Qiao) — compulsory: your spade cards count as hearts (hand, equipment and your
own judgement cards). Reference §3.3 #30."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Hongyan(Skill):
    id = "hongyan"
    compulsory = True

    def judge_suit(self, g: SgsState, seat: int, card: int, suit: str) -> str:
        return "heart" if suit == "spade" else suit
