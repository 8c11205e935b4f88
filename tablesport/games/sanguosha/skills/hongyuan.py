"""弘援 Expand Aid (Zhuge Jin), [S12] §2.2.1: when you draw in your draw phase you may draw one card
fewer; if you do, every other character on your side (己方: the 3v3 team) draws 1 card, after your draw."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..families import DrawInstead
from ..skill import register
from ..state import SgsState
from ..timing import AFTER_DRAW, DrawCtx
from ._util import allies

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Hongyuan(DrawInstead):
    id = "hongyuan"
    extra = -1
    later = AFTER_DRAW

    def when(self, g: SgsState, seat: int, ctx: DrawCtx) -> bool:
        return super().when(g, seat, ctx) and bool(allies(g, seat))

    def prompt(self, g: SgsState, seat: int, ctx: DrawCtx) -> str:
        return "Expand Aid: draw one fewer so your teammates draw 1 each?"

    def later_when(self, g: SgsState, seat: int, ctx: dict[str, Any]) -> bool:
        return bool(ctx["seat"] == seat)         # after the owner's own draw: the teammates draw

    def later_act(self, g: SgsState, seat: int, ctx: dict[str, Any]) -> None:
        del g.turn[self.id]
        for s in allies(g, seat):
            g.draw(s, 1)

    def ai_accept(self, view: Ctx) -> bool:
        return any(view.ally(s) and s != view.seat and p["alive"] for s, p in enumerate(view.players))
