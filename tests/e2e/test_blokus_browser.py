"""Blokus in the browser: a full game against three bots, every piece placed through clicks on the
tray, rotate/flip and the green target squares of the legal-placement preview."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablesport.games import start
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
            assert page.inner_text("#decision button.option") == "Pass"
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


PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
BOX = ("e => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom,"
       " left: r.left, right: r.right, width: r.width, height: r.height}; }")


def test_the_piece_tray_is_a_strip_in_sight_with_the_board_on_a_phone(browser: Any,
                                                                       web: ServerProcess) -> None:
    """A new player's first game at 390 px by touch: the piece tray was three rows below the board, out of
    sight while the board was. It is one strip of pieces that scrolls sideways, at the foot of the screen
    from the start; with the board scrolled to the top of the screen the whole board and the whole strip are
    on it, the strip under the board; each piece is big enough for a finger, and a piece tapped far along
    the strip is picked where it is (the strip keeps its place)."""
    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    page.set_default_timeout(30000)
    try:
        bots = [{"kind": "bot", "bot": "greedy"}] * 3
        t: dict[str, Any] = web.create("blokus-event", [{"kind": "person"}, *bots], seed=1)
        page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=zh-Hans")
        page.wait_for_selector("#tray .bk-piece")
        tray = page.eval_on_selector("#tray", BOX)
        assert tray["top"] >= 0 and tray["bottom"] <= 844, tray  # in sight as the page opens
        pieces = page.eval_on_selector_all("#tray .bk-piece", f"es => es.map({BOX})")
        assert len(pieces) == 21
        assert max(p["top"] for p in pieces) < min(p["bottom"] for p in pieces), "one row of pieces"
        assert all(p["width"] >= 40 and p["height"] >= 40 for p in pieces), pieces
        scrolls = "e => e.scrollWidth > e.clientWidth && getComputedStyle(e).overflowX"
        assert page.eval_on_selector("#tray", scrolls) == "auto"
        page.eval_on_selector("#board", "e => e.scrollIntoView({block: 'start'})")
        board, tray = page.eval_on_selector("#board", BOX), page.eval_on_selector("#tray", BOX)
        assert board["top"] >= -1 and tray["top"] >= board["bottom"] and tray["bottom"] <= 844, (board, tray)
        page.eval_on_selector("#tray", "e => { e.scrollLeft = e.scrollWidth; }")
        last = page.eval_on_selector_all("#tray .bk-piece", "es => es[es.length - 1].dataset.piece")
        page.tap(f"#tray .bk-piece[data-piece='{last}']")
        page.wait_for_selector(f"#tray .bk-piece.selected[data-piece='{last}']")
        picked = page.eval_on_selector("#tray .bk-piece.selected", BOX)
        assert picked["left"] >= 0 and picked["right"] <= 390, picked  # not scrolled back out of sight
        assert page.get_attribute("#tray .bk-piece.selected", "aria-pressed") == "true"
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()


def test_the_log_names_each_piece_and_draws_it(page: Any, web: ServerProcess) -> None:
    """The log said "放下Z5" / "places Z5 on …" (the program's code of a piece). It names the piece as a
    player would ("五格Z形", "a 5-square Z piece") and ends with a small drawing of it as it lies on the
    board; the tray's pieces carry the same names."""
    bots = [{"kind": "bot", "bot": "greedy"}] * 3
    t: dict[str, Any] = web.create("blokus-event", [*bots[:1], {"kind": "person"}, *bots[1:]], seed=2)
    for lang, named, code in (
        ("zh-Hans", r"放下[一两三四五]格(?:棋子|[A-Z]形)$", r"放下[A-Z0-9]"),
        ("en", r"places an? [1-5]-square (?:[A-Z] )?piece on ", r"places [A-Z]?\d? on"),
    ):
        page.goto(web.url + str(t["seats"][1]["url"]) + f"?lang={lang}")
        page.wait_for_selector("#tray .bk-piece")
        lines = page.eval_on_selector_all("#log li[data-kind='placed']", """lis => lis.map(li =>
            [li.textContent, li.querySelectorAll('.bk-log-glyph > span[style*="background"]').length])""")
        assert lines, "blue has placed a piece before yellow's turn"
        for text, cells in lines:
            assert re.search(named, text) and not re.search(code, text), text
            squares = re.search(r"([A-T]\d+(?: [A-T]\d+)*)", text)
            assert squares and cells == len(squares.group(1).split()), (text, cells)
        label = page.get_attribute("#tray .bk-piece[data-piece='Z5']", "aria-label")
        assert label == ("五格Z形" if lang == "zh-Hans" else "5-square Z piece")


def test_a_pass_is_said_without_dotted_squares_and_the_pass_button_speaks_the_page_s_language(
    page: Any, web: ServerProcess
) -> None:
    """After a pass the view said "Last move: green passed (dotted on the board)", yet no square was dotted;
    a colour with no place left was offered a "pass" button in English on the Chinese page. The screen is
    drawn with a view whose last move is a pass: its line says who passed and marks no square, and a
    placement's line still points at its dotted squares (the piece by name); the one answer of a blocked
    colour is a button in the page's words."""
    bots = [{"kind": "bot", "bot": "greedy"}] * 3
    t: dict[str, Any] = web.create("blokus-event", [{"kind": "person"}, *bots], seed=1)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=zh-Hans")
    page.wait_for_selector("#tray .bk-piece")
    st = start("blokus-event", 1)
    view = st.view(0)
    placed = {"colour": 2, "piece": "Z5", "move": "t1,s1,s2,s3,r3"}
    passed = {"colour": 3, "piece": None, "move": "pass"}
    got = page.evaluate("""async ([placed, passed]) => {
        const m = await import('/games/blokus/screen.js');
        const ctx = {decision: null, mine: false, send: () => {}};
        const draw = (view) => { const box = document.createElement('div'); document.body.append(box);
          m.renderView(box, view, ctx); const out = [box.querySelector('#bk-last').textContent,
          [...box.querySelectorAll('.sq.last')].map(e => e.dataset.sq)]; box.remove(); return out; };
        const d = {kind: 'place', options: ['pass'], data: {colour: 0, colour_name: 'blue'}};
        const box = document.createElement('div');
        const answered = m.renderDecision(box, d, {send: () => {}});
        return [draw(placed), draw(passed), answered, box.querySelector('button.option')?.textContent];
    }""", [{**view, "moves": [placed]}, {**view, "moves": [placed, passed]}])
    (placed_line, placed_marks), (pass_line, pass_marks), answered, button = got
    assert "五格Z形" in placed_line and "带点" in placed_line
    assert sorted(placed_marks) == sorted(placed["move"].split(","))
    assert pass_line == "上一步：绿跳过（没有放棋子）" and pass_marks == [], (pass_line, pass_marks)
    assert answered is True and button == "跳过"
