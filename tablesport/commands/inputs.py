"""What the tournament commands read: YAML/JSON documents (a file or inline) and whole-number options;
bad input becomes a one-line :class:`~tablesport.tournament.errors.TournamentError`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tablesport.tournament.errors import TournamentError


def read_document(path: Path) -> Any:
    """A YAML or JSON file (JSON is YAML); errors become one-line TournamentErrors."""
    import yaml

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise TournamentError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise TournamentError(f"{path}: cannot read ({type(exc).__name__})") from None
    try:
        if path.suffix.lower() == ".json":
            return json.loads(text)
        return yaml.safe_load(text)
    except (json.JSONDecodeError, yaml.YAMLError) as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise TournamentError(f"{path}: not valid {'JSON' if path.suffix.lower() == '.json' else 'YAML'}: "
                              f"{first}") from None


def whole(value: str, option: str, least: int) -> int:
    """A whole-number option (parsed here so bad input gives the one-line error)."""
    try:
        n = int(value)
    except ValueError:
        raise TournamentError(f"{option} must be a whole number, not {value!r}") from None
    if n < least:
        raise TournamentError(f"{option} must be at least {least}, not {n}")
    return n


def inline_document(text: str) -> Any:
    """Inline YAML/JSON, or @FILE; a mapping that repeats a key (a player twice) is refused."""
    import yaml

    from tablesport.tournament.repeated import refuse_repeated, repeated_yaml_key

    if text.startswith("@"):
        doc = read_document(Path(text[1:]))
        refuse_repeated(repeated_yaml_key(Path(text[1:]).read_text(encoding="utf-8")))
        return doc
    try:
        doc = yaml.safe_load(text)
    except yaml.YAMLError:
        raise TournamentError("the result is not valid YAML/JSON") from None
    refuse_repeated(repeated_yaml_key(text))
    return doc


