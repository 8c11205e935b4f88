"""结姻 Marriage (Sun Shangxiang): once per play phase, discard two hand cards and choose a wounded male
character: you and he each recover 1 HP (you need not be wounded). Reference §3.3 #22."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Jieyin(Skill):
    id = "jieyin"
    limit_phase = 1

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        men = [s for s in g.order_from(seat, include=False)
               if g.players[s].gender == "male" and g.players[s].hp < g.players[s].max_hp]
        hand = g.players[seat].hand
        return [(TOKEN[a], TOKEN[b], s) for a, b in combinations(hand, 2) for s in men]

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        a, b, t = C.card_id(payload[0]), C.card_id(payload[1]), payload[2]
        g.discard([a, b], seat, self.id)
        g.push("recover", "start", {"seat": seat, "n": 1, "source": seat})
        g.push("recover", "start", {"seat": t, "n": 1, "source": seat})

    def ai_play_value(self, view: Ctx, payload: Any) -> float:
        a, b, s = payload
        if not view.ally(s):
            return -1.0
        return 35.0 - view.keep(a) - view.keep(b)
