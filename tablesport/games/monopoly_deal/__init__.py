"""Monopoly Deal: the seed 000 event deck and rules, and the published game."""

from .game import GAME, PRESETS, MonopolyDealGame
from .state import MonopolyDealState

__all__ = ["GAME", "PRESETS", "MonopolyDealGame", "MonopolyDealState"]
