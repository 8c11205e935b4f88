"""再起 Rise Again (Meng Huo), [S12] §2.2.1: in your draw phase, if wounded, you may instead reveal the
top X cards of the deck (X = your lost HP); you recover 1 HP for each heart among them, discard those
hearts, and take the rest into your hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..families import DrawInstead
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import DrawCtx
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Zaiqi(DrawInstead):
    id = "zaiqi"
    replace = True

    def when(self, g: SgsState, seat: int, ctx: DrawCtx) -> bool:
        p = g.players[seat]
        return super().when(g, seat, ctx) and p.hp < p.max_hp

    def prompt(self, g: SgsState, seat: int, ctx: DrawCtx) -> str:
        p = g.players[seat]
        return f"Rise Again: reveal {p.max_hp - max(p.hp, 0)} cards instead of drawing?"

    def instead(self, g: SgsState, f: Frame, answer: Option) -> None:
        seat = f.d["seat"]
        p = g.players[seat]
        shown = g.take_top(p.max_hp - max(p.hp, 0))
        g.processing.extend(shown)
        g.emit("reveal", {"seat": seat, "cards": [TOKEN[c] for c in shown], "why": self.id})
        hearts = [c for c in shown if g.suit_of(c, seat) == "heart"]
        for c in shown:
            if c not in hearts:
                g.give(c, seat)
        if hearts:
            g.push("discard_processing", "start", {"cards": tuple(hearts), "seat": seat})
            g.push("recover", "start", {"seat": seat, "n": len(hearts), "source": seat})

    def ai_accept(self, view: Ctx) -> bool:
        return view.wounded(view.seat) >= 2
