"""反馈 Feedback (Sima Yi): after you are damaged by a source you may take one card of the source (a
random hand card or a chosen equipment card) — one card per damage, whatever its amount (original text).
Reference §3.3 #2."""

from __future__ import annotations

from typing import Any

from ..card_use import has_any_card
from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing


@register
class Fankui(Skill):
    id = "fankui"
    timings = frozenset({Timing.DAMAGE_DONE})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        src = ctx["source"]
        return ctx["target"] == seat and src >= 0 and src != seat and g.players[src].alive \
            and has_any_card(g, src, judge=False)

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.push("choose_card", "ask", chooser=seat, owner=ctx["source"], areas="he", act="take", why=self.id)
