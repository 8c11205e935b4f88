"""The card table against the seeds: 2014 seed card-by-card list (totals 53/19/36), 2011 seed
一.2.2 (106 without Lightning), 2012 seed 2.2.2 (108 with Supply Shortage), reference §1 and D1."""

from __future__ import annotations

from collections import Counter

from tablesport.games.sanguosha import cards as C


def test_standard_deck_totals_2014_list() -> None:
    deck = C.DECKS["full"]
    assert len(deck) == 108
    types = Counter(C.TYPE[c] for c in deck)
    assert types == {"basic": 53, "equipment": 19, "trick": 36}
    assert Counter(C.SUIT[c] for c in deck) == {s: 27 for s in C.SUITS}
    names = Counter(C.NAME[c] for c in deck)
    assert (names["slash"], names["dodge"], names["peach"]) == (30, 15, 8)
    assert names["nullification"] == 4 and names["lightning"] == 2 and names["supply_shortage"] == 0


def test_two_standard_cards_per_slot_plus_four_ex() -> None:
    deck = [c for c in C.DECKS["full"] if not C.CARDS[c].ex]
    slots = Counter((C.SUIT[c], C.RANK[c]) for c in deck)
    assert set(slots.values()) == {2} and len(slots) == 52
    ex = sorted((C.NAME[c], C.SUIT[c], C.RANK[c]) for c in C.DECKS["full"] if C.CARDS[c].ex)
    assert ex == [("ice_sword", "spade", 2), ("lightning", "heart", 12), ("nullification", "diamond", 12),
                  ("renwang_shield", "club", 2)]


def test_d1_diamond_dodges() -> None:
    """D1: one ♦7 and one ♦10 Dodge (the 2014 list's "♦10 ×2" is a slip)."""
    d = Counter(C.RANK[c] for c in C.DECKS["full"] if C.NAME[c] == "dodge" and C.SUIT[c] == "diamond")
    assert d == {2: 2, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 1, 10: 1, 11: 2}


def test_3v3_2011_2014_deck_without_lightning() -> None:
    deck = C.DECKS["no_lightning"]
    assert len(deck) == 106 and not any(C.NAME[c] == "lightning" for c in deck)


def test_3v3_2012_deck() -> None:
    deck = C.DECKS["3v3_2012"]
    assert len(deck) == 108
    assert Counter(C.TYPE[c] for c in deck) == {"basic": 53, "equipment": 19, "trick": 36}
    ss = sorted((C.SUIT[c], C.RANK[c]) for c in deck if C.NAME[c] == "supply_shortage")
    assert ss == [("club", 12), ("spade", 1)]
    nul = sorted((C.SUIT[c], C.RANK[c]) for c in deck if C.NAME[c] == "nullification")
    assert nul == [("club", 13), ("diamond", 12), ("heart", 12), ("spade", 11)]
    assert not any(C.NAME[c] == "lightning" for c in deck)


def test_weapon_ranges() -> None:
    rng = {C.NAME[c]: C.RANGE[c] for c in C.DECKS["full"] if C.SUBTYPE[c] == "weapon"}
    assert rng == {"zhuge_crossbow": 1, "double_swords": 2, "qinggang_sword": 2, "ice_sword": 2,
                   "green_dragon_blade": 3, "serpent_spear": 3, "stone_axe": 3, "sky_halberd": 4,
                   "kirin_bow": 5}


def test_every_card_has_a_rule_of_its_kind() -> None:
    """Reference §2.3–2.7: every card name of the table has its behaviour in the card table —
    equipment goes to its slot, delayed tricks to a judgement area, instant tricks pass through
    Nullification, Dodge and Nullification are never used on their own initiative."""
    from tablesport.games.sanguosha.card_rules import CARD_RULES

    assert set(CARD_RULES) == set(C.NAME)
    for c in C.CARDS:
        rule = CARD_RULES[c.name]
        if c.type == "equipment":
            assert rule.place == "equip" and rule.effect is None, c.name
        elif c.subtype == "delayed":
            assert rule.place == "judge" and rule.effect is None, c.name
        else:
            assert rule.place == "process", c.name
            assert rule.trick == (c.type == "trick" and c.name != "nullification"), c.name
            assert (rule.effect is None) == (c.name in ("dodge", "nullification")), c.name
