"""救援 Rescue (Sun Quan) — lord skill, compulsory: while you are dying, each Peach another Wu character
uses on you restores 1 extra HP. Reference §3.3 #15. Inert in every seed preset: commanders may not use
lord skills in 3v3 (主帅不能使用主公技) and Sun Quan is banned from the 1v1 pool; it works only where a
preset sets ``lord_skills``."""

from __future__ import annotations

from ..families import TriggerSkill
from ..skill import register
from ..state import SgsState
from ..timing import CARD_USED, UseCtx


@register
class Jiuyuan(TriggerSkill[UseCtx]):
    id = "jiuyuan"
    lord = True
    compulsory = True
    owner = None                   # the Peach's user is another Wu character; the owner is its target
    timings = frozenset({CARD_USED})

    def when(self, g: SgsState, seat: int, ctx: UseCtx) -> bool:
        user = ctx["user"]
        if ctx["name"] != "peach" or tuple(ctx["targets"]) != (seat,) or user in (-1, seat):
            return False
        return g.players[user].kingdom == "wu" and any(f.kind == "dying" and f.d["seat"] == seat
                                                       for f in g.stack)

    def act(self, g: SgsState, seat: int, ctx: UseCtx, ci: int) -> None:
        for f in reversed(g.stack):
            if f.kind == "recover" and f.d["seat"] == seat:
                f.d["n"] += 1
                return
