"""国色 National Beauty (Da Qiao): any diamond card (hand or equipment) may be used as Indulgence.
Reference §3.3 #20."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Guose(Skill):
    id = "guose"

    def view_as(self, g: SgsState, seat: int, need: str | None, context: str) -> list[tuple[tuple[int, ...], str]]:
        if need is not None or context != "play":
            return []
        return [((c,), "indulgence") for c in g.players[seat].cards() if g.suit_of(c, seat) == "diamond"]
