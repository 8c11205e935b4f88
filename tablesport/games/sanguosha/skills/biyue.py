"""闭月 Eclipse the Moon (Diao Chan): optional, end phase — draw 1 card."""

from __future__ import annotations

from ..families import OnPhase
from ..skill import register
from ..timing import Timing


@register
class Biyue(OnPhase):
    id = "biyue"
    timings = frozenset({Timing.FINISH_PHASE})
    draw = 1
