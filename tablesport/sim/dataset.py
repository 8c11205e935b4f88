"""Simulation results as a Parquet dataset: one row per game, streamed in part files.

A dataset is a folder of ``part-<run>-<first index>.parquet`` files.  Each finished chunk of games
becomes one part file, written under a temporary name and renamed when complete, so a killed run
leaves only whole parts behind; ``--resume`` reads which game indexes of the run are there and
plays only the others.  Several runs (other presets, seeds or bots) may share a dataset: rows carry
their ``run`` key.

The columns (see ``docs/simulation.md``):

* who and what: ``run``, ``preset``, ``game``, ``run_seed``, ``index``, ``seed`` (the game's own seed),
  ``seats``, ``bots`` (per seat), ``sides`` (per seat, at the end), ``first_seat``;
* the result: ``placements``, ``scores``, ``winner_seats``, ``winner_side``, ``draw``, ``reason``,
  ``length`` (decisions taken), ``seconds``;
* the game's statistics, complete, as JSON (``stats_json``, ``sides_json``) and flattened where they are
  plain values: ``seat_<key>`` (a list with one value per seat), ``side_<side>_<key>`` (a side's
  statistics) and ``stat_<key>`` (the others; nested mappings joined with ``_``).  Numbers are
  doubles, so a statistic keeps one type across games.
"""

from __future__ import annotations

import hashlib
import os
import re
import uuid
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from tablesport.bots.registry import NEUTRAL, BotSpec
from tablesport.core import Ruleset, TablesportError, dumps

from .runner import GameOutcome, SimClock

PART_GLOB = "part-*.parquet"

CORE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("run", "string"), ("preset", "string"), ("game", "string"), ("run_seed", "int64"),
    ("index", "int64"), ("seed", "int64"), ("seats", "int64"), ("bots", "list<string>"),
    ("sides", "list<string>"), ("first_seat", "int64"), ("placements", "list<int64>"),
    ("scores", "list<double>"), ("winner_seats", "list<int64>"), ("winner_side", "string"),
    ("draw", "bool"), ("reason", "string"), ("length", "int64"), ("seconds", "double"),
    ("stats_json", "string"), ("sides_json", "string"),
)


class DatasetError(TablesportError):
    """A dataset folder that cannot be written or read as asked."""


def require_pyarrow() -> None:
    """Raise :class:`DatasetError` (saying what to install) unless pyarrow is there."""
    _pa()


def _pa() -> Any:
    try:
        import pyarrow
        import pyarrow.parquet  # noqa: F401  (loads pyarrow.parquet as an attribute)
    except ImportError:
        raise DatasetError("writing a dataset needs pyarrow: pip install 'tablesport[ray]' "
                           "or 'tablesport[analytics]'") from None
    return pyarrow


def run_key(preset: str, seed: int, spec: BotSpec, clock: SimClock | None) -> str:
    """What makes two runs the same run (12 hex digits): preset, seed, bots and clock."""
    text = dumps({"preset": preset, "seed": seed, "bots": spec.labels(),
                  "clock": clock.per_decision if clock else None})
    return hashlib.sha256(text.encode()).hexdigest()[:12]


# -- one row per game ---------------------------------------------------------------------------
_NAME = re.compile(r"[^0-9A-Za-z]+")


def _column(*parts: object) -> str:
    return "_".join(_NAME.sub("_", str(p)).strip("_") or "x" for p in parts)


def _plain(value: Any) -> Any:
    """A statistic as a column value: numbers as floats, strings, bools, lists of one of these;
    ``None`` where the value is something else (it stays in the JSON column)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, list | tuple) and value:
        items = [_plain(v) for v in value]
        kinds = {type(v) for v in items}
        if len(kinds) == 1 and kinds <= {float, str, bool}:
            return items
    return None


def _flatten(prefix: tuple[str, ...], stats: Mapping[str, Any], seats: int, out: dict[str, Any],
             depth: int = 0) -> None:
    for key, value in stats.items():
        if isinstance(value, Mapping):
            if depth < 2:
                _flatten((*prefix, key), value, seats, out, depth + 1)
            continue
        plain = _plain(value)
        if plain is None:
            continue
        if not prefix and isinstance(plain, list) and len(plain) == seats:
            out[_column("seat", key)] = plain
        else:
            out[_column(*prefix, key)] = plain


def outcome_row(run: str, rs: Ruleset, game: str, run_seed: int, index: int, spec: BotSpec,
                outcome: GameOutcome) -> dict[str, Any]:
    """The dataset row of one game."""
    res = outcome.result
    seats = rs.seats
    sides = [outcome.seat_sides.get(s) for s in range(seats)]
    bots = []
    for s in range(seats):
        side = sides[s]
        # as the table chose: by side where the spec is per side (a seat without one: the neutral bot)
        choice = spec.per_side.get(side or "", NEUTRAL) if spec.per_side else spec.per_seat[s]
        bots.append(choice.label())
    row: dict[str, Any] = {
        "run": run, "preset": rs.preset, "game": game, "run_seed": run_seed, "index": index,
        "seed": outcome.seed, "seats": seats, "bots": bots, "sides": sides, "first_seat": outcome.first_seat,
        "placements": list(res.placements), "scores": [float(x) for x in res.scores],
        "winner_seats": list(res.winner_seats), "winner_side": res.winner_side, "draw": res.is_draw,
        "reason": res.reason, "length": outcome.decisions, "seconds": outcome.seconds,
        "stats_json": dumps(res.stats),
        "sides_json": dumps({name: {"seats": list(sr.seats), "placement": sr.placement, "score": sr.score,
                                    "stats": sr.stats} for name, sr in res.sides.items()}),
    }
    flat: dict[str, Any] = {}
    # a top-level statistic named after a side repeats that side's statistics (flattened below)
    _flatten((), {k: v for k, v in res.stats.items() if k not in res.sides}, seats, flat)
    for name, sr in res.sides.items():
        flat[_column("side", name, "placement")] = float(sr.placement)
        _flatten(("side", name), sr.stats, seats, flat, 1)
    top = {k: v for k, v in flat.items() if not k.startswith(("seat_", "side_"))}
    row.update({k: v for k, v in flat.items() if k.startswith(("seat_", "side_"))})
    row.update({_column("stat", k): v for k, v in top.items()})
    return row


# -- the folder -------------------------------------------------------------------------------------
def _schema(pa: Any, rows: Sequence[Mapping[str, Any]]) -> Any:
    types = {"string": pa.string(), "int64": pa.int64(), "double": pa.float64(), "bool": pa.bool_(),
             "list<string>": pa.list_(pa.string()), "list<int64>": pa.list_(pa.int64()),
             "list<double>": pa.list_(pa.float64())}
    fields = [pa.field(name, types[kind]) for name, kind in CORE_COLUMNS]
    core = {name for name, _ in CORE_COLUMNS}
    extra: dict[str, Any] = {}
    clash: set[str] = set()
    for row in rows:
        for key, value in row.items():
            if key in core:
                continue
            if value is None:
                extra.setdefault(key, None)
                continue
            item = value[0] if isinstance(value, list) else value
            kind = {bool: pa.bool_(), float: pa.float64(), str: pa.string()}[type(item)]
            kind = pa.list_(kind) if isinstance(value, list) else kind
            if extra.get(key) is not None and extra[key] != kind:
                clash.add(key)   # one statistic of two types in one chunk: it stays in the JSON only
            extra[key] = kind
    fields += [pa.field(k, t if t is not None else pa.null()) for k, t in sorted(extra.items())
               if k not in clash]
    return pa.schema(fields)


def part_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(PART_GLOB))


def write_part(folder: Path, run: str, rows: Sequence[Mapping[str, Any]]) -> Path:
    """Write ``rows`` (one chunk of one run) as one part file, atomically."""
    pa = _pa()
    rows = sorted(rows, key=lambda r: int(r["index"]))
    table = pa.Table.from_pylist(list(rows), schema=_schema(pa, rows))
    path = folder / f"part-{run}-{int(rows[0]['index']):09d}.parquet"
    tmp = folder / f".{path.name}.{uuid.uuid4().hex[:8]}.tmp"
    pa.parquet.write_table(table, tmp)
    os.replace(tmp, path)
    return path


def done_indexes(folder: Path, run: str) -> set[int]:
    """The game indexes of ``run`` already in the dataset."""
    pa = _pa()
    done: set[int] = set()
    for path in part_files(folder):
        if not path.name.startswith(f"part-{run}-"):
            continue
        try:
            column = pa.parquet.read_table(path, columns=["index"]).column("index")
        except (OSError, pa.ArrowException) as exc:
            raise DatasetError(f"{path}: not a readable Parquet part ({exc}); remove it to go on") from None
        done.update(int(i) for i in column.to_pylist())
    return done


def clear_partial(folder: Path) -> None:
    """Remove the temporary files a killed run left behind."""
    for tmp in folder.glob(".part-*.tmp"):
        tmp.unlink(missing_ok=True)


def read_dataset(folder: Path, columns: Iterable[str] | None = None) -> Any:
    """The whole dataset as one pyarrow Table (part schemas merged: a column missing in a part is null)."""
    pa = _pa()
    files = part_files(folder)
    if not files:
        raise DatasetError(f"{folder}: no part-*.parquet files (not a simulation dataset?)")
    tables = [pa.parquet.read_table(f, columns=list(columns) if columns is not None else None) for f in files]
    return pa.concat_tables(tables, promote_options="permissive")
