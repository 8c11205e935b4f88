"""The ruling scenarios (tests/monopoly_deal/scenarios/*.yaml), and the scenario format's refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablesport.cli import app
from tablesport.games.monopoly_deal.scenario import ScenarioError, load, run_scenario, run_spec

HERE = Path(__file__).parent / "scenarios"
FILES = sorted(HERE.glob("*.yaml"))


def test_at_least_80_scenarios_each_naming_its_rule_and_every_card_kind_played() -> None:
    assert len(FILES) >= 80
    played: set[str] = set()
    for f in FILES:
        for step in load(f).get("steps") or []:
            if "do" in step and "refused" not in step:
                played.add(str(step["do"][0]))
    assert {"bank", "property", "move", "house", "hotel", "pass_go", "birthday", "debt_collector", "sly_deal",
            "forced_deal", "deal_breaker", "rent", "just_say_no", "accept", "pay", "discard", "end"} <= played
    for f in FILES:
        spec = load(f)
        assert spec["rule"].strip() and spec["name"].strip()


@pytest.mark.parametrize("path", FILES, ids=[f.stem for f in FILES])
def test_scenario(path: Path) -> None:
    rep = run_scenario(path)
    assert rep.ok, "\n".join(rep.failures)


def test_a_wrong_expectation_fails() -> None:
    spec = load(HERE / "bank_money.yaml")
    spec["expect"]["players"][0]["value"] = 6
    rep = run_spec(spec)
    assert not rep.ok and "value = 5, expected 6" in rep.failures[0]


@pytest.mark.parametrize("bad, message", [
    ({"name": "x", "rule": "y", "expct": {}}, "unknown key(s) expct"),
    ({"name": "x", "rule": "y", "players": [{"hnd": []}]}, "unknown key(s) hnd"),
    ({"name": "x", "rule": "y", "steps": [{"seat": 0, "do": ["end"], "wait": 1}]}, "unknown key(s) wait"),
    ({"name": "x", "rule": "y", "expect": {"pending": {"sat": 0}}}, "unknown key(s) sat"),
    ({"name": "x", "rule": "y", "players": [{"hand": ["deal-breaker-1"]}]}, "not in play"),
    ({"name": "x", "rule": "y", "players": [{"hand": ["red-1"], "bank": ["red-1"]}]}, "placed twice"),
    ({"name": "x", "rule": "y", "preset": "monopoly"}, "unknown preset"),
])
def test_bad_scenarios_are_refused(bad: dict[str, object], message: str) -> None:
    with pytest.raises(ScenarioError, match=re.escape(message)):
        run_spec(bad)


def test_cli_scenario_and_cards(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(app, ["monopoly-deal", "scenario", str(HERE / "bank_money.yaml"), "--json"])
    assert ok.exit_code == 0 and '"ok": true' in ok.output
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: x\nrule: y\nplayers: [{hnd: []}]\n")
    out = runner.invoke(app, ["monopoly-deal", "scenario", str(bad), "--json"])
    assert out.exit_code == 2 and "unknown key(s) hnd" in out.output and "Traceback" not in out.output
    cards = runner.invoke(app, ["monopoly-deal", "cards", "--json"])
    assert cards.exit_code == 0 and '"count": 110' in cards.output and '"money_total": 57' in cards.output
    event = runner.invoke(app, ["monopoly-deal", "cards", "--preset", "monopoly-deal-event", "--json"])
    assert '"count": 104' in event.output
