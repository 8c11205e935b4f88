"""The frames a live table sends: their JSON text, and the error frame."""

from __future__ import annotations

from typing import Any

from tablesport.store.live.jsontext import compact


def error(code: str, message: str, **extra: Any) -> dict[str, Any]:
    """An error frame: ``code``, ``message`` and the ``extra`` fields that are not ``None``."""
    return {"type": "error", "code": code, "message": message,
            **{k: v for k, v in extra.items() if v is not None}}


def frame(obj: dict[str, Any]) -> str:
    """A frame's text (:func:`tablesport.store.live.jsontext.compact`: frames are most of a table's work)."""
    return compact(obj)
