"""Free play: the mode of a ruling scenario that sets no competition position. Turns go round in turn
order from the scenario's current seat; the scenario's ``commanders`` (if any) end the game when they
die; the preset's kill reward applies; the game also ends when one character is left."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core import TablesportError

from ..engine import abort_turn
from ..mode import register_mode
from ..state import Frame, SgsState, handler
from .common import CompetitionMode
from .sides import finish, side_stats


@handler("free_turns")
def h_free_turns(g: SgsState, f: Frame) -> None:
    """Turns go round in turn order from ``seat``."""
    d = f.d
    if f.step == "after":
        g.current = -1
        d["seat"] = g.next_seat(d["seat"])
        f.step = "next"
        return
    f.step = "after"
    if g.players[d["seat"]].alive:
        g.push("turn", "start", {"seat": d["seat"]})


@register_mode
class FreePlay(CompetitionMode):
    """A scenario's position without a competition flow around it."""

    name = "free"

    def start(self, g: SgsState) -> None:
        raise TablesportError("free play starts from a scenario's position (scenario.build), "
                              "not from a draft")

    def resume(self, g: SgsState, current: int, position: Mapping[str, Any]) -> None:
        """Sides and commanders from the scenario; turns go round from ``current``."""
        self.init_data(g, list(position.get("side_of") or [None] * g.n))
        g.mode["commanders"] = dict(position.get("commanders") or {})
        g.push("free_turns", "after", {"seat": current})

    def on_death(self, g: SgsState, seat: int, killer: int) -> None:
        m = g.mode
        side = m["side_of"][seat]
        if side and m["commanders"].get(side) == seat:
            others = [s for s in g.ruleset.sides if s != side]
            finish(g, others[0] if others else None, "commander_killed")
            return
        n = g.config("kill_reward", 0)
        if n and killer >= 0 and g.players[killer].alive:
            g.emit("reward", {"seat": killer, "cards": n})
            g.draw(killer, n)
        if len(g.living()) <= 1:
            finish(g, None, "last_standing")
            return
        if g.current == seat:
            abort_turn(g)

    def view(self, g: SgsState, seat: int | None) -> dict[str, Any]:
        v = super().view(g, seat)
        if "commanders" in g.mode:
            v["commanders"] = g.mode["commanders"]
        return v

    def side_result(self, g: SgsState, side: str, seats: tuple[int, ...]) -> dict[str, Any]:
        st = side_stats(g, side)
        st["generals"] = [g.players[s].general for s in seats]
        return st
