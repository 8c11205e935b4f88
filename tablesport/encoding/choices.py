"""The legal actions of one decision as paths of action indexes, and the mask at each step.

Most games give each legal action one index (a path of length one).  Sanguosha builds an action from
several indexes — a card, then a target, ... — so that a fixed action space of a few hundred indexes
reaches every option (docs/rl.md); the seat answers index by index and the action is applied when
its path is complete.  A path that is also the beginning of a longer one is completed by the
encoder's ``end`` index.

:class:`Choices` checks that no two actions share a path: every complete path names exactly one
legal action, and every index the mask allows leads to at least one.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from tablesport.core import Action, RuleError, TablesportError

Path = tuple[int, ...]


class Choices:
    """``paths``: path of indexes → the legal action it names (several paths may name one action, as
    Rummikub's macro-actions do; one path never names two)."""

    __slots__ = ("actions", "size", "_next")

    def __init__(self, paths: Mapping[Path, Action], size: int, end: int | None = None) -> None:
        self.size = size
        prefixes = {p[:i] for p in paths for i in range(1, len(p))}
        self._next: dict[Path, set[int]] = {}
        self.actions: dict[Path, Action] = {}
        """Every complete path (with ``end`` where it needs one) → the action it names."""
        for path, action in paths.items():
            if not path:
                raise TablesportError(f"an empty path names {action!r}")
            if path in prefixes:
                if end is None:
                    raise TablesportError(f"path {path} names {action!r} and begins a longer path, and "
                                          "the encoder has no end index")
                path = (*path, end)
            for i in range(len(path)):
                if not 0 <= path[i] < size:
                    raise TablesportError(f"path {path} of {action!r} leaves the action space 0..{size - 1}")
                self._next.setdefault(path[:i], set()).add(path[i])
            self.actions[path] = action

    def mask(self, prefix: Path = ()) -> Any:
        mask = np.zeros(self.size, dtype=np.int8)
        for i in self._next.get(prefix, ()):
            mask[i] = 1
        return mask

    def follow(self, prefix: Path, index: int) -> tuple[Path, Action | None]:
        """The path after ``index``, and the action once it is complete (else ``None``).
        An index outside the mask raises :class:`RuleError` naming the allowed ones."""
        allowed = self._next.get(prefix, set())
        if index not in allowed:
            shown = sorted(allowed)
            more = " ..." if len(shown) > 20 else ""
            raise RuleError("illegal_action", f"action {index} is not legal now",
                            f"the indexes of the action mask: {shown[:20]}{more}")
        path = (*prefix, index)
        if path in self.actions:
            return (), self.actions[path]
        return path, None


def unique(paths: dict[Path, Action], path: Path, action: Action) -> None:
    """Add ``path → action``; two different actions on one path is an encoder bug (the mapping would not
    be exact), so it raises naming both."""
    old: Any = paths.get(path, paths)
    if old is not paths and old != action:
        raise TablesportError(f"actions {old!r} and {action!r} share the action path {path}")
    paths[path] = action
