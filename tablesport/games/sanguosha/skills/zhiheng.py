"""制衡 Balance of Power (Sun Quan): once per play phase, discard any number (at least 1) of cards from
hand and/or equipment, then draw as many. The action names the first card; further cards are chosen one
by one, then ``done``. Reference §3.3 #15."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..skill import Skill, register
from ..state import Frame, SgsState
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Zhiheng(Skill):
    id = "zhiheng"
    limit_phase = 1

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        return [TOKEN[c] for c in g.players[seat].cards()]

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        f = g.push_skill(self.id, "more", seat, {"chosen": [C.card_id(payload)]})
        self.step_more(g, f)

    def step_more(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        rest = [c for c in g.players[seat].cards() if c not in f.d["chosen"]]
        if not rest:
            self._finish(g, f)
            return
        f.step = "got"
        self.choose(g, seat, tuple(("discard", TOKEN[c]) for c in rest) + (("done",),),
                    "Balance of Power: another card to discard, or done", timeout=("done",),
                    info={"chosen": len(f.d["chosen"])})

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        if a[0] == "done":
            self._finish(g, f)
            return
        f.d["chosen"].append(C.card_id(a[1]))
        f.step = "more"

    def _finish(self, g: SgsState, f: Frame) -> None:
        g.pop()
        seat, chosen = f.d["seat"], f.d["chosen"]
        g.discard(chosen, seat, self.id)
        g.draw(seat, len(chosen))

    def ai_play_value(self, view: Ctx, payload: Any) -> float:
        return 25.0 if view.keep(payload) <= 3.0 else -1.0

    def ai_choose(self, view: Ctx, opts: list[Any]) -> Any:
        junk = [o for o in opts if o[0] == "discard" and view.keep(o[1]) <= 3.0]
        if junk:
            return view.least_kept(junk)
        return ("done",) if ("done",) in opts else opts[0]
