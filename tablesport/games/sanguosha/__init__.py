"""Sanguosha (三国杀): the rules engine with all 108 cards, the skill framework, and the 3v3
(2011, 2014, 2012) and 1v1 (2014) competition modes. See docs/sanguosha-engine.md."""

from . import engine, modes  # noqa: F401  (registers the frame handlers and the modes)
from .game import GAME, PRESETS, SanguoshaGame
from .state import SgsState

__all__ = ["GAME", "PRESETS", "SanguoshaGame", "SgsState", "compiled"]


def compiled() -> bool:
    """Is the engine the compiled build (scripts/build-compiled; see tablesport/compiled_build.py)?
    True only when every module of the build was loaded compiled."""
    from tablesport.compiled_build import loaded

    return all(loaded().values())
