"""连营 Continuous Camps (Lu Xun): whenever you lose your last hand card, you may draw 1 card.
Reference §3.3 #21."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Lianying(Skill):
    id = "lianying"
    timings = frozenset({Timing.LOSE_HAND})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["seat"] == seat and not g.players[seat].hand

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.draw(seat, 1)
