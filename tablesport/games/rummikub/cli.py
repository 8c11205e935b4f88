"""``tablesport rummikub ...``: the solver contract.

``tablesport rummikub solve [--objective tiles|value] --json`` reads one position
``{"table": [["R1","R2","R3"], ...], "rack": ["K5", ...], "melded": true}`` or JSON Lines (one
position per line) on stdin and prints ``{"tiles_placed", "value_placed", "placed", "table"}`` per
position (one line each).  ``value_placed`` counts a joker 30 (its cost on a rack).  Bad input
ends with a one-line message and exit code 2.
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from tablesport.cli_output import echo_json, fail, read_json_items

from .sets import SetError, check_set
from .solver import OBJECTIVES, PositionError, solve

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Rummikub tools.")


class InputError(ValueError):
    pass


def parse_position(obj: Any) -> tuple[list[list[str]], list[str], bool]:
    if not isinstance(obj, dict):
        raise InputError('a position is an object {"table": [[codes]], "rack": [codes], "melded": true}')
    extra = sorted(set(obj) - {"table", "rack", "melded"})
    if extra:
        raise InputError(f"unknown field(s) {', '.join(extra)}; a position has table, rack and melded")
    table, rack, melded = obj.get("table", []), obj.get("rack"), obj.get("melded", True)
    if not isinstance(table, list) or not all(isinstance(s, list) for s in table):
        raise InputError("table must be a list of sets, each a list of tile codes")
    if not isinstance(rack, list):
        raise InputError("rack must be a list of tile codes")
    if not isinstance(melded, bool):
        raise InputError("melded must be true or false")
    for i, s in enumerate(table):
        if not all(isinstance(c, str) for c in s):
            raise InputError(f"table set {i + 1}: tile codes are strings like \"R7\" or \"J\"")
        try:
            check_set(s)
        except (SetError, ValueError) as exc:
            raise InputError(f"table set {i + 1} {s} is not a valid set: {exc}") from None
    return table, rack, melded


def answer(obj: Any, objective: str) -> dict[str, Any]:
    table, rack, melded = parse_position(obj)
    try:
        return solve(table, rack, melded, objective).to_json()
    except PositionError as exc:
        raise InputError(str(exc)) from None


@app.command("solve")
def solve_cmd(
    objective: str = typer.Option("tiles", "--objective",
                                  help="tiles (most tiles laid) or value (most points)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON (one line per position)"),
) -> None:
    """Best play for positions read from stdin (one JSON object, or JSON Lines)."""
    if objective not in OBJECTIVES:
        fail(f"--objective must be one of {', '.join(OBJECTIVES)}, not {objective!r}")
    items = read_json_items(sys.stdin.read(), "no position on stdin")
    for no, obj in items:
        try:
            out = answer(obj, objective)
        except InputError as exc:
            fail(f"line {no}: {exc}" if len(items) > 1 else str(exc))
        if as_json:
            echo_json(out)
        else:
            sets = "  ".join(" ".join(s) for s in out["table"])
            laid = " ".join(out["placed"]) or "-"
            typer.echo(f"{out['tiles_placed']} tiles ({out['value_placed']} points): {laid}")
            typer.echo(f"  table: {sets}")
