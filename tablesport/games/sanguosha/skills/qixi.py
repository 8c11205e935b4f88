"""奇袭 Surprise Attack (Gan Ning): any black card (hand or equipment) may be used as Dismantle.
Reference §3.3 #16."""

from __future__ import annotations

from ..families import CardAs
from ..skill import register


@register
class Qixi(CardAs):
    id = "qixi"
    color = "black"
    as_name = "dismantle"
    answers = False
