"""无双 Without Equal (Lü Bu) — compulsory: your Slash needs two Dodges to be cancelled; whoever is in
a Duel with you must play two Slashes each time. Reference §3.3 #24."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Wushuang(Skill):
    id = "wushuang"
    compulsory = True

    def needed_responses(self, g: SgsState, seat: int, name: str) -> int:
        return 2 if name in ("slash", "duel") else 1
