"""Pieces, placements and the fast generator against the naive one (bench/blokus_naive.py)."""

from __future__ import annotations

import pytest

from bench.blokus_naive import naive_legal_moves
from tablesport.games.blokus.board import CORNER_BITS, MASK, MOVE_STRING, PIECE_OF
from tablesport.games.blokus.movegen import legal_placements
from tablesport.games.blokus.pieces import PIECE_ORIENTATIONS, PIECE_SIZES, TOTAL_SQUARES

from ..conftest import slow_scale
from .helpers import grid_of, random_positions, used_names


def test_seed_piece_set() -> None:
    """Seed, "Composition": 21 pieces per colour — 1 of one square, 1 of two, 2 of three, 5 of four,
    12 of five."""
    assert len(PIECE_SIZES) == 21
    assert sorted(PIECE_SIZES) == [1, 2, 3, 3] + [4] * 5 + [5] * 12
    assert TOTAL_SQUARES == 89


def test_91_orientations_and_30433_placements() -> None:
    """Reference: 91 distinct orientations; 30,433 placements fit on the empty board."""
    assert sum(len(o) for o in PIECE_ORIENTATIONS) == 91
    assert len(MASK) == 30_433
    assert len(set(MASK)) == 30_433
    assert all(m.bit_count() == PIECE_SIZES[p] for m, p in zip(MASK, PIECE_OF, strict=True))


def test_board_has_400_squares() -> None:
    """Seed: "a board of 400 squares"."""
    from tablesport.games.blokus.board import BOARD

    assert BOARD.bit_count() == 400


def test_first_move_options_match_naive() -> None:
    """Seed restriction 1: the first piece covers a corner square (the colour's own corner)."""
    for c in range(4):
        fast = {MOVE_STRING[i] for i in legal_placements(0, 0, 0, CORNER_BITS[c])}
        grid = [[-1] * 20 for _ in range(20)]
        assert fast == naive_legal_moves(grid, c, set())
        assert all(MASK[i] & CORNER_BITS[c] for i in legal_placements(0, 0, 0, CORNER_BITS[c]))


def _compare(games: int, seed: int, every_colour: int, preset: str = "blokus-event") -> int:
    n = 0
    for k, state in enumerate(random_positions(games, seed, preset)):
        to_move = [state.current] if state.current is not None else []
        colours = range(4) if k % every_colour == 0 else to_move
        grid = grid_of(state)
        for c in colours:
            fast = {MOVE_STRING[i] for i in state.legal_ids(c)}
            assert fast == naive_legal_moves(grid, c, used_names(state, c)), f"position {k}, colour {c}"
            n += 1
    return n


def test_fast_equals_naive_on_random_positions() -> None:
    """The fast generator lists exactly the naive generator's moves (a few hundred positions)."""
    assert _compare(games=4, seed=11, every_colour=6) >= 300


@pytest.mark.slow
def test_fast_equals_naive_on_thousands_of_positions() -> None:
    games = max(1, int(50 * slow_scale()))
    n = _compare(games=games, seed=500, every_colour=1)
    n += _compare(games=max(1, games // 5), seed=900, every_colour=1, preset="blokus-2p")
    assert n >= 10_000 * min(1.0, slow_scale())
