"""天香 Heavenly Scent (Xiao Qiao): when you are about to take damage you may discard a heart hand card
(Rosy Face: spades count) to move that damage to another character, who then draws as many cards as
their lost HP. The damage keeps its source (reference §3.3 #30, ⚠ reading as QSanguosha)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..families import Offered
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import DAMAGE_TAKE, DamageCtx
from ._util import TOKEN

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Tianxiang(Offered[DamageCtx]):
    id = "tianxiang"
    owner = "target"
    timings = frozenset({DAMAGE_TAKE})
    continues = True

    def when(self, g: SgsState, seat: int, ctx: DamageCtx) -> bool:
        return not ctx.get("cancel") and ctx["n"] > 0

    def options(self, g: SgsState, seat: int, ctx: DamageCtx) -> list[Option]:
        hearts = [c for c in g.players[seat].hand if g.suit_of(c, seat) == "heart"]
        return [("invoke", self.id, TOKEN[c], s) for c in hearts for s in g.order_from(seat, include=False)]

    def prompt(self, g: SgsState, seat: int, ctx: DamageCtx) -> str:
        return f"Heavenly Scent: move {ctx['n']} damage?"

    def told(self, answer: Option) -> dict[str, Any]:
        return {"target": answer[3]}

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        seat, c, t = f.d["seat"], C.card_id(answer[2]), answer[3]
        dmg = g.stack[f.d["ci"]].d
        g.discard([c], seat, self.id)
        dmg["cancel"] = True
        f.step = "draw"
        f.d["target"] = t
        g.push("damage", "start", {"source": dmg["source"], "target": t, "n": dmg["n"],
                                   "nature": dmg["nature"], "via": dmg["via"], "cards": dmg.get("cards", ()),
                                   "ci": dmg.get("ci", -1), "moved": True})

    def step_draw(self, g: SgsState, f: Frame) -> None:
        g.pop()
        p = g.players[f.d["target"]]
        if p.alive and p.max_hp > p.hp:
            g.draw(p.seat, p.max_hp - max(p.hp, 0))

    def ai_invoke_value(self, view: Ctx, args: tuple[Any, ...]) -> float:
        return view.redirect_value(args)
