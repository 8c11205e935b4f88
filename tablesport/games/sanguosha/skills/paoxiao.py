"""咆哮 Roar (Zhang Fei): during your play phase you may use any number of Slashes (a modifier)."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Paoxiao(Skill):
    id = "paoxiao"

    def extra_slashes(self, g: SgsState, seat: int) -> int:
        return 1000
