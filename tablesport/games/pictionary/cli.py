"""``tablesport pictionary ...``: the guess matcher contract and the word-list checker.

``tablesport pictionary match --json`` reads one object ``{"answer": "male", "guess": "mail", "lang":
"en"}`` or JSON Lines (one object per line) on stdin and prints ``{"verdict": "correct" | "near" |
"wrong", "why": "..."}`` per object (one line each, in order).  ``lang`` is ``en`` (the default),
``zh-Hans`` or ``zh-Hant``.

``tablesport pictionary words FILE.csv --lang L [--json]`` checks an organiser's word list (the
columns and rules in :mod:`.words`) and prints how many cards it holds; ``--params`` prints the
``{"lang", "cards"}`` parameters that give a table that list.

Bad input ends with a one-line message and exit code 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import typer

from tablesport.cli_output import fail, read_json_items

from .guess_matching import LANGS, MatchInputError, match
from .words import WordListError, parse_csv

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Pictionary tools.")


def verdict_for(obj: Any) -> dict[str, str]:
    """The contract's answer to one request object (raises :class:`MatchInputError`)."""
    if not isinstance(obj, dict):
        raise MatchInputError('a request is an object {"answer": "...", "guess": "...", "lang": "en"}')
    extra = sorted(set(obj) - {"answer", "guess", "lang"})
    if extra:
        raise MatchInputError(f"unknown field(s) {', '.join(extra)}; a request has answer, guess and lang")
    for key in ("answer", "guess"):
        if not isinstance(obj.get(key), str):
            raise MatchInputError(f'"{key}" must be a string')
    lang = obj.get("lang", "en")
    if lang not in LANGS:
        raise MatchInputError(f"unknown lang {lang!r}; one of {', '.join(LANGS)}")
    return match(obj["answer"], obj["guess"], lang).to_json()


@app.command("match")
def match_cmd(as_json: bool = typer.Option(False, "--json",
                                           help="print JSON (one line per request)")) -> None:
    """Judge typed guesses read from stdin (one JSON object, or JSON Lines)."""
    items = read_json_items(sys.stdin.read(),
                            'no request on stdin; send {"answer": "...", "guess": "...", "lang": "en"}')
    out = []
    for no, obj in items:
        try:
            out.append(verdict_for(obj))
        except MatchInputError as exc:
            fail(f"line {no}: {exc}" if len(items) > 1 else str(exc))
            return
    for v in out:
        typer.echo(json.dumps(v, ensure_ascii=False) if as_json else f"{v['verdict']}: {v['why']}")


@app.command("words")
def words_cmd(
    file: Path = typer.Argument(..., help="a CSV word list: a header P,O,A,D,AP and one card per line"),
    lang: str = typer.Option("en", "--lang", help="en, zh-Hans or zh-Hant"),
    params: bool = typer.Option(False, "--params", help="print the table parameters that use this list"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
) -> None:
    """Check an organiser's word list."""
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        fail(f"no such file: {file}")
        return
    except (OSError, UnicodeDecodeError) as exc:
        fail(f"cannot read {file} as UTF-8 text: {exc}")
        return
    try:
        cards = parse_csv(text, lang)
    except WordListError as exc:
        fail(f"{file}: {exc}")
        return
    if params:
        typer.echo(json.dumps({"lang": lang, "cards": [list(c) for c in cards]}, ensure_ascii=False))
    elif as_json:
        typer.echo(json.dumps({"ok": True, "cards": len(cards), "lang": lang}))
    else:
        typer.echo(f"{file}: {len(cards)} cards, every word checked")
