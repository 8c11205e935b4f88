"""克己 Self-Restraint (Lü Meng): if you neither used nor played a Slash during your play phase this turn,
you may skip your discard phase. Reference §3.3 #17; a discard-phase declaration in the 2011/2014 lists."""

from __future__ import annotations

from typing import Any

from ..families import OnOwnCard
from ..skill import register
from ..state import SgsState
from ..timing import BEFORE_DISCARD, CARD_PLAYED, CARD_USED, Timing


@register
class Keji(OnOwnCard):
    id = "keji"
    timings = frozenset({BEFORE_DISCARD, CARD_USED, CARD_PLAYED})

    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> bool:
        if not super().can_trigger(g, seat, timing, ctx):
            return False
        if timing == BEFORE_DISCARD:
            return not g.turn.get("keji_slash")
        if g.current == seat and g.phase == "play" and self.card_of(timing, ctx)[0] == "slash":
            g.turn["keji_slash"] = True          # bookkeeping only: nothing to ask
        return False

    def act(self, g: SgsState, seat: int, ctx: dict[str, Any], ci: int) -> None:
        g.turn["skip"].append("discard")
