"""武圣 Warrior Saint (Guan Yu): any red card (hand or equipment) may be used or played as a Slash; a
red weapon used this way gives no range to that Slash. Reference §3.3 #9, §2.1 (range recomputed)."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Wusheng(Skill):
    id = "wusheng"

    def view_as(self, g: SgsState, seat: int, need: str | None, context: str) -> list[tuple[tuple[int, ...], str]]:
        if need not in (None, "slash") or context == "dying":
            return []
        return [((c,), "slash") for c in g.players[seat].cards() if g.color_of(c, seat) == "red"]
