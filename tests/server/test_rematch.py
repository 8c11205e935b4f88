"""Issue 38 item 7: "play again" at a finished table makes one new table with the same preset, parameters
and seats (the bot in its seat); each person who asks gets their own seat back, the others' pages are
offered it, and each other player's seat is held for them for a while, then opens (or quick play's bot
takes it)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablesport.core import Rng
from tablesport.server.live.quickplay import QuickPlay
from tablesport.server.live.seat_holds import REMATCH_HOLD
from tablesport.server.live.setup import SetupError
from tablesport.server.live.table import LiveTable
from tablesport.store.tables import OPEN, RUNNING

from .test_absence import Harness, act, run


def test_play_again_keeps_the_seats_and_offers_the_others_their_own(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "person"}]
        old = await h.room.create("goofspiel-3p", seats, params={"bid_seconds": 40})
        tokens = [p.token for p in old.seats]
        for s in (0, 2):
            await h.connect(old, s)
        with pytest.raises(SetupError):  # not before the end
            await h.room.rematch(old.id, str(tokens[0]))
        rng = Rng(1)
        while old.decision is not None:
            for s in [s for s in old.decision.seats if s in (0, 2)]:
                if old.decision is not None and s in old.decision.seats:
                    assert await act(old, s, old.state.random_action(s, rng)) is None
            await h.settle()
        with pytest.raises(SetupError):  # a link of no seat here
            await h.room.rematch(old.id, "not-a-token")
        new_id, token = await h.room.rematch(old.id, str(tokens[2]))
        new = h.room.tables[new_id]
        assert new.rs.preset == "goofspiel-3p" and new.params() == old.params() == {"bid_seconds": 40}
        assert [p.label for p in new.seats] == ["person", "bot:random", "person"]
        assert new.seat_for_token(token) == 2 and token not in tokens
        await h.settle()
        assert h.frames[0][-1]["rematch"] == new_id  # seat 0's end box offers the rematch
        assert new.summary()["free_seats"] == []  # seat 0 is held for its player (REMATCH_HOLD seconds)
        again, token0 = await h.room.rematch(old.id, str(tokens[0]))
        assert again == new_id and new.seat_for_token(token0) == 0
        assert new.summary()["free_seats"] == []

    run(tmp_path / "web.sqlite3", body)


async def finish(h: Harness, table: LiveTable, people: list[int]) -> None:
    """Play ``table`` to its end, the ``people`` seats by random legal actions (the bots by themselves)."""
    rng = Rng(1)
    for s in people:
        await h.connect(table, s)
    while table.decision is not None:
        for s in [s for s in table.decision.seats if s in people]:
            if table.decision is not None and s in table.decision.seats:
                assert await act(table, s, table.state.random_action(s, rng)) is None
        await h.settle()


def test_play_again_holds_each_players_seat_for_them_then_opens_it(tmp_path: Path) -> None:
    """The new table holds the other player's seat for REMATCH_HOLD seconds: the lobby does not list it, the
    join does not give it, another account cannot take it with the link, and the frames say for whom and
    how long; the bot sits again at its own strength; once the hold runs out the seat is open."""

    async def body(h: Harness) -> None:
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "person"}]
        old = await h.room.create("goofspiel-3p", seats)
        tokens = [str(p.token) for p in old.seats]
        await finish(h, old, [0, 2])
        old.accounts.update({0: "ann", 2: "bea"})  # both played signed in (websocket.py binds them)
        new_id, token0 = await h.room.rematch(old.id, tokens[0], "ann")
        new = h.room.tables[new_id]
        assert [p.label for p in new.seats] == ["person", "bot:random", "person"]
        assert new.summary()["free_seats"] == []  # seat 2 is held: not open in the lobby
        assert await h.room.claim(new_id) is None  # nor given to whoever asks to join
        await h.connect(new, 0)
        assert h.frames[0][-1]["seats"][2]["held"] == {"for": "bea", "left": REMATCH_HOLD}
        assert h.frames[0][-1]["seats"][0]["held"] is None
        await h.advance(8)
        await h.connect(new, None)  # a watcher's first frame: 8 s later
        assert h.frames[None][-1]["seats"][2]["held"] == {"for": "bea", "left": REMATCH_HOLD - 8}
        with pytest.raises(SetupError, match="played by bea"):  # her link, another account
            await h.room.rematch(old.id, tokens[2], "mallory")
        await h.advance(REMATCH_HOLD - 8 + 0.5)
        assert new.summary()["free_seats"] == [2] and h.frames[0][-1]["seats"][2]["held"] is None
        got = await h.room.claim(new_id)  # open now: a stranger may sit
        assert got is not None and got[0] == 2 and new.status == OPEN

    run(tmp_path / "web.sqlite3", body)


def test_the_finished_tables_players_are_told_live_who_plays_again_and_how_long_their_seat_is_held(
    tmp_path: Path,
) -> None:
    """The moment one player asks to play again, every other connected player of the finished table gets a
    frame (no reload) naming who asked and the seconds their own seat is held; the asker's and a watcher's
    frames hold no seat."""

    async def body(h: Harness) -> None:
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}, {"kind": "person"}]
        old = await h.room.create("goofspiel-3p", seats)
        tokens = [str(p.token) for p in old.seats]
        await finish(h, old, [0, 2])
        await h.connect(old, None)
        old.accounts.update({0: "ann"})
        assert h.frames[2][-1]["rematch_offer"] is None
        seen = len(h.frames[2])
        await h.advance(1)
        new_id, _ = await h.room.rematch(old.id, tokens[0], "ann")
        await h.settle()
        assert len(h.frames[2]) > seen  # a frame came by itself
        offer = {"table": new_id, "seat": 0, "by": "ann", "held_left": REMATCH_HOLD}
        assert h.frames[2][-1]["rematch_offer"] == offer
        assert h.frames[0][-1]["rematch_offer"] == {**offer, "held_left": None}  # the asker has taken theirs
        assert h.frames[None][-1]["rematch_offer"] == {**offer, "held_left": None}
        await h.advance(10)
        await h.connect(old, 2)  # a reload 10 s later: the time left runs on
        hello = [f for f in h.frames[2] if f["type"] == "hello"][-1]
        assert hello["rematch_offer"]["held_left"] == REMATCH_HOLD - 10

    run(tmp_path / "web.sqlite3", body)


def test_held_seat_is_its_players_when_they_come_back_in_time(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        seats = [{"kind": "person"}, {"kind": "person"}]
        old = await h.room.create("goofspiel-2p", seats)
        tokens = [str(p.token) for p in old.seats]
        await finish(h, old, [0, 1])
        new_id, _ = await h.room.rematch(old.id, tokens[1])
        new = h.room.tables[new_id]
        assert new.holds.holds(0) and await h.room.claim(new_id) is None
        for seat in (0, 1):  # both pages left the finished table: it stays while a seat is held
            await h.leave(old, seat)
        assert h.room.tables.get(old.id) is old
        await h.advance(REMATCH_HOLD - 1)
        again, token = await h.room.rematch(old.id, tokens[0])  # not signed in: the link is enough
        assert again == new_id and new.seat_for_token(token) == 0 and not new.holds.holds(0)
        assert old.id not in h.room.tables  # nothing held any more: let go
        await h.advance(5)  # the hold's timer finds nothing to do
        assert new.seats[0].claimed and new.seats[0].bot is None

    run(tmp_path / "web.sqlite3", body)


def test_quick_play_table_again_a_bot_takes_the_seat_nobody_came_back_to(tmp_path: Path) -> None:
    """Quick play seated two people and filled the third seat with their bot; at the new table the seat of
    the player who does not come back is played by that bot once its hold runs out, and the game starts."""

    async def body(h: Harness) -> None:
        qp = QuickPlay(h.room, now=h.clock.mono)
        a = await qp.join("goofspiel-3p", "random", 5)
        b = await qp.join("goofspiel-3p", "random", 5)
        await h.advance(6)
        assert a.table is not None and a.table == b.table and a.seat is not None and b.seat is not None
        old = h.room.tables[a.table]
        await finish(h, old, [a.seat, b.seat])
        new_id, _ = await h.room.rematch(old.id, str(a.token))
        new = h.room.tables[new_id]
        await h.connect(new, a.seat)
        assert new.status == OPEN and new.holds.holds(b.seat)
        await h.advance(REMATCH_HOLD + 1)
        assert new.status == RUNNING and new.seats[b.seat].bot == "random"
        assert new.plays_by_bot(b.seat) and h.frames[a.seat][-1]["seats"][b.seat]["stand_in"]

    run(tmp_path / "web.sqlite3", body)
