"""Optional parts of tablesport and the extra that installs each (``pip install 'tablesport[server]'``).

The packages of each extra are read from the installed package's own metadata (the ``Requires-Dist``
lines that pyproject.toml's optional dependencies become), so this module cannot drift from them."""

from __future__ import annotations

import re
from functools import cache
from importlib import metadata

from tablesport.core import TablesportError

DISTRIBUTION = "tablesport"
_EXTRA = re.compile(r"""extra\s*==\s*["']([^"']+)["']""")
_NAME = re.compile(r"^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[([^\]]*)\])?")


class MissingExtra(TablesportError):
    """A command needs packages of an optional extra that is not installed."""


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


@cache
def _requirements() -> dict[str, tuple[tuple[str, tuple[str, ...]], ...]]:
    """Each extra's requirements as (distribution, its extras), from the installed metadata."""
    try:
        lines = metadata.requires(DISTRIBUTION) or []
    except metadata.PackageNotFoundError:  # a source tree on the path, never installed: nothing known
        return {}
    found: dict[str, list[tuple[str, tuple[str, ...]]]] = {}
    for line in lines:
        requirement, _, marker = line.partition(";")
        extra = _EXTRA.search(marker)
        named = _NAME.match(requirement)
        if extra is None or named is None:
            continue
        inner = tuple(e.strip() for e in (named.group(2) or "").split(",") if e.strip())
        found.setdefault(extra.group(1), []).append((_normal(named.group(1)), inner))
    return {extra: tuple(reqs) for extra, reqs in found.items()}


def extras() -> list[str]:
    """The extras the installed package declares."""
    return sorted(_requirements())


def distributions(extra: str) -> list[str]:
    """The distributions ``extra`` installs, the extras it names (``hosted`` names ``server``) expanded."""
    table = _requirements()
    if table and extra not in table:
        raise ValueError(f"unknown extra {extra!r}: one of {', '.join(sorted(table))}")
    names: list[str] = []
    for name, inner in table.get(extra, ()):
        parts = [d for e in inner for d in distributions(e)] if name == DISTRIBUTION else [name]
        names.extend(p for p in parts if p not in names)
    return names


def _installed(name: str) -> bool:
    try:
        metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return False
    return True


def missing(extra: str) -> list[str]:
    """The distributions of ``extra`` that are not installed here."""
    return [name for name in distributions(extra) if not _installed(name)]


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` naming the install command if ``extra`` is not installed."""
    gone = missing(extra)
    if gone:
        raise MissingExtra(f"{what} needs the '{extra}' extra ({', '.join(gone)} not installed): "
                           f"pip install 'tablesport[{extra}]'")
