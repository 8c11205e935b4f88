"""The bot registry: which bots can play a game, and the ``--bots`` spec that seats them.

Bot specs (``--bots``):

* ``greedy`` — the same bot on every seat;
* ``greedy,random,random,random`` — one bot per seat;
* ``cold=heuristic,warm=random`` — one bot per side (team games; see ``Ruleset.sides``). Every decision
  of a seat whose side is known is taken by that side's bot (draft, fielding, play). A decision taken
  before the seat has a side — the choice of side itself (Sanguosha's identity/role choice) — is no
  side's to take: a neutral random bot takes it.

A bot name may carry options: ``mcts:playouts=200:c=1.4``. Each bot declares the options it takes and
their ranges (``Bot.OPTIONS``); a spec with another option or a value out of range is refused with the
allowed ones.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tablesport.core import Bot, BotOption, Game, RandomBot, Ruleset, TablesportError

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


def declared_options(factory: Callable[..., Bot]) -> Mapping[str, BotOption]:
    """The options a bot spec may give ``factory`` (a bot class's ``OPTIONS``; none for other callables)."""
    options = getattr(factory, "OPTIONS", None)
    return options if isinstance(options, Mapping) else {}


def _option_value(bot: str, key: str, option: BotOption, text: str) -> int | float:
    value = parse_value(text)
    if not isinstance(value, int | float) or (option.integer and not isinstance(value, int)) \
            or not option.lo <= value <= option.hi:
        raise BotSpecError(f"{bot} option {key}={text!r}: must be {option.describe()}")
    return value


@dataclass(frozen=True)
class BotChoice:
    name: str
    options: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def parse(cls, text: str, factories: Mapping[str, Callable[..., Bot]]) -> BotChoice:
        name, *opts = text.strip().split(":")
        known = sorted(factories)
        if name not in known:
            raise BotSpecError(f"unknown bot {name!r}; known: {', '.join(known)}")
        declared = declared_options(factories[name])
        options: dict[str, Any] = {}
        for opt in opts:
            key, sep, value = opt.partition("=")
            if not sep or not key:
                raise BotSpecError(f"bot option {opt!r} must look like key=value")
            if key not in declared:
                allowed = ", ".join(sorted(declared)) if declared else "none"
                raise BotSpecError(f"{name} has no option {key!r}; its options: {allowed}")
            options[key] = _option_value(name, key, declared[key], value)
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
