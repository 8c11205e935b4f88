"""Nim's lobby picture: the pile's stones in a row."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core.picture import HEIGHT, WIDTH, Spec, TileError, circle

from .game import PRESETS


def draw(p: Spec, lang: str, names: Mapping[str, Any]) -> str:
    stones = p["stones"]
    if not isinstance(stones, int) or not 1 <= stones <= min(rs["stones"] for rs in PRESETS.values()):
        raise TileError(f"nim picture: {stones!r} is not a pile of every preset")
    gap = WIDTH / (stones + 1)
    return "".join(circle(gap * (i + 1), HEIGHT / 2, 12, "#a0aec0", "#4a5568", 2) for i in range(stones))
