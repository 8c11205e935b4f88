"""遗计 Bequeathed Strategy (Guo Jia): for each point of damage you take, you may take the top two cards
of the deck, look at them and give each to any character (yourself included; both to one character
allowed). Reference §3.3 #6. The two cards come into Guo Jia's hand face-down first (only he sees them),
then he hands each one on."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..families import Offered, OnDamaged
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import DamageCtx
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Yiji(Offered[DamageCtx], OnDamaged):
    id = "yiji"
    continues = True

    def when(self, g: SgsState, seat: int, ctx: DamageCtx) -> bool:
        return ctx["n"] > 0

    def prompt(self, g: SgsState, seat: int, ctx: DamageCtx) -> str:
        return "Bequeathed Strategy: take two cards to hand out?"

    def keep(self, g: SgsState, seat: int, ctx: DamageCtx) -> dict[str, Any]:
        return {"left": ctx["n"]}         # one use per point of damage

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        f.d["left"] -= 1
        f.d["cards"] = g.draw(f.d["seat"], 2)
        f.step = "give"
        self.step_give(g, f)

    def step_give(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        cards = [c for c in f.d["cards"] if c in g.players[seat].hand]
        if not cards:
            if f.d["left"] > 0 and g.players[seat].alive:
                self.offer_again(g, f, [("invoke", self.id)],
                                 "Bequeathed Strategy: again for the next point of damage?")
                return
            g.pop()
            return
        c = cards[0]
        f.step = "gave"
        self.choose(g, seat, tuple(("give", TOKEN[c], s) for s in g.order_from(seat)),
                    f"Bequeathed Strategy: who gets {TOKEN[c]}?")

    def step_gave(self, g: SgsState, f: Frame) -> None:
        _, tok, s = f.d.pop("answer")
        c = C.card_id(tok)
        f.d["cards"] = [x for x in f.d["cards"] if x != c]
        if s != f.d["seat"]:
            g.give(c, s, public=False)
        f.step = "give"

    def ai_choose(self, view: Ctx, opts: list[Any]) -> Any:
        best, best_v = None, (False, 0)
        for o in opts:     # the first of the best: a teammate, the fewest cards
            v = (view.ally(o[2]), -view.players[o[2]]["hand_count"])
            if best is None or v > best_v:
                best, best_v = o, v
        return best
