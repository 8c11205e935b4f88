"""突袭 Surprise Raid (Zhang Liao): in your draw phase, instead of drawing, you may take one hand card
from each of one or two other characters who have hand cards. Reference §3.3 #4; a draw-phase
declaration in every seed's window list."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from ..families import DrawInstead
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import DrawCtx

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Tuxi(DrawInstead):
    id = "tuxi"
    replace = True

    def options(self, g: SgsState, seat: int, ctx: DrawCtx) -> list[Option]:
        ts = [s for s in g.order_from(seat, include=False) if g.players[s].hand]
        return [("invoke", self.id, (t,)) for t in ts] + [("invoke", self.id, p) for p in combinations(ts, 2)]

    def prompt(self, g: SgsState, seat: int, ctx: DrawCtx) -> str:
        return "Surprise Raid: take a hand card from one or two characters instead of drawing?"

    def told(self, answer: Option) -> dict[str, Any]:
        return {"targets": list(answer[2])}

    def instead(self, g: SgsState, f: Frame, answer: Option) -> None:
        seat = f.d["seat"]
        for t in answer[2]:
            hand = g.players[t].hand
            if hand:
                g.give(hand[g.rng.randrange(len(hand))], seat, public=False)

    def ai_invoke_value(self, view: Ctx, args: tuple[Any, ...]) -> float:
        group = args[0] if args and isinstance(args[0], tuple) else ()
        if not group or any(not view.enemy(s) or view.players[s]["hand_count"] == 0 for s in group):
            return -1.0
        return 10.0 * len(group)
