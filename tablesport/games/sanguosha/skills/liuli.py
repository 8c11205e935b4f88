"""流离 Displacement (Da Qiao): when you become the target of a Slash you may discard one card (hand or
equipment) to move that Slash to another character within your attack range who is not its user.
Reference §3.3 #20: a discarded weapon or −1 horse no longer counts for that range (⚠ reading: as
QSanguosha); the new target must be one the user could target (Empty City)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..families import Offered
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import SLASH_TARGETED, SlashCtx
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Liuli(Offered[SlashCtx]):
    id = "liuli"
    owner = "target"
    timings = frozenset({SLASH_TARGETED})

    def options(self, g: SgsState, seat: int, ctx: SlashCtx) -> list[Option]:
        user = ctx["user"]
        others = [s for s in g.order_from(seat, include=False)
                  if s != user and g.may_target(user, s, "slash")]
        return [("invoke", self.id, TOKEN[c], s) for c in g.players[seat].cards() for s in others
                if g.in_range(seat, s, (c,))]

    def prompt(self, g: SgsState, seat: int, ctx: SlashCtx) -> str:
        return "Displacement: discard a card to move the Slash?"

    def told(self, answer: Option) -> dict[str, Any]:
        return {"target": answer[3]}

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        seat, c, new = f.d["seat"], C.card_id(answer[2]), answer[3]
        g.discard([c], seat, self.id)
        hit = g.stack[f.d["ci"]].d
        hit["target"] = new
        hit["nododge"] = False         # what was decided for the old target does not carry over
        g.emit("redirect", {"card": "slash", "old": seat, "target": new, "skill": self.id})
        top = g.stack[-1]
        if top.kind == "trigger" and top.d["t"] == SLASH_TARGETED:
            top.d["q"] = []            # the rest of the old target's window is replaced by the new one
        g.fire(SLASH_TARGETED, ci=f.d["ci"])

    def ai_invoke_value(self, view: Ctx, args: tuple[Any, ...]) -> float:
        return view.redirect_value(args)
