"""枭姬 Warrior Lady (Sun Shangxiang): each time a card leaves your equipment area (replaced included),
you may draw 2 cards. Reference §3.3 #22."""

from __future__ import annotations

from ..families import TriggerSkill
from ..skill import register
from ..timing import LOSE_EQUIP, SeatCtx


@register
class Xiaoji(TriggerSkill[SeatCtx]):
    id = "xiaoji"
    timings = frozenset({LOSE_EQUIP})
    draw = 2
