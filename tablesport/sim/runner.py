"""One seeded game between bots (:func:`play_one`), its outcome, and the per-game seeds of a batch.

A batch of games is played by :mod:`tablesport.sim.batch`; the bots are a
:class:`~tablesport.bots.registry.BotSpec` (see :mod:`tablesport.bots.registry`).
"""

from __future__ import annotations

import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

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
