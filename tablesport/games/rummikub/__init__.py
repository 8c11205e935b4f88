"""Rummikub (魔力橋), the 2018 primary-school competition rules (seed 002)."""

from .game import GAME, RummikubGame
from .state import RummikubState

__all__ = ["GAME", "RummikubGame", "RummikubState"]
