"""`tablesport blokus match`: a GTP controller refereeing engines against each other (issue: bots that can
face Pentobi over its GTP dialect). Our own engines stand in for any other engine here."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tablesport.games.blokus.gtp_match import GtpClient, GtpFailure, play_game, rotations, summarise
from tests.installed_env import cli

OURS = [*cli(), "blokus", "gtp"]
# an engine that answers every command with success and every genmove with a move no rule allows
LIAR = """
import sys
for line in sys.stdin:
    cmd = line.split()
    if cmd and cmd[0] == 'quit':
        print('=\\n', flush=True); break
    print('= a1,a2,a3' if cmd and cmd[0] == 'genmove' else '=', flush=True)
    print(flush=True)
"""


def match_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*cli(), "blokus", "match", *args],
                          capture_output=True, text=True, timeout=300)


def test_rotations_give_every_engine_every_turn_position() -> None:
    assert rotations([0, 1, 1, 1], 4) == [[0, 1, 1, 1], [1, 0, 1, 1], [1, 1, 0, 1], [1, 1, 1, 0]]
    assert rotations([0, 1, 0, 1], 2) == [[0, 1, 0, 1], [1, 0, 1, 0]]


def test_a_game_between_two_engines_runs_to_its_end_with_the_seed_scores() -> None:
    engines = [GtpClient(OURS + ["--bot", "greedy"]), GtpClient(OURS + ["--bot", "random", "--seed", "5"])]
    try:
        rec = play_game(engines, [0, 1, 1, 1])
        # both engines followed every move: their own final scores equal the referee's
        for eng in engines:
            assert [int(s) for s in eng.ok("final_score").split()] == rec.colour_scores
        assert rec.forfeit is None and len(rec.moves) >= 40
        assert rec.engine_scores == [rec.colour_scores[0], sum(rec.colour_scores[1:])]
        summary = summarise([rec], ["greedy", "random"])
        assert summary["engines"][0]["colours_played"] == 1 and summary["engines"][1]["colours_played"] == 3
    finally:
        for eng in engines:
            eng.close()


def test_an_illegal_answer_forfeits_and_the_other_engine_is_untouched(tmp_path: Path) -> None:
    liar = tmp_path / "liar.py"
    liar.write_text(LIAR)
    engines = [GtpClient(OURS + ["--bot", "greedy"]), GtpClient([sys.executable, str(liar)], "liar")]
    try:
        rec = play_game(engines, [0, 1, 0, 1])
        assert rec.forfeit == 1 and "yellow" in rec.reason and "first_move_corner" in rec.reason
        assert len(rec.moves) == 1  # blue's opening move only
    finally:
        for eng in engines:
            eng.close()


def test_an_engine_that_dies_is_reported() -> None:
    eng = GtpClient([sys.executable, "-c", "pass"], "dead")
    with pytest.raises(GtpFailure, match="closed"):
        eng.ok("name")
    eng.close()


def test_cli_two_player_match_reports_wins_and_games() -> None:
    out = match_cli(" ".join(OURS + ["--bot", "greedy"]), " ".join(OURS + ["--bot", "random"]),
              "--game", "classic_2", "--games", "2", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["games"] == 2
    assert [r["owners"] for r in summary["game_records"]] == [[0, 1, 0, 1], [1, 0, 1, 0]]
    greedy, rnd = summary["engines"]
    assert greedy["wins"] + greedy["draws"] + greedy["losses"] == 2 and greedy["wins"] == rnd["losses"]


@pytest.mark.parametrize("args, message", [
    (["--colours", "0000"], "naming each of the 2 engines"),
    (["--colours", "01x1"], "4 digits"),
    (["--game", "duo"], "unknown variant"),
    (["--game", "classic_2", "--colours", "0011"], "blue and red"),
    (["--games", "0"], "at least 1"),
])
def test_cli_refuses_bad_options(args: list[str], message: str) -> None:
    out = match_cli("x", "y", *args)
    assert out.returncode == 2 and message in out.stderr


def test_cli_reports_an_engine_that_cannot_start() -> None:
    out = match_cli("/nonexistent/engine", " ".join(OURS))
    assert out.returncode == 2 and "cannot start an engine" in out.stderr
