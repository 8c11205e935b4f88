"""Sanguosha bots: the heuristic beginner (``heuristic``); ``random`` comes from the core."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .heuristic import HeuristicBot

BOTS: dict[str, Callable[..., Any]] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot"]
