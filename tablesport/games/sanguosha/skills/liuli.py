"""流离 Displacement (Da Qiao): when you become the target of a Slash you may discard one card (hand or
equipment) to move that Slash to another character within your attack range who is not its user.
Reference §3.3 #20: a discarded weapon or −1 horse no longer counts for that range (⚠ reading: as
QSanguosha); the new target must be one the user could target (Empty City)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import TOKEN, offer


@register
class Liuli(Skill):
    id = "liuli"
    timings = frozenset({Timing.SLASH_TARGETED})
    ask = False

    def _options(self, g: SgsState, seat: int, user: int) -> list[tuple[Any, ...]]:
        others = [s for s in g.order_from(seat, include=False) if s != user and g.may_target(user, s, "slash")]
        return [("invoke", self.id, TOKEN[c], s) for c in g.players[seat].cards() for s in others
                if g.in_range(seat, s, (c,))]

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["target"] == seat and bool(self._options(g, seat, ctx["user"]))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        offer(g, self.id, seat, self._options(g, seat, ctx["user"]), "Displacement: discard a card to move the Slash?",
              ci=ci)

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        g.pop()
        if a[0] != "invoke":
            return
        seat, c, new = f.d["seat"], C.card_id(a[2]), a[3]
        g.emit("skill", seat=seat, skill=self.id, target=new)
        g.discard([c], seat, self.id)
        hit = g.stack[f.d["ci"]].d
        hit["target"] = new
        hit["nododge"] = False         # what was decided for the old target does not carry over
        g.emit("redirect", card="slash", old=seat, target=new, skill=self.id)
        top = g.stack[-1]
        if top.kind == "trigger" and top.d["t"] == "slash_targeted":
            top.d["q"] = []            # the rest of the old target's window is replaced by the new one
        g.fire(Timing.SLASH_TARGETED, ci=f.d["ci"])
