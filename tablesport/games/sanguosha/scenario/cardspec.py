"""Card specs in scenarios: ``name`` (any copy), ``name S7`` (suit S/H/C/D and rank A, 2–10, J, Q, K:
that exact card — two copies of one name, suit and rank are the same card for a check) or a token
``c<id>``; :class:`Cards` hands out the deck's cards for a setup, :func:`match_cards` compares cards
with specs."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tablesport.core.scenario import ScenarioError

from .. import cards as C

SUIT_LETTERS = {"S": "spade", "H": "heart", "C": "club", "D": "diamond"}
LETTER_OF_SUIT = {v: k for k, v in SUIT_LETTERS.items()}
RANK_LETTERS = {"A": 1, "J": 11, "Q": 12, "K": 13}
LETTER_OF_RANK = {v: k for k, v in RANK_LETTERS.items()}
SPEC = re.compile(r"^([a-z_]+)(?:\s+([SHCD])(A|J|Q|K|10|[2-9]))?$")
TOKEN = re.compile(r"c\d+")


@dataclass(frozen=True)
class Spec:
    """A parsed card spec: ``card`` (a token's id) or ``name`` with ``suit``/``rank`` (0: any)."""

    text: str
    name: str = ""
    suit: str = ""
    rank: int = 0
    card: int = -1

    @property
    def exact(self) -> bool:
        return self.card >= 0 or bool(self.suit)

    def fits(self, c: int) -> bool:
        if self.card >= 0:
            return c == self.card
        return C.NAME[c] == self.name and (not self.suit
                                           or (C.SUIT[c] == self.suit and C.RANK[c] == self.rank))


def parse(spec: object) -> Spec:
    text = str(spec).strip()
    if TOKEN.fullmatch(text):
        try:
            return Spec(text, card=C.card_id(text))
        except KeyError:
            raise ScenarioError(f"no card {text!r}: tokens are c0–c{C.N - 1}") from None
    m = SPEC.match(text)
    if not m:
        raise ScenarioError(f"bad card spec {text!r}: use 'name', 'name S7' (suit S/H/C/D, rank A-K) "
                            "or 'c<id>'")
    name, suit, rank = m.group(1), m.group(2), m.group(3)
    if name not in C.NAME:
        raise ScenarioError(f"no card is called {name!r} (card names: docs/sanguosha-scenarios.md)")
    if suit is None:
        return Spec(text, name)
    return Spec(text, name, SUIT_LETTERS[suit], RANK_LETTERS.get(rank) or int(rank))


def label(c: int) -> str:
    """A card as a spec: ``slash S7``."""
    return f"{C.NAME[c]} {LETTER_OF_SUIT[C.SUIT[c]]}{LETTER_OF_RANK.get(C.RANK[c], str(C.RANK[c]))}"


def match_cards(specs: Sequence[object], cards: Sequence[int], ordered: bool = False) -> bool:
    """Do ``cards`` fit ``specs`` one to one (as a multiset, or in order)? Exact specs are matched
    first, so that a name-only spec takes whatever copy is left."""
    parsed = [parse(s) for s in specs]
    if len(parsed) != len(cards):
        return False
    if ordered:
        return all(p.fits(c) for p, c in zip(parsed, cards, strict=True))
    left = list(cards)
    for p in sorted(parsed, key=lambda p: not p.exact):
        hit = next((c for c in left if p.fits(c)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


class Cards:
    """Hands out the cards of a deck to a setup by spec (each card once); remembers which card each
    spec took, so that an action written with that spec names that card."""

    def __init__(self, deck: tuple[int, ...]) -> None:
        self.free = list(deck)
        self.alias: dict[str, list[int]] = {}

    def take(self, spec: object) -> int:
        p = parse(spec)
        found = [c for c in self.free if p.fits(c)]
        if not found:
            what = ("is not available (used twice or not in this deck)" if p.card >= 0
                    else "matches no free card")
            raise ScenarioError(f"card {p.text!r} {what} in this deck")
        c = found[0]
        self.free.remove(c)
        self.alias.setdefault(p.text, []).append(c)
        return c
