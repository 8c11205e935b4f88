"""裸衣 Bare-Chested (Xu Chu): in your draw phase you may draw one card fewer; then for the rest of the
turn each Slash or Duel you use deals 1 more damage when it damages someone with you as its source
(not when you are the one damaged in your Duel). Reference §3.3 #5."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..families import DrawInstead
from ..skill import register
from ..state import SgsState
from ..timing import DAMAGE_INFLICT, DamageCtx, DrawCtx

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Luoyi(DrawInstead):
    id = "luoyi"
    extra = -1
    later = DAMAGE_INFLICT

    def prompt(self, g: SgsState, seat: int, ctx: DrawCtx) -> str:
        return "Bare-Chested: draw one card fewer for +1 damage?"

    def later_when(self, g: SgsState, seat: int, ctx: dict[str, Any]) -> bool:
        """The rest of the turn: a Slash or Duel the owner used damages another character."""
        dmg = cast(DamageCtx, ctx)
        if dmg["source"] != seat or dmg["via"] not in ("slash", "duel"):
            return False
        ci = dmg.get("ci", -1)
        user = g.stack[ci].d.get("user") if 0 <= ci < len(g.stack) else None
        return user == seat and dmg["target"] != seat and not dmg.get("cancel")

    def later_act(self, g: SgsState, seat: int, ctx: dict[str, Any]) -> None:
        ctx["n"] += 1
        g.emit("effect", {"seat": seat, "skill": self.id, "result": "+1 damage"})

    def ai_accept(self, view: Ctx) -> bool:
        return view.count("slash") + view.count("duel") >= 1
