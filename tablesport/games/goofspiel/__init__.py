"""Goofspiel: the protocol's worked example (simultaneous bids, hidden choices, a shuffled deck).

Each player holds the cards 1..N of one suit.  A prize card is turned up; every player bids
one card face down at the same time; the highest bid alone takes the prize (a tie discards it).
After N prizes the players with the most prize points win.
"""

from .game import GAME, GoofspielGame
from .state import GoofspielState

__all__ = ["GAME", "GoofspielGame", "GoofspielState"]
