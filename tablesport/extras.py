"""Optional parts of tablesport and the extra that installs each (``pip install 'tablesport[server]'``)."""

from __future__ import annotations

import importlib.util

from tablesport.core import TablesportError

EXTRAS = {
    "server": ("fastapi", "uvicorn", "jinja2", "websockets", "argon2", "orjson"),
    "postgres": ("psycopg",),
    "hosted": ("redis", "psycopg"),
    "solver": ("highspy",),
}


class MissingExtra(TablesportError):
    """A command needs packages of an optional extra that is not installed."""


def missing(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be imported here."""
    return [m for m in EXTRAS[extra] if importlib.util.find_spec(m) is None]


def require(extra: str, what: str) -> None:
    """Raise :class:`MissingExtra` naming the install command if ``extra`` is not installed."""
    gone = missing(extra)
    if gone:
        raise MissingExtra(f"{what} needs the '{extra}' extra ({', '.join(gone)} not installed): "
                           f"pip install 'tablesport[{extra}]'")
