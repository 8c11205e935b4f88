"""Batch simulation: play many seeded games between bots, optionally over several processes.

Who plays is a :class:`~tablesport.bots.registry.BotSpec` (``--bots``: one bot, one per seat, or one
per side; see :mod:`tablesport.bots.registry`).
"""

from __future__ import annotations

import time
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablesport import __version__
from tablesport.bots.registry import NEUTRAL, BotChoice, BotSpec, BotSpecError, bot_factories
from tablesport.core import Bot, Game, Result, Rng, Ruleset, State, TablesportError
from tablesport.core.records import Recorder


@dataclass(frozen=True)
class SimClock:
    """A simulated clock: every decision costs ``per_decision`` seconds of game time."""

    per_decision: float = 0.0

    @classmethod
    def parse(cls, items: Iterable[str]) -> SimClock | None:
        values: dict[str, float] = {}
        for item in items:
            key, sep, value = item.partition("=")
            if key != "decision" or not sep:
                raise BotSpecError(f"--clock takes decision=SECONDS, not {item!r}")
            try:
                values[key] = float(value)
            except ValueError:
                raise BotSpecError(f"--clock {key} needs a number of seconds, not {value!r}") from None
            if values[key] < 0:
                raise BotSpecError("--clock seconds must not be negative")
        return cls(values["decision"]) if values else None


@dataclass
class GameOutcome:
    seed: int
    result: Result
    decisions: int
    seat_sides: dict[int, str | None]
    side_bots: dict[str, str]
    seconds: float
    first_seat: int | None = None
    """The seat the game's first decision asked, if it asked one seat alone (else ``None``)."""


def game_seed(seed: int, index: int) -> int:
    return Rng(seed).spawn(index).next64() >> 1


class Table:
    """One game between bots: the driver loop used by the simulator and the terminal."""

    def __init__(self, game: Game, rs: Ruleset, seed: int, spec: BotSpec, clock: SimClock | None = None,
                 record: bool = False) -> None:
        self.game = game
        self.rs = rs
        self.seed = seed
        self.spec = spec
        self.clock = clock
        self.state: State = game.new_state(rs, seed)
        self.factories = bot_factories(game)
        self.bots: dict[tuple[int, str], Bot] = {}
        self.rng = Rng(seed).spawn(7)
        self.recorder = (
            Recorder(game.name, rs.preset, seed, spec.labels(), __version__,
                     params=rs.overrides(game.ruleset(rs.preset)))
            if record
            else None
        )
        self.elapsed = 0.0
        self._fired_at: float | None = None
        self.decisions = 0
        self.first_seat: int | None = None
        self.seat_sides: dict[int, str | None] = {}

    def choice_for(self, seat: int) -> BotChoice:
        if self.spec.per_side:
            side = self.state.side_of(seat)
            return self.spec.per_side.get(side or "", NEUTRAL)
        return self.spec.per_seat[seat]

    def bot_for(self, seat: int) -> Bot:
        choice = self.choice_for(seat)
        key = (seat, choice.label())
        bot = self.bots.get(key)
        if bot is None:
            bot = self.factories[choice.name](self.rng.spawn(seat * 131 + len(self.bots)), **choice.options)
            self.bots[key] = bot
        return bot

    def tick(self) -> bool:
        """Play one step; ``False`` once the game is over."""
        state = self.state
        limit = state.clock_limit()
        if limit is not None and self.clock is not None and self.elapsed >= limit and self._fired_at != limit:
            self._fired_at = limit
            state.time_up()
            if self.recorder:
                self.recorder.time_up()
            return True
        decision = state.pending()
        if decision is None:
            return False
        seat = decision.seats[0]
        if self.decisions == 0 and len(decision.seats) == 1:
            self.first_seat = seat
        action = self.bot_for(seat).act(state, seat, decision)
        state.apply(seat, action)
        if self.recorder:
            self.recorder.act(seat, action)
        self.decisions += 1
        if limit is not None and self.clock is not None:
            self.elapsed += self.clock.per_decision
        return True

    def run(self, max_steps: int = 1_000_000) -> Result:
        steps = 0
        while self.tick():
            steps += 1
            if steps > max_steps:
                raise TablesportError(f"{self.rs.preset} seed {self.seed}: no end after {max_steps} steps")
        for s in range(self.rs.seats):
            self.seat_sides[s] = self.state.side_of(s)
        res = self.state.result()
        assert res is not None
        if self.recorder:
            self.recorder.finish(self.state)
        return res


def play_one(game: Game, rs: Ruleset, seed: int, spec: BotSpec, clock: SimClock | None,
             record_dir: Path | None, index: int) -> GameOutcome:
    t0 = time.perf_counter()
    table = Table(game, rs, seed, spec, clock, record=record_dir is not None)
    res = table.run()
    if record_dir is not None and table.recorder is not None:
        table.recorder.write(record_dir / f"{rs.preset}-{index:06d}-{seed}.jsonl")
    side_bots: dict[str, str] = {}
    for s, side in table.seat_sides.items():
        if side is not None:
            choice = spec.per_side[side] if side in spec.per_side else spec.per_seat[s]
            side_bots.setdefault(side, choice.label())
    return GameOutcome(seed, res, table.decisions, table.seat_sides, side_bots, time.perf_counter() - t0,
                       table.first_seat)


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

    from .engines import SimJob, chunks_of, default_chunk, make_engine

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
