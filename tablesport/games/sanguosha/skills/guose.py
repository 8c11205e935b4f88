"""国色 National Beauty (Da Qiao): any diamond card (hand or equipment) may be used as Indulgence.
Reference §3.3 #20."""

from __future__ import annotations

from ..families import CardAs
from ..skill import register


@register
class Guose(CardAs):
    id = "guose"
    suit = "diamond"
    as_name = "indulgence"
    answers = False
