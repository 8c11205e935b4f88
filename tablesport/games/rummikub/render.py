"""Terminal view for ``tablesport play rummikub-2018``: the table's sets, your rack, the others."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablesport.core import Decision

STYLE = {"R": "bold red", "B": "bold blue", "O": "bold dark_orange", "K": "bold white on grey23",
         "J": "bold magenta"}


def tile_text(tile_id: str) -> Text:
    """A tile as its id, coloured (``R7a`` red, ``Ja`` magenta)."""
    return Text(tile_id, style=STYLE.get(tile_id[0], ""))


def tiles(ids: list[str]) -> Text:
    out = Text()
    for i, t in enumerate(ids):
        if i:
            out.append(" ")
        out.append_text(tile_text(t))
    return out


def render(view: dict[str, Any], decision: Decision | None, seat: int) -> RenderableType:
    table = Table(show_header=False, box=None, padding=(0, 1))
    for i, s in enumerate(view["table"], 1):
        table.add_row(Text(f"{i:>2}", style="dim"), tiles(s))
    if not view["table"]:
        table.add_row(Text("(empty table)", style="dim"))
    players = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    for col in ("seat", "group", "tiles", "melded", ""):
        players.add_column(col)
    for s, size in enumerate(view["rack_sizes"]):
        mark = "◀ turn" if view.get("turn") == s else ""
        players.add_row(f"{s}{' (you)' if s == seat else ''}", view["groups"][s], str(size),
                        "yes" if view["melded"][s] else "no", mark)
    parts: list[RenderableType] = [
        Panel(table, title=f"table · pool {view['pool']}", title_align="left"),
        players,
    ]
    last = view.get("last")
    if last:
        if last["type"] == "play":
            what = f"laid {' '.join(last['rack'])}"
        else:
            what = f"{last['type']} {last.get('count', '')}"
        parts.append(Text(f"last: seat {last['seat']} {what}", style="dim"))
    if "rack" in view:
        parts.append(Panel(tiles(view["rack"]), title="your rack", title_align="left"))
    if view.get("scores") is not None:
        scores = "  ".join(f"{s}: {x:+g}" for s, x in enumerate(view["scores"]))
        parts.append(Text(f"scores: {scores}", style="bold"))
    if decision is not None and seat in decision.seats and decision.kind == "turn":
        parts.append(Text('play: {"type": "play", "table": [[ids], ...], "rack": [ids laid]}'
                          '  ·  draw: {"type": "draw"}', style="italic"))
    return Group(*parts)
