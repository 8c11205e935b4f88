"""急救 First Aid (Hua Tuo): outside your own turn, any red card (hand or equipment) may be used as a
Peach. Reference §3.3 #23."""

from __future__ import annotations

from ..families import CardAs
from ..skill import register
from ..state import SgsState


@register
class Jijiu(CardAs):
    id = "jijiu"
    color = "red"
    as_name = "peach"
    in_play = False

    def allowed(self, g: SgsState, seat: int) -> bool:
        return g.current != seat
