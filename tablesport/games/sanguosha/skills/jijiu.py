"""急救 First Aid (Hua Tuo): outside your own turn, any red card (hand or equipment) may be used as a
Peach. Reference §3.3 #23."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Jijiu(Skill):
    id = "jijiu"

    def view_as(self, g: SgsState, seat: int, need: str | None, context: str) -> list[tuple[tuple[int, ...], str]]:
        if need != "peach" or g.current == seat:
            return []
        return [((c,), "peach") for c in g.players[seat].cards() if g.color_of(c, seat) == "red"]
