"""A fixture's live-table seats are handed to the accounts the organiser appointed as its entrants' captains
(issue 37 item 1): each captain's account gets exactly its own team's seats while the table plays; an account
named like a member, another team's captain, and anyone once the game is entered get none."""

from __future__ import annotations

import secrets

from sqlalchemy import Engine
from sqlalchemy.orm import Session

from tablesport.store import accounts, fixture_seats, live_fixtures
from tablesport.store.live_fixtures import LiveFixture

from .test_double_entry import appoint_captains, make


def test_a_series_tables_seats_go_to_each_teams_captain(engine: Engine) -> None:
    tag = secrets.token_hex(3)
    with Session(engine) as s:
        st, comp, fx, _ = make(s, tag)
        a, b = fx.entrants
        appoint_captains(st, comp, tag, a, b)
        # a member's name, registered by anyone: no appointment, no seat
        lookalike = accounts.create_user(s, f"{tag}{a[1]}b", "player", "a long enough password", by="test")
        plan = [f"{tag}{a[1]}{m}" for m in "abc"] + [f"{tag}{b[1]}{m}" for m in "bac"]
        tid = secrets.token_hex(8)
        live_fixtures.link(st, comp, fx.key, tid, "ref-ann", plan)
        s.commit()
        cap_a = accounts.find_user(s, f"{tag}{a[1]}a")
        cap_b = accounts.find_user(s, f"{tag}{b[1]}a")
        assert cap_a is not None and cap_b is not None
        mine = fixture_seats.seats_of(s, cap_a.id)
        assert [(x.table_id, x.seat, x.entrant) for x in mine] == [(tid, 0, a), (tid, 1, a), (tid, 2, a)]
        assert [x.who for x in mine] == plan[:3]
        assert [x.seat for x in fixture_seats.seats_of(s, cap_b.id)] == [3, 4, 5]
        assert fixture_seats.entrant_at(s, cap_b.id, tid, 4) == b
        assert fixture_seats.entrant_at(s, cap_b.id, tid, 0) is None  # the other team's seat
        assert fixture_seats.entrant_at(s, cap_a.id, tid, 6) is None  # no such seat
        assert fixture_seats.seats_of(s, lookalike.id) == []
        # a disabled captain, and every captain once the table's game is entered, hold nothing
        cap_b.disabled = True
        s.flush()
        assert fixture_seats.seats_of(s, cap_b.id) == []
        row = s.query(LiveFixture).filter_by(table_id=tid).one()
        row.status = "entered"
        s.flush()
        assert fixture_seats.seats_of(s, cap_a.id) == []


def test_which_entrant_each_seat_belongs_to() -> None:
    assert fixture_seats.seat_entrants("table", ["p1", "p5"], ["p1", "p5"]) == ["p1", "p5"]
    assert fixture_seats.seat_entrants("table", ["p1", "p5"], None) == ["p1", "p5"]
    paper = [live_fixtures.FACILITATOR, "a1", "a2", "a3", "b1", "b2", "b3"]
    assert fixture_seats.seat_entrants("duel", ["A", "B"], paper) == [None] + ["A"] * 3 + ["B"] * 3
    assert fixture_seats.seat_entrants("duel", ["A", "B"], paper[1:]) == ["A"] * 3 + ["B"] * 3
    assert fixture_seats.seat_entrants("series", ["A", "B"], None) == []
