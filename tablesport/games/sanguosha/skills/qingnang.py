"""青囊 Green Satchel (Hua Tuo): once per play phase, discard a hand card: any one wounded character
(yourself included) recovers 1 HP. Reference §3.3 #23."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Qingnang(Skill):
    id = "qingnang"
    limit_phase = 1

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        hurt = [s for s in g.order_from(seat) if g.players[s].hp < g.players[s].max_hp]
        return [(TOKEN[c], s) for c in g.players[seat].hand for s in hurt]

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        g.discard([C.card_id(payload[0])], seat, self.id)
        g.push("recover", "start", {"seat": payload[1], "n": 1, "source": seat})

    def ai_play_value(self, view: Ctx, payload: Any) -> float:
        tok, s = payload
        if not view.ally(s):
            return -1.0
        return float(35.0 + 5.0 * (3 - view.players[s]["hp"]) - 2.0 * view.keep(tok))
