"""The referee's fast paths give what the generic protocol gives: events and decisions made without their
dataclasses' __init__, and random_action read from the listed options."""

from __future__ import annotations

from dataclasses import fields

from tablesport.core import Decision, Event, Rng, State
from tablesport.games.monopoly_deal.game import GAME, PRESETS


def test_events_decisions_and_random_actions_equal_the_generic_ones() -> None:
    assert Event.__new__ is object.__new__ and Decision.__new__ is object.__new__
    for preset in ("monopoly-deal-event", "monopoly-deal-classic"):
        st = GAME.new_state(PRESETS[preset], 7)
        rng = Rng(8)
        while (d := st.pending()) is not None:
            # every field of the class, so a field added to Decision and missed by the fast builder fails here
            built = Decision(**{f.name: getattr(d, f.name) for f in fields(Decision)})
            assert d == built
            seat = d.seats[0]
            twin = rng.copy()
            action = st.random_action(seat, rng)
            if d.kind != "pay":  # a payment is drawn by the game itself (options are not listed)
                assert action == State.random_action(st, seat, twin) and rng.state == twin.state
            for e in st.apply(seat, action):
                assert e == Event(e.kind, e.data, e.to)


def test_a_listed_option_applies_as_the_same_action_checked() -> None:
    """apply takes the very object of a listed option without its checks: every listed option passes them
    (an equal tuple that is not the listed object goes through them) and both give the same events."""
    for preset in ("monopoly-deal-event", "monopoly-deal-classic"):
        st = GAME.new_state(PRESETS[preset], 11)
        rng = Rng(12)
        k = 0
        while (d := st.pending()) is not None:
            seat = d.seats[0]
            k += 1
            if k % 15 == 0 and d.options:
                for o in d.options:
                    fast, checked = st.clone(), st.clone()
                    assert fast.apply(seat, o) == checked.apply(seat, tuple(o)), o
                    assert fast.state_hash() == checked.state_hash(), o
            st.apply(seat, st.random_action(seat, rng))
