"""烈弓 Fierce Bow (Huang Zhong): in your play phase, after you target a character with a Slash, if that
character's hand size is at least your current HP or at most your attack range, you may make the Slash
undodgeable. Attack range here is the weapon's alone (horses do not count; reference §3.3 #28 ★ note)."""

from __future__ import annotations

from ..families import OnSlash
from ..skill import register
from ..state import SgsState
from ..timing import SlashCtx


@register
class Liegong(OnSlash):
    id = "liegong"

    def when(self, g: SgsState, seat: int, ctx: SlashCtx) -> bool:
        if g.current != seat or g.phase != "play" or ctx.get("nododge"):
            return False
        n = len(g.players[ctx["target"]].hand)
        return n >= g.players[seat].hp or n <= g.attack_range(seat)

    def act(self, g: SgsState, seat: int, ctx: SlashCtx, ci: int) -> None:
        ctx["nododge"] = True
