"""Terminal view of a Blokus game for ``tablesport play blokus-event``."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from tablesport.core import Decision

STYLES = {"B": "bold white on blue", "Y": "bold black on yellow", "R": "bold white on red",
          "G": "bold black on green"}
COLUMNS = "ABCDEFGHIJKLMNOPQRST"


def board_text(board: list[str], last: set[str] | None = None) -> Text:
    """The board with row numbers (20 at the top) and column letters; ``last`` squares marked."""
    last = last or set()
    size = len(board)
    out = Text()
    header = "   " + " ".join(COLUMNS[:size]) + "\n"
    out.append(header, style="dim")
    for r, row in enumerate(board):
        y = size - r
        out.append(f"{y:>2} ", style="dim")
        for x, ch in enumerate(row):
            name = f"{COLUMNS[x].lower()}{y}"
            if ch == ".":
                out.append(". ", style="dim")
            else:
                mark = "▣" if name in last else "■"
                out.append(mark, style=STYLES.get(ch, ""))
                out.append(" ")
        out.append(f"{y}\n", style="dim")
    out.append(header.rstrip("\n"), style="dim")
    return out


def render(view: dict[str, Any], decision: Decision | None, seat: int) -> RenderableType:
    moves = view.get("moves", [])
    last = set()
    if moves and moves[-1]["move"] != "pass":
        last = set(moves[-1]["move"].split(","))
    side = Table(show_header=True, header_style="bold", box=None)
    for col in ("colour", "seat", "score", "left", "passes", "pieces left"):
        side.add_column(col)
    scores = view.get("scores", [])
    to_move = view.get("to_move") or {}
    for c in view["colours"]:
        letter = c["name"][0].upper()
        mark = "▶ " if to_move.get("colour") == c["colour"] else "  "
        name = Text(mark + c["name"], style=STYLES[letter])
        state = "blocked" if c["blocked"] else ("done" if c["done"] else "")
        you = " (you)" if c["seat"] == seat else ""
        side.add_row(name, f"{c['seat']}{you}", str(scores[c["seat"]]) if scores else "",
                     str(c["squares_left"]), f"{c['passes']} {state}".strip(), " ".join(c["pieces_left"]))
    parts: list[RenderableType] = [board_text(view["board"], last), side]
    if moves:
        m = moves[-1]
        parts.append(Text(f"last move: {view['colours'][m['colour']]['name']} {m['piece'] or ''} {m['move']}",
                          style="dim"))
    if decision is not None and seat in decision.seats:
        parts.append(Text(f"You play {decision.data.get('colour_name', '')}: type an option number, or the "
                          'squares covered, e.g. a20,b20,b19.', style="bold"))
    return Group(*parts)
