"""黄天 Yellow Heaven (Zhang Jiao) — lord skill: other Qun characters may, in their own play phase, give
you a Dodge or a Lightning. Reference §3.3 #32 (the original text sets no per-phase limit, §8 D5).

Where it works: only a seat with lord status has lord skills (the preset's ``lord_skills``). No seed
preset gives it: 3v3 commanders may not use lord skills (主帅不能使用主公技, [S11][S14]; Zhang Jiao is not in
the 2012 pool) and reference §3.1 keeps lord skills inert in 1v1. A 1v1 table that sets ``lord_skills:
"lord"`` gives the Lord side (the 主公 identity card, [S14] 1v1 一.1) lord status: then a Qun opponent
(Lü Bu, Diao Chan, Yu Ji) may give a Lord-side Zhang Jiao a Dodge or a Lightning from hand, the play-phase
action ``("grant", "huangtian", owner, card)``. The given card is shown (public) and goes to his hand."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState

GIFTS = frozenset({"dodge", "lightning"})


@register
class Huangtian(Skill):
    id = "huangtian"
    lord = True

    def granted_options(self, g: SgsState, seat: int, actor: int) -> list[Any]:
        if g.players[actor].kingdom != "qun":
            return []
        return [C.TOKEN[c] for c in g.players[actor].hand if C.NAME[c] in GIFTS]

    def on_granted(self, g: SgsState, seat: int, actor: int, payload: Any) -> None:
        g.give(C.card_id(payload), seat, public=True)
