"""空城 Empty City (Zhuge Liang) — compulsory: while you have no hand cards you cannot be chosen as the
target of a Slash or a Duel. Reference §3.3 #11."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Kongcheng(Skill):
    id = "kongcheng"
    compulsory = True

    def may_target(self, g: SgsState, seat: int, user: int, name: str) -> bool:
        return name not in ("slash", "duel") or bool(g.players[seat].hand)
