"""遗计 Bequeathed Strategy (Guo Jia): for each point of damage you take, you may take the top two cards
of the deck, look at them and give each to any character (yourself included; both to one character
allowed). Reference §3.3 #6. The two cards come into Guo Jia's hand face-down first (only he sees them),
then he hands each one on."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import TOKEN, decline_time, offer


@register
class Yiji(Skill):
    id = "yiji"
    timings = frozenset({Timing.DAMAGE_DONE})
    ask = False

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["target"] == seat and ctx["n"] > 0

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        offer(g, self.id, seat, [("invoke", self.id)], "Bequeathed Strategy: take two cards to hand out?",
              left=ctx["n"])

    def step_got(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        if f.d.pop("answer")[0] != "invoke" or not g.players[seat].alive:
            g.pop()
            return
        g.emit("skill", seat=seat, skill=self.id)
        f.d["left"] -= 1
        f.d["cards"] = g.draw(seat, 2)
        f.step = "give"
        self.step_give(g, f)

    def step_give(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        cards = [c for c in f.d["cards"] if c in g.players[seat].hand]
        if not cards:
            if f.d["left"] > 0 and g.players[seat].alive:
                f.step = "got"
                g.request(seat, "invoke", (("invoke", self.id), ("decline",)),
                          prompt="Bequeathed Strategy: again for the next point of damage?",
                          time_limit=decline_time(g), timeout=("decline",), data={"skill": self.id})
                return
            g.pop()
            return
        c = cards[0]
        f.step = "gave"
        opts = tuple(("give", TOKEN[c], s) for s in g.order_from(seat))
        g.request(seat, "choose", opts, prompt=f"Bequeathed Strategy: who gets {TOKEN[c]}?", time_limit=decline_time(g),
                  timeout=opts[0], data={"skill": self.id})

    def step_gave(self, g: SgsState, f: Frame) -> None:
        _, tok, s = f.d.pop("answer")
        c = C.card_id(tok)
        f.d["cards"] = [x for x in f.d["cards"] if x != c]
        if s != f.d["seat"]:
            g.give(c, s, public=False)
        f.step = "give"
