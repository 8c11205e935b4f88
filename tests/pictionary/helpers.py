"""Driving a Pictionary state in tests: typed dice (facilitator form) or seat actions (digital)."""

from __future__ import annotations

from typing import Any

from tablesport.core import Event
from tablesport.games.pictionary import GAME, PictionaryState


def table(preset: str = "pictionary-event", seed: int = 1, **params: Any) -> PictionaryState:
    rs = GAME.ruleset(preset)
    return GAME.new_state(rs.with_params(**params) if params else rs, seed)


def act(st: PictionaryState, seat: int, action: Any) -> list[Event]:
    return st.apply(seat, action)


def roll_off(st: PictionaryState, a: int, b: int) -> list[Event]:
    """Facilitator form: team A rolls ``a``, team B rolls ``b``."""
    return act(st, 0, ("die", a)) + act(st, 0, ("die", b))


def digital_roll_off(st: PictionaryState, first: str = "A") -> list[Event]:
    """Digital form: roll until the wanted team starts (dice come from the seed)."""
    events: list[Event] = []
    while st.phase == "roll_off":
        d = st.pending()
        assert d is not None
        events += act(st, d.seats[0], "roll")
    assert st.view(None)["turn"] in ("A", "B")
    return events


def start_minute(st: PictionaryState) -> None:
    """Every picturist is ready: the minute runs."""
    while st.phase == "peek":
        d = st.pending()
        assert d is not None
        act(st, d.seats[0], "ready")
    assert st.phase == "draw"


def guesser(st: PictionaryState, team: int) -> int:
    w = st.word
    assert w is not None
    return next(s for s in st.team_seats(team) if s != w.picturists[team])


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]
