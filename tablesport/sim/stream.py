"""A simulation run streamed into a Parquet dataset (``tablesport simulate PRESET --out DIR``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tablesport.bots.registry import BotSpec, BotSpecError

from .dataset import (
    DatasetError,
    clear_partial,
    done_indexes,
    outcome_row,
    require_pyarrow,
    run_key,
    write_part,
)
from .engines import SimJob, chunks_of, default_chunk, make_engine
from .runner import SimClock


def simulate_to_dataset(
    preset: str,
    games: int,
    seed: int,
    out: Path,
    bots: str | None = None,
    clock: SimClock | None = None,
    engine: str = "local",
    workers: int = 1,
    address: str | None = None,
    resume: bool = False,
    chunk: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict[str, Any]:
    """Play games ``0 .. games-1`` of the run (preset, seed, bots, clock) into the dataset ``out``.

    Without ``resume`` the run must not be in the dataset yet; with it, the games already there are
    skipped (``progress`` is told about them first).  Returns what was done, as JSON."""
    from tablesport.games import find_preset

    game, rs = find_preset(preset)
    spec = BotSpec.parse(bots, game, rs)
    if games < 0:
        raise BotSpecError("--games must be ≥ 0")
    if chunk is not None and chunk < 1:
        raise BotSpecError("--chunk must be ≥ 1")
    require_pyarrow()
    if out.exists() and not out.is_dir():
        raise DatasetError(f"--out {out}: exists and is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    run = run_key(preset, seed, spec, clock)
    clear_partial(out)
    done = done_indexes(out, run)
    if done and not resume:
        raise DatasetError(f"{out} already holds {len(done)} games of this run ({run}); "
                           "add --resume to finish it, or write to another --out")
    todo = [i for i in range(games) if i not in done]
    skipped = games - len(todo)
    if progress and skipped:
        progress(skipped)
    size = chunk or default_chunk(len(todo), workers)
    job = SimJob(preset, seed, bots, clock)
    written = 0
    t_start = time.perf_counter()
    runner = make_engine(engine, workers, address)
    t0 = time.perf_counter()
    try:
        for played in runner.run(job, chunks_of(todo, size)):
            rows = [outcome_row(run, rs, game.name, seed, i, spec, o) for i, o in played]
            write_part(out, run, rows)
            written += len(rows)
            if progress:
                progress(len(rows))
    finally:
        runner.close()
    wall = time.perf_counter() - t0
    return {"preset": preset, "run": run, "games": games, "seed": seed, "bots": spec.labels(),
            "engine": engine, "workers": runner.workers, "dataset": str(out), "written": written,
            "skipped": skipped, "startup_seconds": round(t0 - t_start, 3), "seconds": round(wall, 3),
            "games_per_second": round(written / wall, 3) if wall and written else 0.0}
