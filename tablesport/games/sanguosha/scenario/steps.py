"""One scripted step of a scenario: who acts (a seat, a timeout, the game clock, the referee) and the
action, with the setup's card specs turned into the cards they took."""

from __future__ import annotations

from typing import Any

from tablesport.core import Event, canon
from tablesport.core.scenario import ScenarioError

from .. import cards as C
from ..state import SgsState
from .cardspec import Cards

SKILL_FIRST = ("invoke", "as", "use_as", "skill")


def resolve(value: Any, cards: Cards, g: SgsState, seat: int) -> Any:
    """Card specs written in the setup become the tokens of the cards they took (``seat``'s copy first)."""
    if isinstance(value, list | tuple):
        return tuple(resolve(v, cards, g, seat) for v in value)
    if isinstance(value, str) and value in cards.alias:
        ids = cards.alias[value]
        mine = [c for c in ids if c in g.players[seat].cards()]
        return C.TOKEN[(mine or ids)[0]]
    return value


def resolve_action(raw: Any, cards: Cards, g: SgsState, seat: int) -> Any:
    """Card specs become tokens; the skill id after invoke/as/use_as/skill stays a skill id."""
    if isinstance(raw, list | tuple) and len(raw) >= 2 and raw[0] in SKILL_FIRST:
        return (raw[0], raw[1], *resolve(list(raw[2:]), cards, g, seat))
    return resolve(raw, cards, g, seat)


def perform(g: SgsState, who: Any, raw: Any, cards: Cards) -> list[Event]:
    """Carry out one step; a refused one raises the engine's ``RuleError`` (and changes nothing)."""
    if who == "timeout":
        d = g.pending()
        if d is None:
            raise ScenarioError("a timeout step, but no decision is pending")
        return g.timeout(d.seats[0])
    if who == "time_up":
        return g.time_up()
    if who == "referee":
        return g.referee(canon(raw))
    if not isinstance(who, int) or isinstance(who, bool):
        raise ScenarioError(f"a step is [seat, action], [timeout, null], [time_up, null] or "
                            f"[referee, action], not [{who!r}, ...]")
    return g.apply(who, canon(resolve_action(raw, cards, g, who)))
