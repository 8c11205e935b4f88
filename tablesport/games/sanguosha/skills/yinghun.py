"""英魂 Heroic Soul (Sun Jian), [S12] §2.2.1: at the start of your start phase, if wounded, you may choose
another character and one option: they draw X cards then discard 1 card, or they draw 1 card then
discard X cards (X = your lost HP). Discards may be equipment; with fewer cards they discard all.
The 2012 seed lists it among the start-phase declarations (§3.3.2)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import TOKEN, decline_time, discard_own, offer


@register
class Yinghun(Skill):
    id = "yinghun"
    timings = frozenset({Timing.START_PHASE})
    ask = False

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        p = g.players[seat]
        return ctx["seat"] == seat and p.hp < p.max_hp and bool(g.order_from(seat, include=False))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        p = g.players[seat]
        x = p.max_hp - max(p.hp, 0)
        modes = ("draw_x",) if x == 1 else ("draw_x", "draw_1")
        opts = [("invoke", self.id, s, m) for s in g.order_from(seat, include=False) for m in modes]
        offer(g, self.id, seat, opts, f"Heroic Soul (X = {x}): draw X discard 1, or draw 1 discard X?", x=x)

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        if a[0] != "invoke":
            g.pop()
            return
        t, mode, x = a[2], a[3], f.d["x"]
        g.emit("skill", seat=f.d["seat"], skill=self.id, target=t, option=mode)
        g.draw(t, x if mode == "draw_x" else 1)
        f.d["target"], f.d["left"] = t, 1 if mode == "draw_x" else x
        f.step = "discard"
        self.step_discard(g, f)

    def step_discard(self, g: SgsState, f: Frame) -> None:
        t = f.d["target"]
        cards = g.players[t].cards()
        if f.d["left"] <= 0 or not cards or not g.players[t].alive:
            g.pop()
            return
        f.step = "discarded"
        opts = tuple(("discard", TOKEN[c]) for c in cards)
        g.request(t, "choose", opts, prompt=f"Heroic Soul: discard {f.d['left']} more card(s)",
                  time_limit=decline_time(g), timeout=opts[0], data={"skill": self.id, "left": f.d["left"]})

    def step_discarded(self, g: SgsState, f: Frame) -> None:
        discard_own(g, f.d["target"], [C.card_id(f.d.pop("answer")[1])], self.id)
        f.d["left"] -= 1
        f.step = "discard"
