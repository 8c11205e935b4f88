"""Ruling scenarios: a YAML file sets up a position (free play, or a 3v3 or 1v1 game in progress),
scripts every seat's answers, timeouts, the clock and the referee, and states what must happen — at the
end and after any step. Format: docs/sanguosha-scenarios.md."""

from tablesport.core.scenario import Report, ScenarioError

from .cardspec import Cards
from .runner import run_scenario, run_spec
from .setup import build
from .spec import load
from .steps import resolve, resolve_action

__all__ = ["Cards", "Report", "ScenarioError", "build", "load", "resolve", "resolve_action", "run_scenario",
           "run_spec"]
