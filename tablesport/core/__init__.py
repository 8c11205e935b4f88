"""The game protocol: states, decisions, actions, events, results, rulesets, records."""

from .bot import Bot, BotOption, RandomBot
from .protocol import (
    Action,
    ConformanceBudget,
    Decision,
    Event,
    Game,
    GameInfo,
    Result,
    RuleError,
    Ruleset,
    SideResult,
    State,
    TablesportError,
    UnknownParameter,
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
    "BotOption",
    "ConformanceBudget",
    "Decision",
    "Event",
    "Game",
    "GameInfo",
    "RandomBot",
    "Result",
    "Rng",
    "RuleError",
    "Ruleset",
    "SideResult",
    "State",
    "TablesportError",
    "UnknownParameter",
    "UnknownPreset",
    "canon",
    "dumps",
    "placements_from_scores",
    "to_json",
]
