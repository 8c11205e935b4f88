"""狂骨 Wild Bones (Wei Yan) — compulsory: each time you deal damage to a character at distance 1 or less,
you recover 1 HP per point. The distance is taken when the damage is dealt, before the damaged character
can die (reference §3.3 #29 ⚠ reading as QSanguosha: killing the target still heals)."""

from __future__ import annotations

from ..families import TriggerSkill
from ..skill import register
from ..state import SgsState
from ..timing import HP_REDUCED, HpCtx


@register
class Kuanggu(TriggerSkill[HpCtx]):
    id = "kuanggu"
    compulsory = True
    owner = "source"
    timings = frozenset({HP_REDUCED})

    def when(self, g: SgsState, seat: int, ctx: HpCtx) -> bool:
        p = g.players[seat]
        return ctx["seat"] != seat and g.distance(seat, ctx["seat"]) <= 1 and p.hp < p.max_hp

    def act(self, g: SgsState, seat: int, ctx: HpCtx, ci: int) -> None:
        g.push("recover", "start", {"seat": seat, "n": ctx["n"], "source": seat})
