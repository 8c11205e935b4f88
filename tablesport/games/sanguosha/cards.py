"""The card table (data/cards.yaml) as flat per-id tuples, and the deck variants.

A card is an ``int`` id inside the engine; actions, views and events carry its token ``c<id>``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Final

import yaml

DATA = Path(__file__).parent / "data"

SUITS: Final = ("spade", "heart", "club", "diamond")
RED_SUITS: Final = frozenset({"heart", "diamond"})
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}

EQUIP_SLOTS: Final = ("weapon", "armor", "defensive_horse", "offensive_horse")


@dataclass(frozen=True, slots=True)
class Card:
    id: int
    name: str
    title: str
    name_zh: str
    suit: str
    rank: int
    type: str
    subtype: str | None
    range: int | None
    ex: bool
    set: str

    @property
    def token(self) -> str:
        return f"c{self.id}"

    @property
    def color(self) -> str:
        return "red" if self.suit in RED_SUITS else "black"

    def label(self) -> str:
        return f"{self.title} {self.suit} {RANK_NAMES.get(self.rank, str(self.rank))}"

    def to_json(self) -> dict[str, object]:
        return {
            "id": self.token, "name": self.name, "title": self.title, "name_zh": self.name_zh,
            "suit": self.suit, "rank": self.rank, "type": self.type, "subtype": self.subtype,
            "range": self.range, "ex": self.ex, "set": self.set,
        }


def _load() -> tuple[tuple[Card, ...], dict[str, tuple[int, ...]]]:
    raw = yaml.safe_load((DATA / "cards.yaml").read_text(encoding="utf-8"))
    cards = tuple(
        Card(c["id"], c["name"], c["title"], str(c["name_zh"]), c["suit"], c["rank"], c["type"],
             c.get("subtype"), c.get("range"), bool(c.get("ex", False)), c["set"])
        for c in raw["cards"]
    )
    assert [c.id for c in cards] == list(range(len(cards))), "card ids must be 0..n-1 in order"
    standard = [c.id for c in cards if c.set == "standard"]
    decks: dict[str, tuple[int, ...]] = {}
    for name, d in raw["decks"].items():
        removed = set(d.get("remove", ()))
        decks[name] = tuple(i for i in standard if i not in removed) + tuple(d.get("add", ()))
    return cards, decks


CARDS, DECKS = _load()
N: Final = len(CARDS)
NAME: Final = tuple(c.name for c in CARDS)
SUIT: Final = tuple(c.suit for c in CARDS)
RANK: Final = tuple(c.rank for c in CARDS)
TYPE: Final = tuple(c.type for c in CARDS)
SUBTYPE: Final = tuple(c.subtype for c in CARDS)
COLOR: Final = tuple(c.color for c in CARDS)
RANGE: Final = tuple(c.range or 0 for c in CARDS)
TOKEN: Final = tuple(c.token for c in CARDS)
BY_TOKEN: Final = {t: i for i, t in enumerate(TOKEN)}
SLOT: Final = {name: i for i, name in enumerate(EQUIP_SLOTS)}
SLOT_OF: Final = tuple(SLOT.get(c.subtype or "", -1) if c.type == "equipment" else -1 for c in CARDS)


def card_id(token: object) -> int:
    """The id of a card token (``"c17"``); raises KeyError for anything else."""
    if isinstance(token, str):
        return BY_TOKEN[token]
    raise KeyError(token)

