"""反馈 Feedback (Sima Yi): after you are damaged by a source you may take one card of the source (a
random hand card or a chosen equipment card) — one card per damage, whatever its amount (original text).
Reference §3.3 #2."""

from __future__ import annotations

from ..card_rules import has_any_card
from ..families import OnDamaged
from ..skill import register
from ..state import SgsState
from ..timing import DamageCtx


@register
class Fankui(OnDamaged):
    id = "fankui"

    def when(self, g: SgsState, seat: int, ctx: DamageCtx) -> bool:
        src = self.living_source(g, seat, ctx)
        return src is not None and has_any_card(g, src, judge=False)

    def act(self, g: SgsState, seat: int, ctx: DamageCtx, ci: int) -> None:
        g.push("choose_card", "ask", {"chooser": seat, "owner": ctx["source"], "areas": "he", "act": "take",
                                      "why": self.id})
