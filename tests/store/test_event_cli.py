"""The event commands end to end on an SQLite file: create, draw, result, refusal, correction, standings,
print, export, audit."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from typer.testing import CliRunner

from tablesport.cli import app
from tablesport.tournament.errors import TournamentError

EVENT = """
event: Game day
competitions:
  - key: sgs
    preset: sgs-3v3-2012
    groups: 1
    entrants:
      - {id: Tigers, members: [Ann, Bo, Cy], seed: 1}
      - {id: Dragons, members: [Di, Ed, Flo], seed: 2}
"""


def test_event_commands(tmp_path: Path) -> None:
    db = ["--db", f"sqlite:///{tmp_path / 'e.sqlite3'}"]

    def run(*args: str) -> Any:
        """In process (the subprocess contract — exit 2, one line — is covered in tests/tournament)."""
        res = CliRunner().invoke(app, ["event", *args, *db])
        return SimpleNamespace(returncode=2 if isinstance(res.exception, TournamentError) else res.exit_code,
                               stdout=res.stdout, stderr=str(res.exception) if res.exception else "")

    (tmp_path / "event.yaml").write_text(EVENT)
    assert run("create", str(tmp_path / "event.yaml"), "--by", "ann").returncode == 0
    assert "group A: Tigers, Dragons" in run("draw", "Game day", "sgs", "--by", "ann").stdout
    ok = run("result", "Game day", "sgs", "A-R1-1", "{games: [{winner: Tigers}, {winner: Tigers}]}", "--by",
             "desk", "--json")
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)[0]["entrant"] == "Tigers"
    dup = run("result", "Game day", "sgs", "A-R1-1", "{games: [{winner: Dragons}, {winner: Dragons}]}",
              "--by", "x")
    assert (dup.returncode == 2 and "duplicate result" in dup.stderr
            and len(dup.stderr.strip().splitlines()) == 1)
    fixed = run("correct", "Game day", "sgs", "A-R1-1", "{games: [{winner: Dragons}, {winner: Dragons}]}",
                "--reason", "wrong team ticked", "--by", "chief", "--json")
    assert fixed.returncode == 0, fixed.stderr
    st = json.loads(run("standings", "Game day", "sgs", "--json").stdout)
    assert [(r["entrant"], r["points"]) for r in st] == [("Dragons", 3), ("Tigers", 0)]
    audit = json.loads(run("audit", "Game day", "sgs", "--json").stdout)
    assert [(a["action"], a["who"]) for a in audit][-2:] == [("result", "desk"), ("correct", "chief")]
    assert run("print", "Game day", "sgs", "standings", "--out", str(tmp_path / "s.html")).returncode == 0
    assert "Dragons" in (tmp_path / "s.html").read_text()
    assert run("export", "Game day", "sgs", "--out", str(tmp_path / "r.csv"), "--what",
               "results").returncode == 0
    rows = list(csv.DictReader((tmp_path / "r.csv").open()))
    assert rows[0]["entered_by"] == "desk" and rows[0]["updated_by"] == "chief" and rows[0]["version"] == "2"
    bad_game = run("penalty", "Game day", "sgs", "g1", "Tigers", "1", "--reason", "talk", "--by", "ref")
    assert bad_game.returncode == 2 and "a game is FIXTURE/N" in bad_game.stderr
    decided = run("penalty", "Game day", "sgs", "A-R1-1/3", "Tigers", "1", "--reason", "talk", "--by", "ref")
    assert decided.returncode == 2 and "is decided" in decided.stderr and "003 §2.1.1" in decided.stderr
    assert "recorded (penalty 1)" in run("penalty", "Game day", "sgs", "A-R1-1/2", "Tigers", "1", "--reason",
                                         "talk", "--by", "ref", "--at", "10:15").stdout
    assert "10:15" in run("penalties", "Game day", "sgs").stdout
    assert "paid True" in run("entrant", "Game day", "sgs", "Tigers", "--paid", "--by", "desk").stdout
    assert run("timetable", "Game day").returncode == 2  # every fixture has a result
    prizes = run("prizes", "Game day", "sgs")
    assert prizes.returncode == 0 and "$180" in prizes.stdout and "(not decided)" in prizes.stdout
    bad = run("standings", "No such day", "sgs")
    assert bad.returncode == 2 and "no event" in bad.stderr
