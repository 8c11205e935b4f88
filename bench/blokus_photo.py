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

from typing import Any

from bench.photo_common import run_benchmark, timed_read, timing
from tablesport.games.blokus.photo_read import read_photo
from tablesport.games.blokus.photo_render import CONDITIONS, finished_game, render
from tablesport.games.blokus.photo_score import board_reading


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
        reading = timed_read(read_photo, data, times, cpu)
        cells += 400
        if reading is None:
            refused += 1
            continue
        wrong = {
            (x, y)
            for y, (a, b) in enumerate(zip(rows, reading.rows, strict=True))
            for x in range(20)
            if a[x] != b[x]
        }
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
        **timing(times, cpu),
    }


def line(res: dict[str, Any]) -> str:
    return (
        f"squares {res['squares_right']:.5f}  exact {res['sheets_exact_no_tap']:.3f}  "
        f"right after taps {res['sheets_right_after_taps_on_doubt']:.3f}  "
        f"illegal {res['sheets_wrong_flagged_illegal']}  unflagged {res['sheets_wrong_unflagged']}  "
        f"refused {res['refused']}"
    )


def main() -> None:
    run_benchmark(__doc__ or "", "blokus_photo", 50, list(CONDITIONS), finished_game, run_condition, line)


if __name__ == "__main__":
    main()
