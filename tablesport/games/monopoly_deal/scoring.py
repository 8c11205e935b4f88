"""What a Monopoly Deal table is worth: each player's bank + property value (seed 000 THE WINNER: "each
player counts up the value of their Bank and Properties"; the league gives 10/7/5/3 by it).

:func:`table_value` reads what a referee sees in front of each player — the bank's cards and the property
cards (with any House/Hotel) — named by card id (``red-2``), card key (``red``, ``money-5``,
``wild-pink-orange``, ``sly-deal``, ``house``) or money as ``5M``, and returns each player's value, after
checking that every card exists in the preset's deck no more often than printed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import product
from typing import Any

from .cards import CARD_COLOURS, CARDS, COLOURS, IS_PROPERTY, SIZE, VALUE, deck


class TableError(ValueError):
    """A table that cannot be: an unknown card, a property in a bank, more copies than the deck holds."""

    def __init__(self, message: str, allowed: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.allowed = list(allowed)


KEYS: dict[str, str] = {}
"""Card key → a card id of that key (every card of one key has the same kind, value and colours)."""
for _cid, _card in CARDS.items():
    KEYS.setdefault(_card.key, _cid)


def _norm(text: str) -> str:
    return text.strip().lower().replace("_", "-").replace(" ", "-")


_BY_NAME: dict[str, str] = {**{_norm(cid): c.key for cid, c in CARDS.items()}, **{_norm(k): k for k in KEYS},
                            **{f"{VALUE[cid]}m": k for k, cid in KEYS.items() if k.startswith("money-")}}


def card_key(name: Any) -> str:
    """The card key a referee's name stands for: an id (``dark_blue-2``), a key (``dark-blue``,
    ``sly-deal``), or money as ``5M``."""
    ok = isinstance(name, str | int) and not isinstance(name, bool)
    key = _BY_NAME.get(_norm(str(name))) if ok else None
    if key is None:
        raise TableError(f"{name!r} is not a Monopoly Deal card",
                         ["card ids or keys (`tablesport monopoly-deal cards --json`)", "money as 1M..10M"])
    return key


def card_value(key: str) -> int:
    return VALUE[KEYS[key]]


def table_value(seen: Mapping[str, Mapping[str, Sequence[Any]]], *, deal_breakers: bool = False
                ) -> dict[str, int]:
    """Each player's bank + property value from ``{player: {"bank": [cards], "properties": [cards]}}``.

    Properties include wildcards (a multicolour wild is worth 0) and any House/Hotel on a set; a bank holds
    money and action/rent cards (never a property). ``deal_breakers``: the deck has the Deal Breakers (the
    published game); the seed 000 event removes them."""
    in_play = Counter(CARDS[c].key for c in deck(deal_breakers=deal_breakers))
    used: Counter[str] = Counter()
    out: dict[str, int] = {}
    for player, table in seen.items():
        if not isinstance(table, Mapping):
            raise TableError(f"{player}: a table is {{bank: [cards], properties: [cards]}}",
                             ["bank", "properties"])
        unknown = sorted(set(table) - {"bank", "properties"})
        if unknown:
            raise TableError(f"{player}: unknown field(s) {unknown}", ["bank", "properties"])
        total = 0
        props: list[str] = []
        for part in ("bank", "properties"):
            items = table.get(part, [])
            if isinstance(items, str):
                items = items.split()
            if not isinstance(items, Sequence):
                raise TableError(f"{player}: {part} is a list of cards, not {items!r}")
            for name in items:
                key = card_key(name)
                cid = KEYS[key]
                if key not in in_play:
                    raise TableError(f"{player}: {key} is not in play in this game (the event removes the "
                                     "Deal Breakers and the quick-start cards)")
                is_prop = IS_PROPERTY[cid] or CARDS[cid].kind in ("house", "hotel")
                if part == "bank" and IS_PROPERTY[cid]:
                    raise TableError(f"{player}: {key} is a property; properties are never banked (000 A/B)")
                if part == "properties" and not is_prop:
                    raise TableError(f"{player}: {key} is not a property, House or Hotel; it belongs in "
                                     "the bank")
                used[key] += 1
                total += VALUE[cid]
                if part == "properties":
                    props.append(cid)
        _buildings_fit(str(player), props)
        out[str(player)] = total
    over = sorted(k for k, n in used.items() if n > in_play[k])
    if over:
        raise TableError(f"more {', '.join(over)} seen than the deck holds "
                         f"({', '.join(f'{k} x{in_play[k]}' for k in over)})")
    return out


def full_sets(props: Sequence[str]) -> int:
    """The most complete sets of colours that take buildings (not railroads, not utilities) these property
    cards make, each wildcard counted for one of its colours."""
    natural: Counter[str] = Counter()
    wilds: list[tuple[str, ...]] = []
    for cid in props:
        if CARDS[cid].kind == "property":
            natural[CARD_COLOURS[cid][0]] += 1
        elif CARDS[cid].kind == "wild":
            wilds.append(CARD_COLOURS[cid])
    best = 0
    for pick in product(*wilds) if wilds else [()]:
        count = natural + Counter(pick)
        best = max(best, sum(1 for c, n in count.items() if COLOURS[c].buildings and n >= SIZE[c]))
    return best


def _buildings_fit(player: str, props: Sequence[str]) -> None:
    """A House stands on a complete set (never railroads or utilities), a Hotel on a set with a House: one
    of each a set (reference: the published rules of the House and Hotel cards)."""
    houses = sum(1 for c in props if CARDS[c].kind == "house")
    hotels = sum(1 for c in props if CARDS[c].kind == "hotel")
    if not houses and not hotels:
        return
    sets = full_sets(props)
    if houses > sets or hotels > houses:
        raise TableError(f"{player}: {houses} House(s) and {hotels} Hotel(s) on {sets} complete set(s) that "
                         "take buildings: a House stands on a complete set (not railroads or utilities), a "
                         "Hotel on a set with a House, one of each a set",
                         ["list the properties of each set with its House/Hotel", "bank a House or Hotel "
                          "only as money (it then counts in the bank)"])


def seen_cards(seen: Mapping[str, Mapping[str, Sequence[Any]]]) -> dict[str, dict[str, list[str]]]:
    """The same table with every card as its key (what a result keeps of what was seen)."""
    out: dict[str, dict[str, list[str]]] = {}
    for p, table in seen.items():
        out[str(p)] = {}
        for part in ("bank", "properties"):
            items = table.get(part, [])
            items = items.split() if isinstance(items, str) else items
            out[str(p)][part] = [card_key(x) for x in items]
    return out
