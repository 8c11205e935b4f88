"""仁德 Benevolence (Liu Bei): in your play phase you may give any number of hand cards, split as you
like, to other characters. Each give is one action ``("skill", "rende", (card, seat))``. When the cards
given in this play phase first reach 2, you recover 1 HP — once per play phase (D18)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState
from ._util import TOKEN


@register
class Rende(Skill):
    id = "rende"

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        others = g.order_from(seat, include=False)
        return [(TOKEN[c], s) for c in g.players[seat].hand for s in others]

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        c, s = C.card_id(payload[0]), payload[1]
        g.give(c, s, public=False)
        key = f"p:{seat}:rende_given"
        g.bump(key)
        if g.count(key) == 2:
            g.push("recover", "start", seat=seat, n=1, source=seat)
