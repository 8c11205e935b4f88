"""Simulation datasets: one row per game for every game, resume without duplicates, engines agree."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from tests.installed_env import cli

pytest.importorskip("pyarrow")

from tablesport.bots.registry import BotSpec  # noqa: E402
from tablesport.games import all_presets, find_preset  # noqa: E402
from tablesport.sim.dataset import outcome_row, read_dataset, run_key, write_part  # noqa: E402
from tablesport.sim.engines import SimJob, play_chunk  # noqa: E402
from tablesport.sim.runner import game_seed  # noqa: E402
from tablesport.sim.stream import simulate_to_dataset  # noqa: E402

CLI = cli()


def rows_by_index(folder: Path) -> list[dict[str, Any]]:
    rows = read_dataset(folder).to_pylist()
    for r in rows:
        r.pop("seconds")
    return sorted(rows, key=lambda r: (r["run"], r["index"]))


@pytest.mark.parametrize("preset", sorted(all_presets()))
def test_every_preset_gives_a_row_that_reads_back(preset: str, tmp_path: Path) -> None:
    game, rs = find_preset(preset)
    spec = BotSpec.parse("random", game, rs)
    [(index, outcome)] = play_chunk(SimJob(preset, 3), [0])
    row = outcome_row(run_key(preset, 3, spec, None), rs, game.name, 3, index, spec, outcome)
    write_part(tmp_path, row["run"], [row])
    [back] = read_dataset(tmp_path).to_pylist()
    res = outcome.result
    assert back["seed"] == game_seed(3, 0)
    assert back["placements"] == list(res.placements) and back["reason"] == res.reason
    assert back["length"] == outcome.decisions > 0
    assert json.loads(back["stats_json"]) == json.loads(json.dumps(res.to_json()["stats"]))
    assert back["bots"] == ["random"] * rs.seats and len(back["sides"]) == rs.seats
    for name in res.sides:
        assert back[f"side_{name}_placement"] == res.sides[name].placement


def test_per_seat_and_per_side_statistics_are_columns(tmp_path: Path) -> None:
    simulate_to_dataset("blokus-2p", 3, 5, tmp_path / "b")
    simulate_to_dataset("sgs-3v3-2012", 3, 5, tmp_path / "s", bots="cold=random,warm=random")
    blokus = read_dataset(tmp_path / "b").to_pylist()
    for r in blokus:
        stats = json.loads(r["stats_json"])
        assert r["seat_squares_left"] == [float(x) for x in stats["squares_left"]]
        assert r["first_seat"] == 0              # blue (seat 0) places first
    sgs = read_dataset(tmp_path / "s").to_pylist()
    for r in sgs:
        sides = json.loads(r["sides_json"])
        for side in ("cold", "warm"):
            assert r[f"side_{side}_generals"] == sides[side]["stats"]["generals"]
            assert r[f"side_{side}_commander_general"] == sides[side]["stats"]["commander"]["general"]
        assert sorted(set(r["sides"])) == ["cold", "warm"]
        assert "stat_cold_generals" not in r        # the side's statistics are not repeated


def test_bots_are_labelled_as_the_table_seated_them(tmp_path: Path) -> None:
    """Per-side bots: each seat's bot is its side's; a seat without a side had the neutral random bot."""
    simulate_to_dataset("pictionary-table", 2, 1, tmp_path / "d", bots="A=player,B=random")
    for r in read_dataset(tmp_path / "d").to_pylist():
        want = {"A": "player", "B": "random", None: "random"}
        assert r["bots"] == [want[side] for side in r["sides"]]
        assert None in r["sides"] and "A" in r["sides"]


def test_resume_adds_only_the_missing_games(tmp_path: Path) -> None:
    out = tmp_path / "d"
    first = simulate_to_dataset("goofspiel-2p", 10, 9, out, chunk=3)
    assert first["written"] == 10
    with pytest.raises(Exception, match="--resume"):
        simulate_to_dataset("goofspiel-2p", 10, 9, out)
    again = simulate_to_dataset("goofspiel-2p", 25, 9, out, resume=True, chunk=4)
    assert (again["written"], again["skipped"]) == (15, 10)
    simulate_to_dataset("goofspiel-2p", 25, 9, tmp_path / "whole")
    assert rows_by_index(out) == rows_by_index(tmp_path / "whole")
    other = simulate_to_dataset("goofspiel-2p", 5, 10, out)   # another run shares the dataset
    assert other["run"] != first["run"] and len(read_dataset(out)) == 30


def test_a_killed_run_resumes_without_duplicates(tmp_path: Path) -> None:
    out = tmp_path / "d"
    cmd = [*CLI, "simulate", "blokus-2p", "-n", "150", "--seed", "4", "--chunk", "3", "--out", str(out), "-q"]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 120
    while len(list(out.glob("part-*.parquet"))) < 3 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL, "the run ended before it could be killed"
    before = len(read_dataset(out))
    assert 0 < before < 150
    refused = subprocess.run(cmd, capture_output=True, text=True)
    assert refused.returncode == 2 and "--resume" in refused.stderr and refused.stderr.count("\n") == 1
    done = subprocess.run([*cmd, "--resume", "--json"], capture_output=True, text=True, check=True)
    report = json.loads(done.stdout)
    assert report["skipped"] == before and report["written"] == 150 - before
    rows = rows_by_index(out)
    assert [r["index"] for r in rows] == list(range(150))
    assert [r["seed"] for r in rows] == [game_seed(4, i) for i in range(150)]
    assert not list(out.glob(".*"))              # no temporary file left
    # a sample of the games, played again in this process, gives the same rows
    game, rs = find_preset("blokus-2p")
    spec = BotSpec.parse("random", game, rs)
    sample = [0, before - 1, before, 149]
    for i, o in play_chunk(SimJob("blokus-2p", 4), sample):
        row = outcome_row(rows[0]["run"], rs, game.name, 4, i, spec, o)
        row.pop("seconds")
        assert {k: v for k, v in rows[i].items() if v is not None} == {k: v for k, v in row.items()
                                                                       if v is not None}


def test_local_pool_gives_the_same_rows_as_one_process(tmp_path: Path) -> None:
    simulate_to_dataset("goofspiel-3p", 30, 2, tmp_path / "one", workers=1)
    simulate_to_dataset("goofspiel-3p", 30, 2, tmp_path / "two", workers=2, chunk=4)
    assert rows_by_index(tmp_path / "one") == rows_by_index(tmp_path / "two")


@pytest.mark.parametrize("args", [
    ["--resume"],
    ["--out", "{d}", "--record", "{d}/rec"],
    ["--out", "{d}", "--engine", "spark"],
    ["--out", "{d}", "--address", "10.0.0.1:6379"],
    ["--out", "{d}", "--engine", "ray", "--address", "127.0.0.1:1"],
    ["--out", "{d}", "--engine", "ray", "--address", "nowhere"],
])
def test_bad_options_end_with_one_line(args: list[str], tmp_path: Path) -> None:
    argv = [a.format(d=tmp_path / "d") for a in args]
    r = subprocess.run([*CLI, "simulate", "goofspiel-2p", "-n", "2", *argv], capture_output=True, text=True)
    assert r.returncode == 2 and r.stderr.startswith("error:") and r.stderr.count("\n") == 1, r.stderr
    assert not list((tmp_path / "d").glob("part-*"))
