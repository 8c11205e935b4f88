"""Rules of the referee, each test naming the clause (000 = seed 000 "Monopoly Deal game rules"; ref = the
reference sheet ../shared/reference/monopoly_deal.md; pub = the published rules the reference follows)."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.core import RuleError
from tablesport.games.monopoly_deal.game import GAME, PRESETS
from tablesport.games.monopoly_deal.position import build
from tablesport.games.monopoly_deal.state import MonopolyDealState

EVENT = PRESETS["monopoly-deal-event"]
CLASSIC = PRESETS["monopoly-deal-classic"]


def pos(rs: Any = EVENT, **kw: Any) -> MonopolyDealState:
    return build(rs, 1, **kw)


def refused(st: MonopolyDealState, seat: int, action: Any, rule: str) -> RuleError:
    before = st.state_hash()
    with pytest.raises(RuleError) as exc:
        st.apply(seat, action)
    assert exc.value.rule == rule, exc.value
    assert st.state_hash() == before
    return exc.value


def test_the_third_play_with_nothing_to_rearrange_ends_the_turn() -> None:
    """000 On your turn §2-3: play up to 3 cards, then the turn ends."""
    st = pos(hands={0: ["money-1-1", "money-1-2", "money-1-3", "money-1-4"]})
    for c in ("money-1-1", "money-1-2", "money-1-3"):
        st.apply(0, ("bank", c))
    assert st.turn == 1 and st.hands[0] == ["money-1-4"]


def test_fourth_play_refused_while_rearranging_is_still_possible() -> None:
    """000 §2 and B: three plays; reorganising one's own properties is not a play."""
    st = pos(hands={0: ["money-1-1", "money-1-2", "money-1-3", "money-1-4"]},
             sets={0: [{"colour": "pink", "cards": ["wild-pink-orange-1"]}]})
    for c in ("money-1-1", "money-1-2", "money-1-3"):
        st.apply(0, ("bank", c))
    assert st.turn == 0 and st.plays == 3
    err = refused(st, 0, ("bank", "money-1-4"), "three_plays")
    assert "at most 3 plays" in err.message
    st.apply(0, ("move", "wild-pink-orange-1", "orange"))
    assert st.piles[0][0].colour == "orange"


def test_sly_deal_never_from_a_complete_set() -> None:
    """ref: Sly Deal and Forced Deal cannot take a card from a complete set."""
    st = pos(hands={0: ["sly-deal-1", "forced-deal-1"]},
             sets={0: [{"colour": "red", "cards": ["red-1"]}],
                   1: [{"colour": "brown", "cards": ["brown-1", "brown-2"]},
                       {"colour": "green", "cards": ["green-1"]}]})
    refused(st, 0, ("sly_deal", "sly-deal-1", "brown-1"), "sly_deal_complete_set")
    refused(st, 0, ("forced_deal", "forced-deal-1", "red-1", "brown-2"), "forced_deal_complete_set")
    st.apply(0, ("sly_deal", "sly-deal-1", "green-1"))
    assert [p.cards for p in st.piles[0]] == [["red-1"], ["green-1"]] and len(st.piles[1]) == 1


def test_house_never_on_a_railroad_and_hotel_needs_house() -> None:
    """ref: House +3M on a complete set, never railroad or utility; Hotel needs a House."""
    st = pos(hands={0: ["house-1", "hotel-1"]},
             sets={0: [{"colour": "railroad",
                        "cards": ["railroad-1", "railroad-2", "railroad-3", "railroad-4"]},
                       {"colour": "dark_blue", "cards": ["dark_blue-1", "dark_blue-2"]},
                       {"colour": "red", "cards": ["red-1"]}]})
    refused(st, 0, ("house", "house-1", 0), "building_colour")
    refused(st, 0, ("house", "house-1", 2), "building_complete_set")
    refused(st, 0, ("hotel", "hotel-1", 1), "hotel_needs_house")
    st.apply(0, ("house", "house-1", 1))
    st.apply(0, ("hotel", "hotel-1", 1))
    assert st.piles[0][1].rent() == 8 + 3 + 4


def test_payment_must_cover_the_debt_while_more_is_on_the_table() -> None:
    """000 How to pay: the payer chooses; no change; ref: a multicolour wild cannot pay."""
    st = pos(hands={0: ["debt-collector-1"]}, banks={1: ["money-1-1", "money-3-1", "money-2-1"]},
             sets={1: [{"colour": "red", "cards": ["red-1", "wild-any-1"]}]})
    st.apply(0, ("debt_collector", "debt-collector-1", 1))
    d = st.pending()
    assert d is not None and d.kind == "pay" and d.seats == (1,) and d.data["debt"] == 5
    assert "wild-any-1" not in d.data["payable"]
    refused(st, 1, ("pay", ["money-1-1", "money-3-1"]), "payment_covers_debt")
    refused(st, 1, ("pay", ["wild-any-1", "money-3-1", "money-2-1"]), "multicolour_wild_cannot_pay")
    st.apply(1, ("pay", ["money-3-1", "red-1"]))   # 6M for 5M: no change is given
    assert st.banks[0] == ["money-3-1"] and [p.cards for p in st.piles[0]] == [["red-1"]]
    assert st.banks[1] == ["money-1-1", "money-2-1"]


def test_short_payer_pays_everything_and_empty_table_pays_nothing() -> None:
    """000 How to pay: 'If you have no cards in front of you, you don't pay at all'; a payer below the debt
    pays everything on the table."""
    st = pos(hands={0: ["birthday-1"]}, banks={1: ["money-1-1"], 3: ["money-10-1"]},
             sets={2: [{"colour": "pink", "cards": ["wild-any-1"]}]})
    ev = st.apply(0, ("birthday", "birthday-1"))
    pays = [e.data for e in ev if e.kind == "pay"]
    assert pays[0]["seat"] == 1 and pays[0]["cards"] == ["money-1-1"]
    assert pays[1]["seat"] == 2 and pays[1]["cards"] == []          # only a multicolour wild: pays nothing
    d = st.pending()
    assert d is not None and d.kind == "pay" and d.seats == (3,)     # each charged player separately
    st.apply(3, ("pay", ["money-10-1"]))
    assert sorted(st.banks[0]) == ["money-1-1", "money-10-1"]


def test_payment_never_from_the_hand() -> None:
    """000 How to pay: 'Never pay with cards from your hand'."""
    st = pos(hands={0: ["debt-collector-1"], 1: ["money-5-1"]}, banks={1: ["money-4-1", "money-3-1"]})
    st.apply(0, ("debt_collector", "debt-collector-1", 1))
    refused(st, 1, ("pay", ["money-5-1"]), "pay_from_table")


def test_just_say_no_chain_of_three() -> None:
    """ref: a Just Say No can itself be answered by another Just Say No (to any depth)."""
    st = pos(hands={0: ["debt-collector-1", "just-say-no-1"], 1: ["just-say-no-2", "just-say-no-3"]},
             banks={1: ["money-5-1", "money-1-1"]})
    st.apply(0, ("debt_collector", "debt-collector-1", 1))
    d = st.pending()
    assert d is not None and d.kind == "respond" and d.seats == (1,)
    st.apply(1, ("just_say_no",))
    d = st.pending()
    assert d is not None and d.seats == (0,) and ("just_say_no",) in (d.options or ())
    st.apply(0, ("just_say_no",))
    assert st.plays == 2        # the actor's Just Say No on its own turn counts as a play
    st.apply(1, ("just_say_no",))
    # seat 0 has no Just Say No left: the chain stops with three, the Debt Collector is cancelled
    assert st.pending() is not None and st.pending().kind == "play"  # type: ignore[union-attr]
    assert st.banks[1] == ["money-5-1", "money-1-1"] and st.banks[0] == []


def test_just_say_no_off_turn_is_not_a_play_and_birthday_targets_answer_separately() -> None:
    """Issue rules: a Just Say No counts as a play only on the player's own turn; each charged player
    answers separately."""
    st = pos(hands={0: ["birthday-1"], 2: ["just-say-no-1"]},
             banks={1: ["money-2-1"], 2: ["money-2-2"], 3: ["money-2-3"]})
    ev = st.apply(0, ("birthday", "birthday-1"))
    assert [e.data["seat"] for e in ev if e.kind == "pay"] == [1]
    d = st.pending()
    assert d is not None and d.kind == "respond" and d.seats == (2,)
    ev = st.apply(2, ("just_say_no",))
    assert st.plays == 1 and st.banks[2] == ["money-2-2"]
    assert [e.data["seat"] for e in ev if e.kind == "pay"] == [3]
    assert sorted(st.banks[0]) == ["money-2-1", "money-2-3"]


def test_double_the_rent_counts_as_a_play_and_two_make_four_times() -> None:
    """ref: Double the Rent played with a rent card, counted as a play; two of them x4."""
    st = pos(hands={0: ["rent-any-1", "double-rent-1", "double-rent-2"]},
             sets={0: [{"colour": "green", "cards": ["green-1"]}]}, banks={1: ["money-10-1"]})
    opts = st.pending().options  # type: ignore[union-attr]
    assert ("rent", "rent-any-1", "green", 1, ("double-rent-1", "double-rent-2")) in opts
    st.apply(0, ("rent", "rent-any-1", "green", 1, ["double-rent-1", "double-rent-2"]))
    assert st.plays == 3 and st.act is not None and st.act.amount == 2 * 4


def test_two_colour_rent_charges_every_other_player() -> None:
    """ref: two-colour rent charges every other player; wild rent charges one."""
    st = pos(hands={0: ["rent-red-yellow-1"]}, sets={0: [{"colour": "red", "cards": ["red-1", "red-2"]}]},
             banks={1: ["money-3-1"], 2: ["money-3-2"], 3: ["money-3-3"]})
    refused(st, 0, ("rent", "rent-red-yellow-1", "red", 1, []), "rent_target")
    ev = st.apply(0, ("rent", "rent-red-yellow-1", "red", None, []))
    assert [e.data["seat"] for e in ev if e.kind == "pay"] == [1, 2, 3]
    assert len(st.banks[0]) == 3


def test_rearranging_on_another_players_turn_is_refused() -> None:
    """000 B: 'You can only reorganize your property collection on your turn.'"""
    st = pos(sets={1: [{"colour": "pink", "cards": ["wild-pink-orange-1"]}]})
    refused(st, 1, ("move", "wild-pink-orange-1", "orange"), "rearrange_own_turn")


def test_hand_limit_extras_to_the_bottom_of_the_draw_pile() -> None:
    """000 §3: more than 7 cards at the end of the turn: discard extras to the bottom of the draw pile."""
    hand = [f"pass-go-{i}" for i in range(1, 10)]
    st = pos(hands={0: hand})
    st.apply(0, ("end",))
    d = st.pending()
    assert d is not None and d.kind == "discard" and d.data["extra"] == 2
    ev = st.apply(0, ("discard", "pass-go-3"))
    assert st.draw[0] == "pass-go-3" and "pass-go-3" not in st.discard
    assert [e.to for e in ev if e.kind == "put_back"] == [frozenset({0})]
    st.apply(0, ("discard", "pass-go-4"))
    assert st.draw[:2] == ["pass-go-4", "pass-go-3"] and st.turn == 1 and len(st.hands[0]) == 7


def test_classic_hand_limit_extras_to_the_discard_pile() -> None:
    """pub: extras go to the discard pile."""
    st = pos(CLASSIC, hands={0: [f"pass-go-{i}" for i in range(1, 9)]})
    st.apply(0, ("end",))
    st.apply(0, ("discard", "pass-go-8"))
    assert st.discard == ["pass-go-8"] and st.turn == 1


def test_draw_two_or_five_with_an_empty_hand() -> None:
    """000 On your turn §1: take 2 cards; with no cards left, pick up 5 instead."""
    st = pos(hands={0: ["money-1-1"], 1: [], 2: ["money-2-1"]})
    st.apply(0, ("end",))
    assert len(st.hands[1]) == 5
    st.apply(1, ("end",))
    assert len(st.hands[2]) == 3


def event_win() -> MonopolyDealState:
    return pos(hands={0: ["green-3"]}, banks={1: ["money-10-1", "money-5-1"], 2: ["money-1-1"]},
               sets={0: [{"colour": "brown", "cards": ["brown-1", "brown-2"]},
                         {"colour": "dark_blue", "cards": ["dark_blue-1", "dark_blue-2"]},
                         {"colour": "green", "cards": ["green-1", "green-2"]}],
                     3: [{"colour": "red", "cards": ["red-1"]}]})


def test_event_ends_at_three_sets_and_ranks_by_value() -> None:
    """000 THE WINNER: three complete sets of different colours end the game; every player counts bank +
    properties, ranked 10/7/5/3 by that value (not by who finished)."""
    st = event_win()
    st.apply(0, ("property", "green-3", "green"))
    res = st.result()
    assert res is not None and res.reason == "three_sets" and res.stats["claimed_by"] == 0
    assert res.stats["values"] == [2 + 8 + 12, 15, 1, 3]
    assert res.placements == (1, 2, 4, 3) and res.scores == (22.0, 15.0, 1.0, 3.0)


def test_event_value_can_rank_the_finisher_below_another_player() -> None:
    """000 THE WINNER: 'The person with the highest property value gets 10 points'."""
    st = pos(hands={0: ["green-3"]}, banks={1: ["money-10-1", "money-5-1", "money-5-2", "money-4-1"]},
             sets={0: [{"colour": "brown", "cards": ["brown-1", "brown-2"]},
                       {"colour": "utility", "cards": ["utility-1", "utility-2"]},
                       {"colour": "green", "cards": ["green-1", "green-2"]}]})
    st.apply(0, ("property", "green-3", "green"))
    res = st.result()
    assert res is not None and res.stats["values"][:2] == [18, 24] and res.placements[:2] == (2, 1)


def test_classic_first_to_three_sets_wins_others_by_value() -> None:
    """pub: the first player to collect three complete sets wins."""
    st = build(CLASSIC, 1, hands={0: ["green-3"]},
               banks={1: ["money-10-1", "money-5-1", "money-5-2", "money-4-1"]},
               sets={0: [{"colour": "brown", "cards": ["brown-1", "brown-2"]},
                         {"colour": "utility", "cards": ["utility-1", "utility-2"]},
                         {"colour": "green", "cards": ["green-1", "green-2"]}]})
    st.apply(0, ("property", "green-3", "green"))
    res = st.result()
    assert res is not None and res.placements == (1, 2, 3, 3)


def test_two_sets_of_one_colour_are_not_three_sets() -> None:
    """000 B: 3 full sets of different colours; ref: extras start a second set of that colour."""
    st = pos(hands={0: ["wild-any-1"]},
             sets={0: [{"colour": "brown", "cards": ["brown-1", "brown-2"]},
                       {"colour": "dark_blue", "cards": ["dark_blue-1", "dark_blue-2"]},
                       {"colour": "brown", "cards": ["wild-light_blue-brown-1"]}]})
    st.apply(0, ("property", "wild-any-1", "brown"))
    assert st.result() is None and [len(p.cards) for p in st.piles[0]] == [2, 2, 2]


def test_win_found_on_another_turn_is_claimed_on_ones_own_turn() -> None:
    """000 B: 'If you realize you've won during someone else's turn, you must wait until it's your turn'."""
    st = pos(hands={0: ["forced-deal-1"]},
             sets={0: [{"colour": "green", "cards": ["green-3"]}],
                   1: [{"colour": "brown", "cards": ["brown-1", "brown-2"]},
                       {"colour": "dark_blue", "cards": ["dark_blue-1", "dark_blue-2"]},
                       {"colour": "green", "cards": ["green-1", "green-2"]}]})
    # Forced Deal: seat 0 gives its green for seat 1's red; seat 1's greens complete on seat 0's turn
    st.piles[1].append(build(EVENT, 1, sets={1: [{"colour": "red", "cards": ["red-1"]}]}).piles[1][0])
    st.apply(0, ("forced_deal", "forced-deal-1", "green-3", "red-1"))
    assert [len(p.cards) for p in st.piles[1]] == [2, 2, 3] and st.result() is None   # not claimed yet
    st.apply(0, ("end",))
    res = st.result()
    assert res is not None and res.stats["claimed_by"] == 1 and st.turn == 1


def test_deal_breaker_takes_a_complete_set_with_its_buildings_classic_only() -> None:
    """ref: Deal Breaker takes a complete set with its House/Hotel; 000 Set up 2: removed from the event."""
    st = build(CLASSIC, 1, hands={0: ["deal-breaker-1"]},
               sets={1: [{"colour": "dark_blue", "cards": ["dark_blue-1", "dark_blue-2"], "house": "house-1"},
                         {"colour": "red", "cards": ["red-1"]}]})
    refused(st, 0, ("deal_breaker", "deal-breaker-1", 1, 1), "deal_breaker_complete_set")
    st.apply(0, ("deal_breaker", "deal-breaker-1", 1, 0))
    assert st.piles[0][0].house == "house-1" and len(st.piles[1]) == 1
    with pytest.raises(RuleError, match="not in play"):
        build(EVENT, 1, hands={0: ["deal-breaker-1"]})


def test_house_goes_to_bank_when_its_set_is_broken_by_a_payment() -> None:
    """Ruling (docs/monopoly-deal.md): a House/Hotel on a set that stops being complete goes to the bank."""
    st = pos(hands={0: ["debt-collector-1"]},
             sets={1: [{"colour": "dark_blue", "cards": ["dark_blue-1", "dark_blue-2"], "house": "house-1"}]},
             banks={1: ["money-1-1"]})
    st.apply(0, ("debt_collector", "debt-collector-1", 1))
    st.apply(1, ("pay", ["dark_blue-1", "money-1-1"]))
    assert st.banks[1] == ["house-1"] and st.piles[1][0].house is None


def test_timeouts() -> None:
    """Issue timers: end the turn; no Just Say No; pay with the lowest-value cards that cover the debt."""
    st = pos(hands={0: ["debt-collector-1"], 1: ["just-say-no-1"]},
             banks={1: ["money-10-1", "money-2-1", "money-3-1", "money-1-1"]})
    d = st.pending()
    assert d is not None and d.time_limit == 30 and d.on_timeout == "the turn ends"
    st.apply(0, ("debt_collector", "debt-collector-1", 1))
    d = st.pending()
    assert d is not None and d.kind == "respond" and d.time_limit == 15
    st.timeout(1)
    assert st.hands[1] == ["just-say-no-1"]
    st.timeout(1)   # pay: 2M + 3M = 5M is the cheapest cover
    assert sorted(st.banks[0]) == ["money-2-1", "money-3-1"]
    st.timeout(0)
    assert st.turn == 1


def test_game_clock_ends_by_value() -> None:
    """Issue timers: the optional 20-minute game clock ends the game by value."""
    st = build(EVENT.with_params(game_minutes=20), 1, banks={2: ["money-5-1"]})
    assert st.clock_limit() == 1200.0
    st.time_up()
    res = st.result()
    assert res is not None and res.reason == "time_up" and res.placements[2] == 1
    assert EVENT["game_minutes"] is None and GAME.new_state(EVENT, 1).clock_limit() is None


def test_views_hide_hands_and_the_draw_pile() -> None:
    """Secrecy: hands and the draw pile are hidden; counts are public."""
    st = GAME.new_state(EVENT, 5)
    v = st.view(1)
    assert v["hand"] == st.hands[1] and "hand" not in st.view(None)
    assert [p["hand_count"] for p in v["players"]] == [len(h) for h in st.hands]
    assert v["draw_count"] == len(st.draw)
    text = str(v)
    assert not any(c in text for s in (0, 2, 3) for c in st.hands[s])


def test_bad_input_changes_nothing() -> None:
    """Bad input: a RuleError naming what is allowed; the state is unchanged."""
    st = pos(hands={0: ["red-1", "money-1-1"]})
    refused(st, 0, ("bank", "red-1"), "property_not_money")
    refused(st, 0, ("property", "red-1", "green"), "property_colour")
    refused(st, 0, ("bank", "money-5-1"), "card_in_hand")
    refused(st, 0, ["fly"], "action_format")
    refused(st, 2, ("end",), "not_your_turn")


def test_rearranging_moves_are_capped_per_turn() -> None:
    """Issue 38 item 2: free moves have a cap (``moves_per_turn``), so a turn cannot be stalled by them."""
    from tablesport.games import find_preset

    game, rs = find_preset("monopoly-deal-event")
    st = game.new_state(rs, 4)  # seat 3 begins with a light-blue/brown wildcard
    d = st.pending()
    wild = next(o for o in d.options if o[0] == "property" and o[1].startswith("wild-"))
    st.apply(3, wild)
    for _ in range(rs["moves_per_turn"]):
        move = next(o for o in st.pending().options if o[0] == "move")
        st.apply(3, move)
    assert not any(o[0] == "move" for o in st.pending().options)
    with pytest.raises(RuleError) as err:
        st.apply(3, ("move", wild[1], wild[2]))
    assert err.value.rule == "moves_per_turn"
    assert st.pending().data["moves_left"] == 0


def test_the_cancelled_line_names_the_player_whose_action_was_cancelled() -> None:
    """Issue 38 item 3: seat 0's Birthday against seat 1, cancelled by seat 1's Just Say No, is seat 0's
    action; the log line said "Seat 1's action is cancelled" (all three languages)."""
    from tablesport.server.content.texts import event_text

    st = pos(hands={0: ["birthday-1"], 1: ["just-say-no-1"]}, banks={1: ["money-2-1"], 2: ["money-2-2"]})
    st.apply(0, ("birthday", "birthday-1"))
    ev = st.apply(1, ("just_say_no",))
    cancelled = [e for e in ev if e.kind == "cancelled"]
    if not cancelled:  # the actor is asked whether to answer back
        cancelled = [e for e in st.apply(0, ("accept",)) if e.kind == "cancelled"]
    lines = {lang: event_text("monopoly-deal", cancelled[0], lang) for lang in ("en", "zh-Hans", "zh-Hant")}
    assert lines["en"].startswith("Seat 0's It's My Birthday against Seat 1"), lines
    zh = lines["zh-Hans"]
    assert "我的生日" in zh and zh.index("0") < zh.index("1"), lines
    assert "我的生日" in lines["zh-Hant"], lines
