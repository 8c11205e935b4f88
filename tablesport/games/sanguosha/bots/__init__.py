"""Sanguosha bots: the heuristic beginner (``heuristic``), the rollout search over its best options
(``rollout``) and the drafter (``drafter``: drafts with the draft advisor, plays like the heuristic);
``random`` and ``ismcts`` come from the core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .drafter import DrafterBot
from .heuristic import HeuristicBot
from .search import RolloutBot

BOTS: dict[str, Callable[..., Any]] = {
    "heuristic": HeuristicBot, "rollout": RolloutBot, "drafter": DrafterBot}

__all__ = ["BOTS", "DrafterBot", "HeuristicBot", "RolloutBot"]
