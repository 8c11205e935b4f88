"""Large standings runs (make test-slow; SLOW_SCALE scales them): 10,000 entrants and 100,000 results."""

from __future__ import annotations

import pytest

from tablesport.core import Rng
from tablesport.tournament.standings import standings


@pytest.mark.slow
def test_placement_league_at_scale(scale: float) -> None:
    """000 Ticket to Ride scoring over 100,000 tables: the points equal a plain sum of 10/7/5/3."""
    n, games = max(8, int(10_000 * scale)), max(10, int(100_000 * scale))
    rng = Rng(5)
    ids = [f"p{i}" for i in range(n)]
    results, expected = [], dict.fromkeys(ids, 0)
    for _ in range(games):
        players = rng.sample(ids, 4)
        scores = {p: rng.randrange(200) for p in players}
        results.append({"scores": scores})
        for p, v in scores.items():
            expected[p] += (10, 7, 5, 3)[sum(1 for o in scores.values() if o > v)]
    rows = standings({"preset": "ttr-event", "entrants": ids, "results": results})
    assert {r["entrant"]: r["points"] for r in rows} == expected
    assert [r["rank"] for r in rows] == sorted(r["rank"] for r in rows)
