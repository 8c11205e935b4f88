"""明哲 Clear Wisdom (Zhuge Jin), [S12] §2.2.1: outside your turn, each time you use, play or discard a red
card, you may draw 1 card (one per red card)."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing

TIMINGS = (Timing.CARD_USED, Timing.CARD_PLAYED, Timing.SKILL_PLAYED, Timing.CARDS_DISCARDED)


def _red_cards(g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> int:
    if timing == Timing.CARD_USED:
        who, cards = ctx.get("user"), ctx.get("subs", ())
    elif timing == Timing.CARD_PLAYED:
        who, cards = ctx.get("seat"), (ctx.get("played") or ("", ()))[1]
    else:
        who, cards = ctx.get("seat"), ctx.get("cards", ())
    if who != seat:
        return 0
    return sum(1 for c in cards if g.color_of(c, seat) == "red")


@register
class Mingzhe(Skill):
    id = "mingzhe"
    timings = frozenset(TIMINGS)

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return g.current != seat and _red_cards(g, seat, timing, ctx) > 0

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.draw(seat, _red_cards(g, seat, timing, ctx))
