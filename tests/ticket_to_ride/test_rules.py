"""Turn rules of the referee. Each test names the clause: seed 000 "Ticket to Ride game rules" items 1-5
(the ``ttr-event`` preset) or the published rules in shared/reference/ticket_to_ride.md (``ttr-classic``)."""

from __future__ import annotations

import pytest

from tablesport.core import RuleError, canon
from tablesport.games.ticket_to_ride import GAME
from tablesport.games.ticket_to_ride.board import LOCOMOTIVE
from tablesport.games.ticket_to_ride.state import CARD_INDEX

from .helpers import B, give, hold, own, rid, set_row, stack, started

LOCO = LOCOMOTIVE


def refused(s, seat, action, rule: str) -> RuleError:  # type: ignore[no-untyped-def]
    before = s.state_hash()
    with pytest.raises(RuleError) as exc:
        s.apply(seat, canon(action))
    assert exc.value.rule == rule, exc.value
    assert s.state_hash() == before, "a refused action changed the state"
    return exc.value


# -- setup and tickets -------------------------------------------------------------------------------------


def test_setup_deals_four_cards_five_face_up_three_tickets() -> None:
    """Published setup: 4 train cards each, 5 face up, 3 tickets dealt; the seats choose at once."""
    s = GAME.start("ttr-event", 5)
    assert all(sum(h) == 4 for h in s.hands) and len(s.faceup) == 5
    d = s.pending()
    assert d is not None and d.kind == "keep_tickets" and d.seats == (0, 1, 2, 3)
    assert all(len(s.offered[p]) == 3 for p in range(4))


def test_event_keeps_exactly_two_starting_tickets() -> None:
    """Seed 000 item 1: 'Each player chooses 2 destination cards' — keep exactly 2 of the 3 dealt."""
    s = GAME.start("ttr-event", 5)
    d = s.pending()
    assert d is not None
    assert {len(a[1]) for a in d.options_for(0) or ()} == {2}
    ids = [B.tickets[t].id for t in s.offered[0]]
    err = refused(s, 0, ["keep", ids[:1]], "keep_tickets")
    assert "exactly 2" in err.message
    refused(s, 0, ["keep", ids], "keep_tickets")
    refused(s, 0, ["keep", ["t99", ids[0]]], "keep_offered")
    s.apply(0, canon(["keep", ids[:2]]))
    assert [B.tickets[t].id for t in s.tickets[0]] == ids[:2]
    assert s.ticket_deck[0] == B.ticket_index[ids[2]], "the returned ticket goes to the bottom"


def test_classic_keeps_at_least_two_of_three_at_the_start_and_one_later() -> None:
    """Published: dealt 3, keep at least 2 at the start; a later draw of 3 keeps at least 1."""
    s = GAME.start("ttr-classic", 5)
    d = s.pending()
    assert d is not None and {len(a[1]) for a in d.options_for(0) or ()} == {2, 3}
    s = started("ttr-classic", 5)
    seat = s.turn
    s.apply(seat, ("tickets",))
    d = s.pending()
    assert (
        d is not None
        and d.kind == "keep_tickets"
        and {len(a[1]) for a in d.options_for(seat) or ()} == {1, 2, 3}
    )
    refused(s, seat, ["keep", []], "keep_tickets")


def test_event_draws_tickets_only_when_every_held_ticket_is_completed() -> None:
    """Seed 000 item 2: draw additional destination cards 'if all the destinations assigned ... are
    completed'."""
    s = started("ttr-event", 2)
    seat = s.turn
    hold(s, seat, ("Denver", "El Paso"))
    d = s.pending()
    assert d is not None and ("tickets",) not in (d.options_for(seat) or ())
    refused(s, seat, ["tickets"], "tickets_after_completion")
    own(s, seat, rid("Denver", "Santa Fe"), rid("El Paso", "Santa Fe"))
    d = s.pending()
    assert d is not None and ("tickets",) in (d.options_for(seat) or ())
    s.apply(seat, ("tickets",))
    assert s.phase == "keep" and len(s.offered[seat]) == 3


def test_classic_draws_tickets_any_turn() -> None:
    """Published: drawing 3 destination tickets is a turn at any time."""
    s = started("ttr-classic", 2)
    seat = s.turn
    hold(s, seat, ("Los Angeles", "New York"))
    d = s.pending()
    assert d is not None and ("tickets",) in (d.options_for(seat) or ())


# -- drawing train cards -------------------------------------------------------------------------------------


def test_two_cards_then_the_turn_passes() -> None:
    """Published: draw 2 train cards, blind or face up."""
    s = started()
    seat = s.turn
    set_row(s, *[CARD_INDEX["red"]] * 5)
    n = sum(s.hands[seat])
    s.apply(seat, ("faceup", 0))
    d = s.pending()
    assert d is not None and d.kind == "second_card" and d.seats == (seat,)
    s.apply(seat, ("blind",))
    assert sum(s.hands[seat]) == n + 2 and s.turn == (seat + 1) % 4


def test_a_face_up_locomotive_is_the_whole_draw_and_never_the_second_card() -> None:
    """Published: a face-up locomotive counts as the whole draw and cannot be the second card."""
    s = started()
    seat = s.turn
    set_row(s, LOCO, CARD_INDEX["red"], CARD_INDEX["blue"], CARD_INDEX["green"], CARD_INDEX["black"])
    stack(s, LOCO)  # the refill
    s.apply(seat, ("faceup", 1))
    assert s.faceup[1] == LOCO and s.phase == "second"
    d = s.pending()
    assert d is not None and ("faceup", 0) not in (d.options_for(seat) or ())
    err = refused(s, seat, ["faceup", 0], "faceup_locomotive_second")
    assert "blind" in (err.allowed or "")
    s.apply(seat, ("blind",))
    nxt = s.turn
    set_row(s, s.faceup[0], s.faceup[1], LOCO, s.faceup[3], s.faceup[4])
    locos = s.hands[nxt][LOCO]
    s.apply(nxt, ("faceup", 2))
    assert s.hands[nxt][LOCO] == locos + 1 and s.turn == (nxt + 1) % 4, "one face-up locomotive ends the turn"


def test_three_face_up_locomotives_discard_the_row_and_repeat_while_it_happens() -> None:
    """Published: if 3 of the 5 face-up cards are locomotives, all 5 are discarded and replaced."""
    s = started()
    seat = s.turn
    red, blue = CARD_INDEX["red"], CARD_INDEX["blue"]
    set_row(s, LOCO, LOCO, red, blue, blue)
    # refill of slot 2 → a locomotive (3 in the row): reset; the next five hold 3 again: reset again
    stack(s, LOCO, *[red, red, LOCO, LOCO, LOCO], *[blue, blue, red, red, red])
    events = s.apply(seat, ("faceup", 2))
    resets = [e for e in events if e.kind == "faceup_reset"]
    assert len(resets) == 2
    assert resets[0].data["discarded"] == ["locomotive", "locomotive", "locomotive", "blue", "blue"]
    assert sum(1 for c in s.faceup if c == LOCO) < 3
    assert s.faceup == [blue, blue, red, red, red]
    s.check_invariants()


def test_the_discards_are_reshuffled_when_the_draw_pile_runs_out() -> None:
    """Published: when the draw pile is empty the discards are shuffled into a new one."""
    s = started()
    seat = s.turn
    s.discard.extend(s.deck)
    s.deck.clear()
    s.edited()
    events = s.apply(seat, ("blind",))
    assert [e.kind for e in events][:2] == ["reshuffled", "drew_blind"]
    assert s.deck and not s.discard


def test_blind_draw_is_not_offered_when_neither_pile_can_supply() -> None:
    """Task: when neither pile can supply, that option is not offered (a second card may be impossible)."""
    s = started()
    seat = s.turn
    others = (seat + 1) % 4
    set_row(s, CARD_INDEX["red"], LOCO, LOCO, -1, -1)
    for c in s.deck + s.discard:
        s.hands[others][c] += 1
    s.deck.clear()
    s.discard.clear()
    s.edited()
    d = s.pending()
    assert d is not None and ("blind",) not in (d.options_for(seat) or ())
    refused(s, seat, ["blind"], "blind_empty")
    events = s.apply(seat, ("faceup", 0))
    assert any(e.kind == "no_second_card" for e in events) and s.turn == (seat + 1) % 4
    s.check_invariants()


# -- claiming routes -------------------------------------------------------------------------------------


def test_claim_pays_exactly_the_length_in_one_colour_with_locomotives() -> None:
    """Seed 000 ('4-train-long red route ... 4 red cards'); locomotives as any colour; points 1/2/4."""
    s = started()
    seat = s.turn
    r = rid("Chicago", "Duluth")  # 3 red
    give(s, seat, red=2, locomotive=1, blue=3)
    d = s.pending()
    assert d is not None and ("claim", r, "red", 1) in (d.options_for(seat) or ())
    refused(s, seat, ["claim", r, "blue", 0], "claim_colour")
    refused(s, seat, ["claim", r, "red", 0], "claim_cards")
    s.apply(seat, ("claim", r, "red", 1))
    assert s.owner[r] == seat and s.trains[seat] == 42 and s.route_points[seat] == 4
    assert s.hands[seat][CARD_INDEX["red"]] == 0 and s.hands[seat][LOCO] == 0
    assert s.discard[-3:] == [CARD_INDEX["red"], CARD_INDEX["red"], LOCO]


def test_grey_route_takes_any_one_colour() -> None:
    """Published: a grey route is paid with cards of any single colour."""
    s = started()
    seat = s.turn
    r = rid("Atlanta", "Charleston")  # 2 grey
    give(s, seat, blue=1, green=2)
    d = s.pending()
    opts = set(d.options_for(seat) or ()) if d else set()
    assert ("claim", r, "green", 0) in opts and ("claim", r, "blue", 1) not in opts
    err = refused(s, seat, ["claim", r, "blue", 0], "claim_cards")
    assert "green" in (err.allowed or "")


def test_a_taken_route_cannot_be_claimed() -> None:
    """Seed 000 item 3: each discrete route can be claimed by only a single player."""
    s = started()
    seat = s.turn
    r = rid("Chicago", "Duluth")
    own(s, (seat + 1) % 4, r)
    give(s, seat, red=3)
    refused(s, seat, ["claim", r, "red", 0], "route_taken")


def test_never_both_routes_of_a_double() -> None:
    """Published: no player may claim both routes of a double."""
    s = started("ttr-event")
    seat = s.turn
    own(s, seat, rid("Boston", "New York", "red"))
    give(s, seat, yellow=2)
    err = refused(s, seat, ["claim", rid("Boston", "New York", "yellow"), "yellow", 0], "double_both")
    assert "both" in err.message


def test_double_routes_by_player_count() -> None:
    """Published: with 2-3 players only one route of a double may be used; with 4-5 both (by two players)."""
    for preset, open_ in (
        ("ttr-classic-2p", False),
        ("ttr-classic-3p", False),
        ("ttr-classic", True),
        ("ttr-classic-5p", True),
        ("ttr-event", True),
    ):
        s = started(preset)
        seat = s.turn
        other = (seat + 1) % s.ruleset.seats
        own(s, other, rid("Boston", "New York", "red"))
        give(s, seat, yellow=2)
        action = ("claim", rid("Boston", "New York", "yellow"), "yellow", 0)
        d = s.pending()
        assert d is not None and (action in (d.options_for(seat) or ())) is open_, preset
        if not open_:
            refused(s, seat, list(action), "double_closed")


def test_enough_trains_left() -> None:
    """Published: a route needs as many trains as its length."""
    s = started()
    seat = s.turn
    s.trains[seat] = 3
    give(s, seat, blue=5)
    r = rid("Atlanta", "Miami")  # 5 blue
    refused(s, seat, ["claim", r, "blue", 0], "not_enough_trains")


def test_malformed_actions_name_what_is_allowed() -> None:
    s = started()
    seat = s.turn
    err = refused(s, seat, {"claim": 3}, "action_shape")
    assert "faceup" in (err.allowed or "")
    refused(s, seat, ["claim", 999, "red", 0], "claim_route")
    refused(s, (seat + 1) % 4, ["blind"], "not_your_turn")


# -- the last round ----------------------------------------------------------------------------------------


def _claim_down_to(s, seat: int, trains: int) -> list[str]:  # type: ignore[no-untyped-def]
    s.trains[seat] = trains + 1
    r = rid("Atlanta", "Nashville")  # length 1, grey
    give(s, seat, red=1)
    return [e.kind for e in s.apply(seat, ("claim", r, "red", 0))]


def test_event_last_round_starts_at_three_trains_and_everyone_plays_once_more() -> None:
    """Seed 000 item 4: 'one player was left with 3 trains or less' → every player plays one additional
    turn."""
    s = started("ttr-event")
    seat = s.turn
    kinds = _claim_down_to(s, seat, 3)
    assert "last_round" in kinds and s.last_round == 4
    turns = []
    while (d := s.pending()) is not None:
        p = d.seats[0]
        if d.kind == "turn":
            turns.append(p)
        s.apply(p, ("blind",) if ("blind",) in (d.options_for(p) or ()) else (d.options_for(p) or ())[0])
    assert turns == [(seat + k) % 4 for k in range(1, 5)], "one more turn each, the trigger player last"
    res = s.result()
    assert res is not None and res.reason == "last_round"


def test_event_four_trains_do_not_trigger() -> None:
    s = started("ttr-event")
    kinds = _claim_down_to(s, s.turn, 4)
    assert "last_round" not in kinds and s.last_round is None


def test_classic_last_round_starts_at_two_trains() -> None:
    """Published: the final round starts when a player has 0, 1 or 2 trains."""
    s = started("ttr-classic")
    assert "last_round" not in _claim_down_to(s, s.turn, 3)
    s = started("ttr-classic")
    assert "last_round" in _claim_down_to(s, s.turn, 2)


# -- passing and no stall -----------------------------------------------------------------------------------


def _exhaust(s) -> None:  # type: ignore[no-untyped-def]
    """Every train card into seat 0's hand, no tickets left: no draw is possible."""
    cards = s.deck + s.discard + [c for c in s.faceup if c >= 0]
    for c in cards:
        s.hands[0][c] += 1
    s.deck.clear()
    s.discard.clear()
    s.faceup = [-1] * 5
    s.ticket_deck.clear()
    s.edited()


def test_a_player_with_no_legal_action_passes_and_a_round_of_passes_ends_the_game() -> None:
    """Task: a player with no legal action passes; the game cannot stall (a whole round of passes ends it)."""
    s = started("ttr-event", 4)
    _exhaust(s)
    for seat in range(4):
        s.trains[seat] = 0 if seat else s.trains[seat]
    # seat 0 holds every card but has no trains left to claim anything
    s.trains[0] = 0
    s.last_round = None
    s.edited()
    steps = 0
    while (d := s.pending()) is not None:
        p = d.seats[0]
        assert d.options_for(p) == [("pass",)]
        s.apply(p, ("pass",))
        steps += 1
    res = s.result()
    assert res is not None and res.reason == "no_moves" and steps == 4


def test_pass_is_refused_while_something_is_legal() -> None:
    s = started()
    refused(s, s.turn, ["pass"], "pass")


def test_random_games_end_within_the_bound_of_the_no_stall_argument() -> None:
    """docs/ticket-to-ride.md 'No stall': every non-pass turn takes a card from the supply (at most 110
    before a claim returns some), claims a route (at most 100) or shrinks the ticket deck; a round of passes
    ends it."""
    from tablesport.core import Rng

    for seed in range(30):
        s = GAME.start("ttr-classic-5p" if seed % 2 else "ttr-event", seed)
        rng = Rng(seed)
        turns = 0
        while (d := s.pending()) is not None:
            p = d.seats[0]
            s.apply(p, s.random_action(p, rng))
            turns += 1
        assert s.turns <= (100 + 1) * (110 + 30) + 5 * 5


# -- timers ------------------------------------------------------------------------------------------


def test_decision_time_limit_and_timeout_draws_two_blind_cards() -> None:
    """Preset decision limit 60 s; the timeout draws two blind cards."""
    s = started()
    seat = s.turn
    d = s.pending()
    assert d is not None and d.time_limit == 60 and "blind" in d.on_timeout
    n = sum(s.hands[seat])
    kinds = [e.kind for e in s.timeout(seat)]
    assert kinds.count("drew_blind") == 2 and sum(s.hands[seat]) == n + 2 and s.turn == (seat + 1) % 4


def test_timeout_keeps_the_first_tickets_offered() -> None:
    s = GAME.start("ttr-event", 8)
    first = s.offered[2][:2]
    s.timeout(2)
    assert s.tickets[2] == first


def test_game_clock_is_off_by_default_and_starts_the_last_round() -> None:
    """Seed 000 Competition 3: 'one game typically lasts for 1 hour' — an optional clock for the organiser."""
    s = started()
    assert s.clock_limit() is None
    rs = GAME.ruleset("ttr-event").with_params(game_clock_minutes=60)
    s = GAME.new_state(rs, 3)
    assert s.clock_limit() == 3600
    s.time_up()
    assert s.clock_limit() is None and s.last_round == 4
    while (d := s.pending()) is not None:
        s.apply(d.seats[0], (d.options_for(d.seats[0]) or ())[0])
    res = s.result()
    assert res is not None and res.reason == "time_up" and s.turns == 4
