"""How well the Blokus photo reader agrees with a club's own typed sheets, on the club's real photos.

The synthetic benchmark (bench/blokus_photo.py) does not say how the reader does on real boards, real
phones and real halls. A club measures that: photograph finished boards as a referee would, type each
board's squares left per colour from the players' count (a CSV), and run

    .venv/bin/python -m bench.blokus_photo_agreement PHOTOS_FOLDER SHEETS.csv

SHEETS.csv has a header ``photo,blue,yellow,red,green`` and one row per photo: its file name in the
folder and each colour's squares left as counted at the table. For each photo the script says whether
the reading agrees with the sheet before any tap, how many squares it put in doubt, whether the reading
is a legal finished game, and why a photo was refused; then the share that agreed. Nothing is written.
"""

from __future__ import annotations

import argparse
import csv
import time
from pathlib import Path

from tablesport.games.blokus.photo_read import read_photo
from tablesport.games.blokus.photo_score import board_reading
from tablesport.imaging.decode import PhotoError

COLOURS = ("blue", "yellow", "red", "green")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("sheets", type=Path)
    args = ap.parse_args()
    agree = total = refused = 0
    with args.sheets.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            total += 1
            typed = [int(row[c]) for c in COLOURS]
            t0 = time.perf_counter()
            try:
                reading = read_photo((args.folder / row["photo"]).read_bytes())
            except PhotoError as exc:
                refused += 1
                print(f"{row['photo']}: refused ({exc.key}): {exc}")
                continue
            colours = board_reading(reading.rows)
            read = [c.squares_left for c in colours]
            problems = [p for c in colours for p in c.problems]
            same = read == typed and not problems
            agree += same
            legal = "illegal: " + "; ".join(problems) if problems else "legal"
            print(
                f"{row['photo']}: {'agrees' if same else 'differs'}  read {read}  typed {typed}  "
                f"in doubt {len(reading.doubt)}  {legal}  "
                f"{time.perf_counter() - t0:.2f} s"
            )
    if total:
        print(
            f"{agree} of {total} photos agree with the typed sheet before any tap ({agree / total:.1%}); "
            f"{refused} refused"
        )


if __name__ == "__main__":
    main()
