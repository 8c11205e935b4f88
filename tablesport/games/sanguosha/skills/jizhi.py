"""集智 Gathered Wisdom (Huang Yueying): whenever you use a non-delayed trick (Nullification included),
you may draw 1 card at once, before it resolves. Reference §3.3 #14."""

from __future__ import annotations

from .. import cards as C
from ..families import TriggerSkill
from ..skill import register
from ..state import SgsState
from ..timing import CARD_USED, UseCtx

INSTANT = frozenset(c.name for c in C.CARDS if c.type == "trick" and c.subtype != "delayed")


@register
class Jizhi(TriggerSkill[UseCtx]):
    id = "jizhi"
    owner = "user"
    timings = frozenset({CARD_USED})
    draw = 1

    def when(self, g: SgsState, seat: int, ctx: UseCtx) -> bool:
        return ctx["name"] in INSTANT
