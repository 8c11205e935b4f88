"""倾国 Beauty (Zhen Ji): any black hand card may be used or played as a Dodge. Reference §3.3 #7."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Qingguo(Skill):
    id = "qingguo"

    def view_as(self, g: SgsState, seat: int, need: str | None, context: str) -> list[tuple[tuple[int, ...], str]]:
        if need != "dodge":
            return []
        return [((c,), "dodge") for c in g.players[seat].hand if g.color_of(c, seat) == "black"]
