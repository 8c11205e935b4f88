"""闭月 Eclipse the Moon (Diao Chan): optional, end phase — draw 1 card."""

from __future__ import annotations

from ..families import OnPhase
from ..skill import register
from ..timing import FINISH_PHASE


@register
class Biyue(OnPhase):
    id = "biyue"
    timings = frozenset({FINISH_PHASE})
    draw = 1
