"""The deck as data: every count and the money total of ../shared/reference/monopoly_deal.md."""

from __future__ import annotations

from collections import Counter

from tablesport.games.monopoly_deal.cards import CARDS, COLOURS, MULTI_WILD, deck
from tablesport.games.monopoly_deal.game import PRESETS


def kinds() -> Counter[str]:
    return Counter(c.kind for c in CARDS.values())


def test_110_cards_in_the_box() -> None:
    """Reference, Deck: 110 cards = 4 quick-start reference cards + 106 playable."""
    assert len(CARDS) == 110
    assert kinds()["quick_start"] == 4
    assert len(deck(deal_breakers=True)) == 106


def test_money_cards_and_total() -> None:
    """Reference, Money: 20 cards, 57M: 10M x1, 5M x2, 4M x3, 3M x3, 2M x5, 1M x6."""
    money = [c for c in CARDS.values() if c.kind == "money"]
    assert len(money) == 20 and sum(c.value for c in money) == 57
    assert Counter(c.value for c in money) == {10: 1, 5: 2, 4: 3, 3: 3, 2: 5, 1: 6}


def test_properties_by_colour_and_set_size() -> None:
    """Reference, Properties (28): the number of cards of each colour is its set size."""
    props = Counter(c.colours[0] for c in CARDS.values() if c.kind == "property")
    assert sum(props.values()) == 28
    assert props == {"brown": 2, "dark_blue": 2, "utility": 2, "light_blue": 3, "pink": 3, "orange": 3,
                     "red": 3, "yellow": 3, "green": 3, "railroad": 4}
    assert all(COLOURS[c].size == k for c, k in props.items())


def test_wildcards() -> None:
    """Reference, Property wildcards (11): the two-colour pairs and two multicolour (value 0)."""
    wild = Counter(tuple(sorted(c.colours)) for c in CARDS.values() if c.kind == "wild" and not c.any_colour)
    assert wild == {("dark_blue", "green"): 1, ("green", "railroad"): 1, ("light_blue", "railroad"): 1,
                    ("brown", "light_blue"): 1, ("railroad", "utility"): 1, ("orange", "pink"): 2,
                    ("red", "yellow"): 2}
    assert len(MULTI_WILD) == 2 and all(CARDS[c].value == 0 for c in MULTI_WILD)


def test_rent_cards() -> None:
    """Reference, Rent (13): five two-colour pairs x2 (1M), wild rent x3 (3M)."""
    rents = [c for c in CARDS.values() if c.kind == "rent"]
    assert len(rents) == 13
    pairs = Counter(tuple(sorted(c.colours)) for c in rents if not c.any_colour)
    assert pairs == {("brown", "light_blue"): 2, ("orange", "pink"): 2, ("red", "yellow"): 2,
                     ("dark_blue", "green"): 2, ("railroad", "utility"): 2}
    assert all(c.value == 1 for c in rents if not c.any_colour)
    assert [c.value for c in rents if c.any_colour] == [3, 3, 3]


def test_action_cards_counts_and_values() -> None:
    """Reference, Actions (34)."""
    expected = {"deal_breaker": (2, 5), "just_say_no": (3, 4), "sly_deal": (3, 3), "forced_deal": (3, 3),
                "debt_collector": (3, 3), "birthday": (3, 2), "double_rent": (2, 1), "pass_go": (10, 1),
                "house": (3, 3), "hotel": (2, 4)}
    k = kinds()
    for kind, (count, value) in expected.items():
        assert k[kind] == count, kind
        assert {c.value for c in CARDS.values() if c.kind == kind} == {value}, kind
    assert sum(count for count, _ in expected.values()) == 34


def test_rent_ladders() -> None:
    """Reference, Rent ladders by number of cards in the set."""
    assert {c: list(v.rent) for c, v in COLOURS.items()} == {
        "brown": [1, 2], "light_blue": [1, 2, 3], "pink": [1, 2, 4], "orange": [1, 3, 5],
        "red": [2, 3, 6], "yellow": [2, 4, 6], "green": [2, 4, 7], "dark_blue": [3, 8],
        "railroad": [1, 2, 3, 4], "utility": [1, 2]}


def test_presets_decks() -> None:
    """000 Set up 1-2: the quick-start cards and both Deal Breakers out, 104 cards; classic: 106 cards."""
    assert len(deck(deal_breakers=PRESETS["monopoly-deal-event"]["deal_breakers"])) == 104
    assert len(deck(deal_breakers=PRESETS["monopoly-deal-classic"]["deal_breakers"])) == 106
    assert PRESETS["monopoly-deal-event"].seats == 4
    assert sorted(rs.seats for name, rs in PRESETS.items() if "classic" in name) == [2, 3, 4, 5]
