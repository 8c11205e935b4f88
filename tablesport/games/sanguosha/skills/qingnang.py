"""青囊 Green Satchel (Hua Tuo): once per play phase, discard a hand card: any one wounded character
(yourself included) recovers 1 HP. Reference §3.3 #23."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState
from ._util import TOKEN


@register
class Qingnang(Skill):
    id = "qingnang"
    limit_phase = 1

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        hurt = [s for s in g.order_from(seat) if g.players[s].hp < g.players[s].max_hp]
        return [(TOKEN[c], s) for c in g.players[seat].hand for s in hurt]

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        g.discard([C.card_id(payload[0])], seat, self.id)
        g.push("recover", "start", seat=payload[1], n=1, source=seat)
