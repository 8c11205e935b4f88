"""Shared helpers for the Blokus tests."""

from __future__ import annotations

from collections.abc import Iterator

from tablesport.core import Rng
from tablesport.games.blokus import GAME, BlokusState
from tablesport.games.blokus.board import SIZE, bit
from tablesport.games.blokus.pieces import PIECE_NAMES


def grid_of(state: BlokusState) -> list[list[int]]:
    """The naive generator's grid: grid[y][x] = colour or -1."""
    grid = [[-1] * SIZE for _ in range(SIZE)]
    for c, own in enumerate(state.own):
        for y in range(SIZE):
            for x in range(SIZE):
                if own >> bit(x, y) & 1:
                    grid[y][x] = c
    return grid


def used_names(state: BlokusState, colour: int) -> set[str]:
    return {n for p, n in enumerate(PIECE_NAMES) if state.used[colour] >> p & 1}


def random_positions(games: int, seed: int, preset: str = "blokus-event") -> Iterator[BlokusState]:
    """Every position (before each decision) of ``games`` seeded random games."""
    for g in range(games):
        state = GAME.start(preset, seed + g)
        rng = Rng(seed * 1000 + g)
        while (d := state.pending()) is not None:
            yield state
            state.apply(d.seats[0], state.random_action(d.seats[0], rng))
        yield state


def play(state: BlokusState, *moves: str) -> None:
    """Play moves for the colours in turn order."""
    for m in moves:
        d = state.pending()
        assert d is not None
        state.apply(d.seats[0], m)
