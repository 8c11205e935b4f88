"""奸雄 Villainy (Cao Cao): after you suffer damage you may take the card that caused it (a converted
card: its physical cards; skill damage without a card: nothing). Reference §3.3 #1 (FAQ: if the damage
makes you dying you only get the card if you are saved — the trigger comes after the dying procedure)."""

from __future__ import annotations

from ..families import OnDamaged
from ..skill import register
from ..state import SgsState
from ..timing import DamageCtx


def _cards(g: SgsState, ctx: DamageCtx) -> list[int]:
    return [c for c in ctx["cards"] if c in g.processing]


@register
class Jianxiong(OnDamaged):
    id = "jianxiong"

    def when(self, g: SgsState, seat: int, ctx: DamageCtx) -> bool:
        return bool(_cards(g, ctx))

    def act(self, g: SgsState, seat: int, ctx: DamageCtx, ci: int) -> None:
        for c in _cards(g, ctx):
            g.give(c, seat)
