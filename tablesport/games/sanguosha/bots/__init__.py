"""Sanguosha bots: the heuristic beginner (``heuristic``), the drafter (``drafter``: drafts with the
draft advisor, plays like the heuristic); ``random`` comes from the core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .drafter import DrafterBot
from .heuristic import HeuristicBot

BOTS: dict[str, Callable[..., Any]] = {"heuristic": HeuristicBot, "drafter": DrafterBot}

__all__ = ["BOTS", "DrafterBot", "HeuristicBot"]
