"""断粮 Cut Supplies (Xu Huang), [S12] §2.2.1: in your play phase you may use a black basic or equipment
card as Supply Shortage; your Supply Shortage may target a character at distance 2 or less."""

from __future__ import annotations

from .. import cards as C
from ..families import CardAs
from ..skill import register
from ..state import SgsState


@register
class Duanliang(CardAs):
    id = "duanliang"
    color = "black"
    as_name = "supply_shortage"
    answers = False

    def fits(self, g: SgsState, seat: int, card: int) -> bool:
        return super().fits(g, seat, card) and C.TYPE[card] in ("basic", "equipment")

    def trick_distance(self, g: SgsState, seat: int, name: str, base: int) -> int:
        return max(base, 2) if name == "supply_shortage" else base
