"""What the photo readers' benchmarks and agreement scripts share (bench/blokus_photo.py,
bench/rummikub_photo.py and their ``*_agreement.py``): a read timed on one core, the timing figures,
the run over the conditions with its results file, and a club's photos read against a typed CSV."""

from __future__ import annotations

import argparse
import csv
import os
import statistics
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bench.machine import machine, save_results
from tablesport.imaging.decode import PhotoError, cv


def timed_read(read: Callable[[bytes], Any], data: bytes, wall: list[float], cpu: list[float]) -> Any:
    """``read(data)``, or None when the photo is refused; its wall and CPU seconds appended."""
    t0, c0 = time.perf_counter(), time.process_time()
    try:
        return read(data)
    except PhotoError:
        return None
    finally:
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)


def timing(wall: list[float], cpu: list[float]) -> dict[str, float]:
    """The read time per photo: CPU (the reader's own work) and wall (counts the machine's other work)."""
    return {
        "cpu_seconds_per_photo_mean": round(statistics.fmean(cpu), 3),
        "cpu_seconds_per_photo_max": round(max(cpu), 3),
        "wall_seconds_per_photo_mean": round(statistics.fmean(wall), 3),
        "wall_seconds_per_photo_max": round(max(wall), 3),
    }


def timing_text(res: dict[str, Any]) -> str:
    return (
        f"CPU {res['cpu_seconds_per_photo_mean']:.3f} s/photo (max {res['cpu_seconds_per_photo_max']:.3f}), "
        f"wall {res['wall_seconds_per_photo_mean']:.3f} s"
    )


def run_benchmark(
    doc: str,
    name: str,
    default_games: int,
    conditions: list[str],
    play: Callable[[int], Any],
    run_condition: Callable[[str, list[Any], int], dict[str, Any]],
    line: Callable[[dict[str, Any]], str],
    about: Callable[[list[Any]], dict[str, Any]] | None = None,
) -> None:
    """The command line of a photo benchmark: ``--games`` finished games played by ``play(seed)``, each
    condition run by ``run_condition`` on one core and printed by ``line``, the figures written to
    bench/results/``name``.json (with what ``about`` says of the games)."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("--games", type=int, default=default_games)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--conditions", default=",".join(conditions))
    args = ap.parse_args()
    cv().setNumThreads(1)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    t0 = time.perf_counter()
    games = [play(args.seed * 1000 + g) for g in range(args.games)]
    out: dict[str, Any] = {
        "machine": machine(),
        "load_at_start": os.getloadavg()[0],
        "games": args.games,
        "seed": args.seed,
        **(about(games) if about else {}),
        "seconds_playing_games": round(time.perf_counter() - t0, 1),
        "conditions": {},
    }
    for cond in args.conditions.split(","):
        out["conditions"][cond] = res = run_condition(cond, games, args.seed)
        print(f"{cond:12} {line(res)}  {timing_text(res)}", flush=True)
    out["load_at_end"] = os.getloadavg()[0]
    print(f"written {save_results(name, out)}")


def agreement(
    doc: str,
    read: Callable[[bytes], Any],
    judge: Callable[[dict[str, str], Any], tuple[bool, str]],
    extra: Callable[[], str] = lambda: "",
) -> None:
    """The command line of an agreement script: each row of the club's CSV (its ``photo`` column names a
    file in the folder) read and judged by ``judge(row, reading)`` (agrees?, what to print), then the
    share that agreed before any tap (and what ``extra`` adds). Nothing is written."""
    ap = argparse.ArgumentParser(description=doc.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("typed", type=Path, help="the CSV of what was typed at the table")
    args = ap.parse_args()
    agree = total = refused = 0
    for row in _rows(args.typed):
        total += 1
        t0 = time.perf_counter()
        try:
            reading = read((args.folder / row["photo"]).read_bytes())
        except PhotoError as exc:
            refused += 1
            print(f"{row['photo']}: refused ({exc.key}): {exc}")
            continue
        same, text = judge(row, reading)
        agree += same
        print(f"{row['photo']}: {'agrees' if same else 'differs'}  {text}  {time.perf_counter() - t0:.2f} s")
    if total:
        print(
            f"{agree} of {total} photos agree with what was typed before any tap ({agree / total:.1%}); "
            f"{extra()}{refused} refused"
        )


def _rows(path: Path) -> Iterator[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as f:
        yield from csv.DictReader(f)
