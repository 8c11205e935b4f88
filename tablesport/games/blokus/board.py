"""The 20×20 board as Python-int bitboards, and every placement of every piece precomputed.

Square (x, y) — column ``x`` 0..19 (``a``..``t``), row ``y`` 0..19 (row number y + 1, from the
bottom) — is bit ``y * STRIDE + x``.  ``STRIDE`` is 21: one empty padding column keeps shifted
boards from wrapping from one row into the next, so the side and corner neighbours of a whole
colour are a few shifts and one mask.  Bit order is Pentobi's square order (a1, b1, …, t1, a2, …),
so a placement's squares come out in canonical order.

A placement is an index into the tables below (30,433 of them on the empty board): its board mask,
its piece, its squares and its move string (``"a20,b20,b19"``).
"""

from __future__ import annotations

import re

from .pieces import PIECE_ORIENTATIONS, PIECE_SIZES

SIZE = 20
STRIDE = SIZE + 1
BOARD = sum(1 << (y * STRIDE + x) for y in range(SIZE) for x in range(SIZE))
PIECE_BIT = 448
"""Bit ``PIECE_BIT + piece`` of an extended mask stands for "this piece" (see :data:`EXT_MASK`)."""

COLOUR_NAMES = ("blue", "yellow", "red", "green")
COLOUR_LETTERS = "BYRG"
CORNERS = ((0, SIZE - 1), (SIZE - 1, SIZE - 1), (SIZE - 1, 0), (0, 0))
"""Each colour's starting corner: blue a20, yellow t20, red t1, green a1 (Pentobi's Classic)."""


def bit(x: int, y: int) -> int:
    return y * STRIDE + x


def square_name(b: int) -> str:
    y, x = divmod(b, STRIDE)
    return f"{chr(ord('a') + x)}{y + 1}"


CORNER_BITS = tuple(1 << bit(x, y) for x, y in CORNERS)
SQUARE_RE = re.compile(r"([a-t])([1-9]|1[0-9]|20)")


def parse_square(text: str) -> int | None:
    """The bit of a square such as ``"f9"`` (case-insensitive), or ``None``."""
    m = SQUARE_RE.fullmatch(text.strip().lower())
    if m is None:
        return None
    return bit(ord(m.group(1)) - ord("a"), int(m.group(2)) - 1)


def side_neighbours(bb: int) -> int:
    """Squares sharing a side with a square of ``bb`` (may include ``bb`` itself)."""
    return ((bb << 1) | (bb >> 1) | (bb << STRIDE) | (bb >> STRIDE)) & BOARD


def corner_neighbours(bb: int) -> int:
    """Squares touching a square of ``bb`` only at a corner (may include ``bb`` itself)."""
    return ((bb << (STRIDE - 1)) | (bb << (STRIDE + 1)) | (bb >> (STRIDE - 1)) | (bb >> (STRIDE + 1))) & BOARD


def _build() -> tuple[list[int], list[int], list[str], list[list[int]]]:
    masks: list[int] = []
    pieces: list[int] = []
    strings: list[str] = []
    by_square: list[list[int]] = [[] for _ in range(SIZE * STRIDE)]
    for piece, shapes in enumerate(PIECE_ORIENTATIONS):
        for shape in shapes:
            w = 1 + max(x for x, _ in shape)
            h = 1 + max(y for _, y in shape)
            for dy in range(SIZE - h + 1):
                for dx in range(SIZE - w + 1):
                    bs = tuple(sorted(bit(x + dx, y + dy) for x, y in shape))
                    pid = len(masks)
                    masks.append(sum(1 << b for b in bs))
                    pieces.append(piece)
                    strings.append(",".join(square_name(b) for b in bs))
                    for b in bs:
                        by_square[b].append(pid)
    return masks, pieces, strings, by_square


_MASKS, _PIECES, _STRINGS, _BY_SQUARE = _build()
MASK: tuple[int, ...] = tuple(_MASKS)
PIECE_OF: tuple[int, ...] = tuple(_PIECES)
MOVE_STRING: tuple[str, ...] = tuple(_STRINGS)
SIZE_OF: tuple[int, ...] = tuple(PIECE_SIZES[p] for p in _PIECES)
EXT_MASK: tuple[int, ...] = tuple(m | (1 << (PIECE_BIT + p)) for m, p in zip(_MASKS, _PIECES, strict=True))
"""Board mask plus the piece's own bit: one AND against (forbidden | used pieces) checks both."""
BY_SQUARE: tuple[tuple[int, ...], ...] = tuple(tuple(v) for v in _BY_SQUARE)
"""The placements covering each square (the anchors' candidate lists)."""
PLACEMENT_BY_MASK: dict[int, int] = {m: i for i, m in enumerate(_MASKS)}
del _MASKS, _PIECES, _STRINGS, _BY_SQUARE
