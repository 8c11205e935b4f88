"""Ticket to Ride (USA map): the seed 000 event preset and the published game."""

from .game import GAME, TicketToRideGame
from .state import TicketToRideState

__all__ = ["GAME", "TicketToRideGame", "TicketToRideState"]
