"""Pictionary play-off (seed 000): one referee for a paper table run by a facilitator and for
drawing in the browser."""

from .game import GAME, PictionaryGame
from .state import PictionaryState

__all__ = ["GAME", "PictionaryGame", "PictionaryState"]
