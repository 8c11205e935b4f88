"""``tablesport sanguosha ...``: run ruling scenarios, list the cards."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import typer

from tablesport.cli_scenarios import scenario_command

from .scenario import run_scenario

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Sanguosha (三国杀) referee tools.")


app.command("scenario")(scenario_command(
    run_scenario, "Run ruling scenario file(s): set up, play the scripted answers, check the expectations."))


@app.command()
def cards(as_json: bool = typer.Option(False, "--json"),
          deck: str = typer.Option("", help="full | no_lightning | 3v3_2012")) -> None:
    """List the card table (or one deck variant)."""
    from . import cards as C

    ids = C.DECKS[deck] if deck else range(C.N)
    rows = [C.CARDS[i].to_json() for i in ids]
    if as_json:
        typer.echo(json.dumps(rows, ensure_ascii=False))
    else:
        for r in rows:
            typer.echo(f"{r['id']:>5} {r['title']:<28} {r['name_zh']:<6} {r['suit']:<8} {r['rank']:>2} "
                       f"{r['type']}")


try:  # the generals engineer's commands (``tablesport sanguosha generals --json``)
    _gen = importlib.import_module(f"{__package__}.generals_cli")
except ModuleNotFoundError as exc:
    if exc.name != f"{__package__}.generals_cli":
        raise
else:
    _gen.register(app)


@app.command()
def advise(as_json: bool = typer.Option(False, "--json", help="print the ranking as JSON"),
           tables: Path | None = typer.Option(None, "--tables",
                                              help="advisor tables written by tablesport analyze "
                                                   "(default: the shipped ones of the preset)")) -> None:
    """Rank the 3v3 draft's candidates for the side to pick (request JSON on stdin; docs/advisor.md)."""
    import sys

    from .advisor import AdvisorError, load_tables, parse_request
    from .advisor import advise as rank

    text = sys.stdin.read()
    try:
        try:
            obj = json.loads(text)
        except json.JSONDecodeError as exc:
            raise AdvisorError(f"the request is not JSON ({exc.msg} at line {exc.lineno} column "
                               f"{exc.colno}); send one object with preset, generals, first_picker, "
                               "picks and turn") from None
        req = parse_request(obj)
        if tables is not None and not tables.is_file():
            raise AdvisorError(f"--tables {tables}: no such file")
        out = rank(req, load_tables(req.preset, tables))
    except AdvisorError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    if as_json:
        typer.echo(json.dumps(out, ensure_ascii=False))
        return
    typer.echo(f"{out['preset']}: pick {out['pick']}, {out['side']} to pick "
               f"(tables from {out['tables']['games']} games)")
    for r in out["candidates"]:
        c = r["contribution"]
        syn = "; ".join(f"with {s['with']} {100 * s['effect']:+.1f}" for s in r["synergies"])
        typer.echo(f"{r['rank']:>3} {r['general']:<16} {r['name_zh']:<4} score {r['score']:+.3f}  "
                   f"{r['role']:<9} {100 * c['effect']:+5.1f} pts "
                   f"[{100 * c['lo']:+.1f}, {100 * c['hi']:+.1f}]"
                   + (f"  {syn}" if syn else ""))
