"""``tablesport analyze DATASET --out DIR``: a report over a simulation dataset (docs/simulation.md)."""

from __future__ import annotations

from pathlib import Path

import typer

from tablesport.cli_output import echo_json


def register(app: typer.Typer) -> None:
    @app.command()
    def analyze(
        dataset: Path = typer.Argument(..., help="a dataset folder written by simulate --out"),
        out: Path = typer.Option(..., "--out", help="folder for report.json, report.html and the figures"),
        preset: str = typer.Option("", "--preset", help="only this preset's games"),
        min_games: int = typer.Option(30, "--min-games", min=1,
                                      help="figures of names show those with at least this many games"),
        as_json: bool = typer.Option(False, "--json"),
    ) -> None:
        """Win rates (Wilson 95 % intervals), drafts, seat and first-move advantage, lengths, end reasons."""
        from tablesport.analytics.report import analyze as run

        summary = run(dataset, out, preset or None, min_games)
        echo_json(summary, indent=None if as_json else 2)
