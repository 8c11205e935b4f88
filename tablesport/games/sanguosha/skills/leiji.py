"""雷击 Lightning Strike (Zhang Jiao), original Wind text: whenever you use or play a Dodge (an Eight
Diagrams Dodge included), you may have any other character judge; on a spade you deal them 2 thunder
damage. Reference §3.3 #32."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..families import Offered
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import CARD_PLAYED, PlayedCtx

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Leiji(Offered[PlayedCtx]):
    id = "leiji"
    timings = frozenset({CARD_PLAYED})
    continues = True

    def when(self, g: SgsState, seat: int, ctx: PlayedCtx) -> bool:
        return ctx["played"][0] == "dodge"

    def options(self, g: SgsState, seat: int, ctx: PlayedCtx) -> list[Option]:
        return [("invoke", self.id, s) for s in g.order_from(seat, include=False)]

    def prompt(self, g: SgsState, seat: int, ctx: PlayedCtx) -> str:
        return "Lightning Strike: make a character judge?"

    def told(self, answer: Option) -> dict[str, Any]:
        return {"target": answer[2]}

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        f.d["target"] = answer[2]
        f.step = "judged"
        g.push("judge", "start", {"seat": answer[2], "reason": self.id, "ret": g.top_index()})

    def step_judged(self, g: SgsState, f: Frame) -> None:
        g.pop()
        t = f.d["target"]
        if f.d.get("judge_suit") == "spade" and g.players[t].alive:
            g.push("damage", "start", {"source": f.d["seat"], "target": t, "n": 2, "nature": "thunder",
                                       "via": self.id, "cards": (), "ci": -1})

    def ai_invoke_value(self, view: Ctx, args: tuple[Any, ...]) -> float:
        seats = view.seats_in(args)
        return 10.0 + view.priority(seats[0]) if seats and view.enemy(seats[0]) else -1.0
