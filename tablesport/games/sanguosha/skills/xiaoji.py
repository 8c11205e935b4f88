"""枭姬 Warrior Lady (Sun Shangxiang): each time a card leaves your equipment area (replaced included),
you may draw 2 cards. Reference §3.3 #22."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Xiaoji(Skill):
    id = "xiaoji"
    timings = frozenset({Timing.LOSE_EQUIP})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["seat"] == seat

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.draw(seat, 2)
