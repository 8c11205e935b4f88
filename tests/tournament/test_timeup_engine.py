"""The time-up ladders twice written — inside the Sanguosha engine (a live table) and in the tournament's
time-up desk (a physical table's board typed by the referee) — decide every board alike: the same winner by
the same figure, or both a level board (overtime). 2011 裁决 2), 2014 001 §一1.2, 2012 003 §4.1."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.core import Rng
from tablesport.games.sanguosha.modes.sides import side_stats
from tablesport.games.sanguosha.modes.three import adjudicate as engine_adjudicate
from tablesport.games.sanguosha.state import SgsState
from tablesport.tournament.timeup import LADDERS
from tablesport.tournament.timeup import adjudicate as desk_adjudicate
from tests.sanguosha.test_modes import to_play


def _board(s: SgsState, rng: Rng) -> None:
    """A random board: some generals dead (not a commander), HP lost, technical points."""
    for side in s.ruleset.sides:
        for seat in (p for p in range(s.n) if s.mode["side_of"][p] == side):
            p = s.players[seat]
            p.alive = seat in s.mode["commanders"].values() or rng.random() < 0.7
            p.hp = rng.randint(1, p.max_hp) if p.alive else 0
        s.mode["technical"][side] = rng.randint(0, 2)


@pytest.mark.parametrize("preset", ["sgs-3v3-2011", "sgs-3v3-2014", "sgs-3v3-2012"])
def test_engine_and_desk_decide_every_board_alike(preset: str) -> None:
    start = to_play(preset)
    assert tuple(k for k, _ in LADDERS[preset].steps) == tuple(start.config("tiebreaks"))
    rng = Rng(5)
    decided = level = 0
    for _ in range(300):
        s = start.clone()
        assert isinstance(s, SgsState)
        _board(s, rng)
        cold, warm = s.ruleset.sides
        boards: list[dict[str, Any]] = [side_stats(s, cold), side_stats(s, warm)]
        figures = LADDERS[preset].figures
        desk = desk_adjudicate(preset, *({k: b[k] for k in figures} for b in boards),
                               overtimes=s.mode["overtimes"])
        engine_adjudicate(s)
        if desk.winner is None:
            level += 1
            assert not s.over and s.mode["overtimes"] == 1 and desk.next == "overtime"
        else:
            decided += 1
            result = s.result()
            assert result is not None
            assert result.winner_side == (cold if desk.winner == "a" else warm)
            assert result.reason == f"time_up_{desk.decided_by}"
    assert decided and level  # both outcomes were met


def test_1v1_engine_and_desk_decide_every_board_alike() -> None:
    """2014 1v1 §三: more generals left, then less lost HP, then 比点."""
    from tablesport.games.sanguosha.modes.one import _adjudicate_1v1
    from tablesport.games.sanguosha.modes.sides import lost_hp

    start = to_play("sgs-1v1-2014")
    rng = Rng(9)
    decided = level = 0
    for _ in range(300):
        s = start.clone()
        assert isinstance(s, SgsState)
        for seat in (0, 1):
            s.mode["deaths"][seat] = rng.randint(0, 2)
            p = s.players[seat]
            p.hp = rng.randint(max(1, p.max_hp - 1), p.max_hp)
        boards = [{"generals_left": 3 - s.mode["deaths"][seat], "lost_hp": lost_hp(s, seat)}
                  for seat in (0, 1)]
        desk = desk_adjudicate("sgs-1v1-2014", *boards)
        _adjudicate_1v1(s)
        result = s.result()
        assert result is not None
        if desk.winner is None:
            level += 1
            assert desk.next == "compare_points" and result.reason == "time_up_points"
        else:
            decided += 1
            assert result.winner_side == s.mode["side_of"][0 if desk.winner == "a" else 1]
            expected = {"generals_left": "time_up_remaining_generals", "lost_hp": "time_up_lost_hp"}
            assert result.reason == expected[desk.decided_by]
    assert decided and level
