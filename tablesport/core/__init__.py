"""The game protocol: states, decisions, actions, events, results, rulesets, records."""

from .bot import Bot, RandomBot
from .protocol import (
    Action,
    Decision,
    Event,
    Game,
    Result,
    RuleError,
    Ruleset,
    SideResult,
    State,
    TablesportError,
    UnknownPreset,
    canon,
    dumps,
    placements_from_scores,
    to_json,
)
from .rng import Rng

__all__ = [
    "Action",
    "Bot",
    "Decision",
    "Event",
    "Game",
    "RandomBot",
    "Result",
    "Rng",
    "RuleError",
    "Ruleset",
    "SideResult",
    "State",
    "TablesportError",
    "UnknownPreset",
    "canon",
    "dumps",
    "placements_from_scores",
    "to_json",
]
