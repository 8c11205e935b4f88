"""`tablesport sanguosha scenario FILE --json` and `tablesport sanguosha cards --json`."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tablesport.cli import app

SCEN = Path(__file__).parent / "scenarios" / "cards"


def test_scenario_json_prints_events_and_state() -> None:
    res = CliRunner().invoke(app, ["sanguosha", "scenario", str(SCEN / "slash_basic_hit.yaml"), "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["ok"] and out["rule"]
    assert any(e["kind"] == "damage" for e in out["events"])
    assert out["state"]["players"][1]["hp"] == 3


def test_scenario_failure_exits_1(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text((SCEN / "slash_basic_hit.yaml").read_text().replace("hp: 3}", "hp: 2}"))
    res = CliRunner().invoke(app, ["sanguosha", "scenario", str(bad)])
    assert res.exit_code == 1 and "FAIL" in res.output


def test_scenario_bad_file_exits_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nrule: y\nplayers: [{hand: [no_such_card]}, {}]\n")
    res = CliRunner().invoke(app, ["sanguosha", "scenario", str(bad)])
    assert res.exit_code == 2


def test_cards_json_lists_108_plus_2012_cards() -> None:
    res = CliRunner().invoke(app, ["sanguosha", "cards", "--json"])
    rows = json.loads(res.output)
    assert len(rows) == 111 and sum(r["set"] == "standard" for r in rows) == 108
    res = CliRunner().invoke(app, ["sanguosha", "cards", "--json", "--deck", "no_lightning"])
    assert len(json.loads(res.output)) == 106


def test_scenario_misspelt_key_is_refused(tmp_path: Path) -> None:
    """A scenario cannot pass by checking nothing: unknown keys are errors."""
    bad = tmp_path / "bad.yaml"
    bad.write_text((SCEN / "slash_basic_hit.yaml").read_text().replace("  state:", "  stat:"))
    res = CliRunner().invoke(app, ["sanguosha", "scenario", str(bad)])
    assert res.exit_code == 2
