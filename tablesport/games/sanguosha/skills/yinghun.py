"""英魂 Heroic Soul (Sun Jian), [S12] §2.2.1: at the start of your start phase, if wounded, you may choose
another character and one option: they draw X cards then discard 1 card, or they draw 1 card then
discard X cards (X = your lost HP). Discards may be equipment; with fewer cards they discard all.
The 2012 seed lists it among the start-phase declarations (§3.3.2)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..families import Offered, OnPhase
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import START_PHASE, PhaseCtx
from ._util import TOKEN, discard_own

if TYPE_CHECKING:
    from ..bots.reading import Ctx


def _lost(g: SgsState, seat: int) -> int:
    p = g.players[seat]
    return p.max_hp - max(p.hp, 0)


@register
class Yinghun(Offered[PhaseCtx], OnPhase):
    id = "yinghun"
    timings = frozenset({START_PHASE})
    continues = True

    def when(self, g: SgsState, seat: int, ctx: PhaseCtx) -> bool:
        p = g.players[seat]
        return p.hp < p.max_hp

    def options(self, g: SgsState, seat: int, ctx: PhaseCtx) -> list[Option]:
        modes = ("draw_x",) if _lost(g, seat) == 1 else ("draw_x", "draw_1")
        return [("invoke", self.id, s, m) for s in g.order_from(seat, include=False) for m in modes]

    def prompt(self, g: SgsState, seat: int, ctx: PhaseCtx) -> str:
        return f"Heroic Soul (X = {_lost(g, seat)}): draw X discard 1, or draw 1 discard X?"

    def keep(self, g: SgsState, seat: int, ctx: PhaseCtx) -> dict[str, Any]:
        return {"x": _lost(g, seat)}

    def told(self, answer: Option) -> dict[str, Any]:
        return {"target": answer[2], "option": answer[3]}

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        t, mode, x = answer[2], answer[3], f.d["x"]
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
        self.choose(g, t, tuple(("discard", TOKEN[c]) for c in cards),
                    f"Heroic Soul: discard {f.d['left']} more card(s)", info={"left": f.d["left"]})

    def step_discarded(self, g: SgsState, f: Frame) -> None:
        discard_own(g, f.d["target"], [C.card_id(f.d.pop("answer")[1])], self.id)
        f.d["left"] -= 1
        f.step = "discard"

    def ai_invoke_value(self, view: Ctx, args: tuple[Any, ...]) -> float:
        s, mode = args[0], args[1]
        x = view.wounded(view.seat)
        if view.ally(s):
            return 10.0 + x if mode == "draw_x" else -1.0
        return 10.0 + x if mode == "draw_1" and x >= 2 else -1.0
