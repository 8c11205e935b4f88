"""Every game's commands on their happy path, run by the installed wheel (the ``server`` extra, as
``make run`` installs it, and the bare package), with a check that no file under the package was looked
for and missing."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tablesport import compiled_build
from tests.installed_env import cli
from tests.pictionary.test_match import PAIRS
from tests.store.test_event_cli import EVENT

from .audited import missing_files, run

KINDS = ["server", "bare"]
PRESETS = [
    "blokus-event",
    "goofspiel-3p",
    "monopoly-deal-event",
    "pictionary-event",
    "rummikub-2018",
    "sgs-3v3-2012",
    "sgs-1v1-2014",
    "ttr-event",
]


@pytest.fixture
def log(tmp_path: Path) -> Path:
    return tmp_path / "missing.log"


def ok(kind: str, log: Path, *args: str, stdin: str | None = None) -> str:
    done = run(kind, log, *args, stdin=stdin)
    assert done.returncode == 0, (args, done.stderr[-2000:])
    assert missing_files(log) == [], f"{args}: the installed package lacks {missing_files(log)}"
    return done.stdout


@pytest.mark.parametrize("kind", KINDS)
def test_version_and_games(kind: str, log: Path) -> None:
    from tablesport import __version__

    pure = f"{__version__} (Sanguosha engine: pure Python)"
    assert ok(kind, log, "--version").strip() == pure  # the suite's TABLESPORT_PURE=1
    env = {k: v for k, v in os.environ.items() if k != "TABLESPORT_PURE"}
    engine = "compiled" if compiled_build.why_not_buildable() is None else "pure Python"  # as setup.py did
    got = subprocess.run([*cli(kind), "--version"], capture_output=True, text=True, env=env, timeout=300)
    assert got.stdout.strip() == f"{__version__} (Sanguosha engine: {engine})", got.stderr
    games = json.loads(ok(kind, log, "games", "--json"))
    assert sorted(g["game"] for g in games) == [
        "blokus",
        "goofspiel",
        "monopoly-deal",
        "pictionary",
        "rummikub",
        "sanguosha",
        "ticket-to-ride",
    ]
    assert sum(len(g["presets"]) for g in games) == 25
    assert "sgs-3v3-2011" in ok(kind, log, "presets")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("preset", PRESETS)
def test_simulate_and_replay_every_game(kind: str, preset: str, log: Path, tmp_path: Path) -> None:
    out = json.loads(
        ok(kind, log, "simulate", preset, "--games", "1", "--seed", "3", "--record", str(tmp_path), "--json")
    )
    assert out["games"] == 1
    record = next(tmp_path.glob(f"{preset}-*.jsonl"))
    assert json.loads(ok(kind, log, "replay", str(record), "--json"))["ok"] is True


@pytest.mark.parametrize("kind", KINDS)
def test_pictionary_match_judges_the_projects_pairs(kind: str, log: Path) -> None:
    """The word lists and homophones ship with the wheel: each pair of tests/pictionary/test_match.py."""
    lines = "\n".join(
        json.dumps({"answer": a, "guess": g, "lang": lg}, ensure_ascii=False) for a, g, lg, _ in PAIRS
    )
    verdicts = [
        json.loads(x)["verdict"]
        for x in ok(kind, log, "pictionary", "match", "--json", stdin=lines).splitlines()
    ]
    assert verdicts == [v for *_, v in PAIRS]


@pytest.mark.parametrize("kind", KINDS)
def test_each_games_own_commands(kind: str, log: Path, tmp_path: Path) -> None:
    ttr = {
        "players": [
            {"routes": [["Denver", "Santa Fe"], ["Santa Fe", "El Paso"]], "tickets": [["Denver", "El Paso"]]},
            {"routes": [], "tickets": []},
        ]
    }
    rows = json.loads(ok(kind, log, "ttr", "score", "--json", stdin=json.dumps(ttr)))["players"]
    assert rows[0]["route_points"] == 4 and rows[0]["ticket_points"] == 4 and rows[0]["longest_bonus"] == 10
    assert len(json.loads(ok(kind, log, "ttr", "map", "--json"))["routes"]) > 90
    solved = json.loads(
        ok(
            kind,
            log,
            "rummikub",
            "solve",
            "--json",
            stdin='{"table": [["R1","R2","R3"]], "rack": ["R4","B4","O4","K9"], "melded": true}',
        )
    )
    assert solved["tiles_placed"] == 3 and sorted(solved["placed"]) == ["B4", "O4", "R4"]
    assert len(json.loads(ok(kind, log, "monopoly-deal", "cards", "--json"))["cards"]) == 110
    generals = ok(kind, log, "sanguosha", "generals", "--preset", "sgs-3v3-2012", "--json")
    assert len(json.loads(generals)) == 32  # seed 003 §1: 32 generals
    assert ok(kind, log, "sanguosha", "cards", "--json")
    revealed = [
        "guo_jia",
        "zhang_liao",
        "hua_tuo",
        "diao_chan",
        "zhuge_liang",
        "sun_quan",
        "xiahou_yuan",
        "xiao_qiao",
        "gan_ning",
        "cao_cao",
        "ma_chao",
        "liu_bei",
        "lu_bu",
        "zhen_ji",
        "zhao_yun",
        "huang_gai",
    ]
    advice = ok(
        kind,
        log,
        "sanguosha",
        "advise",
        "--json",
        stdin=json.dumps(
            {
                "preset": "sgs-3v3-2012",
                "generals": revealed,
                "first_picker": "warm",
                "picks": {"warm": ["guo_jia"], "cold": []},
                "turn": "cold",
            }
        ),
    )
    ranked = [c["general"] for c in json.loads(advice)["candidates"]]  # from the shipped advisor tables
    assert len(ranked) > 1 and "guo_jia" not in ranked
    gtp = ok(kind, log, "blokus", "gtp", "--bot", "greedy", stdin="name\nversion\nquit\n")
    assert "= tablesport" in gtp


@pytest.mark.parametrize("kind", KINDS)
def test_an_event_from_the_command_line(kind: str, log: Path, tmp_path: Path) -> None:
    (tmp_path / "event.yaml").write_text(EVENT)
    db = ["--db", f"sqlite:///{tmp_path / 'e.sqlite3'}"]
    ok(kind, log, "event", "create", str(tmp_path / "event.yaml"), "--by", "ann", *db)
    assert "group A: Tigers, Dragons" in ok(kind, log, "event", "draw", "Game day", "sgs", "--by", "ann", *db)
    ok(
        kind,
        log,
        "event",
        "result",
        "Game day",
        "sgs",
        "A-R1-1",
        "{games: [{winner: Tigers}, {winner: Tigers}]}",
        "--by",
        "desk",
        *db,
    )
    standings = json.loads(ok(kind, log, "event", "standings", "Game day", "sgs", "--json", *db))
    assert [(r["entrant"], r["points"]) for r in standings] == [
        ("Tigers", 3),
        ("Dragons", 0),
    ]  # 003: 2:0 is 3
    ok(kind, log, "event", "print", "Game day", "sgs", "standings", "--out", str(tmp_path / "s.html"), *db)
    assert "Tigers" in (tmp_path / "s.html").read_text(encoding="utf-8")
    assert "$" in ok(kind, log, "event", "prizes", "Game day", "sgs", *db)
