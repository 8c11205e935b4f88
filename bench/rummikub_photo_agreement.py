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

import argparse
import csv
import time
from pathlib import Path

from tablesport.games.rummikub.photo_read import read_photo
from tablesport.games.rummikub.table_score import rack_codes, rack_total
from tablesport.imaging.decode import PhotoError


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("racks", type=Path)
    args = ap.parse_args()
    agree = totals = total = refused = 0
    with args.racks.open(newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            total += 1
            typed = sorted(rack_codes(row["tiles"], row["photo"]))
            t0 = time.perf_counter()
            try:
                reading = read_photo((args.folder / row["photo"]).read_bytes())
            except PhotoError as exc:
                refused += 1
                print(f"{row['photo']}: refused ({exc.key}): {exc}")
                continue
            read = sorted(reading.codes)
            doubt = sum(t.doubt for t in reading.tiles)
            same = read == typed and not doubt
            agree += same
            totals += rack_total(read, True) == rack_total(typed, True)
            print(
                f"{row['photo']}: {'agrees' if same else 'differs'}  read {' '.join(read)}  "
                f"typed {' '.join(typed)}  in doubt {doubt}  {time.perf_counter() - t0:.2f} s"
            )
    if total:
        print(
            f"{agree} of {total} photos agree with the typed rack before any tap ({agree / total:.1%}); "
            f"{totals} have the right total; {refused} refused"
        )


if __name__ == "__main__":
    main()
