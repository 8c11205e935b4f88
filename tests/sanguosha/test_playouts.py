"""Random playouts: no crash, every card accounted for after every step (hand + areas + draw + discard
+ processing = deck size), HP never above max; a simulated clock makes time-up and adjudication happen
too, timeouts and referee rulings come in between (the driver of the replay corpus, tests/sanguosha/
corpus.py). The 10,000-game run is marked slow (SLOW_SCALE)."""

from __future__ import annotations

import pytest

from tablesport.games.sanguosha import PRESETS

from ..conftest import slow_scale
from .corpus import play


def playout(preset: str, seed: int, clock: float | None) -> str:
    _, state = play(preset, "random", seed, check=True, timeout_rate=0.05, clock=clock)
    res = state.result()
    assert res is not None
    return res.reason


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_random_playouts_conserve_cards(preset: str) -> None:
    reasons = {playout(preset, seed, 20.0 if seed % 2 else None) for seed in range(12)}
    assert reasons


@pytest.mark.slow
def test_ten_thousand_random_games() -> None:
    n = max(4, int(10_000 * slow_scale()))
    presets = sorted(PRESETS)
    for i in range(n):
        playout(presets[i % 4], 50_000 + i, 10.0 if i % 3 == 0 else None)
