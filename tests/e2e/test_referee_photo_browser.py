"""A referee scores a finished Blokus table from a photo at a phone's width (390 px): the photo (a
rendered photo of a real finished game) is chosen through the page's camera input, the reading is
drawn over it, one square is tapped wrong (the board is flagged as no legal game, the sheet cannot
go in) and tapped round back, and the sheet is entered: it waits for the second sheet, with the
engine's scores. A file that is not a photo is refused with a clear message. No other console error.

At the same day's Rummikub hall, a loser's rack photo is read, one tile corrected with a tap, and the
game entered through the hall's own game (one server for both)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablesport.server.process import ServerProcess
from tablesport.store import accounts
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.double_entry import DoubleEntry
from tablesport.store.entry_facts import Facts
from tablesport.store.migrate import upgrade
from tablesport.store.service import EventStore

from .test_organiser_browser import PASSWORD, Browsers, shot, sign_in

pytestmark = pytest.mark.browser
cv2 = pytest.importorskip("cv2")


HALL = ["Amy", "Ben", "Cat", "Dan"]


@pytest.fixture(scope="module")
def blokus_day(browser: Any, tmp_path_factory: Any) -> Iterator[tuple[Browsers, ServerProcess, int, Path]]:
    db = tmp_path_factory.mktemp("photo") / "photo.sqlite3"
    engine = make_engine(f"sqlite:///{db}")
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        st = EventStore(s)
        ev = st.create_event(
            {
                "event": "Blokus day",
                "competitions": [
                    {"key": "blokus", "preset": "blokus-event", "entrants": [f"p{i}" for i in range(1, 5)]},
                    {"key": "rk", "preset": "rummikub-2018", "tables": 1,
                     "entrants": [{"id": p, "division": "senior"} for p in HALL]},
                ],
            },
            "desk",
        )
        st.next_round(st.competition("Blokus day", "blokus"), "desk")
        hall = st.competition("Blokus day", "rk")
        for p in HALL:
            st.hall.arrive(hall, p, Facts("desk", "09:30"))
        accounts.create_user(s, "ann", "referee", PASSWORD, by="test")
        accounts.assign_referee(s, "ann", ev.id)
        s.commit()
        event_id = ev.id
    engine.dispose()
    server = ServerProcess(db, tables_per_minute=0).start(timeout=120)  # the machine may be busy
    b = Browsers(browser, server.url)
    try:
        yield b, server, event_id, db
    finally:
        b.close()
        server.stop()


def test_a_referee_scores_a_blokus_board_from_a_photo(
    blokus_day: tuple[Browsers, ServerProcess, int, Path], tmp_path: Path
) -> None:
    from tablesport.games.blokus.photo_render import CONDITIONS, finished_game, render

    b, server, event_id, db = blokus_day
    state = finished_game(7)
    truth = state.board_rows()
    photo = tmp_path / "board.jpg"
    photo.write_bytes(render(truth, 7, CONDITIONS["lighting"]))
    junk = tmp_path / "notes.jpg"
    junk.write_bytes(b"this is not a photo")
    ann = b.page(width=390)
    sign_in(ann, server.url, "ann")
    ann.goto(f"{server.url}/referee/events/{event_id}/blokus/fixtures/R1-T1")
    ann.click("#photo-link")
    assert ann.get_attribute("#photo-file", "capture") == "environment"
    ann.wait_for_load_state("domcontentloaded")  # the page's module has its listeners on the file input
    ann.set_input_files("#photo-file", str(junk))
    ann.wait_for_selector("#photo-status.error")
    assert "not an image" in ann.inner_text("#photo-status")
    assert ann.is_hidden("#photo-sheet")
    ann.set_input_files("#photo-file", str(photo))
    ann.wait_for_selector("#cell-t1")
    assert ann.locator("polygon.cell").count() == 400
    read = "".join(
        ann.get_attribute(f"#cell-{chr(97 + x)}{20 - y}", "data-value") or "?"
        for y in range(20)
        for x in range(20)
    )
    assert read == "".join(truth)
    scores = [
        int(ann.inner_text(f'tr[data-colour="{c}"]:not(.last-row) .score'))
        for c in ("blue", "yellow", "red", "green")
    ]
    assert scores == state.colour_scores()
    shot(ann, "photo-read-390")
    # one empty square tapped to blue: flagged as no legal finished game, the button is off
    y = next(i for i, row in enumerate(truth) if "." in row[5:15])
    x = truth[y].index(".", 5)
    cell = f"#cell-{chr(97 + x)}{20 - y}"
    ann.click("#photo-zoom")  # the squares are small at 390 px: zoomed, the photo scrolls
    assert ann.get_attribute("#photo-zoom", "aria-pressed") == "true"
    ann.locator(cell).scroll_into_view_if_needed()
    ann.click(cell, force=True)
    ann.wait_for_selector("#photo-problems:not([hidden])")
    assert ann.get_attribute(cell, "data-value") == "B"
    assert ann.is_disabled("#photo-enter")
    shot(ann, "photo-zoomed-390")
    ann.click("#photo-zoom")
    shot(ann, "photo-corrected-390")
    for _ in range(4):  # round the colours back to empty
        ann.click(cell, force=True)
    ann.wait_for_selector("#photo-problems[hidden]", state="attached")
    assert ann.get_attribute(cell, "data-value") == "."
    ann.click("#photo-enter")
    ann.wait_for_selector("#done[data-done='waiting']")
    engine = make_engine(f"sqlite:///{db}")
    with make_sessionmaker(engine)() as s:
        st = EventStore(s)
        comp = st.competition("Blokus day", "blokus")
        (entry,) = DoubleEntry(st).entries(comp, "R1-T1")
        seats = next(f.entrants for f in st.fixtures(comp) if f.key == "R1-T1")
        assert entry.data == {"scores": dict(zip(seats, state.colour_scores(), strict=True))}
        (audit,) = [a for a in st.audit(comp) if a.action == "photo_sheet"]
        assert audit.after["read"] == truth and audit.after["entered"] == truth
    engine.dispose()
    # the browser logs the refused junk file's answer (400) as a console error; nothing else may appear
    assert [e for e in b.errors if "status of 400" not in e] == [] and len(b.errors) <= 1, b.errors


def test_a_referee_scores_a_rummikub_rack_from_a_photo(
    blokus_day: tuple[Browsers, ServerProcess, int, Path], tmp_path: Path
) -> None:
    from tablesport.games.rummikub.photo_render import CONDITIONS, finished_game, render

    b, server, event_id, db = blokus_day
    rack = ["R7", "K13", "J", "O2", "B11"]
    photo = tmp_path / "rack.jpg"
    photo.write_bytes(render(rack, 4, CONDITIONS["perspective"])[0])
    ann = b.page(width=390)
    sign_in(ann, server.url, "ann")
    ann.goto(f"{server.url}/referee/events/{event_id}/rk/hall")
    ann.click(".rack-photo-link")
    ann.wait_for_selector(".rack-card", state="attached")  # the click only starts the page's load
    ann.wait_for_load_state("domcontentloaded")  # and the page's module listens to its inputs
    seated = ann.eval_on_selector_all(".rack-card", "cards => cards.map(c => c.dataset.player)")
    ann.select_option("#rack-winner", seated[0])
    assert ann.is_hidden(f'.rack-card[data-player="{seated[0]}"]')
    card = f'.rack-card[data-player="{seated[1]}"]'
    ann.set_input_files(f"{card} .rack-file", str(photo))
    ann.wait_for_selector(f"{card} polygon.tile")
    codes = ann.eval_on_selector_all(f"{card} polygon.tile", "ps => ps.map(p => p.dataset.code)")
    assert sorted(codes) == sorted(rack)
    ann.wait_for_function(f"document.querySelector('{card} .rack-total').textContent === '−63'")
    # K13 read right, tapped to K12 (as if the photo had misled): the total follows
    ann.click(f'{card} polygon.tile[data-code="K13"]', force=True)
    ann.select_option("#tile-face", "12")
    ann.select_option("#tile-colour", "K")
    ann.click("#tile-ok")
    ann.wait_for_function(f"document.querySelector('{card} .rack-total').textContent === '−62'")
    shot(ann, "photo-rummikub-390")
    # glare joined three tiles of the next loser's photo into a patch read as two: the page outlines it
    # (dashed) and asks the referee to count the tiles there; each tile in doubt confirmed with a tap
    glared = tmp_path / "glared.jpg"
    glared.write_bytes(render(finished_game(1010).racks[2], 1_001_053, CONDITIONS["all"])[0])
    other = f'.rack-card[data-player="{seated[2]}"]'
    assert ann.is_hidden(f"{other} .rack-count")
    ann.set_input_files(f"{other} .rack-file", str(glared))
    ann.wait_for_selector(f"{other} polygon.count-here", state="attached")
    assert ann.is_visible(f"{other} .rack-count")
    shot(ann, "photo-rummikub-count-390")
    while ann.query_selector(f"{other} polygon.tile.doubt"):
        ann.click(f"{other} polygon.tile.doubt", force=True)
        ann.click("#tile-ok")
    for loser in seated[2:]:  # the other losers' racks typed, as the hall's form takes them
        ann.fill(f'.rack-card[data-player="{loser}"] .rack-codes', "R1 R2")
    ann.fill("#rack-at", "10:20")  # the hall's day: the players arrived at 09:30
    ann.click("#rack-enter")
    ann.wait_for_selector("#done[data-done='game']")
    engine = make_engine(f"sqlite:///{db}")
    with make_sessionmaker(engine)() as s:
        st = EventStore(s)
        comp = st.competition("Blokus day", "rk")
        (audit,) = [a for a in st.audit(comp) if a.action == "photo_racks"]
        mine = next(r for r in audit.after["racks"] if r["player"] == seated[1])
        assert sorted(mine["read"]) == sorted(rack) and "K12" in mine["entered"] and mine["photo"]
        points = {row["entrant"]: row["points"] for row in st.standings(comp)}
        assert points[seated[0]] == 62 + 3 + 3
    engine.dispose()
