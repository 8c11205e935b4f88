"""集智 Gathered Wisdom (Huang Yueying): whenever you use a non-delayed trick (Nullification included),
you may draw 1 card at once, before it resolves. Reference §3.3 #14."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState
from ..timing import Timing

INSTANT = frozenset(c.name for c in C.CARDS if c.type == "trick" and c.subtype != "delayed")


@register
class Jizhi(Skill):
    id = "jizhi"
    timings = frozenset({Timing.CARD_USED})

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx.get("user") == seat and ctx.get("name") in INSTANT

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        g.draw(seat, 1)
