"""奸雄 Villainy (Cao Cao): after you suffer damage you may take the card that caused it (a converted
card: its physical cards; skill damage without a card: nothing). Reference §3.3 #1 (FAQ: if the damage
makes you dying you only get the card if you are saved — the trigger comes after the dying procedure)."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


def _cards(g: SgsState, ctx: dict[str, Any]) -> list[int]:
    return [c for c in ctx.get("cards", ()) if c in g.processing]


@register
class Jianxiong(Skill):
    id = "jianxiong"
    timings = frozenset({Timing.DAMAGE_DONE})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["target"] == seat and bool(_cards(g, ctx))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        for c in _cards(g, ctx):
            g.give(c, seat)
