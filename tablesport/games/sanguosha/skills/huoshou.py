"""祸首 Chief Culprit (Meng Huo), [S12] §2.2.1 — compulsory: Barbarian Invasion has no effect on you, and
you are the source of the damage of every Barbarian Invasion, whoever used it (so kill rewards and
damage-triggered skills see Meng Huo as the source)."""

from __future__ import annotations

from ..families import TriggerSkill
from ..skill import register
from ..state import SgsState
from ..timing import TRICK_EFFECT, TrickCtx


@register
class Huoshou(TriggerSkill[TrickCtx]):
    id = "huoshou"
    compulsory = True
    owner = None                   # whoever the Invasion's target is
    timings = frozenset({TRICK_EFFECT})

    def may_target(self, g: SgsState, seat: int, user: int, name: str) -> bool:
        return name != "barbarian_invasion"

    def when(self, g: SgsState, seat: int, ctx: TrickCtx) -> bool:
        return ctx["name"] == "barbarian_invasion" and ctx["source"] != seat

    def act(self, g: SgsState, seat: int, ctx: TrickCtx, ci: int) -> None:
        ctx["source"] = seat
