"""What every command prints: JSON on stdout, one-line errors on stderr (then exit code 2).

Shared by the commands of `tablesport.commands` and the games' own `cli.py` modules, so it sits below both."""

from __future__ import annotations

import json
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.markup import escape

err = Console(stderr=True, soft_wrap=True)


def echo_json(obj: Any, indent: int | None = None) -> None:
    """``obj`` as JSON on stdout (one line unless ``indent``; UTF-8 kept)."""
    typer.echo(json.dumps(obj, ensure_ascii=False, indent=indent))


def say_error(message: str) -> None:
    """One line on stderr: ``error: message`` (the message is text, never markup)."""
    err.print(f"[red]error:[/red] {escape(message)}", markup=True, highlight=False)


def fail(message: str) -> NoReturn:
    """:func:`say_error`, then exit with code 2 (bad input)."""
    say_error(message)
    raise typer.Exit(2)


def read_json_items(text: str, empty: str) -> list[tuple[int, Any]]:
    """A command's input: one JSON value, or JSON Lines (blank lines skipped), as ``(line, value)``
    pairs. A line that is not JSON, or no input at all (``empty`` says what to send), fails."""
    try:
        return [(1, json.loads(text))]
    except json.JSONDecodeError:
        pass
    items: list[tuple[int, Any]] = []
    for no, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            items.append((no, json.loads(line)))
        except json.JSONDecodeError as exc:
            fail(f"line {no}: not JSON ({exc.msg})")
    if not items:
        fail(empty)
    return items
