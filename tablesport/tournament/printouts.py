"""Printable pages (HTML with print CSS) and CSV exports. Pure: every function returns text.

* Sanguosha score sheet with the captains' signature lines
  (seed 000/001/003: 双方队长在比赛记分表上签字确认结果)
* Rummikub 3-game score sheet (seed 002: 每張「記分紙」將記下三局賽事的分數)
* brackets, group tables, standings, the day's timetable; CSV of standings and results.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping, Sequence
from html import escape
from typing import Any

from .knockout import Bracket
from .schedule import Timetable

CSS = """
body { font-family: "Noto Sans", "Noto Sans CJK SC", Arial, sans-serif; font-size: 11pt; margin: 1.5em; }
h1 { font-size: 16pt; margin: 0 0 .3em; } h2 { font-size: 13pt; margin: 1em 0 .3em; }
table { border-collapse: collapse; width: 100%; margin: .4em 0 1em; }
th, td { border: 1px solid #333; padding: .3em .5em; text-align: left; vertical-align: top; }
th { background: #eee; } td.num, th.num { text-align: right; }
.tall td { height: 2.2em; } .meta { color: #333; margin: .2em 0 .8em; }
.sign { display: flex; gap: 2em; margin-top: 2.5em; }
.sign div { flex: 1; border-top: 1px solid #000; padding-top: .2em; }
.bracket { display: flex; gap: 1.5em; align-items: center; } .round { flex: 1; }
.match { border: 1px solid #333; margin: .6em 0; }
.match div { padding: .2em .4em; border-bottom: 1px dotted #999; }
.match div:last-child { border-bottom: none; } .win { font-weight: bold; }
.flag { color: #a00; font-weight: bold; } .note { font-size: 9pt; color: #333; }
@media print { body { margin: 0; } .page { page-break-after: always; }
  .page:last-child { page-break-after: auto; }
  th { background: #ddd !important; -webkit-print-color-adjust: exact; print-color-adjust: exact; } }
@page { size: A4; margin: 12mm; }
"""


def page(title: str, body: str, lang: str = "en") -> str:
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f"<style>{CSS}</style></head><body>\n{body}\n</body></html>\n")


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], cls: str = "", num: Sequence[int] = ()) -> str:
    th = "".join(f'<th{" class=num" if i in num else ""}>{escape(str(h))}</th>' for i, h in enumerate(head))
    body = "".join("<tr>" + "".join(f'<td{" class=num" if i in num else ""}>{escape(str(c))}</td>'
                                    for i, c in enumerate(r)) + "</tr>" for r in rows)
    return f'<table class="{cls}"><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>'


def sanguosha_sheet(event: str, competition: str, match: str, a: str, b: str, members_a: Sequence[str],
                    members_b: Sequence[str], games: int = 3, stage: str = "") -> str:
    """One match: a line per game (commanders rotate), the time-up figures, and signature lines. A blank
    sheet (the next round's, not drawn yet) has empty teams: the lines are filled in by hand."""
    blank = "_" * 12
    a, b = a or blank, b or blank
    rows = [[str(g), "", "", "", "", "", "", "", ""] for g in range(1, games + 1)]
    body = [
        '<div class="page">',
        "<h1>三国杀 3V3 比赛记分表 · Sanguosha 3v3 score sheet</h1>",
        f'<p class="meta">{escape(event)} · {escape(competition)} · {escape(stage)} '
        f"match <b>{escape(match)}</b></p>",
        _table(["Team", "Members (主帅 commander rotates every game)"],
               [[a, ", ".join(members_a)], [b, ", ".join(members_b)]]),
        _table(["Game", f"Commander {a}", f"Commander {b}", "Winner",
                "How (commander death / time / foul / concede)", "Winner's surviving generals",
                "Lost HP of survivors", f"Technical pts {a} / {b}", "Referee"], rows, "tall"),
        '<p class="note">Time up: more surviving generals wins, then fewer lost HP '
        "(max HP − current HP of living generals), then fewer technical points; "
        "3 technical points lose the game. A loser's surviving generals count 0.</p>",
        _table(["Result", f"{a} games won", f"{b} games won", "Match points"], [["", "", "", ""]], "tall"),
        f'<div class="sign"><div>Captain of {escape(a)} 队长签字</div>'
        f"<div>Captain of {escape(b)} 队长签字</div><div>Referee 裁判</div></div>",
        "</div>",
    ]
    return "\n".join(body)


def table_sheet(event: str, competition: str, fixture: str, table: str | None, players: Sequence[str],
                figure: str, places: Sequence[int] = ()) -> str:
    """One table of a 4-player league (Ticket to Ride, Monopoly Deal, Blokus): a line per player for the
    game's figure and the place, the points the place gives, and the signatures."""
    rows = [[p, "", "", "", ""] for p in players]
    scale = " / ".join(str(x) for x in places)
    return "\n".join([
        '<div class="page">',
        "<h1>比赛记分表 · score sheet</h1>",
        f'<p class="meta">{escape(event)} · {escape(competition)} · <b>{escape(fixture)}</b>'
        f'{" · table " + escape(table) if table else ""}</p>',
        _table(["Player 选手", f"{figure}", "Place 名次", "Points 积分", "Signature 签字"], rows, "tall"),
        f'<p class="note">Places give {escape(scale)} points (1st to last).</p>' if scale else "",
        '<div class="sign"><div>Referee 裁判</div><div>Score desk 记分台</div></div>',
        "</div>",
    ])


def rummikub_sheet(event: str, player: str, division: str | None, school: str | None, number: int = 1,
                   games: int = 3) -> str:
    rows = [[str(g), "", "", "", "", ""] for g in range(1, games + 1)]
    return "\n".join([
        '<div class="page">',
        "<h1>魔力橋 Rummikub 記分紙 · score sheet</h1>",
        f'<p class="meta">{escape(event)} · {escape(player)} · {escape(division or "")} · '
        f'{escape(school or "")} · sheet no. {number}</p>',
        _table(["Game 局", "Table 枱", "Won 勝 / Lost 負", "Plus 正分", "Minus 負分", "Judge 評審"],
               rows, "tall"),
        _table(["Wins 勝局", "Plus points 正分", "Minus points 負分"], [["", "", ""]], "tall"),
        '<p class="note">The sheet with the most wins, then the most plus points, counts. '
        "Each lost sheet cuts the plus points by 10 %. No new sheet from 12:00. "
        "When a junior wins, senior losers' minus points ×1.2 (−100 / −200 not adjusted).</p>",
        '<div class="sign"><div>Player 參賽者</div><div>Score desk 報分登記處</div></div>',
        "</div>",
    ])


def figure_text(value: Any) -> str:
    """A standings figure as text: numbers as they are, the series played as "B 2:1 (2 pts)" (in-progress
    ones "B 1:0 in progress"), lists of numbers space-separated, the head-to-head as "v B 3:0"."""
    if isinstance(value, Mapping):
        if "opponent" in value and "points" in value and "opponent_points" in value:
            return f"v {value['opponent']} {value['points']}:{value['opponent_points']}"
        return ", ".join(f"{k} {figure_text(v)}" for k, v in value.items())
    if isinstance(value, list | tuple):
        parts = []
        for v in value:
            if isinstance(v, Mapping) and "opponent" in v and "score" in v:
                tail = (f"({v['points']} pt{'' if v['points'] == 1 else 's'})" if v.get("decided")
                        else "in progress")
                parts.append(f"{v['opponent']} {v['score']} {tail}")
            else:
                parts.append(figure_text(v))
        return (", " if any(isinstance(v, Mapping) for v in value) else " ").join(parts)
    return "" if value is None else str(value)


def _figure_keys(rows: Sequence[Mapping[str, Any]], skip: Sequence[str]) -> list[str]:
    keys: list[str] = []
    for r in rows:
        for k in r["tiebreaks"]:
            if k not in keys and k not in skip:
                keys.append(k)
    return keys


FIGURE_WORDS = {"games_won": "Games won", "games_lost": "Games lost", "sheets": "Sheets",
                "lost_sheets": "Lost sheets", "best_sheet": "Best sheet", "best_game": "Best game",
                "wins": "Wins", "plus": "Plus points", "series": "Series", "squares": "Squares",
                "surviving_generals": "Surviving generals", "lost_hp": "Lost HP",
                "technical_points": "Technical points", "points": "Points"}
"""The column heads of the standings figures a chain does not label (never a program's key)."""


def standings_html(title: str, rows: Sequence[Mapping[str, Any]],
                   chain_labels: Mapping[str, str] | None = None) -> str:
    keys = _figure_keys(rows, ("tied_with", "decided_by", "division", "decided_at", "head_to_head",
                               "decision_note"))
    labels = {**FIGURE_WORDS, **(chain_labels or {})}
    labels = {k: labels.get(k, k.replace("_", " ").capitalize()) for k in keys}
    head = ["Rank", "Entrant", "Points", *[labels.get(k, k) for k in keys], "Note"]
    out = []
    for r in rows:
        note = ""
        tb = r["tiebreaks"]
        if r["needs_decision"]:
            note = "needs a decision (tied with " + ", ".join(tb.get("tied_with", [])) + ")"
        elif tb.get("decided_by") == "head_to_head":
            note = f"placed by head-to-head {figure_text(tb.get('head_to_head'))}"
        elif tb.get("decided_by"):
            note = f"placed by {tb['decided_by'].replace('_', ' ')}"
            if tb.get("decision_note"):
                note += f": {tb['decision_note']}"
        elif tb.get("decided_at"):
            note = f"placed on {labels.get(tb['decided_at'], tb['decided_at'])}"
        out.append([r["rank"], r["entrant"], r["points"], *[figure_text(tb.get(k, "")) for k in keys], note])
    return f"<h2>{escape(title)}</h2>" + _table(head, out, num=(0, 2))


def final_places_html(title: str, rows: Sequence[Mapping[str, Any]],
                      chain_labels: Mapping[str, str] | None = None) -> str:
    """Final places (:func:`tablesport.tournament.final_places.final_places`): the bracket's, then the
    groups'; each entrant's group figures beside its place."""
    keys = _figure_keys(rows, ("tied_with", "decided_by", "division", "decided_at", "head_to_head",
                               "decision_note"))
    labels = chain_labels or {}
    head = ["Place", "Entrant", "Reached", "Group", "Group rank", "Points", *[labels.get(k, k) for k in keys],
            "Note"]
    out = []
    for r in rows:
        tb = r["tiebreaks"]
        tied = ", ".join(tb.get("tied_with", []))
        note = f"needs a decision in group {r['group']} (tied with {tied})" if r["needs_decision"] else ""
        out.append([r["place"] or "…", r["entrant"], r["reached"], r["group"], r["group_rank"], r["points"],
                    *[figure_text(tb.get(k, "")) for k in keys], note])
    return f"<h2>{escape(title)}</h2>" + _table(head, out, num=(0, 4, 5))


def bracket_html(title: str, bracket: Bracket) -> str:
    cols = []
    for name, rnd in zip(bracket.names, bracket.rounds, strict=True):
        ms = "".join(f'<div class="match"><div class="{"win" if m.winner and m.winner == m.a else ""}">'
                     f'{escape(m.a or "—")}</div>'
                     f'<div class="{"win" if m.winner and m.winner == m.b else ""}">'
                     f'{escape(m.b or ("bye" if m.bye else "—"))}</div></div>' for m in rnd)
        cols.append(f'<div class="round"><h2>{escape(name)}</h2>{ms}</div>')
    third = ""
    if bracket.third_place:
        t = bracket.third_place
        third = (f'<div class="round"><h2>3rd place</h2><div class="match"><div>{escape(t.a or "—")}</div>'
                 f'<div>{escape(t.b or "—")}</div></div></div>')
    return f'<h1>{escape(title)}</h1><div class="bracket">{"".join(cols)}{third}</div>'


def group_tables_html(title: str, groups: Mapping[str, Sequence[Mapping[str, Any]]],
                      results: Mapping[tuple[str, str], str] | None = None) -> str:
    """A standings table per group plus a cross table (row vs column) of the results."""
    parts = [f"<h1>{escape(title)}</h1>"]
    for g, rows in groups.items():
        parts.append(standings_html(f"Group {g}", rows))
        if results is not None:
            names = [r["entrant"] for r in rows]
            cross = [[a, *[("×" if a == b else results.get((a, b), "")) for b in names]] for a in names]
            parts.append(_table(["", *names], cross))
    return "\n".join(parts)


def timetable_html(title: str, tt: Timetable) -> str:
    rows = []
    for s in tt.slots:
        for b in sorted(tt.at(s.index), key=lambda b: b.table):
            rows.append([s.label(), b.table, b.item.competition, b.item.label or b.item.key, b.referee or ""])
    return f"<h1>{escape(title)}</h1>" + _table(["Time", "Table", "Competition", "Match", "Referee"], rows)


_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?")


def safe_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet will not run (OWASP's CSV injection rule): text that starts with ``=``, ``+``,
    ``-``, ``@``, a tab or a carriage return gets a leading ``'``; numbers, and text that is a plain number
    (``-3``), stay as they are."""
    if isinstance(value, str) and value.startswith(_FORMULA_START) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def standings_csv(rows: Sequence[Mapping[str, Any]]) -> str:
    keys = _figure_keys(rows, ("tied_with",))
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(["group", "rank", "entrant", "points", *keys, "needs_decision"])
    for r in rows:
        w.writerow([safe_cell(x) for x in (r.get("group", ""), r["rank"], r["entrant"], r["points"],
                                           *[figure_text(r["tiebreaks"].get(k, "")) for k in keys],
                                           "yes" if r["needs_decision"] else "no")])
    return buf.getvalue()


def results_csv(lines: Sequence[Mapping[str, Any]]) -> str:
    """Rows of {fixture, stage, round, group, entrants, result, version, entered_by, entered_at,
    updated_by, updated_at}."""
    cols = ["fixture", "stage", "round", "group", "entrants", "result", "version", "entered_by", "entered_at",
            "updated_by", "updated_at"]
    buf = io.StringIO()
    w = csv.DictWriter(buf, cols, lineterminator="\n", extrasaction="ignore")
    w.writeheader()
    for ln in lines:
        w.writerow({k: safe_cell(v) for k, v in ln.items()})
    return buf.getvalue()
