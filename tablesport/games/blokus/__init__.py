"""Blokus: the seed's competition game on a 20×20 board, with fast move generation and bots."""

from .game import GAME, BlokusGame
from .state import BlokusState

__all__ = ["GAME", "BlokusGame", "BlokusState"]
