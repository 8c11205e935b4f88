"""How well the Rummikub rack reader agrees with a club's own typed racks, on the club's real photos.

The synthetic benchmark (bench/rummikub_photo.py) does not say how the reader does on real tiles, real
phones and real halls. A club measures that: photograph losers' racks as a referee would (the tiles
face up, apart, on the rack or a dark surface), type each rack's tiles (a CSV), and run

    .venv/bin/python -m bench.rummikub_photo_agreement PHOTOS_FOLDER RACKS.csv

RACKS.csv has a header ``photo,tiles`` and one row per photo: its file name in the folder and the
tiles on it as codes (``R7 K13 J``: R red, B blue, O orange, K black, J a joker). For each photo the
script says whether the tiles read agree with the typed ones before any tap, how many tiles were in
doubt, whether the rack's total agrees, and why a photo was refused; then the shares that agreed.
Nothing is written.
"""

from __future__ import annotations

from typing import Any

from bench.photo_common import agreement
from tablesport.games.rummikub.photo_read import read_photo
from tablesport.games.rummikub.table_score import rack_codes, rack_total

TOTALS: list[bool] = []


def judge(row: dict[str, str], reading: Any) -> tuple[bool, str]:
    typed = sorted(rack_codes(row["tiles"], row["photo"]))
    read = sorted(reading.codes)
    doubt = sum(t.doubt for t in reading.tiles)
    TOTALS.append(rack_total(read, True) == rack_total(typed, True))
    text = f"read {' '.join(read)}  typed {' '.join(typed)}  in doubt {doubt}"
    return read == typed and not doubt, text


def main() -> None:
    agreement(__doc__ or "", read_photo, judge, lambda: f"{sum(TOTALS)} have the right total; ")


if __name__ == "__main__":
    main()
