"""奇袭 Surprise Attack (Gan Ning): any black card (hand or equipment) may be used as Dismantle.
Reference §3.3 #16."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Qixi(Skill):
    id = "qixi"

    def view_as(self, g: SgsState, seat: int, need: str | None, context: str) -> list[tuple[tuple[int, ...], str]]:
        if need is not None or context != "play":
            return []
        return [((c,), "dismantle") for c in g.players[seat].cards() if g.color_of(c, seat) == "black"]
