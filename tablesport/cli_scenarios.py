"""The ``scenario FILE... [--json]`` command of every game with ruling files: each file's report (one
line and its failures, or JSON), exit code 1 when an expectation failed and 2, with one line, for a file
that cannot be run (:mod:`tablesport.core.scenario`)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import typer

from tablesport.cli_output import echo_json, fail
from tablesport.core.scenario import Report, ScenarioError, run_files


def scenario_command(run_scenario: Callable[[Path], Report], summary: str) -> Callable[..., None]:
    """A Typer command that runs scenario files with the game's ``run_scenario``; ``summary`` is its
    help line."""

    def scenario(files: list[Path] = typer.Argument(..., help="scenario YAML file(s)"),
                 as_json: bool = typer.Option(
                     False, "--json", help="print each report (events, final state) as JSON")) -> None:
        bad = 0
        try:
            for path, report in run_files(files, run_scenario):
                bad += not report.ok
                if as_json:
                    echo_json({"file": str(path), **report.to_json()})
                else:
                    for line in report.text(path):
                        typer.echo(line)
        except ScenarioError as exc:
            fail(str(exc))
        if bad:
            raise typer.Exit(1)

    scenario.__doc__ = summary
    return scenario
