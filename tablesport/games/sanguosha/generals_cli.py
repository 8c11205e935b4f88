"""``tablesport sanguosha generals [--preset P] --json``: the generals as data for other tools.

Each row is ``{"id", "name", "name_zh", "kingdom", "hp", "gender", "skills": [{"id", "name",
"name_zh", "compulsory", "lord"}], "presets": [...]}`` where ``presets`` lists the presets whose
general pool holds that general (the presets' ``pool`` parameter, reference §3.1).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import typer
import yaml

GENERALS_FILE = Path(__file__).parent / "data" / "generals.yaml"


@cache
def load_generals() -> tuple[dict[str, Any], ...]:
    """generals.yaml as read (38 generals)."""
    with GENERALS_FILE.open(encoding="utf-8") as fh:
        rows = yaml.safe_load(fh)
    return tuple(rows)


def preset_pools() -> dict[str, tuple[str, ...]]:
    """Preset name → the general ids its pool holds (the presets' ``pool`` parameter)."""
    from .game import PRESETS
    from .generals import pool

    return {name: pool(rs["pool"]) for name, rs in PRESETS.items()}


def general_rows(preset: str | None = None) -> list[dict[str, Any]]:
    """The rows printed by ``generals --json`` (all generals, or one preset's pool)."""
    pools = preset_pools()
    if preset is not None and preset not in pools:
        raise KeyError(f"unknown preset {preset!r}; known: {', '.join(sorted(pools))}")
    rows = []
    for g in load_generals():
        in_presets = sorted(p for p, pool in pools.items() if g["id"] in pool)
        if preset is not None and preset not in in_presets:
            continue
        rows.append(
            {
                "id": g["id"],
                "name": g["name"],
                "name_zh": g["name_zh"],
                "kingdom": g["kingdom"],
                "hp": g["hp"],
                "gender": g["gender"],
                "skills": [
                    {
                        "id": s["id"],
                        "name": s["name"],
                        "name_zh": s["name_zh"],
                        "compulsory": bool(s.get("compulsory", False)),
                        "lord": bool(s.get("lord", False)),
                    }
                    for s in g["skills"]
                ],
                "presets": in_presets,
            }
        )
    return rows


def register(app: typer.Typer) -> None:
    """Add ``generals`` to the ``tablesport sanguosha`` group."""

    @app.command("generals")
    def generals(
        preset: str = typer.Option(None, "--preset", help="only this preset's general pool"),
        as_json: bool = typer.Option(False, "--json", help="print JSON"),
    ) -> None:
        """List the generals (of one preset's pool, or all) with their skills."""
        try:
            rows = general_rows(preset)
        except KeyError as exc:
            typer.echo(f"error: {exc.args[0]}", err=True)
            raise typer.Exit(2) from None
        if as_json:
            typer.echo(json.dumps(rows, ensure_ascii=False))
            return
        for r in rows:
            skills = ", ".join(
                f"{s['name']} {s['name_zh']}" + (" [compulsory]" if s["compulsory"] else "")
                + (" [lord]" if s["lord"] else "")
                for s in r["skills"]
            )
            typer.echo(f"{r['name']:<15} {r['name_zh']:<4} {r['kingdom']:<4} {r['hp']} HP {r['gender']:<6} "
                       f"{skills}")
