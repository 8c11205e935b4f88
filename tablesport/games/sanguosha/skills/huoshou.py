"""祸首 Chief Culprit (Meng Huo), [S12] §2.2.1 — compulsory: Barbarian Invasion has no effect on you, and
you are the source of the damage of every Barbarian Invasion, whoever used it (so kill rewards and
damage-triggered skills see Meng Huo as the source)."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Huoshou(Skill):
    id = "huoshou"
    compulsory = True
    timings = frozenset({Timing.TRICK_EFFECT})

    def may_target(self, g: SgsState, seat: int, user: int, name: str) -> bool:
        return name != "barbarian_invasion"

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["name"] == "barbarian_invasion" and ctx["source"] != seat

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        ctx["source"] = seat
