"""The Blokus photo reader on synthetic phone photos of real finished games.

Each game is played to its end by the project's Blokus engine and greedy bots (seeded, weights drawn
per game); its final board is rendered (tablesport/games/blokus/photo_render.py) once per condition:
perspective alone (a phone at 30-70° from any side), lighting gradient and glare, blur, heavy JPEG,
a hand or a cup in view, colour shifts (white balance, each piece's plastic), and all of them at
once. For each condition: squares read right, sheets read exactly with nothing in doubt (no tap),
sheets whose every wrong square was flagged in doubt (the referee's taps make them right), sheets
with a wrong square not in doubt but flagged as no legal position (not scored), sheets wrong and
legal with the wrong square not in doubt (the dangerous case), readings refused, the seed's scores
right, and the read time per photo on one core (OpenCV held to one thread): CPU time, and wall
time, which on a shared machine counts the others' work too.
Writes bench/results/blokus_photo.json.

These are synthetic photos of a modelled board (photo_board.py); real photos are not measured here:
see bench/blokus_photo_agreement.py.

    .venv/bin/python -m bench.blokus_photo [--games 50] [--seed 1] [--conditions all,blur]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.games.blokus.photo_read import read_photo
from tablesport.games.blokus.photo_render import CONDITIONS, finished_game, render
from tablesport.games.blokus.photo_score import board_reading
from tablesport.imaging.decode import PhotoError, cv


def photo_seed(name: str, seed: int, game: int) -> int:
    """The render seed of one photo: a different camera and harm per condition, game and run."""
    return seed * 1_000_003 + game * 101 + list(CONDITIONS).index(name)


def run_condition(name: str, games: list[Any], seed: int) -> dict[str, Any]:
    cells = right = exact = safe = caught = silent = refused = scores_right = 0
    times: list[float] = []
    cpu: list[float] = []
    for g, state in enumerate(games):
        rows = state.board_rows()
        data = render(rows, photo_seed(name, seed, g), CONDITIONS[name])
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            reading = read_photo(data)
        except PhotoError:
            refused += 1
            cells += 400
            continue
        finally:
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        wrong = {
            (x, y)
            for y, (a, b) in enumerate(zip(rows, reading.rows, strict=True))
            for x in range(20)
            if a[x] != b[x]
        }
        cells += 400
        right += 400 - len(wrong)
        doubt = set(reading.doubt)
        colours = board_reading(reading.rows)
        if not wrong and not doubt:
            exact += 1
        elif wrong <= doubt:
            safe += 1
        elif any(c.problems for c in colours):
            caught += 1
        else:
            silent += 1
        got = [c.score(False) for c in colours]
        scores_right += got == [c.score(False) for c in board_reading(rows)]
    n = len(games)
    return {
        "photos": n,
        "squares_right": round(right / cells, 5),
        "sheets_exact_no_tap": round(exact / n, 4),
        "sheets_right_after_taps_on_doubt": round((exact + safe) / n, 4),
        "sheets_wrong_flagged_illegal": caught,
        "sheets_wrong_unflagged": silent,
        "refused": refused,
        "scores_right_before_taps": round(scores_right / n, 4),
        "cpu_seconds_per_photo_mean": round(statistics.fmean(cpu), 3),
        "cpu_seconds_per_photo_max": round(max(cpu), 3),
        "wall_seconds_per_photo_mean": round(statistics.fmean(times), 3),
        "wall_seconds_per_photo_max": round(max(times), 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--conditions", default=",".join(CONDITIONS))
    args = ap.parse_args()
    cv().setNumThreads(1)
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    t0 = time.perf_counter()
    games = [finished_game(args.seed * 1000 + g) for g in range(args.games)]
    play = time.perf_counter() - t0
    out: dict[str, Any] = {
        "machine": machine(),
        "load_at_start": os.getloadavg()[0],
        "games": args.games,
        "seed": args.seed,
        "seconds_playing_games": round(play, 1),
        "conditions": {},
    }
    for name in args.conditions.split(","):
        out["conditions"][name] = res = run_condition(name, games, args.seed)
        print(
            f"{name:12} squares {res['squares_right']:.5f}  exact {res['sheets_exact_no_tap']:.3f}  "
            f"right after taps {res['sheets_right_after_taps_on_doubt']:.3f}  "
            f"illegal {res['sheets_wrong_flagged_illegal']}  unflagged {res['sheets_wrong_unflagged']}  "
            f"refused {res['refused']}  "
            f"CPU {res['cpu_seconds_per_photo_mean']:.3f} s/photo "
            f"(max {res['cpu_seconds_per_photo_max']:.3f}), "
            f"wall {res['wall_seconds_per_photo_mean']:.3f} s",
            flush=True,
        )
    out["load_at_end"] = os.getloadavg()[0]
    print(f"written {save_results('blokus_photo', out)}")


if __name__ == "__main__":
    main()
