"""A registration list as CSV (a spreadsheet's export) → entrant documents, with an error per bad row.

The first row names the columns (any order, case and spaces ignored): ``id`` (required), ``name``,
``members`` (a team's members separated by ``;`` or ``|``), ``member1``…``member6`` (one per column instead),
``division``, ``club`` or ``school``, ``seed`` (a whole number from 1), ``paid`` (yes/no, true/false, 1/0,
是/否). Blank rows are skipped. Each row is checked on its own here (what can be known from the row); the
caller registers the rows and adds the errors the competition finds (a duplicate id, a team of the wrong
size, a person in two teams), and stores nothing unless every row is accepted.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from typing import Any

COLUMNS = ("id", "name", "members", "division", "club", "school", "seed", "paid") + tuple(
    f"member{i}" for i in range(1, 7))
YES = {"yes", "y", "true", "1", "paid", "是", "已付"}
NO = {"no", "n", "false", "0", "", "否", "未付"}
MAX_ROWS = 2000


@dataclass(frozen=True, slots=True)
class CsvRow:
    line: int
    """The row's line in the file (the header is line 1)."""
    entrant: dict[str, Any] | None
    error: str | None


def _key(header: str) -> str:
    return header.strip().lower().replace(" ", "").replace("_", "")


def parse(text: str) -> tuple[list[CsvRow], str | None]:
    """Every data row (an entrant or an error), and an error for the whole file (no header, no id column,
    unknown columns, too many rows)."""
    text = text.lstrip("\ufeff")
    try:
        rows = list(csv.reader(io.StringIO(text)))
    except csv.Error as exc:
        return [], f"not a CSV file: {exc}"
    rows = [r for r in rows if any(c.strip() for c in r)]
    if not rows:
        return [], "the file is empty: the first row names the columns (id, name, members, ...)"
    header = [_key(h) for h in rows[0]]
    unknown = [h for h in header if h and h not in COLUMNS]
    if unknown:
        return [], f"unknown column(s) {', '.join(unknown)}; allowed: {', '.join(COLUMNS)}"
    if "id" not in header:
        return [], "the first row must name an 'id' column (and may name: " + ", ".join(COLUMNS[1:]) + ")"
    if len(rows) - 1 > MAX_ROWS:
        return [], f"at most {MAX_ROWS} rows at once"
    out = []
    for line, raw in enumerate(rows[1:], 2):
        cells = dict(zip(header, (c.strip() for c in raw), strict=False))
        out.append(_row(line, cells, len(raw), len(header)))
    return out, None


def _row(line: int, cells: dict[str, str], width: int, expected: int) -> CsvRow:
    def bad(message: str) -> CsvRow:
        return CsvRow(line, None, f"line {line}: {message}")

    if width > expected:
        return bad(f"{width} cells for {expected} columns (a comma inside a name needs quotes)")
    ident = cells.get("id", "")
    if not ident:
        return bad("no id")
    if len(ident) > 100:
        return bad("the id is longer than 100 characters")
    doc: dict[str, Any] = {"id": ident}
    if cells.get("name"):
        doc["name"] = cells["name"]
    members = [m.strip() for m in cells.get("members", "").replace("|", ";").split(";") if m.strip()]
    members += [cells[k] for k in sorted(cells) if k.startswith("member") and k != "members" and cells[k]]
    if len(set(members)) != len(members):
        return bad(f"a member is named twice ({', '.join(members)})")
    if members:
        doc["members"] = members
    for k in ("division", "club"):
        if cells.get(k):
            doc[k] = cells[k]
    if cells.get("school") and not cells.get("club"):
        doc["club"] = cells["school"]
    seed = cells.get("seed", "")
    if seed:
        if not seed.isdigit() or int(seed) < 1:
            return bad(f"the seed is a whole number from 1, not {seed!r}")
        doc["seed"] = int(seed)
    paid = cells.get("paid", "").strip().lower()
    if paid not in YES | NO:
        return bad(f"paid is yes or no, not {cells.get('paid')!r}")
    doc["paid"] = paid in YES
    return CsvRow(line, doc, None)
