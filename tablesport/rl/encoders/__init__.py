"""Each game's encoder: its observation blocks, its fixed action space and the paths of the legal
actions (``base.py`` says what an encoder provides; docs/rl.md describes every game's)."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from tablesport.core import Ruleset

from .base import Encoder

MODULES = {
    "goofspiel": ("goofspiel", "GoofspielEncoder"),
    "blokus": ("blokus", "BlokusEncoder"),
    "ticket-to-ride": ("ticket_to_ride", "TicketToRideEncoder"),
    "monopoly-deal": ("monopoly_deal", "MonopolyDealEncoder"),
    "rummikub": ("rummikub", "RummikubEncoder"),
    "pictionary": ("pictionary", "PictionaryEncoder"),
    "sanguosha": ("sanguosha", "SanguoshaEncoder"),
}
"""Game name → (module of this package, encoder class)."""


def _factory(module: str, name: str) -> Callable[[Ruleset], Encoder]:
    def make(rs: Ruleset) -> Encoder:
        cls = getattr(importlib.import_module(f"{__name__}.{module}"), name)
        encoder: Encoder = cls(rs)
        return encoder

    return make


ENCODERS: dict[str, Callable[[Ruleset], Encoder]] = {
    game: _factory(module, name) for game, (module, name) in MODULES.items()
}
"""Game name → encoder factory (a ruleset → its encoder)."""

__all__ = ["ENCODERS", "Encoder"]
