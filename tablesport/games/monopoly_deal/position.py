"""A position set up by hand (rule tests, ruling scenarios): hands, banks, property sets, the draw pile."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablesport.core import RuleError, Ruleset

from .cards import CARD_COLOURS, CARDS, IS_PROPERTY, SIZE, deck
from .state import NO_BUILDINGS, MonopolyDealState, Pile


def build(ruleset: Ruleset, seed: int = 0, *, turn: int = 0, plays: int = 0,
          hands: Mapping[int, Sequence[str]] | None = None,
          banks: Mapping[int, Sequence[str]] | None = None,
          sets: Mapping[int, Sequence[Mapping[str, Any]]] | None = None,
          draw_top: Sequence[str] = (), discard: Sequence[str] = (),
          draw_rest: bool = True) -> MonopolyDealState:
    """Seat ``turn`` is on turn, already past its draw, with ``plays`` plays made. ``sets`` per seat:
    ``{"colour", "cards", "house", "hotel"}``. ``draw_top`` lies on top of the draw pile (its first card
    drawn first); the cards named nowhere make up the rest of the draw pile in a seeded order, or leave the
    game when ``draw_rest`` is false (a short draw pile)."""
    st = MonopolyDealState(ruleset, seed)
    n = st.n
    in_play = deck(deal_breakers=ruleset["deal_breakers"])
    used: set[str] = set()

    def take(cid: Any, where: str) -> str:
        if not isinstance(cid, str) or cid not in CARDS:
            raise RuleError("position", f"{where}: {cid!r} is not a card", "card ids, see `cards --json`")
        if cid not in in_play:
            raise RuleError("position", f"{where}: {cid} is not in play in {ruleset.preset}")
        if cid in used:
            raise RuleError("position", f"{where}: {cid} is placed twice")
        used.add(cid)
        return cid

    def seat_of(s: Any, where: str) -> int:
        if isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n:
            raise RuleError("position", f"{where}: {s!r} is not a seat", f"0..{n - 1}")
        return s

    st.hands = [[] for _ in range(n)]
    st.banks = [[] for _ in range(n)]
    st.piles = [[] for _ in range(n)]
    for s, cards in (hands or {}).items():
        st.hands[seat_of(s, "hands")] = [take(c, f"hand {s}") for c in cards]
    for s, cards in (banks or {}).items():
        st.banks[seat_of(s, "banks")] = [take(c, f"bank {s}") for c in cards]
        for c in st.banks[s]:
            if IS_PROPERTY[c]:
                raise RuleError("position", f"bank {s}: {c} is a property; properties are never banked")
    for s, piles in (sets or {}).items():
        seat_of(s, "sets")
        for spec in piles:
            colour = spec.get("colour")
            if colour not in SIZE:
                raise RuleError("position", f"sets {s}: {colour!r} is not a colour", f"one of {list(SIZE)}")
            cards = [take(c, f"sets {s}") for c in spec.get("cards", [])]
            if not cards or len(cards) > SIZE[colour]:
                raise RuleError("position", f"sets {s}: a {colour} set holds 1 to {SIZE[colour]} cards")
            for c in cards:
                if not IS_PROPERTY[c] or colour not in CARD_COLOURS[c]:
                    raise RuleError("position", f"sets {s}: {c} cannot be {colour}")
            house = spec.get("house")
            hotel = spec.get("hotel")
            if house is not None:
                take(house, f"sets {s}")
            if hotel is not None:
                take(hotel, f"sets {s}")
            if (house or hotel) and (len(cards) < SIZE[colour] or colour in NO_BUILDINGS):
                raise RuleError("position", f"sets {s}: a House/Hotel stands only on a complete set, never "
                                "on a railroad or utility")
            if hotel and not house:
                raise RuleError("position", f"sets {s}: a Hotel needs a House")
            st.piles[s].append(Pile(colour, cards, house, hotel))
    top = [take(c, "draw_top") for c in draw_top]
    st.discard = [take(c, "discard") for c in discard]
    rest = [c for c in in_play if c not in used]
    st.rng.shuffle(rest)
    st.draw = (rest if draw_rest else []) + list(reversed(top))
    st.out = () if draw_rest else tuple(rest)
    st.turn = seat_of(turn, "turn")
    st.plays = plays
    st.moves = 0
    st.turn_no = 1
    st.phase = "play"
    st.act = None
    st._decision = None
    st._fresh = len(st.discard)
    return st

