"""明哲 Clear Wisdom (Zhuge Jin), [S12] §2.2.1: outside your turn, each time you use, play or discard a red
card, you may draw 1 card (one per red card)."""

from __future__ import annotations

from typing import Any

from ..families import OnOwnCard
from ..skill import register
from ..state import SgsState
from ..timing import CARD_OWNER, Timing


@register
class Mingzhe(OnOwnCard):
    id = "mingzhe"
    timings = frozenset(CARD_OWNER)          # used, played, played for a skill, discarded

    def _red(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> int:
        return sum(1 for c in self.card_of(timing, ctx)[1] if g.color_of(c, seat) == "red")

    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> bool:
        return (super().can_trigger(g, seat, timing, ctx) and g.current != seat
                and self._red(g, seat, timing, ctx) > 0)

    def on_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any], ci: int) -> None:
        g.draw(seat, self._red(g, seat, timing, ctx))
