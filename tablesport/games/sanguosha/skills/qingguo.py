"""倾国 Beauty (Zhen Ji): any black hand card may be used or played as a Dodge. Reference §3.3 #7."""

from __future__ import annotations

from ..families import CardAs
from ..skill import register


@register
class Qingguo(CardAs):
    id = "qingguo"
    color = "black"
    as_name = "dodge"
    hand_only = True
    in_play = False
