"""武圣 Warrior Saint (Guan Yu): any red card (hand or equipment) may be used or played as a Slash; a
red weapon used this way gives no range to that Slash. Reference §3.3 #9, §2.1 (range recomputed)."""

from __future__ import annotations

from ..families import CardAs
from ..skill import register


@register
class Wusheng(CardAs):
    id = "wusheng"
    color = "red"
    as_name = "slash"
