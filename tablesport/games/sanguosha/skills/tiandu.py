"""天妒 Heaven's Envy (Guo Jia): after a judgement card of yours takes effect, you may take it into your
hand. Reference §3.3 #6."""

from __future__ import annotations

from ..families import TriggerSkill
from ..skill import register
from ..state import SgsState
from ..timing import JUDGE_DONE, JudgeCtx


@register
class Tiandu(TriggerSkill[JudgeCtx]):
    id = "tiandu"
    timings = frozenset({JUDGE_DONE})

    def when(self, g: SgsState, seat: int, ctx: JudgeCtx) -> bool:
        return ctx["card"] >= 0 and ctx["card"] in g.processing

    def act(self, g: SgsState, seat: int, ctx: JudgeCtx, ci: int) -> None:
        g.give(ctx["card"], seat)
