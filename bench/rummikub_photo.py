"""The Rummikub rack reader on synthetic phone photos of real final racks.

Each game is played to its end by the project's Rummikub engine and four greedy bots (seeded); each
loser's tiles left are laid on a rack and rendered (tablesport/games/rummikub/photo_render.py), one
photo per loser, once per condition: perspective alone (a phone at 30-70° from any side), lighting
gradient and glare, blur, heavy JPEG, a finger over a tile, colour shifts (white balance, each
tile's ivory and ink), and all of them at once. For each condition: tiles read right (each true tile
matched to the tile read nearest its centre), racks and sheets (all of a game's losers) read
exactly with nothing in doubt (no tap), sheets whose every wrong or missed tile was in doubt (the
referee's taps make them right), sheets with a tile wrong, missed or added and not in doubt (the
dangerous case), readings refused, rack totals right before taps, and the read time per photo on one
core (OpenCV held to one thread): CPU time, and wall time, which on a shared machine counts the
others' work too. Writes bench/results/rummikub_photo.json.

These are synthetic photos of a modelled tile (photo_tiles.py), drawn by the same drawing the reader
matches: real photos are not measured here; see bench/rummikub_photo_agreement.py.

    .venv/bin/python -m bench.rummikub_photo [--games 30] [--seed 1] [--conditions all,blur]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.games.rummikub.photo_read import RackReading, read_photo
from tablesport.games.rummikub.photo_render import CONDITIONS, FinishedGame, finished_game, render
from tablesport.games.rummikub.tiles import penalty
from tablesport.imaging.decode import PhotoError, cv


def photo_seed(name: str, seed: int, game: int, seat: int) -> int:
    """The render seed of one photo: a different camera and harm per condition, game, seat and run."""
    return seed * 1_000_003 + game * 101 + seat * 17 + list(CONDITIONS).index(name)


def compare(
    codes: list[str], centres: list[tuple[float, float]], reading: RackReading
) -> tuple[int, bool, bool]:
    """Tiles right; whether the rack is exact with nothing in doubt; whether every tile wrong, missed
    or added is in doubt."""
    taken: dict[int, int] = {}
    for k, tile in enumerate(reading.tiles):
        cx = sum(x for x, _ in tile.corners) / 4
        cy = sum(y for _, y in tile.corners) / 4
        j = min(range(len(centres)), key=lambda j: (centres[j][0] - cx) ** 2 + (centres[j][1] - cy) ** 2)
        if j not in taken:
            taken[j] = k
    right = sum(1 for j, k in taken.items() if reading.tiles[k].code == codes[j])
    wrong_read = [k for j, k in taken.items() if reading.tiles[k].code != codes[j]]
    added = [k for k in range(len(reading.tiles)) if k not in taken.values()]
    missed = len(codes) - len(taken)
    doubt = {k for k, t in enumerate(reading.tiles) if t.doubt}
    exact = right == len(codes) and not added and not doubt
    covered = missed == 0 and set(wrong_read + added) <= doubt
    return right, exact, covered


def run_condition(name: str, games: list[FinishedGame], seed: int) -> dict[str, Any]:
    tiles = right = racks = racks_exact = exact = safe = silent = refused = totals_right = 0
    times: list[float] = []
    cpu: list[float] = []
    for g, game in enumerate(games):
        sheet_exact = sheet_safe = True
        for seat in game.losers():
            codes = game.racks[seat]
            data, centres = render(codes, photo_seed(name, seed, g, seat), CONDITIONS[name])
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                reading = read_photo(data)
            except PhotoError:
                refused += 1
                reading = None
            finally:
                times.append(time.perf_counter() - t0)
                cpu.append(time.process_time() - c0)
            tiles += len(codes)
            racks += 1
            if reading is None:
                sheet_exact = False
                continue
            n, ok, covered = compare(codes, centres, reading)
            right += n
            racks_exact += ok
            totals_right += sum(map(penalty, reading.codes)) == sum(map(penalty, codes))
            sheet_exact &= ok
            sheet_safe &= ok or covered
        exact += sheet_exact
        safe += sheet_safe and not sheet_exact
        silent += not sheet_safe
    n = len(games)
    return {
        "sheets": n,
        "photos": racks,
        "tiles": tiles,
        "tiles_right": round(right / max(1, tiles), 5),
        "racks_exact_no_tap": round(racks_exact / max(1, racks), 4),
        "sheets_exact_no_tap": round(exact / n, 4),
        "sheets_right_after_taps_on_doubt": round((exact + safe) / n, 4),
        "sheets_wrong_unflagged": silent,
        "refused": refused,
        "rack_totals_right_before_taps": round(totals_right / max(1, racks), 4),
        "cpu_seconds_per_photo_mean": round(statistics.fmean(cpu), 3),
        "cpu_seconds_per_photo_max": round(max(cpu), 3),
        "wall_seconds_per_photo_mean": round(statistics.fmean(times), 3),
        "wall_seconds_per_photo_max": round(max(times), 3),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=30)
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
        "tiles_per_rack_mean": round(statistics.fmean(len(g.racks[s]) for g in games for s in g.losers()), 2),
        "seconds_playing_games": round(play, 1),
        "conditions": {},
    }
    for name in args.conditions.split(","):
        out["conditions"][name] = res = run_condition(name, games, args.seed)
        print(
            f"{name:12} tiles {res['tiles_right']:.5f}  racks {res['racks_exact_no_tap']:.3f}  "
            f"sheets exact {res['sheets_exact_no_tap']:.3f}  "
            f"right after taps {res['sheets_right_after_taps_on_doubt']:.3f}  "
            f"unflagged {res['sheets_wrong_unflagged']}  refused {res['refused']}  "
            f"CPU {res['cpu_seconds_per_photo_mean']:.3f} s/photo "
            f"(max {res['cpu_seconds_per_photo_max']:.3f}), wall {res['wall_seconds_per_photo_mean']:.3f} s",
            flush=True,
        )
    out["load_at_end"] = os.getloadavg()[0]
    print(f"written {save_results('rummikub_photo', out)}")


if __name__ == "__main__":
    main()
