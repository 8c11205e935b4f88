"""The bot registry: which bots can play a game, and the ``--bots`` spec that seats them.

Bot specs (``--bots``):

* ``greedy`` — the same bot on every seat;
* ``greedy,random,random,random`` — one bot per seat;
* ``cold=heuristic,warm=random`` — one bot per side (team games; see ``Ruleset.sides``). Every decision
  of a seat whose side is known is taken by that side's bot (draft, fielding, play). A decision taken
  before the seat has a side — the choice of side itself (Sanguosha's identity/role choice) — is no
  side's to take: a neutral random bot takes it.

A bot name may carry options: ``mcts:playouts=200:c=1.4``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tablesport.core import Bot, Game, RandomBot, Ruleset, TablesportError

from .ismcts import ISMCTSBot


class BotSpecError(TablesportError):
    pass


def bot_factories(game: Game) -> dict[str, Callable[..., Bot]]:
    """The bots that can play ``game``: the generic ones, then the game's own."""
    return {"random": RandomBot, "ismcts": ISMCTSBot, **game.bots()}


def parse_value(text: str) -> Any:
    for conv in (int, float):
        try:
            return conv(text)
        except ValueError:
            pass
    return text


@dataclass(frozen=True)
class BotChoice:
    name: str
    options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str, known: Iterable[str]) -> BotChoice:
        name, *opts = text.strip().split(":")
        known = sorted(known)
        if name not in known:
            raise BotSpecError(f"unknown bot {name!r}; known: {', '.join(known)}")
        options: dict[str, Any] = {}
        for opt in opts:
            key, sep, value = opt.partition("=")
            if not sep or not key:
                raise BotSpecError(f"bot option {opt!r} must look like key=value")
            options[key] = parse_value(value)
        return cls(name, options)

    def label(self) -> str:
        return ":".join([self.name, *(f"{k}={v}" for k, v in self.options.items())])


NEUTRAL = BotChoice("random", {})   # takes a per-side spec's decisions made before the seat has a side


@dataclass(frozen=True)
class BotSpec:
    """Who plays each seat: per seat, or per side (resolved when the side is known)."""

    per_seat: tuple[BotChoice, ...]
    per_side: Mapping[str, BotChoice] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str | None, game: Game, rs: Ruleset) -> BotSpec:
        known = bot_factories(game)
        text = (text or "random").strip()
        parts = [p for p in text.split(",") if p.strip()]
        if not parts:
            raise BotSpecError("empty --bots")
        if all("=" in p.split(":")[0] for p in parts):
            per_side: dict[str, BotChoice] = {}
            for p in parts:
                side, _, rest = p.partition("=")
                side = side.strip()
                if side not in rs.sides:
                    allowed = ", ".join(rs.sides) if rs.sides else "none (this preset has no sides)"
                    raise BotSpecError(f"unknown side {side!r} for {rs.preset}; sides: {allowed}")
                per_side[side] = BotChoice.parse(rest, known)
            missing = [s for s in rs.sides if s not in per_side]
            if missing:
                raise BotSpecError(f"--bots by side must name every side; missing: {', '.join(missing)}")
            default = per_side[rs.sides[0]]
            return cls(tuple(default for _ in range(rs.seats)), per_side)
        if len(parts) == 1:
            choice = BotChoice.parse(parts[0], known)
            return cls(tuple(choice for _ in range(rs.seats)))
        if len(parts) != rs.seats:
            raise BotSpecError(f"--bots lists {len(parts)} bots but {rs.preset} has {rs.seats} seats")
        return cls(tuple(BotChoice.parse(p, known) for p in parts))

    def labels(self) -> list[str]:
        """Per seat, for records: the seat's bot, or the whole per-side spec (sides are not known yet)."""
        if self.per_side:
            text = ",".join(f"{side}={c.label()}" for side, c in self.per_side.items())
            return [text for _ in self.per_seat]
        return [c.label() for c in self.per_seat]
