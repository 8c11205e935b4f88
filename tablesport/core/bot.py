"""The bot interface shared by every game.

A bot is asked for an action whenever a decision names its seat.  It receives the real state
for speed; an honest bot reads only ``state.view(seat)``, ``decision`` and, for search,
``state.determinize(seat, rng)`` — never another seat's hidden cards.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from .protocol import Action, Decision, State
from .rng import Rng


@dataclass(frozen=True)
class BotOption:
    """An option a bot spec may set (``mcts:playouts=200``): its range, whole numbers or not, and what
    it does. The range bounds what a spec typed at the CLI or sent to a public server can ask for (a
    bot's effort per decision); Python code may construct a bot with any value."""

    lo: float
    hi: float
    help: str
    integer: bool = False

    def describe(self) -> str:
        kind = "a whole number" if self.integer else "a number"
        lo, hi = (int(self.lo), int(self.hi)) if self.integer else (self.lo, self.hi)
        return f"{kind} from {lo} to {hi} ({self.help})"


class Bot(ABC):
    name: str = "bot"
    OPTIONS: ClassVar[Mapping[str, BotOption]] = {}
    """The options a bot spec may set; a spec naming another option is refused."""

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
