"""克己 Self-Restraint (Lü Meng): if you neither used nor played a Slash during your play phase this turn,
you may skip your discard phase. Reference §3.3 #17; a discard-phase declaration in the 2011/2014 lists."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Keji(Skill):
    id = "keji"
    timings = frozenset({Timing.BEFORE_DISCARD, Timing.CARD_USED, Timing.CARD_PLAYED})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        if timing == Timing.BEFORE_DISCARD:
            return ctx["seat"] == seat and not g.turn.get("keji_slash")
        if g.current != seat or g.phase != "play":
            return False
        if timing == Timing.CARD_USED:
            if ctx.get("user") == seat and ctx.get("name") == "slash":
                g.turn["keji_slash"] = True          # bookkeeping only: nothing to ask
        elif ctx.get("seat") == seat and (ctx.get("played") or ("",))[0] == "slash":
            g.turn["keji_slash"] = True
        return False

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.turn["skip"].append("discard")
