"""猛进 Fierce Advance (Pang De), [S12] §2.2.1: when a Slash you used is cancelled by its target's Dodge,
you may discard one of that target's cards (hand or equipment)."""

from __future__ import annotations

from ..card_rules import has_any_card
from ..families import OnSlash
from ..skill import register
from ..state import SgsState
from ..timing import SLASH_DODGED, SlashCtx


@register
class Mengjin(OnSlash):
    id = "mengjin"
    timings = frozenset({SLASH_DODGED})

    def when(self, g: SgsState, seat: int, ctx: SlashCtx) -> bool:
        t = ctx["target"]
        return g.players[t].alive and has_any_card(g, t, judge=False)

    def act(self, g: SgsState, seat: int, ctx: SlashCtx, ci: int) -> None:
        g.push("choose_card", "ask", {"chooser": seat, "owner": ctx["target"], "areas": "he",
                                      "act": "discard", "why": self.id})
