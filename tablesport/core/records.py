"""Game records: one JSON object per line, replayable bit for bit.

Line 1, the header::

    {"record": "tablesport", "format": 1, "game": "blokus", "preset": "blokus-event",
     "seed": 7, "seats": ["greedy", "random", "random", "random"], "version": "0.1.0", "h": "…"}

(plus ``"params": {...}`` when the game ran with parameters overridden for it, see
``Ruleset.with_params``)
Then one line per step, in order, ``i`` counting from 1::

    {"i": 1, "t": "act", "seat": 0, "action": ..., "h": "…"}     a seat's answer
    {"i": 2, "t": "timeout", "seat": 2, "h": "…"}                 the decision timed out
    {"i": 3, "t": "time_up", "h": "…"}                            the game clock ran out
    {"i": 4, "t": "referee", "action": ..., "h": "…"}              a referee's ruling

Last, the footer::

    {"end": true, "steps": 4, "final_hash": "…", "result": {...}, "h": "…"}

``h`` chains the lines: the first 16 hex digits of SHA-256 over the previous line's ``h`` and
this line's canonical JSON without ``h`` (the header chains from the empty string).  An edited
line breaks the chain; a line removed at the end leaves no footer; a changed action that still
chains is caught by the final state hash.  ``final_hash`` is ``State.state_hash()`` at the end.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from .protocol import Action, Event, RuleError, State, TablesportError, canon, dumps, to_json

FORMAT = 1


class RecordError(TablesportError):
    """A record that cannot be replayed: unreadable, tampered with, truncated or illegal."""


def _chain(prev: str, obj: dict[str, Any]) -> str:
    body = {k: v for k, v in obj.items() if k != "h"}
    return hashlib.sha256((prev + dumps(body)).encode()).hexdigest()[:16]


def jsonl(lines: Iterable[dict[str, Any]]) -> str:
    """Record lines as the text of a ``.jsonl`` file."""
    return "".join(dumps(line, canonical=False) + "\n" for line in lines)


def apply_step(state: State, step: dict[str, Any]) -> list[Event]:
    """Apply one record step (``act``, ``timeout``, ``time_up`` or ``referee``) to ``state``."""
    kind = step.get("t")
    if kind == "act":
        return state.apply(int(step["seat"]), canon(step["action"]))
    if kind == "timeout":
        return state.timeout(int(step["seat"]))
    if kind == "time_up":
        return state.time_up()
    if kind == "referee":
        return state.referee(canon(step["action"]))
    raise RecordError(f"unknown step type {kind!r}; allowed: act, timeout, time_up, referee")


@dataclass
class Recorder:
    """Collects a game's steps and writes the record."""

    game: str
    preset: str
    seed: int
    seats: list[str]
    version: str = "0"
    params: dict[str, Any] = field(default_factory=dict)
    lines: list[dict[str, Any]] = field(default_factory=list)
    _h: str = ""

    def __post_init__(self) -> None:
        header = {
            "record": "tablesport",
            "format": FORMAT,
            "game": self.game,
            "preset": self.preset,
            "seed": self.seed,
            "seats": list(self.seats),
            "version": self.version,
        }
        if self.params:
            header["params"] = to_json(self.params)
        self._add(header)

    def _add(self, obj: dict[str, Any]) -> None:
        obj["h"] = self._h = _chain(self._h, obj)
        self.lines.append(obj)

    @property
    def steps(self) -> int:
        return len(self.lines) - 1

    def act(self, seat: int, action: Action) -> None:
        self._add({"i": self.steps + 1, "t": "act", "seat": seat, "action": to_json(action)})

    def timeout(self, seat: int) -> None:
        self._add({"i": self.steps + 1, "t": "timeout", "seat": seat})

    def time_up(self) -> None:
        self._add({"i": self.steps + 1, "t": "time_up"})

    def referee(self, action: Action) -> None:
        self._add({"i": self.steps + 1, "t": "referee", "action": to_json(action)})

    def finish(self, state: State) -> None:
        res = state.result()
        self._add(
            {
                "end": True,
                "steps": self.steps,
                "final_hash": state.state_hash(),
                "result": res.to_json() if res else None,
            }
        )

    def text(self) -> str:
        return jsonl(self.lines)

    def write(self, path: str | Path) -> None:
        Path(path).write_text(self.text(), encoding="utf-8")


@dataclass
class Replay:
    header: dict[str, Any]
    state: State
    steps: int
    final_hash: str
    result: dict[str, Any] | None


def read_lines(source: str | Path | IO[str] | Iterable[str]) -> Iterator[tuple[int, dict[str, Any]]]:
    if isinstance(source, str | Path):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise RecordError(f"no such record file: {source}") from None
        except (OSError, UnicodeDecodeError) as exc:
            raise RecordError(f"cannot read record {source}: {exc}") from None
        lines: Iterable[str] = text.splitlines()
    else:
        lines = source
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            obj = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise RecordError(f"line {n}: not JSON ({exc.msg})") from None
        if not isinstance(obj, dict):
            raise RecordError(f"line {n}: expected a JSON object")
        yield n, obj


def replay(
    source: str | Path | IO[str] | Iterable[str],
    start: Callable[[str, str, int, dict[str, Any]], State],
    on_step: Callable[[State, dict[str, Any], list[Event]], None] | None = None,
) -> Replay:
    """Replay a record and check it; ``start(game, preset, seed, params)`` builds the initial state.

    Raises :class:`RecordError` with the line number and reason on any problem.
    """
    it = read_lines(source)
    try:
        n, header = next(it)
    except StopIteration:
        raise RecordError("empty record: no header line") from None
    if header.get("record") != "tablesport":
        raise RecordError(f"line {n}: not a tablesport record header")
    if header.get("format") != FORMAT:
        raise RecordError(f"line {n}: record format {header.get('format')!r} is not supported "
                          f"(expected {FORMAT})")
    h = ""
    if header.get("h") != _chain(h, header):
        raise RecordError(f"line {n}: header was altered (chain hash mismatch)")
    h = header["h"]
    seed = header.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError(f"line {n}: header seed must be an integer")
    params = header.get("params", {})
    if not isinstance(params, dict):
        raise RecordError(f"line {n}: header params must be an object")
    try:
        state = start(str(header.get("game")), str(header.get("preset")), seed, canon(params))
    except TablesportError as exc:
        raise RecordError(f"line {n}: {exc}") from None
    steps = 0
    for n, obj in it:
        if obj.get("h") != _chain(h, obj):
            raise RecordError(f"line {n}: altered or out of order (chain hash mismatch)")
        h = obj["h"]
        if obj.get("end") is True:
            if obj.get("steps") != steps:
                raise RecordError(f"line {n}: footer says {obj.get('steps')} steps, record has {steps}")
            final = state.state_hash()
            if obj.get("final_hash") != final:
                raise RecordError(f"line {n}: final state hash differs: record {obj.get('final_hash')}, "
                                  f"replay {final}")
            extra = next(it, None)
            if extra is not None:
                raise RecordError(f"line {extra[0]}: data after the footer")
            res = state.result()
            return Replay(header, state, steps, final, res.to_json() if res else None)
        steps += 1
        if obj.get("i") != steps:
            raise RecordError(f"line {n}: step number {obj.get('i')!r}, expected {steps}")
        try:
            events = apply_step(state, obj)
        except RuleError as exc:
            raise RecordError(f"line {n}: illegal step: {exc}") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise RecordError(f"line {n}: malformed step ({exc})") from None
        if on_step is not None:
            on_step(state, obj, events)
    raise RecordError(f"truncated record: no footer after {steps} steps")
