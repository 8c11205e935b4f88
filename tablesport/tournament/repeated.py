"""A result body whose mapping repeats a key (``{"seen": {"Ann": …, "Ann": …}}``) is refused.

A JSON or YAML parser keeps the last of two equal keys, so a player listed twice would silently lose
the first reading; the API and the CLI look at the text itself before the parser merges them."""

from __future__ import annotations

import json
from typing import Any

from .errors import TournamentError

PLAYER_MAPS = ("seen", "scores", "squares", "racks")
"""A result's mappings keyed by player."""


class _Keys(dict[str, Any]):
    """A JSON object that remembers the keys it was given more than once."""

    repeated: list[str]


def _keep_repeats(pairs: list[tuple[str, Any]]) -> _Keys:
    out = _Keys()
    out.repeated = []
    for k, v in pairs:
        if k in out and k not in out.repeated:
            out.repeated.append(k)
        out[k] = v
    return out


def _first_repeat(doc: Any, path: str) -> tuple[str, str] | None:
    if isinstance(doc, _Keys):
        if doc.repeated:
            return path or "the body", doc.repeated[0]
        items: Any = doc.items()
    elif isinstance(doc, list):
        items = enumerate(doc)
    else:
        return None
    for k, v in items:
        found = _first_repeat(v, f"{path}.{k}" if path else str(k))
        if found:
            return found
    return None


def repeated_json_key(text: str | bytes) -> tuple[str, str] | None:
    """(where, key) of the first key a JSON object of ``text`` repeats; None when none does or when the
    text is no JSON (its parser's own refusal then stands)."""
    try:
        doc = json.loads(text, object_pairs_hook=_keep_repeats)
    except (ValueError, RecursionError):
        return None
    return _first_repeat(doc, "")


def repeated_yaml_key(text: str) -> tuple[str, str] | None:
    """The same for YAML (JSON is YAML); None when the text is no YAML."""
    import yaml

    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None

    def walk(node: Any, path: str) -> tuple[str, str] | None:
        if isinstance(node, yaml.MappingNode):
            keys: list[str] = []
            for k, _ in node.value:
                key = str(k.value) if isinstance(k, yaml.ScalarNode) else ""
                if isinstance(k, yaml.ScalarNode) and key in keys:
                    return path or "the result", key
                keys.append(key)
            for k, v in node.value:
                found = walk(v, f"{path}.{k.value}" if path else str(k.value))
                if found:
                    return found
        elif isinstance(node, yaml.SequenceNode):
            for i, v in enumerate(node.value):
                found = walk(v, f"{path}.{i}" if path else str(i))
                if found:
                    return found
        return None

    return walk(root, "") if root is not None else None


def refuse_repeated(found: tuple[str, str] | None) -> None:
    """A clear refusal naming the key (a player in ``seen`` or ``scores``) given twice."""
    if found is None:
        return
    where, key = found
    last = where.rsplit(".", 1)[-1]
    what = "player" if last in PLAYER_MAPS else "key"
    raise TournamentError(
        f"{where} lists {key!r} twice: give each {what} once (a repeated {what} would "
        "silently replace the first)",
        allowed=[f"{where}: each {what} once"],
        field=last,
    )
