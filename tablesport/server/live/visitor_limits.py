"""What a visitor without an account may ask of the bots: a bot with its default options only (options such
as ``mcts:seconds=30`` buy processor time, and need an account), and at most :data:`VISITOR_BOT_TABLES` of
their tables with thinking bots live at once (per address). Signed-in players are not capped here."""

from __future__ import annotations

from typing import Any

from tablesport.bots.registry import BotChoice, bot_factories
from tablesport.core import TablesportError

from ..web.auth import AuthRefused
from .setup import SetupError
from .table import LiveTable

VISITOR_BOT_TABLES = 2
"""Live tables with a thinking bot (any bot but ``random``) that one address may have without an account."""


def thinking(seats: list[Any]) -> bool:
    return any(
        isinstance(s, dict) and s.get("kind") == "bot" and str(s.get("bot") or "random") != "random"
        for s in seats
    )


def valid(preset: str, spec: str) -> bool:
    """The bot spec is one the game takes (else the table's own checks refuse it in their words)."""
    from tablesport.games import find_preset

    try:
        BotChoice.parse(spec, bot_factories(find_preset(preset)[0]))
    except TablesportError:
        return False
    return True


def check_visitor(tables: dict[str, LiveTable], preset: str, seats: list[Any], visitor: str | None) -> None:
    """Refuse what a visitor (``visitor``: their address; ``None``: signed in) may not ask (SetupError for a
    bot's options, AuthRefused 429 past the cap)."""
    if visitor is None:
        return
    for i, s in enumerate(seats):
        spec = str(s.get("bot") or "") if isinstance(s, dict) and s.get("kind") == "bot" else ""
        if ":" in spec and valid(preset, spec):
            raise SetupError(
                f"seat {i}: bot options ({spec.split(':', 1)[1]}) need an account: sign in, or "
                f"choose {spec.split(':', 1)[0]!r} with its default options",
                f"seats.{i}.bot",
            )
    if not thinking(seats):
        return
    mine = [t for t in tables.values() if t.visitor == visitor and not t.over and t.status != "abandoned"]
    if len(mine) >= VISITOR_BOT_TABLES:
        raise AuthRefused(
            429,
            "too_many_bot_tables",
            f"this address already has {len(mine)} tables with thinking bots in play (at most "
            f"{VISITOR_BOT_TABLES} without an account): sign in, or let one of them finish",
            retry_after=60,
        )
