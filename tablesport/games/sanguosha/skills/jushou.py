"""据守 Hold Fast (Cao Ren), original text: in your end phase you may draw 3 cards, then turn your general
face down (your next turn is skipped: the general is turned face up instead). Reference §3.3 #27; in 3v3
the skipped turn counts as that character's action (D11)."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Jushou(Skill):
    id = "jushou"
    timings = frozenset({Timing.FINISH_PHASE})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["seat"] == seat

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.draw(seat, 3)
        g.players[seat].face_up = False
        g.emit("flip", seat=seat, face_up=False, why=self.id)
