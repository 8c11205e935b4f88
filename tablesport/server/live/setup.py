"""What a table is set up from: the seat plan, the seed, the preset's parameters checked
(:class:`SetupError`), and a stored table's game and rules."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from tablesport.core import Game, Ruleset, TablesportError, canon, to_json
from tablesport.games import get_game
from tablesport.store.tables import WebTable

MAX_SEED = 2**63 - 1
"""The largest seed a table may have (the store keeps it in a signed 64-bit column)."""


class SetupError(TablesportError):
    """A table that cannot be set up as asked (unknown preset or bot, wrong number of seats); ``field``
    names the input at fault and ``allowed`` what would be accepted, when known."""

    def __init__(self, message: str, field: str | None = None, allowed: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.field = field
        self.allowed = allowed


@dataclass
class SeatPlan:
    kind: str  # "person" or "bot"
    bot: str | None = None  # a bot spec, e.g. "random" or "mcts:playouts=200"
    token: str | None = None
    claimed: bool = False
    joined: bool = False

    @property
    def label(self) -> str:
        return f"bot:{self.bot}" if self.kind == "bot" else "person"


def stored_ruleset(row: WebTable) -> tuple[Game, Ruleset]:
    """A stored table's game and its rules: the preset with the parameters its record header names."""
    game = get_game(row.game)
    rs = game.ruleset(row.preset)
    params = row.header.get("params") or {}
    return game, rs.with_params(**canon(params)) if params else rs


def seed_commitment(seed: int) -> str:
    """What is published of a table's seed while its game is in play: the SHA-256 of ``tablesport seed
    <seed>`` in hex. Once the game is over the seed is published and anyone can check it against this."""
    return hashlib.sha256(f"tablesport seed {seed}".encode()).hexdigest()


def whole_seed(value: object) -> int:
    """A seed: a whole number (or its digits as a string), 0 … 2^63 − 1."""
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"the seed must be a whole number, not {value!r}", "seed")
    if value < 0:
        raise SetupError("the seed must not be negative", "seed", (f"0 … {MAX_SEED}",))
    if value > MAX_SEED:
        raise SetupError(f"the seed must be at most {MAX_SEED}, not {value}", "seed", (f"0 … {MAX_SEED}",))
    return value


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list | tuple):
        return f"a list of {len(value)}"
    return "null" if value is None else "an object"


def _fits(base: Any, value: Any) -> bool:
    """``value`` has the JSON kind of the preset's ``base`` (a null base takes a number or null)."""
    if base is None:
        return value is None or (isinstance(value, int | float) and not isinstance(value, bool))
    if isinstance(base, bool) or isinstance(value, bool):
        return isinstance(base, bool) and isinstance(value, bool)
    if isinstance(base, int):
        return isinstance(value, int)
    if isinstance(base, float):
        return isinstance(value, int | float)
    if isinstance(base, str):
        return isinstance(value, str)
    if isinstance(base, list | tuple):
        return (isinstance(value, list | tuple) and len(value) == len(base)
                and all(_fits(b, v) for b, v in zip(base, value, strict=True)))
    return False


def check_params(rs: Ruleset, params: dict[str, Any]) -> None:
    """Each parameter is one of the preset's, with a value of the preset's own kind (SetupError)."""
    for name, value in params.items():
        if name not in rs.params:
            raise SetupError(f"preset {rs.preset!r} has no parameter {name!r}", f"params.{name}",
                             tuple(sorted(rs.params)))
        base = rs.params[name]
        if not _fits(base, value):
            raise SetupError(f"params.{name} must be {_kind(base)} like the preset's {to_json(base)!r}, "
                             f"not {value!r}", f"params.{name}")
