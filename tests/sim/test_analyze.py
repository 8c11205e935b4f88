"""``tablesport analyze``: the DuckDB tables agree with the rows counted in Python; the report's files."""

from __future__ import annotations

import json
import re
import subprocess
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tests.installed_env import cli

pytest.importorskip("duckdb")
pytest.importorskip("matplotlib")

from tablesport.analytics.report import analyze  # noqa: E402
from tablesport.analytics.wilson import wilson  # noqa: E402
from tablesport.games import all_presets  # noqa: E402
from tablesport.sim.dataset import read_dataset  # noqa: E402
from tablesport.sim.stream import simulate_to_dataset  # noqa: E402

CLI = cli()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("analyze") / "data"
    simulate_to_dataset("sgs-3v3-2012", 12, 1, out)
    simulate_to_dataset("sgs-1v1-2014", 6, 1, out)
    simulate_to_dataset("goofspiel-3p", 20, 1, out, bots="random,random,ismcts:playouts=10")
    return out


@pytest.fixture(scope="module")
def report(dataset: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    out = tmp_path_factory.mktemp("report")
    analyze(dataset, out, min_games=1)
    return out, json.loads((out / "report.json").read_text())


def rows(dataset: Path, preset: str) -> list[dict[str, Any]]:
    return [r for r in read_dataset(dataset).to_pylist() if r["preset"] == preset]


def test_wilson_interval() -> None:
    lo, hi = wilson(0, 10)
    assert lo == 0 and hi == pytest.approx(0.2775, abs=1e-4)      # the textbook 0/10 upper bound
    lo, hi = wilson(81, 263)
    assert (lo, hi) == (pytest.approx(0.2553, abs=1e-4), pytest.approx(0.3662, abs=1e-4))
    assert wilson(0, 0) == (0.0, 1.0)


def test_seats_reasons_lengths_and_first_seat_match_the_rows(dataset: Path,
                                                             report: tuple[Path, dict[str, Any]]) -> None:
    _, rep = report
    for preset in ("goofspiel-3p", "sgs-3v3-2012", "sgs-1v1-2014"):
        t = rep["presets"][preset]
        rs = rows(dataset, preset)
        assert t["games"] == len(rs)
        assert {r["reason"]: r["n"] for r in t["reasons"]} == Counter(r["reason"] for r in rs)
        for seat_row in t["seats_win"]:
            seat = seat_row["seat"]
            assert seat_row["wins"] == sum(seat in r["winner_seats"] for r in rs)
            assert seat_row["n"] == len(rs)
        if preset.startswith("goofspiel"):       # the first decision asks every seat at once
            assert "first_seat" not in t and {r["first_seat"] for r in rs} == {None}
        else:
            assert t["first_seat"]["n"] == len(rs)
            assert t["first_seat"]["wins"] == sum(r["first_seat"] in r["winner_seats"] for r in rs)
        assert t["length"]["max"] == max(r["length"] for r in rs)
    bots = {b["bot"]: b for b in rep["presets"]["goofspiel-3p"]["bots_win"]}
    gs = rows(dataset, "goofspiel-3p")
    assert bots["ismcts:playouts=10"]["wins"] == sum(2 in r["winner_seats"] for r in gs)
    assert bots["random"]["n"] == 2 * len(gs)


def test_generals_by_side_and_role_match_the_results(dataset: Path,
                                                     report: tuple[Path, dict[str, Any]]) -> None:
    _, rep = report
    rs = rows(dataset, "sgs-3v3-2012")
    want: Counter[tuple[str, str, str]] = Counter()
    wins: Counter[tuple[str, str, str]] = Counter()
    for r in rs:
        for side, sr in json.loads(r["sides_json"]).items():
            for general in sr["stats"]["generals"]:
                role = "commander" if general == sr["stats"]["commander"]["general"] else "vanguard"
                want[(side, role, general)] += 1
                wins[(side, role, general)] += r["winner_side"] == side
    got = rep["presets"]["sgs-3v3-2012"]["names"]["generals"]["by_side_role"]
    assert {(g["side"], g["role"], g["name"]): g["n"] for g in got} == want
    assert {(g["side"], g["role"], g["name"]): g["wins"] for g in got} == wins
    for g in got:
        assert g["lo"] <= g["rate"] <= g["hi"]
    roles = {g["role"] for g in rep["presets"]["sgs-1v1-2014"]["names"]["generals"]["by_side_role"]}
    assert roles == {"all"}                      # 1v1: the sides (lord, renegade) are the roles


def test_draft_tables_match_the_picks(dataset: Path, report: tuple[Path, dict[str, Any]]) -> None:
    _, rep = report
    draft = rep["presets"]["sgs-3v3-2012"]["draft"]
    rs = rows(dataset, "sgs-3v3-2012")
    assert draft["drafts"] == len(rs)
    picks: Counter[str] = Counter()
    fielded_at: Counter[int] = Counter()
    first_won = 0
    for r in rs:
        for side, sr in json.loads(r["sides_json"]).items():
            st = sr["stats"]
            assert len(st["picks"]) in (7, 8)      # 2012 draft: 16 candidates, one left (tests/sanguosha)
            picks.update(st["picks"])
            for k, general in enumerate(st["picks"], 1):
                fielded_at[k] += general in st["generals"]
            first_won += st["picked_first"] and r["winner_side"] == side
    assert {n["name"]: n["picks"] for n in draft["names"]} == picks
    assert {p["position"]: p["n"] for p in draft["positions"]} == {k: v for k, v in fielded_at.items()}
    assert draft["first_picker"] == {**draft["first_picker"], "n": len(rs), "wins": first_won}


def test_report_files_name_their_sample_size(report: tuple[Path, dict[str, Any]]) -> None:
    out, rep = report
    page = (out / "report.html").read_text()
    figures = [f["file"] for t in rep["presets"].values() for f in t["figures"]]
    assert len(figures) >= 12
    for name in figures:
        assert f'src="{name}"' in page
        svg = (out / name).read_text()
        assert svg.lstrip().startswith("<?xml") and "<svg" in svg
        assert re.search(r"n = \d+ (games|drafts)", svg), name
    assert "Wilson 95 %" in page and "values" not in rep["presets"]["goofspiel-3p"]["length"]


def test_cli_filters_a_preset_and_refuses_bad_input(dataset: Path, tmp_path: Path) -> None:
    ok = subprocess.run([*CLI, "analyze", str(dataset), "--preset", "sgs-1v1-2014",
                         "--out", str(tmp_path / "r"), "--json"], capture_output=True, text=True, check=True)
    assert json.loads(ok.stdout)["presets"] == {"sgs-1v1-2014": 6}
    cases = [([str(dataset), "--preset", "blokus-2p"], "presets there: goofspiel-3p, sgs-1v1-2014"),
             ([str(tmp_path / "nothing")], "no part-*.parquet")]
    for args, says in cases:
        bad = subprocess.run([*CLI, "analyze", *args, "--out", str(tmp_path / "x")],
                             capture_output=True, text=True)
        assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and says in bad.stderr, bad.stderr


def test_every_preset_is_reported(tmp_path: Path) -> None:
    """Two games of every preset in one dataset: each preset gets its tables and figures."""
    data = tmp_path / "all"
    presets = sorted(all_presets())
    for preset in presets:
        simulate_to_dataset(preset, 2, 7, data)
    summary = analyze(data, tmp_path / "r", min_games=1)
    assert summary["presets"] == {p: 2 for p in presets}
    rep = json.loads((tmp_path / "r" / "report.json").read_text())
    for preset in presets:
        t = rep["presets"][preset]
        assert sum(r["n"] for r in t["reasons"]) == 2
        assert len(t["seats_win"]) == all_presets()[preset][1].seats
        assert all((tmp_path / "r" / f["file"]).is_file() for f in t["figures"])
