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

from typing import Any

from bench.photo_common import agreement
from tablesport.games.blokus.photo_read import read_photo
from tablesport.games.blokus.photo_score import board_reading

COLOURS = ("blue", "yellow", "red", "green")


def judge(row: dict[str, str], reading: Any) -> tuple[bool, str]:
    typed = [int(row[c]) for c in COLOURS]
    colours = board_reading(reading.rows)
    read = [c.squares_left for c in colours]
    problems = [p for c in colours for p in c.problems]
    legal = "illegal: " + "; ".join(problems) if problems else "legal"
    text = f"read {read}  typed {typed}  in doubt {len(reading.doubt)}  {legal}"
    return read == typed and not problems, text


def main() -> None:
    agreement(__doc__ or "", read_photo, judge)


if __name__ == "__main__":
    main()
