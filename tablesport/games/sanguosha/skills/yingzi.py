"""英姿 Heroic Look (Zhou Yu): optional, draw phase — draw one extra card (a trigger that changes
the draw phase's ``n``; the engine asks "invoke?" with the 5 s declaration limit)."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Yingzi(Skill):
    id = "yingzi"
    timings = frozenset({Timing.DRAW_PHASE})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["seat"] == seat

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        ctx["n"] += 1
