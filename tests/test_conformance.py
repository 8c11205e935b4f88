"""The conformance suite, run for every registered preset (see tablesport.core.conformance)."""

from __future__ import annotations

import pytest

from tablesport.core.conformance import check_game
from tablesport.games import all_presets

from .conftest import slow_scale

PRESETS = sorted(all_presets())


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", range(4))
def test_conformance_deep(preset: str, seed: int) -> None:
    """Every check at every step, a few seeds per preset."""
    game, rs = all_presets()[preset]
    deep_every = game.info.conformance.deep_every
    check_game(game, rs, seed, deep_every=deep_every, clock_per_decision=5.0)


@pytest.mark.parametrize("preset", PRESETS)
def test_conformance_many_seeds(preset: str) -> None:
    """Many seeds with the costly checks spaced out: playouts always terminate and replay."""
    game, rs = all_presets()[preset]
    n = game.info.conformance.seeds
    for seed in range(100, 100 + n):
        check_game(game, rs, seed, deep_every=50, clock_per_decision=5.0 if seed % 2 else None)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_conformance_slow(preset: str) -> None:
    game, rs = all_presets()[preset]
    n = max(1, int(game.info.conformance.slow_seeds * slow_scale()))
    for seed in range(10_000, 10_000 + n):
        check_game(game, rs, seed, deep_every=200, clock_per_decision=5.0 if seed % 2 else None)


def test_event_seen_in_public_then_drawn_in_the_same_step_is_no_leak() -> None:
    """Regression: sgs-3v3-2011 seed 12353 discards a card in public, reshuffles and deals it
    face down within one step; the public event was no secret when it was shown."""
    game, rs = all_presets()["sgs-3v3-2011"]
    check_game(game, rs, 12353, deep_every=1)
