"""Each game's encoder: its observation blocks, its fixed action space and the paths of the legal
actions (:mod:`tablesport.encoding.encoder` says what an encoder provides; docs/rl.md describes every
game's).  A game brings its encoder in its own package: ``encoder.py`` exporting ``ENCODER``
(:meth:`~tablesport.core.Game.encoder`)."""

from __future__ import annotations

from collections.abc import Callable

from tablesport.core import Game, Ruleset
from tablesport.encoding.encoder import Encoder


def encoder_of(game: Game) -> Callable[[Ruleset], Encoder] | None:
    """The encoder factory of ``game`` (a ruleset → its encoder), or ``None`` for a game without one."""
    make: Callable[[Ruleset], Encoder] | None = game.encoder()
    return make


__all__ = ["Encoder", "encoder_of"]
