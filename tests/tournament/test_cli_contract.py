"""The two contract commands: JSON shapes, and exit 2 with one line on bad input."""

from __future__ import annotations

import json
import os
import subprocess
from itertools import combinations
from pathlib import Path

import pytest

from tests.installed_env import cli

CLI = cli()


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, env={**os.environ, "COLUMNS": "200"},
                          timeout=120)


DOC = """
preset: sgs-3v3-2012
entrants: [Tigers, Dragons, Phoenix]
results:
  - a: Tigers
    b: Dragons
    games:
      - {winner: Tigers, how: commander_death, surviving: 2, lost_hp: 3}
      - {winner: Dragons, how: time, surviving: 3, lost_hp: 1}
      - {winner: Tigers, surviving: 1, lost_hp: 0}
decisions:
  - [Phoenix, Dragons]
"""


def test_standings_json_contract(tmp_path: Path) -> None:
    f = tmp_path / "event.yaml"
    f.write_text(DOC)
    p = run("standings", str(f), "--json")
    assert p.returncode == 0, p.stderr
    rows = json.loads(p.stdout)
    assert [set(r) for r in rows] == [{"rank", "entrant", "points", "tiebreaks", "needs_decision"}] * 3
    assert [(r["rank"], r["entrant"], r["points"]) for r in rows] == [(1, "Tigers", 2), (2, "Dragons", 1),
                                                                       (3, "Phoenix", 0)]
    assert rows[0]["tiebreaks"]["surviving_generals"] == 3 and rows[0]["tiebreaks"]["lost_hp"] == 3
    assert not any(r["needs_decision"] for r in rows)
    j = tmp_path / "event.json"
    j.write_text(json.dumps({"preset": "ttr-event", "entrants": ["a", "b"],
                             "results": [{"scores": {"a": 3, "b": 9}}]}))
    assert [r["entrant"] for r in json.loads(run("standings", str(j), "--json").stdout)] == ["b", "a"]


def test_schedule_tables_json_contract() -> None:
    p = run("schedule", "tables", "--players", "16", "--rounds", "4", "--size", "4", "--seed", "3", "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert set(out) == {"rounds", "repeat_pairs", "seat_imbalance"}
    assert out["repeat_pairs"] == 0 and out["seat_imbalance"] == 0
    assert all(sorted(x for t in rnd for x in t) == list(range(1, 17)) for rnd in out["rounds"])
    pairs = [frozenset(pr) for rnd in out["rounds"] for t in rnd for pr in combinations(t, 2)]
    assert len(pairs) == len(set(pairs))


@pytest.mark.parametrize("args, message", [
    (("schedule", "tables", "--players", "5", "--rounds", "2", "--size", "4"), "do not split"),
    (("schedule", "tables", "--players", "8", "--rounds", "0", "--size", "4"), "--rounds"),
    (("schedule", "tables", "--players", "x", "--rounds", "2"), "--players"),
    (("standings", "/no/such/file.yaml", "--json"), "no such file"),
])
def test_bad_input_exit_2_one_line(args: tuple[str, ...], message: str) -> None:
    p = run(*args)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert message in p.stderr and "Traceback" not in p.stderr
    assert len([ln for ln in p.stderr.splitlines() if ln.strip()]) == 1


@pytest.mark.parametrize("text, message", [
    ("a: [", "not valid YAML"),
    ("preset: sgs-3v3-2012\nentrants: [A, B]\nresults:\n  - {a: A, b: B, games: [{winner: A}, {winner: A}]}\n"
     "  - {a: B, b: A, games: [{winner: A}, {winner: A}]}\n", "duplicate result"),
    ("preset: chess\nentrants: [A, B]\n", "unknown competition preset"),
    ("- 1\n- 2\n", "a competition document is a mapping"),
])
def test_bad_documents_exit_2_one_line(tmp_path: Path, text: str, message: str) -> None:
    f = tmp_path / "bad.yaml"
    f.write_text(text)
    p = run("standings", str(f), "--json")
    assert p.returncode == 2 and message in p.stderr, p.stderr
    assert len([ln for ln in p.stderr.splitlines() if ln.strip()]) == 1


def test_a_refused_entry_exits_2_with_one_line_naming_the_rule(tmp_path: Path) -> None:
    """A refusal at the results desk: exit 2, one line with the message, the seed clause and what is
    allowed."""
    (tmp_path / "e.yaml").write_text("event: D\ncompetitions:\n"
                                     "  - {key: sgs, preset: sgs-3v3-2014, groups: 1, "
                                     "entrants: [{id: A, members: [a1, a2, a3]}, "
                                     "{id: B, members: [b1, b2, b3]}]}\n")
    db = ["--db", f"sqlite:///{tmp_path / 'e.sqlite3'}", "--by", "desk"]
    assert run("event", "create", str(tmp_path / "e.yaml"), *db).returncode == 0
    assert run("event", "draw", "D", "sgs", *db).returncode == 0
    ok = run("event", "game", "D", "sgs", "A-R1-1", "{winner: A, commanders: {A: a1}}", *db)
    assert ok.returncode == 0, ok.stderr
    p = run("event", "game", "D", "sgs", "A-R1-1", "{winner: B, commanders: {A: a1}}", *db)
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert len([ln for ln in p.stderr.splitlines() if ln.strip()]) == 1
    assert ("'a1' already led game 1" in p.stderr and "003 §2.1.1" in p.stderr
            and "allowed: a2, a3" in p.stderr)
    t = run("event", "time-up", "D", "sgs", "A-R1-1", "{A: {surviving: 0}, B: {surviving: 1}}", *db[:2])
    assert t.returncode == 2 and "surviving must be a whole number from 1 to 3" in t.stderr
