"""英姿 Heroic Look (Zhou Yu): optional, draw phase — draw one extra card (the engine asks
"invoke?" with the 5 s declaration limit)."""

from __future__ import annotations

from ..families import DrawPhase
from ..skill import register


@register
class Yingzi(DrawPhase):
    id = "yingzi"
    extra = 1
