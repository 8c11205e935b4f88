"""Blokus in the browser: a full game against three bots, every piece placed through clicks on the
tray, rotate/flip and the green target squares of the legal-placement preview."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.process import ServerProcess
from tests.e2e.motion_watch import moved, watch_moves

pytestmark = pytest.mark.browser


def place_by_clicks(page: Any) -> str:
    """Pick a piece, turn it until the preview shows a legal square, click it. Returns the move."""
    pieces = page.eval_on_selector_all("#tray .bk-piece", "els => els.map(e => e.dataset.piece)")
    for piece in reversed(pieces):  # big pieces first, as a player would
        page.click(f"#tray .bk-piece[data-piece='{piece}']")
        for i in range(8):
            if page.locator("#board .sq.target").count():
                target = page.locator("#board .sq.target").first
                target.hover()
                covered = page.eval_on_selector_all("#board .sq.preview", "els => els.map(e => e.dataset.sq)")
                assert covered, "hovering a target previews the squares"
                target.click()
                return ",".join(covered)
            page.click("#flip" if i == 3 else "#rotate")
    raise AssertionError("no legal placement found through the tray")


def test_full_blokus_game_against_three_bots(page: Any, web: ServerProcess) -> None:
    page.goto(web.url + "/?lang=en")
    page.select_option("#preset", "blokus-event")
    for i in (1, 2, 3):
        page.select_option(f"#seat{i}", "bot:greedy")
    page.click("#start")
    page.click(".seat-link[data-seat='0']")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    placed = 0
    passed = 0
    while True:
        page.wait_for_selector("#tray, #decision button.option, #table[data-status='finished']",
                               timeout=30000)
        if page.get_attribute("#table", "data-status") == "finished":
            break
        before = int(page.get_attribute("#table", "data-seq") or 0)
        if page.locator("#tray").count():
            move = place_by_clicks(page)
            placed += 1
            first = move.split(",")[0]
            page.wait_for_selector(f"#board .sq[data-sq='{first}'][data-c='B']")
        else:
            assert page.inner_text("#decision button.option") == "pass"
            page.click("#decision button.option")
            passed += 1
        page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    print(f"placed {placed} pieces, passed {passed}")
    assert placed >= 5 and passed <= 1
    assert "Game over" in page.inner_text("#result")
    assert page.locator("#board .sq[data-c='B']").count() >= 5 * 1


def test_any_square_of_a_placement_takes_the_click(page: Any, web: ServerProcess) -> None:
    """Issue 38 item 9: only a placement's anchor square took a click, with no feedback elsewhere. A click
    on another square of a legal placement shows one that covers it; a click on it places the piece; a
    square the piece cannot cover says so."""
    bots = [{"kind": "bot", "bot": "greedy"}] * 3
    t: dict[str, Any] = web.create("blokus-event", [{"kind": "person"}, *bots], seed=1)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
    page.wait_for_selector("#tray .bk-piece")
    page.click("#tray .bk-piece[data-piece='I5']")  # the straight five: four of its squares are not anchors
    page.wait_for_selector("#board .sq.target")
    page.locator("#board .sq.target").first.hover()
    covered = page.eval_on_selector_all("#board .sq.preview", "els => els.map(e => e.dataset.sq)")
    other = next(s for s in covered if not page.locator(f"#board .sq.target[data-sq='{s}']").count())
    page.click(f"#board .sq[data-sq='{other}']")
    assert "click a highlighted square again" in page.inner_text("#bk-note")
    shown = page.eval_on_selector_all("#board .sq.preview", "els => els.map(e => e.dataset.sq)")
    assert other in shown and len(shown) == 5
    page.click("#board .sq[data-sq='t1']")  # far from the start corner
    assert "cannot cover this square" in page.inner_text("#bk-note")
    before = int(page.get_attribute("#table", "data-seq") or 0)
    page.click(f"#board .sq[data-sq='{other}']")  # a square of the shown placement: it is placed
    page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    assert page.locator("#error:not([hidden])").count() == 0


def test_the_piece_just_placed_moves_unless_motion_is_reduced(browser: Any, web: ServerProcess) -> None:
    """Issue 38 item 8: a placed piece jumped onto the board; it settles in a short move (static/motion.js),
    none when the player's system asks for reduced motion."""
    bots = [{"kind": "bot", "bot": "greedy"}] * 3
    for motion, moves in (("no-preference", True), ("reduce", False)):
        ctx = browser.new_context(reduced_motion=motion)
        watch_moves(ctx)
        page = ctx.new_page()
        page.set_default_timeout(30000)
        try:
            t: dict[str, Any] = web.create("blokus-event", [{"kind": "person"}, *bots], seed=1)
            page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
            page.wait_for_selector("#tray .bk-piece")
            place_by_clicks(page)
            # the three bots place theirs: the fourth move is the last shown once it is my turn again
            page.wait_for_selector("#board .sq[data-arrive='move-4']", state="attached")
            page.wait_for_selector("#tray .bk-piece")
            arrivals = {m for m in moved(page) if m.startswith("move-")}
            assert bool(arrivals) is moves, (motion, arrivals)
        finally:
            ctx.close()


def test_the_piece_tray_is_in_sight_at_1280_by_900(browser: Any, web: ServerProcess) -> None:
    """Issue 38 item 9: at 1280×900 the piece tray was below the fold; it is within the window, beside
    the board, without scrolling."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    page = ctx.new_page()
    page.set_default_timeout(30000)
    try:
        bots = [{"kind": "bot", "bot": "greedy"}] * 3
        t: dict[str, Any] = web.create("blokus-event", [{"kind": "person"}, *bots], seed=1)
        page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
        page.wait_for_selector("#tray .bk-piece")
        box = page.locator("#tray").bounding_box()
        assert page.evaluate("scrollY") == 0
        assert box["y"] >= 0 and box["y"] + box["height"] <= 900 and box["x"] + box["width"] <= 1280, box
    finally:
        ctx.close()
