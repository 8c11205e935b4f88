"""``tablesport monopoly-deal ...``: the card list and the ruling scenarios.

* ``cards [--preset P] --json``: every card (id, kind, name, value, colours), the colours' set sizes and rent
  ladders; with ``--preset``, only the cards in play there.
* ``scenario FILE... --json``: run ruling scenario files (docs/monopoly-deal.md); a failed expectation exits
  1, a file that cannot be run exits 2 with one line.
"""

from __future__ import annotations

import typer

from tablesport.cli_output import echo_json, fail
from tablesport.cli_scenarios import scenario_command

from .cards import CARDS, COLOURS, deck
from .game import PRESETS
from .scenario import run_scenario

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Monopoly Deal referee tools.")


@app.command()
def cards(as_json: bool = typer.Option(False, "--json", help="print JSON"),
          preset: str = typer.Option("", help="only the cards in play in this preset")) -> None:
    """List the 110 cards of the box (or the cards in play in one preset)."""
    if preset and preset not in PRESETS:
        fail(f"unknown preset {preset!r}; known: {', '.join(sorted(PRESETS))}")
    ids = deck(deal_breakers=PRESETS[preset]["deal_breakers"]) if preset else list(CARDS)
    rows = [CARDS[c].to_json() for c in ids]
    if as_json:
        echo_json({"cards": rows, "count": len(rows), "money_total": sum(r["value"] for r in rows
                                                                          if r["kind"] == "money"),
                   "colours": {k: {"name": c.title, "size": c.size, "rent": list(c.rent), "value": c.value,
                                   "buildings": c.buildings} for k, c in COLOURS.items()}})
        return
    for r in rows:
        colours = r.get("colours", "")
        colours = "/".join(colours) if isinstance(colours, list) else colours
        typer.echo(f"{r['id']:<28} {r['kind']:<15} {r['value']:>2}M  {r['name']:<40} {colours}")


app.command("scenario")(scenario_command(
    run_scenario, "Run ruling scenario file(s): set up, play the scripted steps, check the expectations."))
