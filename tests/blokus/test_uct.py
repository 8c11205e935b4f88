"""The compiled search (``uct`` bot): its position and move generation agree with the referee, and
the bot answers legal moves, deterministically for a seed with a playout budget."""

from __future__ import annotations

import numpy as np
import pytest

from tablesport.core import Rng
from tablesport.games.blokus import GAME, BlokusState
from tablesport.games.blokus import fastsearch as fs
from tablesport.games.blokus.bots import GreedyBot, UctBot

from .helpers import random_positions


def compiled_legal(state: BlokusState) -> set[int]:
    s = fs.position(state.moves, state.current)
    out = np.empty(4096, np.int32)
    mark = np.zeros(fs.PLACEMENTS, np.int32)
    n = fs.legal(s, out, mark, 1, fs.PL_CELLS, fs.BY_CP_START, fs.BY_CP_IDS)
    assert len(set(out[:n].tolist())) == n, "each placement listed once"
    return set(out[:n].tolist())


def test_compiled_move_generation_matches_the_referee_on_random_games() -> None:
    positions = 0
    for state in random_positions(3, 77):
        if state.current is None:
            continue
        assert compiled_legal(state) == set(state.legal_ids())
        positions += 1
    assert positions > 150


def test_compiled_scores_match_the_referee_at_the_end() -> None:
    for state in random_positions(2, 5, "blokus-2p"):
        if state.current is None:
            s = fs.position(state.moves, None)
            assert fs.colour_scores(s).tolist() == state.colour_scores()


def test_a_timeout_pass_keeps_the_colour_in_the_game() -> None:
    """Seed: a move not made in time is a pass for that turn only (preset on_timeout pass_turn)."""
    state = GAME.start("blokus-event", 1)
    assert isinstance(state, BlokusState)
    state.timeout(0)
    s = fs.position(state.moves, state.current)
    assert s[fs.O_DONE] == 0 and s[fs.O_CUR] == 1


def test_uct_plays_legal_moves_and_is_deterministic_with_a_playout_budget() -> None:
    a, b = GAME.start("blokus-2p", 3), GAME.start("blokus-2p", 3)
    assert isinstance(a, BlokusState) and isinstance(b, BlokusState)
    bot_a, bot_b = UctBot(Rng(9), playouts=40), UctBot(Rng(9), playouts=40)
    for _ in range(8):
        d = a.pending()
        assert d is not None
        move = bot_a.act(a, d.seats[0], d)
        assert move in (d.options or ())
        assert bot_b.act(b, d.seats[0], d) == move
        a.apply(d.seats[0], move)
        b.apply(d.seats[0], move)


def test_uct_finishes_a_game_against_greedy() -> None:
    state = GAME.start("blokus-2p", 4)
    assert isinstance(state, BlokusState)
    bots = [UctBot(Rng(1), playouts=30), GreedyBot(Rng(2))]
    while (d := state.pending()) is not None:
        seat = d.seats[0]
        move = bots[seat].act(state, seat, d)
        assert move in (d.options or ())
        state.apply(seat, move)
    assert state.result() is not None


def test_uct_refuses_unknown_parameters() -> None:
    with pytest.raises(ValueError, match="unknown search parameter"):
        UctBot(Rng(1), depth=3)


def test_uct_with_a_playout_horizon_and_attach_points_plays_legal_moves() -> None:
    state = GAME.start("blokus-2p", 6)
    assert isinstance(state, BlokusState)
    bot = UctBot(Rng(2), playouts=40, horizon=8, attach=0.3, width=16)
    for _ in range(6):
        d = state.pending()
        assert d is not None
        move = bot.act(state, d.seats[0], d)
        assert move in (d.options or ())
        state.apply(d.seats[0], move)
    s = fs.position(state.moves, state.current)
    seat_of = np.array(state.colour_seats, np.int32)
    rewards = fs.horizon_reward(s, seat_of, 2, 1.0, 8.0)
    assert all(0.0 < r < 1.0 for r in rewards)
    assert rewards[0] + rewards[1] == pytest.approx(1.0)  # blue and yellow: the two seats' shares


def test_the_default_reward_weighs_the_points_margin() -> None:
    """The goal is more points than the opponent, by as many as can be had: with the default
    parameters a win by 25 points is worth clearly more than a win by 1 (a loss alike)."""
    seat_of = np.array([0, 1, 0, 1], np.int32)

    def reward(lead: int) -> float:
        s = fs.new_position()
        s[fs.O_LEFT:fs.O_LEFT + 4] = (20, 20 + lead, 20, 20)  # yellow (seat 1) has `lead` squares more left
        return float(fs.rank_reward(s, seat_of, 2, fs.PARAMS["margin"])[0])

    assert reward(25) - reward(1) >= 0.15
    assert reward(-1) - reward(-25) >= 0.15
    assert reward(1) > 0.5 > reward(-1)
