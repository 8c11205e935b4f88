"""Issue 38 item 7: "play again" at a finished table makes one new table with the same preset, parameters
and seats (the bot in its seat); each person who asks gets their own seat back, the others' pages are
offered it, and a seat nobody took is open like any other."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablesport.core import Rng
from tablesport.server.live.setup import SetupError

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
        assert new.summary()["free_seats"] == [0]  # seat 0 is open until its player (or anyone) takes it
        again, token0 = await h.room.rematch(old.id, str(tokens[0]))
        assert again == new_id and new.seat_for_token(token0) == 0
        assert new.summary()["free_seats"] == []

    run(tmp_path / "web.sqlite3", body)
