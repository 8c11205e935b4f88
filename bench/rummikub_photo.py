"""The Rummikub rack reader on synthetic phone photos of real final racks.

Each game is played to its end by the project's Rummikub engine and four greedy bots (seeded); each
loser's tiles left are laid on a rack and rendered (tablesport/games/rummikub/photo_render.py), one
photo per loser, once per condition: perspective alone (a phone at 30-70° from any side), lighting
gradient and glare, blur, heavy JPEG, a finger over a tile, colour shifts (white balance, each
tile's ivory and ink), and all of them at once. For each condition: tiles read right (each true tile
matched to the tile read nearest its centre), racks and sheets (all of a game's losers) read
exactly with nothing in doubt and no count region (no tap, no count), sheets whose every wrong or
missed tile was in doubt (the referee's taps make them right; a tile missed whose centre lies in a
region where the referee is asked to count the tiles is in doubt too: the count finds it), sheets
with a tile wrong, missed or added and not in doubt (the dangerous case), readings refused, rack
totals right before taps, and the read time per photo on one core (OpenCV held to one thread): CPU
time, and wall time, which on a shared machine counts the others' work too. Writes
bench/results/rummikub_photo.json.

These are synthetic photos of a modelled tile (photo_tiles.py), drawn by the same drawing the reader
matches: real photos are not measured here; see bench/rummikub_photo_agreement.py.

    .venv/bin/python -m bench.rummikub_photo [--games 24] [--seed 1] [--conditions all,blur]
"""

from __future__ import annotations

import statistics
from typing import Any

from bench.photo_common import run_benchmark, timed_read, timing
from tablesport.games.rummikub.photo_read import RackReading, read_photo
from tablesport.games.rummikub.photo_render import CONDITIONS, FinishedGame, finished_game, render
from tablesport.games.rummikub.tiles import penalty


def photo_seed(name: str, seed: int, game: int, seat: int) -> int:
    """The render seed of one photo: a different camera and harm per condition, game, seat and run."""
    return seed * 1_000_003 + game * 101 + seat * 17 + list(CONDITIONS).index(name)


def compare(
    codes: list[str], centres: list[tuple[float, float]], reading: RackReading
) -> tuple[int, int, int]:
    """Tiles right; tiles wrong, missed or added and not in doubt (the dangerous ones); tiles in
    doubt. True tiles and tiles read are paired nearest first, each once, within :func:`reach`; a
    true tile left unpaired was missed, and counts as unflagged unless its centre lies in one of the
    reading's count regions (the referee counts the tiles there and adds it), where it counts as in
    doubt; a tile read left unpaired was added, unflagged unless in doubt."""
    read = [
        (sum(x for x, _ in t.corners) / 4, sum(y for _, y in t.corners) / 4) for t in reading.tiles
    ]
    pairs = sorted(
        ((cx - x) ** 2 + (cy - y) ** 2, j, k)
        for j, (x, y) in enumerate(centres)
        for k, (cx, cy) in enumerate(read)
    )
    taken: dict[int, int] = {}  # true tile -> tile read, the nearest pairs first, each tile once
    for d, j, k in pairs:
        if j not in taken and k not in taken.values() and d < reach(reading) ** 2:
            taken[j] = k
    right = sum(1 for j, k in taken.items() if reading.tiles[k].code == codes[j])
    wrong_read = [k for j, k in taken.items() if reading.tiles[k].code != codes[j]]
    added = [k for k in range(len(reading.tiles)) if k not in taken.values()]
    missed = [j for j in range(len(codes)) if j not in taken]
    counted = [j for j in missed if any(c.holds(*centres[j]) for c in reading.count)]
    doubt = {k for k, t in enumerate(reading.tiles) if t.doubt}
    silent = len(missed) - len(counted) + len(set(wrong_read + added) - doubt)
    return right, silent, len(doubt) + len(counted)


def reach(reading: RackReading) -> float:
    """How far (fractions of the photo) a tile read may lie from a true tile's centre to be that tile:
    half the median tile read's height."""
    heights = [max(y for _, y in t.corners) - min(y for _, y in t.corners) for t in reading.tiles]
    return 0.5 * statistics.median(heights) if heights else 0.0


def run_condition(name: str, games: list[FinishedGame], seed: int) -> dict[str, Any]:
    tiles = right = racks = racks_exact = exact = flagged = safe = refused = totals_right = 0
    tiles_silent = tiles_doubt = silent = 0
    times: list[float] = []
    cpu: list[float] = []
    for g, game in enumerate(games):
        sheet_exact = sheet_safe = True
        sheet_doubt = False
        for seat in game.losers():
            codes = game.racks[seat]
            data, centres = render(codes, photo_seed(name, seed, g, seat), CONDITIONS[name])
            reading = timed_read(read_photo, data, times, cpu)
            tiles += len(codes)
            racks += 1
            if reading is None:
                refused += 1
                sheet_exact = False
                continue
            n, unflagged, doubt = compare(codes, centres, reading)
            right += n
            tiles_silent += unflagged
            tiles_doubt += doubt
            ok = n == len(codes) == len(reading.tiles) and not doubt and not reading.count
            racks_exact += ok
            totals_right += sum(map(penalty, reading.codes)) == sum(map(penalty, codes))
            sheet_exact &= ok
            sheet_safe &= not unflagged
            sheet_doubt |= doubt > 0 or bool(reading.count)
        exact += sheet_exact
        flagged += sheet_doubt
        safe += sheet_safe and not sheet_exact
        silent += not sheet_safe
    n = len(games)
    return {
        "sheets": n,
        "photos": racks,
        "tiles": tiles,
        "tiles_right": round(right / max(1, tiles), 5),
        "tiles_flagged": round(tiles_doubt / max(1, tiles), 5),
        "tiles_wrong_unflagged": tiles_silent,
        "racks_exact_no_tap": round(racks_exact / max(1, racks), 4),
        "sheets_exact_no_tap": round(exact / n, 4),
        "sheets_flagged": round(flagged / n, 4),
        "sheets_right_after_taps_on_doubt": round((exact + safe) / n, 4),
        "sheets_wrong_unflagged": silent,
        "refused": refused,
        "rack_totals_right_before_taps": round(totals_right / max(1, racks), 4),
        **timing(times, cpu),
    }


def line(res: dict[str, Any]) -> str:
    return (
        f"tiles {res['tiles_right']:.5f}  racks {res['racks_exact_no_tap']:.3f}  "
        f"sheets exact {res['sheets_exact_no_tap']:.3f}  flagged {res['sheets_flagged']:.3f}  "
        f"right after taps {res['sheets_right_after_taps_on_doubt']:.3f}  "
        f"unflagged sheets {res['sheets_wrong_unflagged']} tiles {res['tiles_wrong_unflagged']}  "
        f"refused {res['refused']}"
    )


def about(games: list[FinishedGame]) -> dict[str, Any]:
    sizes = [len(g.racks[s]) for g in games for s in g.losers()]
    return {"tiles_per_rack_mean": round(statistics.fmean(sizes), 2)}


def main() -> None:
    run_benchmark(
        __doc__ or "", "rummikub_photo", 24, list(CONDITIONS), finished_game, run_condition, line, about
    )


if __name__ == "__main__":
    main()
