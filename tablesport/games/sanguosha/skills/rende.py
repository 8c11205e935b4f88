"""仁德 Benevolence (Liu Bei): in your play phase you may give any number of hand cards, split as you
like, to other characters. Each give is one action ``("skill", "rende", (card, seat))``. When the cards
given in this play phase first reach 2, you recover 1 HP — once per play phase (D18)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


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
            g.push("recover", "start", {"seat": seat, "n": 1, "source": seat})

    def ai_play_value(self, view: Ctx, payload: Any) -> float:
        tok, s = payload
        if not view.ally(s) or s == view.seat:
            return -1.0
        if len(view.hand) > view.me["hp"] or view.keep(tok) <= 4.0:
            return float(20.0 - view.keep(tok) - 0.5 * view.players[s]["hand_count"])
        return -1.0
