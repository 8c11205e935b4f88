"""Every ruling scenario under tests/sanguosha/scenarios/ (cards, modes, generals) must pass.
Each scenario file names the rule or seed clause it checks in its ``rule:`` field."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablesport.games.sanguosha.scenario import load, run_spec

ROOT = Path(__file__).parent / "scenarios"
FILES = sorted(ROOT.rglob("*.yaml"))


@pytest.mark.parametrize("path", FILES, ids=[str(p.relative_to(ROOT)) for p in FILES])
def test_scenario(path: Path) -> None:
    spec = load(path)
    assert spec.get("rule"), f"{path} must name its rule"
    rep = run_spec(spec)
    assert rep.ok, "\n".join(rep.failures)
