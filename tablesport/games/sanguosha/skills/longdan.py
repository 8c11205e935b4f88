"""龙胆 Dragon Courage (Zhao Yun): a Slash from your hand may be used or played as a Dodge, and a Dodge
from your hand as a Slash. Reference §3.3 #12."""

from __future__ import annotations

from .. import cards as C
from ..skill import Skill, register
from ..state import SgsState

SWAP = {"slash": "dodge", "dodge": "slash"}


@register
class Longdan(Skill):
    id = "longdan"

    def view_as(self, g: SgsState, seat: int, need: str | None,
                context: str) -> list[tuple[tuple[int, ...], str]]:
        if context == "dying":
            return []
        want = need if need is not None else "slash"      # a Dodge cannot be used on its own initiative
        if want not in SWAP:
            return []
        return [((c,), want) for c in g.players[seat].hand if C.NAME[c] == SWAP[want]]
