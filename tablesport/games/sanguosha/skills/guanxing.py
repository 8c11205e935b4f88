"""观星 Stargazing (Zhuge Liang): in your start phase you may look at the top X cards of the deck (X = the
number of living characters, at most 5) and put any of them back on top and the rest at the bottom, in
any order. Reference §3.3 #11. One decision per card: ``("top", card)`` cards go on top in the order
chosen (the first chosen is the new top card); ``("bottom", card)`` cards go to the bottom in the order
chosen (the first chosen is the new bottom card). Only Zhuge Liang sees the cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..families import OnPhase
from ..skill import register
from ..state import Frame, SgsState
from ..timing import START_PHASE, PhaseCtx
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Guanxing(OnPhase):
    id = "guanxing"
    timings = frozenset({START_PHASE})

    def when(self, g: SgsState, seat: int, ctx: PhaseCtx) -> bool:
        return bool(g.draw_pile or g.discard_pile)

    def act(self, g: SgsState, seat: int, ctx: PhaseCtx, ci: int) -> None:
        x = min(5, len(g.living()))
        if len(g.draw_pile) < x:
            g.reshuffle()
        cards = g.draw_pile[-x:][::-1]                 # top first
        g.reveal_to(cards, (seat,))                    # seen by Zhuge Liang only
        g.emit("look", {"seat": seat, "count": len(cards), "skill": self.id})
        f = g.push_skill(self.id, "ask", seat, {"cards": list(cards), "top": [], "bottom": []})
        self.step_ask(g, f)

    def step_ask(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        rest = [c for c in f.d["cards"] if c not in f.d["top"] and c not in f.d["bottom"]]
        if not rest:
            g.pop()
            placed = set(f.d["cards"])
            pile = [c for c in g.draw_pile if c not in placed]
            g.draw_pile = f.d["bottom"] + pile + f.d["top"][::-1]
            g.emit("stargazing", {"seat": seat, "top": len(f.d["top"]), "bottom": len(f.d["bottom"])})
            return
        f.step = "got"
        self.choose(g, seat, tuple((where, TOKEN[c]) for c in rest for where in ("top", "bottom")),
                    "Stargazing: place the next card")

    def step_got(self, g: SgsState, f: Frame) -> None:
        where, tok = f.d.pop("answer")
        f.d[where].append(C.card_id(tok))
        f.step = "ask"

    def ai_choose(self, view: Ctx, opts: list[Any]) -> Any:
        best, best_v = None, 0.0
        for o in opts:     # the first of the best: useful cards on top, others at the bottom
            v = view.value_of(o[1]) if o[0] == "top" else 6.0 - view.value_of(o[1])
            if best is None or v > best_v:
                best, best_v = o, v
        return best
