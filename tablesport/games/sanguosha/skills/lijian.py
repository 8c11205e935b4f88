"""离间 Sow Dissension (Diao Chan): once per play phase, discard one card (hand or equipment) and choose
two male characters; the first chosen is treated as using a Duel on the second. This Duel cannot be
answered with Nullification. Reference §3.3 #25: Diao Chan fixes who uses the Duel by the order of her
choice; a character who may not be a Duel's target (Empty City without hand cards) cannot be the second."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..card_use import push_use
from ..skill import Skill, register
from ..state import SgsState
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Lijian(Skill):
    id = "lijian"
    limit_phase = 1

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        men = [s for s in g.order_from(seat, include=False) if g.players[s].gender == "male"]
        pairs = [(a, b) for a in men for b in men if a != b and g.may_target(a, b, "duel")]
        return [(TOKEN[c], a, b) for c in g.players[seat].cards() for a, b in pairs]

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        c, a, b = C.card_id(payload[0]), payload[1], payload[2]
        g.discard([c], seat, self.id)
        push_use(g, a, "duel", (), (b,), via=self.id, nonull=True)

    def ai_play_value(self, view: Ctx, payload: Any) -> float:
        tok, a, b = payload
        if view.enemy(a) and view.enemy(b):
            return 40.0 + view.priority(b) - 2.0 * view.keep(tok)
        return -1.0
