"""Blokus bots: legal answers, greedy's preferences, MCTS budgets, and greedy beating random."""

from __future__ import annotations

import pytest

from tablesport.core import Rng
from tablesport.games.blokus import GAME, BlokusState
from tablesport.games.blokus.board import PIECE_OF, PLACEMENT_BY_MASK
from tablesport.games.blokus.bots import GreedyBot, MctsBot, rank_rewards
from tablesport.games.blokus.pieces import PIECE_SIZES
from tablesport.sim.batch import simulate

from .helpers import play


def new() -> BlokusState:
    state = GAME.start("blokus-event", 2)
    assert isinstance(state, BlokusState)
    return state


def test_bots_are_registered() -> None:
    assert {"greedy", "mcts"} <= set(GAME.bots())


def test_greedy_places_a_big_piece_first() -> None:
    """Greedy: big pieces first."""
    state = new()
    d = state.pending()
    assert d is not None
    move = GreedyBot(Rng(1)).act(state, 0, d)
    assert move in (d.options or ())
    pid = PLACEMENT_BY_MASK[sum(1 << b for b in _bits(move))]
    assert PIECE_SIZES[PIECE_OF[pid]] == 5


def _bits(move: str) -> list[int]:
    from tablesport.games.blokus.board import parse_square

    out = []
    for s in move.split(","):
        b = parse_square(s)
        assert b is not None
        out.append(b)
    return out


def _sq(name: str) -> int:
    from tablesport.games.blokus.board import parse_square

    b = parse_square(name)
    assert b is not None
    return 1 << b


def test_greedy_blocks_an_opponent_attach_point() -> None:
    """Greedy: blocking (covering a square where an opponent could attach) scores."""
    state = new()
    play(state, "a20,b20,c20,d20,e20", "t20", "t1", "a1")
    state.own[1] |= _sq("g17")  # a yellow square near blue (test position): attach points f16 h16 f18 h18
    state._legal = None
    d = state.pending()
    assert d is not None
    move = GreedyBot(Rng(3), size=0, corners=0, block=1).act(state, 0, d)
    assert {"f16", "h16", "f18", "h18"} & set(move.split(","))


def test_mcts_plays_legal_moves_with_a_playout_budget() -> None:
    state = new()
    bot = MctsBot(Rng(4), playouts=6, width=4)
    for _ in range(6):
        d = state.pending()
        assert d is not None
        move = bot.act(state, d.seats[0], d)
        assert move in (d.options or ())
        assert bot.last_playouts == 6
        state.apply(d.seats[0], move)


def test_mcts_time_budget_and_bad_options() -> None:
    state = new()
    d = state.pending()
    assert d is not None
    bot = MctsBot(Rng(5), seconds=0.2)
    assert bot.act(state, 0, d) in (d.options or ())
    assert bot.last_playouts >= 1
    with pytest.raises(ValueError, match="unknown mcts option"):
        MctsBot(Rng(1), depth=3)


def test_bots_pass_when_blocked() -> None:
    state = new()
    state.own[0] = _sq("a20")
    state.own[1] = _sq("b19")  # blue's only attach point taken (test position)
    state.used[0] = state.used[1] = 1
    state.left[0] = state.left[1] = 88
    state._legal = None
    d = state.pending()
    assert d is not None and d.options == ("pass",)
    assert GreedyBot(Rng(1)).act(state, 0, d) == "pass"
    assert MctsBot(Rng(1), playouts=3).act(state, 0, d) == "pass"


def test_rank_rewards() -> None:
    assert rank_rewards([5, 1, 1, -3]) == [1.0, 0.5, 0.5, 0.0]


def test_greedy_beats_random_over_seeded_games() -> None:
    """Greedy on seat 0 against three random bots wins most seeded games."""
    summary = simulate("blokus-event", 8, 21, "greedy,random,random,random")
    wins = sum(1 for o in summary.outcomes if o.result.placements[0] == 1)
    assert wins >= 6
