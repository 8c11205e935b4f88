"""天妒 Heaven's Envy (Guo Jia): after a judgement card of yours takes effect, you may take it into your
hand. Reference §3.3 #6."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Tiandu(Skill):
    id = "tiandu"
    timings = frozenset({Timing.JUDGE_DONE})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["seat"] == seat and ctx["card"] >= 0 and ctx["card"] in g.processing

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.give(ctx["card"], seat)
