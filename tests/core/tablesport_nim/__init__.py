"""Nim, a toy game written as one package for tests/core/test_new_game_package.py (docs/adding-a-game.md):
the players take 1 to 3 stones in turn from one pile; whoever takes the last stone wins."""

from .game import GAME, NimGame
from .state import NimState

__all__ = ["GAME", "NimGame", "NimState"]
