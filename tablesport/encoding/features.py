"""Observation layouts: named blocks of fixed shape, laid end to end in one float32 vector.

An encoder declares its blocks once (``Features([("hand", (13,), "the cards in hand"), ...])``) and
fills a fresh :class:`Obs` for each observation: ``obs["hand"][3] = 1``.  The vector is clipped to
[0, 1] when it is taken, so every observation lies in the environment's ``Box(0, 1)``.
``python -m tablesport.rl PRESET`` prints a preset's blocks.
"""

from __future__ import annotations

from math import prod
from typing import Any

import numpy as np

Vector = Any
"""A float32 numpy vector (numpy's array types are not spelled out here)."""


class Features:
    """The blocks of an observation: (name, shape, what it holds), in order."""

    def __init__(self, blocks: list[tuple[str, tuple[int, ...], str]]) -> None:
        names = [name for name, _, _ in blocks]
        assert len(set(names)) == len(names), f"repeated block names in {names}"
        self.blocks = blocks
        self.offsets: dict[str, tuple[int, tuple[int, ...]]] = {}
        at = 0
        for name, shape, _ in blocks:
            self.offsets[name] = (at, shape)
            at += prod(shape)
        self.size = at

    def new(self) -> Obs:
        return Obs(self)

    def rows(self) -> list[tuple[str, str, str]]:
        """(name, shape, description) per block, for the docs and ``python -m tablesport.rl``."""
        return [(name, "×".join(map(str, shape)), text) for name, shape, text in self.blocks]


class Obs:
    """One observation being filled: ``obs[name]`` is a writable view of that block."""

    __slots__ = ("flat", "blocks")

    def __init__(self, features: Features) -> None:
        self.flat = np.zeros(features.size, dtype=np.float32)
        self.blocks = {name: self.flat[at:at + prod(shape)].reshape(shape)
                       for name, (at, shape) in features.offsets.items()}

    def __getitem__(self, name: str) -> Any:
        return self.blocks[name]

    def vector(self) -> Vector:
        np.clip(self.flat, 0.0, 1.0, out=self.flat)
        return self.flat


def one_hot(block: Any, index: int | None) -> None:
    """Set ``block[index]`` to 1 when ``index`` is a position of the block (nothing for ``None``)."""
    if index is not None and 0 <= index < len(block):
        block[index] = 1.0


def relative(seat: int, observer: int, seats: int) -> int:
    """Seats counted from the observer on (the observer is 0, the next seat 1, ...)."""
    return (seat - observer) % seats
