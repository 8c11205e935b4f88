"""马术 Horsemanship (Ma Chao, Pang De) — compulsory: your distance to other characters is reduced by 1
(stacks with a −1 horse). Reference §3.3 #13, [S12] §2.2.1 (Pang De)."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Mashu(Skill):
    id = "mashu"
    compulsory = True

    def distance_from(self, g: SgsState, seat: int) -> int:
        return -1
