"""狂骨 Wild Bones (Wei Yan) — compulsory: each time you deal damage to a character at distance 1 or less,
you recover 1 HP per point. The distance is taken when the damage is dealt, before the damaged character
can die (reference §3.3 #29 ⚠ reading as QSanguosha: killing the target still heals)."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Kuanggu(Skill):
    id = "kuanggu"
    compulsory = True
    timings = frozenset({Timing.HP_REDUCED})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        p = g.players[seat]
        return ctx.get("source") == seat and ctx["seat"] != seat and g.distance(seat, ctx["seat"]) <= 1 \
            and p.hp < p.max_hp

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.push("recover", "start", seat=seat, n=ctx["n"], source=seat)
