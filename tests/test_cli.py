"""The CLI contract: JSON shapes, exit code 2 with a one-line message on bad input."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.installed_env import cli

CLI = cli()


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "200"}
    return subprocess.run([*CLI, *args], capture_output=True, text=True, input=stdin, env=env, timeout=300)


def test_games_json() -> None:
    out = json.loads(run("games", "--json").stdout)
    g = {row["game"]: row for row in out}
    assert "goofspiel" in g and g["goofspiel"]["presets"] == ["goofspiel-2p", "goofspiel-3p"]
    assert all({"game", "presets", "seats"} <= set(row) for row in out)


def test_simulate_json_and_record_replay(tmp_path: Path) -> None:
    p = run("simulate", "goofspiel-2p", "--games", "6", "--seed", "4", "--record", str(tmp_path), "--json")
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    assert out["preset"] == "goofspiel-2p" and out["games"] == 6 and out["seed"] == 4
    assert sum(out["results"]["wins"].values()) + out["results"]["draws"] == 6
    assert out["avg_decisions"] == 26 and out["games_per_second"] > 0 and out["decisions_per_second"] > 0
    files = sorted(tmp_path.glob("*.jsonl"))
    assert len(files) == 6
    rep = json.loads(run("replay", str(files[0]), "--json").stdout)
    assert rep["ok"] is True and len(rep["final_hash"]) == 64
    assert rep["result"]["reason"] == "all_prizes_taken"


def test_simulate_workers_match_single_process() -> None:
    a = json.loads(run("simulate", "goofspiel-3p", "--games", "20", "--seed", "2", "--json").stdout)
    b = json.loads(run("simulate", "goofspiel-3p", "--games", "20", "--seed", "2", "--workers", "2",
                       "--json").stdout)
    assert a["results"] == b["results"]


@pytest.mark.parametrize(
    "args, message",
    [
        (("simulate", "no-such"), "unknown preset"),
        (("simulate", "goofspiel-2p", "--seed", "abc"), "--seed"),
        (("simulate", "goofspiel-2p", "--bots", "nobot"), "unknown bot"),
        (("simulate", "goofspiel-2p", "--bots", "random,random,random"), "2 seats"),
        (("simulate", "goofspiel-2p", "--bots", "cold=random"), "unknown side"),
        (("simulate", "goofspiel-2p", "--clock", "minutes=3"), "--clock"),
        (("replay", "/no/such/file.jsonl"), "no such record"),
        (("play", "goofspiel-2p", "--seat", "7"), "--seat"),
    ],
)
def test_bad_input_exit_2_one_line(args: tuple[str, ...], message: str) -> None:
    p = run(*args)
    assert p.returncode == 2, (p.stdout, p.stderr)
    assert message in p.stderr
    assert "Traceback" not in p.stderr
    assert len([ln for ln in p.stderr.splitlines() if ln.strip()]) == 1


def test_corrupt_record_file(tmp_path: Path) -> None:
    f = tmp_path / "bad.jsonl"
    f.write_bytes(b"\xff\xfe garbage")
    p = run("replay", str(f), "--json")
    assert p.returncode == 2 and "cannot read record" in p.stderr


def test_play_in_terminal_to_the_end(tmp_path: Path) -> None:
    """A whole game from the terminal: always answer option 0; the record replays."""
    rec = tmp_path / "g.jsonl"
    p = run("play", "goofspiel-2p", "--seat", "1", "--seed", "5", "--record", str(rec), stdin="0\n" * 13)
    assert p.returncode == 0, p.stderr
    assert "game over" in p.stdout
    assert json.loads(run("replay", str(rec), "--json").stdout)["ok"] is True


def test_play_timer_applies_timeout(tmp_path: Path) -> None:
    """Nobody types: every decision's timer runs out and the ruleset's timeout action applies."""
    from rich.console import Console

    from tablesport.core import Ruleset
    from tablesport.games import find_preset
    from tablesport.terminal import LineReader, play_terminal

    game, rs = find_preset("goofspiel-2p")
    fast = Ruleset(rs.game, rs.preset, rs.seats, rs.title, params={**rs.params, "bid_seconds": 0.05})
    read_end, write_end = os.pipe()  # the writer stays open and silent
    out = tmp_path / "t.jsonl"
    with open(os.devnull, "w") as devnull:
        play_terminal(game, fast, 0, 1, "random", record=out, console=Console(file=devnull),
                      reader=LineReader(read_end))
    os.close(write_end)
    os.close(read_end)
    assert out.read_text().count('"t":"timeout"') == 13


def test_terminal_answers_number_json_or_plain_text() -> None:
    from tablesport.terminal import parse_answer

    assert parse_answer("1", ["a", "b"]) == "b"
    assert parse_answer("7", ["a", "b"]) == 7
    assert parse_answer('["x", [1]]', None) == ("x", (1,))
    assert parse_answer("a20,b20", None) == "a20,b20"
