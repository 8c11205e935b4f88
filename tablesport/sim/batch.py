"""A batch of seeded games between bots, played on an engine (:mod:`tablesport.sim.engines`), and its
summary (``tablesport simulate PRESET``).

Who plays is a :class:`~tablesport.bots.registry.BotSpec` (``--bots``: one bot, one per seat, or one
per side; see :mod:`tablesport.bots.registry`); each game is played by
:func:`~tablesport.sim.runner.play_one`.
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablesport.bots.registry import BotSpec, BotSpecError

from .engines import SimJob, chunks_of, default_chunk, make_engine
from .runner import GameOutcome, SimClock


@dataclass
class Summary:
    preset: str
    seed: int
    bots: list[str]
    outcomes: list[GameOutcome] = field(default_factory=list)
    wall: float = 0.0

    def to_json(self) -> dict[str, Any]:
        n = len(self.outcomes)
        wins: Counter[str] = Counter()
        side_wins: Counter[str] = Counter()
        side_games: Counter[str] = Counter()
        side_bot: dict[str, Counter[str]] = {}
        reasons: Counter[str] = Counter()
        draws = 0
        score_sum: defaultdict[str, float] = defaultdict(float)
        for o in self.outcomes:
            reasons[o.result.reason] += 1
            for s, sc in enumerate(o.result.scores):
                score_sum[str(s)] += sc
            if o.result.is_draw:
                draws += 1
            for s in o.result.winner_seats:
                wins[str(s)] += 1
            for side in o.result.sides:
                side_games[side] += 1
                side_bot.setdefault(side, Counter())[o.side_bots.get(side, "?")] += 1
            if o.result.winner_side:
                side_wins[o.result.winner_side] += 1
        decisions = sum(o.decisions for o in self.outcomes)
        out: dict[str, Any] = {
            "preset": self.preset,
            "games": n,
            "seed": self.seed,
            "bots": self.bots,
            "results": {
                "wins": {str(s): wins.get(str(s), 0) for s in range(len(self.bots))},
                "draws": draws,
                "win_rate": {str(s): round(wins.get(str(s), 0) / n, 4) if n else 0.0
                             for s in range(len(self.bots))},
                "avg_score": {k: round(v / n, 3) for k, v in sorted(score_sum.items())} if n else {},
                "reasons": dict(reasons),
            },
            "avg_decisions": round(decisions / n, 2) if n else 0.0,
            "seconds": round(self.wall, 3),
            "games_per_second": round(n / self.wall, 3) if self.wall else 0.0,
            "decisions_per_second": round(decisions / self.wall, 1) if self.wall else 0.0,
        }
        if side_games:
            out["results"]["sides"] = {
                side: {
                    "bot": ", ".join(sorted(side_bot[side])),
                    "wins": side_wins.get(side, 0),
                    "win_rate": round(side_wins.get(side, 0) / n, 4) if n else 0.0,
                }
                for side in sorted(side_games)
            }
        return out


def simulate(
    preset: str,
    games: int,
    seed: int,
    bots: str | None = None,
    clock: SimClock | None = None,
    record_dir: Path | None = None,
    workers: int = 1,
    progress: Callable[[int], None] | None = None,
    engine: str = "local",
    address: str | None = None,
) -> Summary:
    """Play ``games`` seeded games of ``preset`` on ``engine`` (see :mod:`tablesport.sim.engines`)."""
    from tablesport.games import find_preset

    game, rs = find_preset(preset)
    spec = BotSpec.parse(bots, game, rs)
    if games < 0:
        raise BotSpecError("--games must be ≥ 0")
    if record_dir is not None:
        record_dir.mkdir(parents=True, exist_ok=True)
    summary = Summary(preset, seed, spec.labels())
    job = SimJob(preset, seed, bots, clock, str(record_dir) if record_dir else None)
    t0 = time.perf_counter()
    runner = make_engine(engine, workers, address)
    try:
        played: list[tuple[int, GameOutcome]] = []
        for chunk in runner.run(job, chunks_of(range(games), default_chunk(games, workers))):
            played.extend(chunk)
            if progress:
                progress(len(chunk))
    finally:
        runner.close()
    summary.outcomes = [o for _, o in sorted(played, key=lambda p: p[0])]
    summary.wall = time.perf_counter() - t0
    return summary
