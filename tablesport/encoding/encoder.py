"""What every game's encoder provides (see docs/rl.md).

* ``features``: the observation's blocks (:class:`~tablesport.encoding.features.Features`);
  ``observe(view, question, prefix)`` fills them from ``state.view(seat)`` — nothing else of the
  state — and from the seat's question (the pending decision's kind, seats and data, which every seat
  is shown; never another seat's options);
* ``actions``: the size of the fixed ``Discrete`` action space; ``paths(view, decision, seat)``: the
  legal actions of the seat's decision, each under its path of indexes (one index in most games);
* ``end``: the index that completes a path which also begins a longer one (Sanguosha), else ``None``;
* ``seconds_per_action``: game time one answer takes, for games whose decisions end by the clock
  (Pictionary's minute); ``None``: the environment runs no clock;
* ``describe(index)``: what an index does, in words.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from tablesport.core import Action, Decision, RuleError, TablesportError

from .choices import Path, unique
from .features import Features, Vector

Question = Mapping[str, Any] | None
"""The public part of the pending decision (``Decision.to_json()``: kind, seats, data), or ``None``."""


class Encoder:
    actions: int
    features: Features
    end: int | None = None
    seconds_per_action: float | None = None

    @property
    def size(self) -> int:
        return self.features.size

    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        raise NotImplementedError

    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        raise NotImplementedError

    def describe(self, index: int) -> str:
        raise NotImplementedError

    def check_index(self, index: Any) -> int:
        try:
            i = int(index)
        except (TypeError, ValueError):
            i = -1
        if isinstance(index, bool) or i != index or not 0 <= i < self.actions:
            raise RuleError("action_index", f"action index {index!r} is outside the action space",
                            f"0 .. {self.actions - 1}")
        return i


class Slots:
    """A fixed index space built once per ruleset: each canonical key (a tuple describing an action the
    way the encoder sees it) gets the next index; :meth:`of` finds it again."""

    def __init__(self) -> None:
        self.keys: list[Hashable] = []
        self.index: dict[Hashable, int] = {}

    def add(self, key: Hashable) -> int:
        assert key not in self.index, f"slot {key!r} twice"
        self.index[key] = len(self.keys)
        self.keys.append(key)
        return self.index[key]

    def of(self, key: Hashable, action: Action) -> int:
        try:
            return self.index[key]
        except KeyError:
            raise TablesportError(f"{action!r} (as {key!r}) has no index in the action space; "
                                  "the encoder does not cover this action") from None

    def __len__(self) -> int:
        return len(self.keys)

    def name(self, index: int) -> str:
        key = self.keys[index]
        return " ".join(str(part) for part in key) if isinstance(key, tuple) else str(key)


def flat(slots: Slots, key: Any, options: Any) -> dict[Path, Action]:
    """The paths of a game whose every legal option has one index: ``key(option)`` → its slot."""
    paths: dict[Path, Action] = {}
    for option in options or ():
        unique(paths, (slots.of(key(option), option),), option)
    return paths
