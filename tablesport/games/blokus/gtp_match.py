"""A GTP match controller: engines (ours or any other speaking Pentobi's dialect) play Blokus Classic
against each other, refereed move by move by our rules engine.

Each colour belongs to one engine.  The colour to move (the referee decides, blocked colours
having passed for good) is asked with ``genmove <colour>``; the answer is checked against the rules
(an illegal or malformed answer loses the game for that engine: its colours score as they stand
and the game is marked ``forfeit``), then sent to every other engine with ``play <colour> <move>``,
so each engine keeps its own board in step (a blocked colour's pass is not sent: engines of this
dialect skip blocked colours themselves).  Scores are the seed's (``state.colour_score``).

    tablesport blokus match "pentobi-gtp --level 1" "tablesport blokus gtp --bot greedy" --games 8
"""

from __future__ import annotations

import contextlib
import shlex
import subprocess
import time
from dataclasses import dataclass, field
from typing import Any

from tablesport.core import RuleError

from .board import COLOUR_NAMES
from .game import GAME
from .state import COLOURS, PASS, BlokusState

SET_GAME = {"blokus-event": "Blokus", "blokus-2p": "Blokus Two-Player"}


class GtpFailure(Exception):
    """An engine that failed: it closed its pipe, answered with an error, or broke the protocol."""


class GtpClient:
    """One engine process spoken to over its standard input and output."""

    def __init__(self, command: str | list[str], name: str | None = None) -> None:
        argv = shlex.split(command) if isinstance(command, str) else list(command)
        self.name = name or argv[0].rsplit("/", 1)[-1]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.seconds = 0.0  # time spent waiting for genmove answers
        self.genmoves = 0
        self.slowest = 0.0  # the longest wait for one genmove answer

    def send(self, command: str) -> tuple[bool, str]:
        """(success, response text) of one command; GtpFailure if the engine breaks the protocol."""
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(command + "\n")
            stdin.flush()
        except BrokenPipeError:
            raise GtpFailure(f"{self.name} closed its input before {command!r}") from None
        lines: list[str] = []
        while True:
            line = stdout.readline()
            if not line:
                raise GtpFailure(f"{self.name} closed its output after {command!r}")
            if line.strip() == "" and lines:
                break
            if line.strip():
                lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        if text[:1] not in ("=", "?"):
            raise GtpFailure(f"{self.name} answered {command!r} with {text[:60]!r}, not '= ...' or '? ...'")
        body = text[1:]
        while body[:1].isdigit():
            body = body[1:]
        return text[0] == "=", body.strip()

    def ok(self, command: str) -> str:
        ok, text = self.send(command)
        if not ok:
            raise GtpFailure(f"{self.name} refused {command!r}: {text}")
        return text

    def genmove(self, colour: int) -> str:
        t0 = time.perf_counter()
        try:
            return self.ok(f"genmove {colour + 1}")
        finally:
            dt = time.perf_counter() - t0
            self.seconds += dt
            self.genmoves += 1
            self.slowest = max(self.slowest, dt)

    def close(self) -> None:
        with contextlib.suppress(GtpFailure):
            self.send("quit")
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


@dataclass
class GameRecord:
    owners: list[int]  # engine index per colour
    colour_scores: list[int]
    engine_scores: list[int]  # the sum of each engine's colours
    moves: list[str] = field(default_factory=list)
    forfeit: int | None = None  # the engine that lost by an illegal or missing answer
    reason: str = ""

    def to_json(self) -> dict[str, Any]:
        return {"owners": self.owners, "colour_scores": self.colour_scores,
                "engine_scores": self.engine_scores, "moves": len(self.moves), "forfeit": self.forfeit,
                "reason": self.reason}


def play_game(engines: list[GtpClient], owners: list[int], preset: str = "blokus-event") -> GameRecord:
    """One game: ``owners[c]`` is the index in ``engines`` of the engine playing colour ``c``."""
    if len(owners) != COLOURS or any(not 0 <= o < len(engines) for o in owners):
        raise ValueError(f"owners must name an engine (0..{len(engines) - 1}) for each of the 4 colours")
    state = GAME.start(preset, 0)
    assert isinstance(state, BlokusState)
    for eng in engines:
        eng.ok("set_game " + SET_GAME[preset])
        eng.ok("clear_board")
    moves: list[str] = []
    forfeit: int | None = None
    reason = ""
    while (d := state.pending()) is not None:
        colour = state.current
        assert colour is not None
        who = owners[colour]
        try:
            move = engines[who].genmove(colour).lower()
            state.apply(d.seats[0], move)
        except (GtpFailure, RuleError) as exc:
            forfeit, reason = who, f"{COLOUR_NAMES[colour]}: {exc}"
            break
        moves.append(move)
        if move == PASS:
            continue  # a blocked colour: engines skip it themselves (Pentobi refuses "play <c> pass")
        for k, eng in enumerate(engines):
            if k != who:
                eng.ok(f"play {colour + 1} {move}")
    scores = state.colour_scores()
    totals = [sum(s for c, s in enumerate(scores) if owners[c] == k) for k in range(len(engines))]
    return GameRecord(owners, scores, totals, moves, forfeit, reason)


def rotations(pattern: list[int], games: int) -> list[list[int]]:
    """The colour ownership of each game: ``pattern`` rotated one colour per game, so every engine
    plays every position in the turn order equally often."""
    return [pattern[-(g % COLOURS):] + pattern[:-(g % COLOURS)] if g % COLOURS else list(pattern)
            for g in range(games)]


def summarise(records: list[GameRecord], names: list[str]) -> dict[str, Any]:
    """Per engine: colours played, mean seed score per colour, first places of its colours (a shared
    first place counts as a fraction), mean place of its colours, and (when each engine holds two
    colours) wins, draws and losses on the engines' totals; forfeits."""
    out: dict[str, Any] = {"games": len(records), "engines": []}
    for k, name in enumerate(names):
        scores: list[int] = []
        places: list[float] = []
        firsts = 0.0
        for r in records:
            top = max(r.colour_scores)
            for c, s in enumerate(r.colour_scores):
                if r.owners[c] != k:
                    continue
                scores.append(s)
                better = sum(1 for t in r.colour_scores if t > s)
                tied = sum(1 for t in r.colour_scores if t == s)
                places.append(better + (tied + 1) / 2)
                if s == top:
                    firsts += 1 / tied
        row: dict[str, Any] = {"engine": name, "colours_played": len(scores),
                               "mean_colour_score": round(sum(scores) / len(scores), 2) if scores else None,
                               "first_places": round(firsts, 2),
                               "mean_colour_place": round(sum(places) / len(places), 3) if places else None,
                               "forfeits": sum(1 for r in records if r.forfeit == k)}
        if len(names) == 2 and all(r.owners.count(k) == 2 for r in records):
            wins = sum(1 for r in records if r.engine_scores[k] > r.engine_scores[1 - k])
            draws = sum(1 for r in records if r.engine_scores[k] == r.engine_scores[1 - k])
            row.update(wins=wins, draws=draws, losses=len(records) - wins - draws)
        out["engines"].append(row)
    return out
