"""Ruling scenarios, every game's: the error of a file that cannot be run, the report of a run, and the
running of scenario files one after another (what a game's ``scenario`` command does).

A game with ruling files supplies ``run_scenario(path) -> Report``: it sets up the position its file
describes, plays the scripted steps and checks the expectations (Monopoly Deal:
``games/monopoly_deal/scenario.py``, docs/monopoly-deal.md; Sanguosha: ``games/sanguosha/scenario/``,
docs/sanguosha-scenarios.md). :func:`run_files` runs them and says how each went.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class ScenarioError(ValueError):
    """A scenario file that cannot be run: bad YAML, an unknown key, a bad value or an impossible
    position (the ``scenario`` command exits 2)."""


@dataclass
class Report:
    """How a scenario went: ``ok`` when no expectation failed. ``events`` and ``state`` (the public view
    at the end) show what happened; ``decisions`` (where the game records them) the decisions asked;
    ``parts`` the reports of a file's parts, which then stand in for the rest."""

    name: str
    rule: str
    ok: bool
    failures: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    decisions: list[dict[str, Any]] | None = None
    state: dict[str, Any] = field(default_factory=dict)
    parts: list[Report] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "rule": self.rule, "ok": self.ok, "failures": self.failures}
        if self.parts:
            out["parts"] = [p.to_json() for p in self.parts]
            return out
        out["events"] = self.events
        if self.decisions is not None:
            out["decisions"] = self.decisions
        out["state"] = self.state
        return out

    def text(self, path: Path) -> list[str]:
        """The lines a run prints without ``--json``: ok or FAIL with the file, then each failure."""
        return [f"{'ok  ' if self.ok else 'FAIL'} {path}: {self.name} [{self.rule}]",
                *(f"       {f}" for f in self.failures)]


def run_files(files: Sequence[Path], run_scenario: Callable[[Path], Report]) -> Iterator[tuple[Path, Report]]:
    """Each file with its report, in order. A missing file or one that cannot be run raises
    :class:`ScenarioError` naming it, and the files after it are not run."""
    for path in files:
        if not path.is_file():
            raise ScenarioError(f"no such file {path}")
        try:
            report = run_scenario(path)
        except ScenarioError as exc:
            raise ScenarioError(f"{path}: {exc}") from None
        yield path, report
