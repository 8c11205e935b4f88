"""Printable pages and CSV exports."""

from __future__ import annotations

import csv
import io

from tablesport.tournament.knockout import groups_to_knockout
from tablesport.tournament.printouts import (
    bracket_html,
    group_tables_html,
    page,
    rummikub_sheet,
    sanguosha_sheet,
    standings_csv,
    standings_html,
    timetable_html,
)
from tablesport.tournament.schedule import Item, make_slots, schedule
from tablesport.tournament.standings import standings

ROWS = standings({"preset": "sgs-3v3-2012", "entrants": ["A", "B<script>", "C"],
                  "results": [{"a": "A", "b": "B<script>", "games": [{"winner": "A", "surviving": 2},
                                                                    {"winner": "A", "surviving": 1}]}]})


def test_sanguosha_sheet_has_a_line_per_game_and_captains_signatures_seed000() -> None:
    """000 §二4 / 003 §3.4: 雙方隊長在比賽記分表上簽字確認結果."""
    html = page("sheet", sanguosha_sheet("Day", "SGS", "A-R1-1", "Tigers", "Dragons", ["a", "b", "c"],
                                         ["d", "e", "f"], games=3, stage="group"))
    assert html.count("<tr><td>") >= 3 and "Captain of Tigers" in html and "Captain of Dragons" in html
    assert "@media print" in html and "@page" in html and "Lost HP of survivors" in html


def test_rummikub_sheet_has_three_game_lines_seed002() -> None:
    """002 賽制 1: 每張「記分紙」將記下三局賽事的分數."""
    html = rummikub_sheet("Tuen Mun 2018", "j1", "junior", "School 1")
    assert sum(html.count(f"<tr><td>{g}</td>") for g in (1, 2, 3)) == 3 and "12:00" in html


def test_standings_bracket_groups_and_timetable_escape_names() -> None:
    html = standings_html("Standings", ROWS)
    assert "B&lt;script&gt;" in html and "<script>" not in html and "needs a decision" in html
    br = groups_to_knockout({g: [f"{g}1", f"{g}2"] for g in "AB"})
    br.record("R1-1", "A1")
    b = bracket_html("Knock-out", br)
    assert 'class="win">A1' in b and "semi-final" in b and "3rd place" in b
    g = group_tables_html("Groups", {"A": ROWS}, {("A", "B<script>"): "2:0"})
    assert "2:0" in g and "Group A" in g
    tt = schedule([Item("m1", "sgs", frozenset({"x"}), label="A v B")], make_slots("10:30", 45, 1),
                  {"sgs": ["T1"]})
    assert "10:30–11:15" in timetable_html("Day", tt)


def test_standings_csv() -> None:
    rows = list(csv.reader(io.StringIO(standings_csv(ROWS))))
    head = rows[0]
    assert head[:6] == ["group", "rank", "entrant", "points", "surviving_generals", "lost_hp"]
    assert {"won", "drawn", "lost", "games_won", "series"} <= set(head) and head[-1] == "needs_decision"
    assert rows[1][1:4] == ["1", "A", "3"] and rows[2][-1] == "yes"
    assert rows[1][head.index("series")] == "B<script> 2:0 (3 pts)" and rows[1][head.index("won")] == "1"


def test_the_standings_printout_heads_its_columns_in_words() -> None:
    """Issue 36, item 20: a figure the chain does not label was headed by its key (``games_won``)."""
    from tablesport.tournament.printouts import standings_html

    rows = [{"rank": 1, "entrant": "A", "points": 3, "needs_decision": False,
             "tiebreaks": {"games_won": 2, "lost_sheets": 0, "odd_figure": 1}}]
    html = standings_html("Day", rows, {"points": "match points"})
    assert "<th>Games won</th>" in html and "<th>Lost sheets</th>" in html and "<th>Odd figure</th>" in html
    assert "games_won" not in html and "odd_figure" not in html
