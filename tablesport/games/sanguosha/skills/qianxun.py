"""谦逊 Modesty (Lu Xun) — compulsory: you cannot be the target of Snatch or Indulgence.
Reference §3.3 #21."""

from __future__ import annotations

from ..skill import Skill, register
from ..state import SgsState


@register
class Qianxun(Skill):
    id = "qianxun"
    compulsory = True

    def may_target(self, g: SgsState, seat: int, user: int, name: str) -> bool:
        return name not in ("snatch", "indulgence")
