"""奇才 Genius (Huang Yueying) — compulsory in effect: tricks you use have no distance limit (Snatch,
Supply Shortage). Reference §3.3 #14."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Qicai(Skill):
    id = "qicai"
    compulsory = True

    def trick_distance(self, g: SgsState, seat: int, name: str, base: int) -> int:
        return 99
