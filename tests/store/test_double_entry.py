"""Double entry of score sheets (Tabbycat's confirmation by a second person), on SQLite and PostgreSQL: a
sheet counts once two people typed the same figures; a disagreement counts nothing until it is settled; a
sheet the results desk refuses is refused at once and stores nothing. Series rules: seed 000 §一4 (the 2011
group round of two games, the commander rotating)."""

from __future__ import annotations

import secrets

import pytest
from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from tablesport.store import accounts, captain_accounts
from tablesport.store.double_entry import DeskEntry, DoubleEntry
from tablesport.store.models import TCompetition, TFixture
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError


def make(s: Session, tag: str) -> tuple[EventStore, TCompetition, TFixture, DoubleEntry]:
    """A 2011 group of four teams drawn (members ``{tag}1a`` …): the store, the competition, its first
    fixture and the double-entry desk."""
    st = EventStore(s)
    teams = [{"id": f"T{i}", "members": [f"{tag}{i}a", f"{tag}{i}b", f"{tag}{i}c"]} for i in range(1, 5)]
    st.create_event({"event": f"Day {tag}", "competitions": [
        {"key": "sgs", "preset": "sgs-3v3-2011", "groups": 1, "entrants": teams}]}, "desk")
    comp = st.competition(f"Day {tag}", "sgs")
    st.draw(comp, "desk")
    return st, comp, st.fixtures(comp)[0], DoubleEntry(st)


def appoint_captains(st: EventStore, comp: TCompetition, tag: str, *entrants: str) -> None:
    """Accounts for the entrants' first members, appointed as their captains by the organiser."""
    for e in entrants:
        name = f"{tag}{e[1]}a"
        accounts.create_user(st.s, name, "player", "a long enough password", by="test")
        captain_accounts.appoint(st.s, comp, e, name, "organiser")


def test_two_people_must_agree_before_a_game_counts(engine: Engine) -> None:
    tag = secrets.token_hex(3)
    with Session(engine) as s:
        st, comp, fx, de = make(s, tag)
        a, b = fx.entrants
        g1 = {"winner": a, "surviving": 2, "lost_hp": 1,
              "commanders": {a: f"{tag}{a[1]}a", b: f"{tag}{b[1]}a"}}
        out = de.submit(comp, fx.key, g1, "ref-ann")
        assert out.status == "waiting" and st.series.status(comp, fx.key).games == []
        again = de.submit(comp, fx.key, {**g1, "lost_hp": 2}, "ref-ann")  # her own sheet, retyped
        assert again.status == "waiting"
        out = de.submit(comp, fx.key, {**g1, "lost_hp": 2}, "ref-bo")
        assert out.status == "accepted"
        status = st.series.status(comp, fx.key)
        assert len(status.games) == 1 and status.score == (1, 0)
        audit = [x for x in st.audit(comp) if x.action == "game"]
        assert audit and "confirmed by ref-bo" in (audit[-1].facts or {}).get("note", "")
        # game 2: the sheets disagree on the winner's lost HP; nothing counts
        g2 = {"winner": b, "surviving": 1, "lost_hp": 0,
              "commanders": {a: f"{tag}{a[1]}b", b: f"{tag}{b[1]}b"}}
        assert de.submit(comp, fx.key, g2, "ref-ann").status == "waiting"
        out = de.submit(comp, fx.key, {**g2, "lost_hp": 3}, "ref-bo")
        assert out.status == "disagrees" and out.others[0]["entered_by"] == "ref-ann"
        assert len(st.series.status(comp, fx.key).games) == 1
        assert {e.status for e in de.open_entries(comp, fx.key)} == {"disagrees"}
        out = de.submit(comp, fx.key, g2, "ref-cy")  # a third person agrees with ann
        assert out.status == "accepted"
        status = st.series.status(comp, fx.key)
        assert status.decided and status.score == (1, 1)
        assert de.open_entries(comp, fx.key) == []
        s.commit()


def test_a_refused_sheet_stores_nothing_and_the_organiser_settles_a_disagreement(engine: Engine) -> None:
    tag = secrets.token_hex(3)
    with Session(engine) as s:
        st, comp, fx, de = make(s, tag)
        a, b = fx.entrants
        before = s.scalars(select(DeskEntry)).all()
        with pytest.raises(TournamentError, match="contradictory"):
            de.submit(comp, fx.key, {"winner": a, "surviving": 0, "lost_hp": 2}, "ref-ann")
        with pytest.raises(TournamentError, match="winner must be"):
            de.submit(comp, fx.key, {"winner": "Nobody"}, "ref-ann")
        assert s.scalars(select(DeskEntry)).all() == before
        g1 = {"winner": a, "surviving": 1, "commanders": {a: f"{tag}{a[1]}a", b: f"{tag}{b[1]}a"}}
        de.submit(comp, fx.key, g1, "ref-ann")
        de.submit(comp, fx.key, {**g1, "surviving": 3}, "ref-bo")
        chosen = next(e for e in de.open_entries(comp, fx.key) if e.entered_by == "ref-bo")
        de.resolve(comp, chosen.id, "olga")
        games = st.series.status(comp, fx.key).games
        assert len(games) == 1 and games[0]["game"]["surviving"] == 3
        # game 2 repeats a commander of game 1: the rotation (seed 000 §一1.1) refuses it at once
        g2 = {"winner": b, "surviving": 1, "commanders": {a: f"{tag}{a[1]}a", b: f"{tag}{b[1]}b"}}
        with pytest.raises(TournamentError, match="command"):
            de.submit(comp, fx.key, g2, "ref-ann")
        with pytest.raises(TournamentError, match="next game to enter is game 2"):
            de.submit(comp, fx.key, g1, "ref-ann", number=1)
        s.commit()


def test_both_captains_confirm_a_sheet_instead_of_a_second_referee(engine: Engine) -> None:
    """Seed 001 §二.4 (双方队长在比赛记分表上签字确认结果): both captains signing the sheet confirm it."""
    tag = secrets.token_hex(3)
    with Session(engine) as s:
        st, comp, fx, de = make(s, tag)
        a, b = fx.entrants
        assert de.captains(comp, fx.key) == {a: "", b: ""}  # none appointed yet
        appoint_captains(st, comp, tag, a, b)
        assert de.captains(comp, fx.key) == {a: f"{tag}{a[1]}a", b: f"{tag}{b[1]}a"}
        g1 = {"winner": a, "surviving": 2, "lost_hp": 1,
              "commanders": {a: f"{tag}{a[1]}a", b: f"{tag}{b[1]}a"}}
        sheet = de.submit(comp, fx.key, g1, "ref-ann").entry
        with pytest.raises(TournamentError, match="not a captain"):
            de.captain(comp, sheet, f"{tag}{a[1]}b", True)  # a member, not the captain
        assert [x["id"] for x in de.for_captain(comp, f"{tag}{b[1]}a")] == [sheet]
        out = de.captain(comp, sheet, f"{tag}{a[1]}a", True)
        assert out.status == "waiting" and st.series.status(comp, fx.key).games == []
        out = de.captain(comp, sheet, f"{tag}{b[1]}a", True)
        assert out.status == "accepted"
        status = st.series.status(comp, fx.key)
        assert len(status.games) == 1 and status.score == (1, 0)
        row = s.get(DeskEntry, sheet)
        assert row is not None and row.status == "accepted" and "captains" in (row.confirmed_by or "")
        assert [m.agrees for m in de.marks(sheet)] == [True, True]
        with pytest.raises(TournamentError, match="waiting for confirmation"):
            de.captain(comp, sheet, f"{tag}{b[1]}a", True)  # it counts already


def test_a_captain_who_disagrees_stops_the_sheet(engine: Engine) -> None:
    tag = secrets.token_hex(3)
    with Session(engine) as s:
        st, comp, fx, de = make(s, tag)
        a, b = fx.entrants
        appoint_captains(st, comp, tag, a, b)
        g1 = {"winner": a, "surviving": 2, "lost_hp": 1,
              "commanders": {a: f"{tag}{a[1]}a", b: f"{tag}{b[1]}a"}}
        sheet = de.submit(comp, fx.key, g1, "ref-ann").entry
        assert de.captain(comp, sheet, f"{tag}{a[1]}a", True).status == "waiting"
        out = de.captain(comp, sheet, f"{tag}{b[1]}a", False)
        assert out.status == "disagrees" and "does not agree" in out.text
        assert st.series.status(comp, fx.key).games == []  # nothing counts
        with pytest.raises(TournamentError, match="waiting for confirmation"):
            de.captain(comp, sheet, f"{tag}{a[1]}a", True)
        # a second referee's matching sheet settles it, as any disagreement
        assert de.submit(comp, fx.key, g1, "ref-bo").status == "accepted"
        assert len(st.series.status(comp, fx.key).games) == 1


def test_a_captains_name_alone_confirms_nothing(engine: Engine) -> None:
    """Issue 37 item 2: entrants' names are public and anyone may register; an account that bears the
    captain's name but was not appointed by the organiser cannot confirm a sheet one referee typed."""
    tag = secrets.token_hex(3)
    with Session(engine) as s:
        st, comp, fx, de = make(s, tag)
        a, b = fx.entrants
        for e in (a, b):  # an outsider registers both captains' names
            accounts.create_user(s, f"{tag}{e[1]}a", "player", "a long enough password", by="self")
        g1 = {"winner": a, "surviving": 2, "lost_hp": 1,
              "commanders": {a: f"{tag}{a[1]}a", b: f"{tag}{b[1]}a"}}
        sheet = de.submit(comp, fx.key, g1, "ref-ann").entry
        for e in (a, b):
            with pytest.raises(TournamentError, match="appointed by the organiser"):
                de.captain(comp, sheet, f"{tag}{e[1]}a", True)
        assert de.for_captain(comp, f"{tag}{a[1]}a") == []
        assert st.series.status(comp, fx.key).games == []  # the score did not change
        with pytest.raises(TournamentError, match="no entrant"):
            captain_accounts.appoint(s, comp, "nobody", f"{tag}{a[1]}a", "organiser")
        with pytest.raises(TournamentError, match="no account"):
            captain_accounts.appoint(s, comp, a, "no such account", "organiser")
