"""``tablesport ttr ...``: the map and the final-scoring contracts (docs/ticket-to-ride.md).

* ``tablesport ttr map --json``: ``{"cities", "routes": [{"id", "a", "b", "length", "colour", "double_of"}],
  "tickets": [{"id", "a", "b", "points"}]}``.
* ``tablesport ttr score --json``: stdin ``{"players": [{"routes": [["Atlanta", "Nashville"], 17, ...],
  "tickets": [["Boston", "Miami"], "t05", ...]}]}`` → ``{"players": [{"route_points", "tickets",
  "ticket_points", "longest", "longest_bonus", "total", "place", "trains_used"}]}``, scored by the engine's
  own functions.

Bad input (not JSON, an unknown city, route or ticket, a claim set no game could produce) ends with one line
and exit code 2.
"""

from __future__ import annotations

import json
import sys

import typer

from tablesport.cli_output import echo_json, fail

from .board import board
from .claims import InputError, score

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Ticket to Ride tools.")


@app.command("map")
def map_cmd(as_json: bool = typer.Option(False, "--json", help="print JSON")) -> None:
    """The USA map: cities, routes (with doubles) and destination tickets."""
    data = board().to_json()
    if as_json:
        echo_json(data)
        return
    typer.echo(f"{len(data['cities'])} cities, {len(data['routes'])} routes, {len(data['tickets'])} tickets")
    for r in data["routes"]:
        double = f" (double of {r['double_of']})" if r["double_of"] else ""
        typer.echo(f"{r['id']:>3} {r['a']}–{r['b']} {r['length']} {r['colour']}{double}")


@app.command("score")
def score_cmd(as_json: bool = typer.Option(False, "--json", help="print JSON")) -> None:
    """Final scoring of the players' routes and tickets read from stdin (JSON)."""
    text = sys.stdin.read()
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as exc:
        fail(f"stdin is not JSON ({exc.msg} at line {exc.lineno})")
    try:
        out = score(obj)
    except InputError as exc:
        fail(str(exc))
    if as_json:
        echo_json(out)
        return
    for i, row in enumerate(out["players"]):
        typer.echo(
            f"player {i}: {row['total']} (routes {row['route_points']}, tickets {row['ticket_points']}, "
            f"longest {row['longest']} +{row['longest_bonus']}) place {row['place']}"
        )
