"""Secrecy (task: hands and tickets hidden; counts public; kept and returned tickets private)."""

from __future__ import annotations

import json

from tablesport.core import Rng
from tablesport.games.ticket_to_ride import GAME

from .helpers import B, started


def test_views_show_counts_of_others_and_only_my_hand_and_tickets() -> None:
    s = started("ttr-event", 9)
    for seat in range(4):
        v = s.view(seat)
        assert v["hand"] == {name: k for name, k in zip(B.cards, s.hands[seat], strict=True) if k}
        assert [t["id"] for t in v["tickets"]] == [B.tickets[t].id for t in s.tickets[seat]]
        assert [p["cards"] for p in v["players"]] == [sum(h) for h in s.hands]
        assert [p["tickets"] for p in v["players"]] == [len(t) for t in s.tickets]
        text = json.dumps(v)
        for other in range(4):
            if other != seat:
                assert all(B.tickets[t].id not in text for t in s.tickets[other])
    public = s.view(None)
    assert "hand" not in public and "tickets" not in public


def test_blind_draws_and_tickets_are_told_only_to_their_owner() -> None:
    s = started("ttr-classic", 9)
    seat = s.turn
    events = s.apply(seat, ("blind",))
    public = [e for e in events if e.to is None]
    assert all("card" not in e.data for e in public)
    mine = [e for e in events if e.to == frozenset({seat})]
    assert [e.kind for e in mine] == ["my_card"]
    events = s.apply(seat, ("blind",))
    nxt = s.turn
    events = s.apply(nxt, ("tickets",))
    assert [e.kind for e in events if e.to is None] == ["drew_tickets"]
    offered = [B.tickets[t].id for t in s.offered[nxt]]
    events = s.apply(nxt, ("keep", tuple(offered[:1])))
    told = {e.kind: e for e in events}
    assert told["tickets_kept"].data == {"seat": nxt, "kept": 1, "returned": 2}
    assert told["my_tickets"].to == frozenset({nxt}) and told["my_tickets"].data["returned"] == offered[1:]


def test_determinize_keeps_what_the_seat_knows_and_resamples_the_rest() -> None:
    s = started("ttr-event", 11)
    seat = s.turn
    other = (seat + 1) % 4
    changed = 0
    for k in range(20):
        d = s.determinize(seat, Rng(k))
        assert d.view(seat) == s.view(seat)
        assert [sum(h) for h in d.hands] == [sum(h) for h in s.hands]
        assert [len(t) for t in d.tickets] == [len(t) for t in s.tickets]
        d.check_invariants()
        changed += d.hands[other] != s.hands[other] or d.tickets[other] != s.tickets[other]
    assert changed >= 15


def test_final_view_reveals_the_kept_tickets() -> None:
    """Seed 000 item 4: after the last round the players reveal their destination cards."""
    s = GAME.start("ttr-event", 2)
    rng = Rng(2)
    while (d := s.pending()) is not None:
        s.apply(d.seats[0], s.random_action(d.seats[0], rng))
    v = s.view(None)
    assert [[t["id"] for t in row["tickets"]] for row in v["final"]] == [
        [B.tickets[t].id for t in ts] for ts in s.tickets
    ]
    assert s.hidden_from(None) == {B.tickets[t].id for t in s.ticket_deck}
