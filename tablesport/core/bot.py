"""The bot interface shared by every game.

A bot is asked for an action whenever a decision names its seat.  It receives the real state
for speed; an honest bot reads only ``state.view(seat)``, ``decision`` and, for search,
``state.determinize(seat, rng)`` — never another seat's hidden cards.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from .protocol import Action, Decision, State
from .rng import Rng


class Bot(ABC):
    name: str = "bot"

    def __init__(self, rng: Rng | None = None, **options: Any) -> None:
        self.rng = rng if rng is not None else Rng(0)
        self.options = options

    @abstractmethod
    def act(self, state: State, seat: int, decision: Decision) -> Action:
        """Choose ``seat``'s answer to ``decision``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name})"


class RandomBot(Bot):
    """Uniformly random legal actions; every game supports it."""

    name = "random"

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        return state.random_action(seat, self.rng)
