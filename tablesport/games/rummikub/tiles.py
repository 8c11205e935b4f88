"""The 106 Rummikub tiles as data: codes (what a tile is) and ids (one physical tile).

A tile **code** is a colour letter and a number (``R7``, ``K13``) or ``J`` for a joker; a tile **id**
is a code plus a copy letter (``R7a``, ``R7b``, ``Ja``).  Views, events and actions use ids so
that hidden tiles can be checked; the solver works on codes.
"""

from __future__ import annotations

import re

COLOURS: dict[str, dict[str, str]] = {
    "R": {"name": "red", "name_zh": "紅"},
    "B": {"name": "blue", "name_zh": "藍"},
    "O": {"name": "orange", "name_zh": "橙"},
    "K": {"name": "black", "name_zh": "黑"},
}
COLOUR_ORDER = tuple(COLOURS)
NUMBERS = range(1, 14)
COPIES = ("a", "b")
JOKER = "J"
JOKER_PENALTY = 30
"""A joker left on a rack at the end counts 30 (seed §3)."""

CODES: tuple[str, ...] = tuple(f"{c}{n}" for c in COLOUR_ORDER for n in NUMBERS) + (JOKER,)
ALL_IDS: tuple[str, ...] = tuple(f"{code}{cp}" for code in CODES for cp in COPIES)

_CODE = re.compile(r"^(?:([RBOK])(1[0-3]|[1-9])|J)$")
_ID = re.compile(r"^(?:([RBOK])(1[0-3]|[1-9])|J)([ab])$")


def is_code(text: object) -> bool:
    return isinstance(text, str) and _CODE.match(text) is not None


def is_id(text: object) -> bool:
    return isinstance(text, str) and _ID.match(text) is not None


def code_of(tile_id: str) -> str:
    """``"R7a"`` → ``"R7"``."""
    return tile_id[:-1]


def colour(code: str) -> str | None:
    return None if code == JOKER else code[0]


def number(code: str) -> int:
    """The face number (0 for a joker)."""
    return 0 if code == JOKER else int(code[1:])


def penalty(code: str) -> int:
    """What the tile costs when left on a rack: its number, a joker 30."""
    return JOKER_PENALTY if code == JOKER else int(code[1:])


def index(code: str) -> tuple[int, int]:
    """(colour index 0–3, number 1–13) of a number tile."""
    return COLOUR_ORDER.index(code[0]), int(code[1:])


def code_at(c: int, n: int) -> str:
    return f"{COLOUR_ORDER[c]}{n}"


def _sort_key(code_or_id: str) -> tuple[int, int, str]:
    code = code_or_id if is_code(code_or_id) else code_of(code_or_id)
    if code == JOKER:
        return (9, 0, code_or_id)
    c, n = index(code)
    return (c, n, code_or_id)


CELLS: dict[str, tuple[int, int]] = {code: index(code) for code in CODES if code != JOKER}
"""Every number tile's code → (colour index, number)."""
_SORT_KEYS = {x: _sort_key(x) for x in CODES + ALL_IDS}


def sort_key(code_or_id: str) -> tuple[int, int, str]:
    """Reading order: by colour, then number, jokers last (codes and ids alike)."""
    key = _SORT_KEYS.get(code_or_id)
    return key if key is not None else _sort_key(code_or_id)
