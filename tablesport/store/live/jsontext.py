"""The server's compact JSON text, written by orjson: a table's frames (server/live/frames.py) and its
stored step rows (writer.py), the server's most frequent writes."""

from __future__ import annotations

from typing import Any

import orjson

from tablesport.core.protocol import plain_json


def compact(obj: Any) -> str:
    """Compact JSON, UTF-8 kept, keys in their order (tuples and sets written as arrays, whole-number keys as
    strings), as :func:`tablesport.core.dumps` with ``canonical=False`` writes it; about a third of its
    time. Record hashes are never taken of it: they are of the canonical form."""
    return orjson.dumps(obj, default=plain_json, option=orjson.OPT_NON_STR_KEYS).decode()
