"""断粮 Cut Supplies (Xu Huang), [S12] §2.2.1: in your play phase you may use a black basic or equipment
card as Supply Shortage; your Supply Shortage may target a character at distance 2 or less."""

from __future__ import annotations

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState


@register
class Duanliang(Skill):
    id = "duanliang"

    def view_as(self, g: SgsState, seat: int, need: str | None, context: str) -> list[tuple[tuple[int, ...], str]]:
        if need is not None or context != "play":
            return []
        return [((c,), "supply_shortage") for c in g.players[seat].cards()
                if g.color_of(c, seat) == "black" and C.TYPE[c] in ("basic", "equipment")]

    def trick_distance(self, g: SgsState, seat: int, name: str, base: int) -> int:
        return max(base, 2) if name == "supply_shortage" else base
