"""Terminal view for ``tablesport play pictionary-table --seat 0`` (the facilitator's table without a
browser) and the other presets: the track with both tokens, the word for its picturist, the last word."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablesport.core import Decision

STYLE = {"P": "white on blue", "O": "black on yellow", "A": "black on dark_orange", "D": "white on green",
         "AP": "white on red", "": "white on grey23"}


def track(view: dict[str, Any]) -> Text:
    pos = {t["team"]: t["pos"] for t in view["teams"]}
    out = Text()
    for i, cat in enumerate(view["track"]):
        here = "".join(team for team, p in pos.items() if p == i)
        label = "S" if i == 0 else "F" if i == view["finish"] else (cat if cat != "AP" else "*")
        out.append(f"{here or label:^2}", style=STYLE[cat] + (" bold" if here else ""))
        out.append(" ")
    return out


def render(view: dict[str, Any], decision: Decision | None, seat: int) -> RenderableType:
    teams = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    for col in ("team", "square", "words", "fouls", "next picturist"):
        teams.add_column(col)
    for t in view["teams"]:
        turn = " ◀" if t["team"] == view["turn"] else ""
        teams.add_row(t["team"] + turn, str(t["pos"]), str(t["words"]), str(t["fouls"]),
                      f"seat {t['picturist']}")
    parts: list[RenderableType] = [track(view), teams]
    w = view.get("word")
    if w:
        head = f"word {w['no']}: {w['category']}{' (All Play)' if w['all_play'] else ''}"
        if w.get("answer") and w["open"]:
            parts.append(Panel(Text(w["answer"], style="bold"), title=head + " — yours to draw",
                               expand=False))
        else:
            papers = ", ".join(f"{team}: {len(ops)} strokes" for team, ops in w["drawings"].items())
            parts.append(Text(f"{head}{' — ' + papers if papers else ''}"))
        for g in w.get("guesses", []):
            parts.append(Text(f"  seat {g['seat']} ({g['team']}): {g['text']} — {g['verdict']}", style="dim"))
    prev = view.get("prev")
    if prev:
        how = f"guessed by {prev['team']}" if prev["team"] else prev["how"]
        parts.append(Text(f"last word: {prev['answer']} ({how})", style="dim"))
    if view.get("winner"):
        parts.append(Text(f"Team {view['winner']} wins ({view['reason']})", style="bold green"))
    clock = "final: to Finish" if view["final"] else ("time is up" if view["time_up"] else "40-minute round")
    return Panel(Group(*parts), title=f"Pictionary · {view['mode']} · {clock} · die {view['die'] or '—'}")
