"""Sanguosha bots: the heuristic beginner (``heuristic``) and the rollout search over its best options
(``rollout``); ``random`` and ``ismcts`` come from the core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .heuristic import HeuristicBot
from .search import RolloutBot

BOTS: dict[str, Callable[..., Any]] = {"heuristic": HeuristicBot, "rollout": RolloutBot}

__all__ = ["BOTS", "HeuristicBot", "RolloutBot"]
