"""Fast legal-move generation (the hot path of every bot).

A colour's legal placements are the placements that cover one of its *attach points* (free squares
touching the colour at a corner and not along a side; for the first piece, its corner square) and
avoid its *forbidden* squares (covered squares, and squares beside its own pieces).  As in Pentobi,
we start from precomputed placement lists per anchor square, and narrow them by the local pattern
of forbidden squares around the anchor (a 3×3 window): the narrowed list for each (anchor, pattern)
is computed once and cached, then each survivor costs one AND against the forbidden squares and
the used pieces together (:data:`EXT_MASK`).
"""

from __future__ import annotations

from .board import BOARD, BY_SQUARE, EXT_MASK, MASK, PIECE_BIT, STRIDE, corner_neighbours, side_neighbours

_R = 1
_SPAN = 2 * _R + 1
_BASE = _R * STRIDE + _R
WINDOW = sum(1 << (dy * STRIDE + dx) for dy in range(_SPAN) for dx in range(_SPAN))
"""The 3×3 window around an anchor, as bits of ``(forbidden << _BASE) >> anchor``."""
SIDES = sum(1 << (_BASE + d) for d in (1, -1, STRIDE, -STRIDE))
"""The anchor's 4 side neighbours within the window."""
_CACHE: dict[int, list[tuple[int, int]]] = {}
_SIDE_CACHE: dict[int, list[tuple[int, int]]] = {}


def clear_cache() -> None:
    """Forget every narrowed anchor list (benchmarks measure the cold start with it)."""
    _CACHE.clear()
    _SIDE_CACHE.clear()


def cached_lists() -> int:
    return len(_CACHE) + len(_SIDE_CACHE)


def attach_points(own: int, occupied: int, corner: int) -> int:
    """The squares a new piece of this colour must cover one of."""
    if not own:
        return corner & ~occupied
    return corner_neighbours(own) & ~(occupied | side_neighbours(own))


def _absolute(anchor: int, pattern: int) -> int:
    return pattern << (anchor - _BASE) if anchor >= _BASE else pattern >> (_BASE - anchor)


def _narrowed(anchor: int, pattern: int) -> list[tuple[int, int]]:
    """Placements covering ``anchor`` that avoid the forbidden squares of its 3×3 ``pattern``.

    Computed from the list for the 4 side neighbours alone (16 patterns per anchor, itself
    cached), so that a first visit of an (anchor, pattern) costs a fraction of all placements."""
    sides = pattern & SIDES
    skey = (sides << 9) | anchor
    base = _SIDE_CACHE.get(skey)
    if base is None:
        blocked = _absolute(anchor, sides)
        base = _SIDE_CACHE[skey] = [(EXT_MASK[i], i) for i in BY_SQUARE[anchor] if not MASK[i] & blocked]
    if pattern == sides:
        return base
    blocked = _absolute(anchor, pattern)
    return [(m, i) for m, i in base if not m & blocked]


def legal_placements(own: int, occupied: int, used: int, corner: int) -> list[int]:
    """The legal placement ids (sorted) for a colour with squares ``own`` and used-piece bits ``used``."""
    forb = occupied | (((own << 1) | (own >> 1) | (own << STRIDE) | (own >> STRIDE)) & BOARD)
    attach = (corner & ~occupied) if not own else corner_neighbours(own) & ~forb
    if not attach:
        return []
    fx = forb | (used << PIECE_BIT)
    shifted = forb << _BASE
    cache = _CACHE
    found: set[int] = set()
    while attach:
        low = attach & -attach
        attach ^= low
        p = low.bit_length() - 1
        pattern = (shifted >> p) & WINDOW
        key = (pattern << 9) | p
        lst = cache.get(key)
        if lst is None:
            lst = cache[key] = _narrowed(p, pattern)
        found.update([i for m, i in lst if not m & fx])
    return sorted(found)
