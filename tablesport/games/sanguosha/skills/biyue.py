"""闭月 Eclipse the Moon (Diao Chan): optional, end phase — draw 1 card."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Biyue(Skill):
    id = "biyue"
    timings = frozenset({Timing.FINISH_PHASE})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return g.current == seat

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.draw(seat, 1)
