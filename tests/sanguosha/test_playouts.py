"""Random playouts (issue 3 "Must show"): no crash, every card accounted for after every step
(hand + areas + draw + discard + processing = deck size), HP never above max; a simulated clock
makes time-up and adjudication happen too. The 10,000-game run is marked slow (SLOW_SCALE)."""

from __future__ import annotations

import pytest

from tablesport.core import Rng
from tablesport.games.sanguosha import GAME, PRESETS

from ..conftest import slow_scale


def playout(preset: str, seed: int, clock: float | None) -> str:
    s = GAME.start(preset, seed)
    rng = Rng(seed * 31 + 7)
    elapsed, fired = 0.0, None
    for _ in range(200_000):
        limit = s.clock_limit()
        if clock is not None and limit is not None and elapsed >= limit and fired != limit:
            fired = limit
            s.time_up()
            s.check_invariants()
            continue
        d = s.pending()
        if d is None:
            break
        seat = d.seats[0]
        if d.time_limit is not None and rng.random() < 0.05:
            s.timeout(seat)
        else:
            s.apply(seat, s.random_action(seat, rng))
        s.check_invariants()
        if clock is not None and limit is not None:
            elapsed += clock
    res = s.result()
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
