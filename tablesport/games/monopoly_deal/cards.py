"""The Monopoly Deal deck as data (``data/cards.yaml``) and the tables the engine reads.

Every card is a string id (``"red-2"``, ``"just-say-no-1"``); :data:`CARDS` maps ids to :class:`Card`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).parent / "data" / "cards.yaml"

ACTION_KINDS = ("deal_breaker", "just_say_no", "sly_deal", "forced_deal", "debt_collector", "birthday",
                "double_rent", "pass_go", "house", "hotel")
KINDS = ("money", "property", "wild", "rent", *ACTION_KINDS, "quick_start")


@dataclass(frozen=True, slots=True)
class Colour:
    name: str
    size: int
    rent: tuple[int, ...]
    value: int
    buildings: bool
    title: str


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    key: str
    kind: str
    name: str
    value: int
    colours: tuple[str, ...] = ()
    """The colours a property (one), a wildcard (two, or all ten) or a rent card (two, or all ten) names."""
    any_colour: bool = False

    @property
    def is_property(self) -> bool:
        return self.kind in ("property", "wild")

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "kind": self.kind, "name": self.name, "value": self.value}
        if self.colours:
            out["colours"] = "any" if self.any_colour else list(self.colours)
        return out


def _load() -> tuple[dict[str, Colour], dict[str, Card]]:
    raw = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    colours = {name: Colour(name, int(c["size"]), tuple(c["rent"]), int(c["value"]), bool(c["buildings"]),
                            str(c["name"]))
               for name, c in raw["colours"].items()}
    cards: dict[str, Card] = {}
    for entry in raw["cards"]:
        key, kind = entry["key"], entry["kind"]
        if kind not in KINDS:
            raise ValueError(f"{DATA}: {key}: unknown kind {kind!r}")
        if kind == "property":
            colour = colours[entry["colour"]]
            for i, name in enumerate(entry["names"], 1):
                cid = f"{key}-{i}"
                cards[cid] = Card(cid, key, kind, name, colour.value, (colour.name,))
            continue
        spec = entry.get("colours")
        any_colour = spec == "any"
        cols: tuple[str, ...] = tuple(colours) if any_colour else tuple(spec or ())
        for c in cols:
            if c not in colours:
                raise ValueError(f"{DATA}: {key}: unknown colour {c!r}")
        if "name" in entry:
            name = str(entry["name"])
        elif kind == "wild":
            name = "Property Wild Card (" + " / ".join(colours[c].title for c in cols) + ")"
        elif kind == "rent":
            name = "Rent (" + " / ".join(colours[c].title for c in cols) + ")"
        else:
            name = key
        for i in range(1, int(entry["count"]) + 1):
            cid = f"{key}-{i}"
            cards[cid] = Card(cid, key, kind, name, int(entry["value"]), cols, any_colour)
    return colours, cards


COLOURS, CARDS = _load()
COLOUR_NAMES: tuple[str, ...] = tuple(COLOURS)
SIZE: dict[str, int] = {c: v.size for c, v in COLOURS.items()}
RENT: dict[str, tuple[int, ...]] = {c: v.rent for c, v in COLOURS.items()}

# fast tables for the engine
KIND: dict[str, str] = {cid: c.kind for cid, c in CARDS.items()}
VALUE: dict[str, int] = {cid: c.value for cid, c in CARDS.items()}
CARD_COLOURS: dict[str, tuple[str, ...]] = {cid: c.colours for cid, c in CARDS.items()}
IS_PROPERTY: dict[str, bool] = {cid: c.is_property for cid, c in CARDS.items()}
MULTI_WILD: frozenset[str] = frozenset(cid for cid, c in CARDS.items() if c.kind == "wild" and c.any_colour)
"""Multicolour wildcards: no value, and they cannot be used to pay."""


def deck(*, deal_breakers: bool) -> list[str]:
    """The cards in play: every card but the quick-start cards, and without the Deal Breakers unless asked."""
    return [cid for cid, c in CARDS.items()
            if c.kind != "quick_start" and (deal_breakers or c.kind != "deal_breaker")]


def rent_for(colour: str, count: int) -> int:
    """The rent of a set of ``count`` cards of ``colour`` (without buildings)."""
    ladder = RENT[colour]
    return ladder[min(count, len(ladder)) - 1] if count > 0 else 0
