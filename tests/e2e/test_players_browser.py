"""Players in a real browser: two players register, join quick play from two browser contexts and are
seated at the same table, chat there (a spectator's line stays among spectators; a mute holds), find the
table on their profile, play it to the end, and the rated game shows on the profile and the leaderboard."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.process import ServerProcess

from .test_goofspiel_browser import bid_once

pytestmark = pytest.mark.browser

PASSWORD = "a long enough password"


def register(page: Any, base: str, name: str) -> None:
    page.goto(base + "/register?lang=en")
    page.fill("#name", name)
    page.fill("#password", PASSWORD)
    page.fill("#password2", PASSWORD)
    page.click("#register")
    page.wait_for_selector("#profile-name")


def test_quick_play_seats_two_browsers_at_the_same_table_and_they_chat(browser: Any,
                                                                       web: ServerProcess) -> None:
    contexts = [browser.new_context(locale="en-US") for _ in range(3)]
    try:
        a, b, spectator = (ctx.new_page() for ctx in contexts)
        for p in (a, b, spectator):
            p.set_default_timeout(30000)
        register(a, web.url, "quick_ann")
        register(b, web.url, "quick_bo")
        for p in (a, b):
            p.goto(web.url + "/quickplay?lang=en")
            p.select_option("#qp-preset", "goofspiel-2p")
            p.fill("#qp-wait", "120")
        a.click("#qp-join")
        a.wait_for_selector("#quickplay[data-status='waiting']")
        assert "In the queue: 1" in a.inner_text("#qp-status")
        b.click("#qp-join")
        for p in (a, b):
            p.wait_for_url("**/play/**")
            p.wait_for_selector("#table[data-connected='1'][data-seq]")
        assert a.get_attribute("#table", "data-table") == b.get_attribute("#table", "data-table")
        assert {a.get_attribute("#table", "data-seat"), b.get_attribute("#table", "data-seat")} == {"0", "1"}
        tid = a.get_attribute("#table", "data-table")
        for p in (a, b):  # each sees who plays which seat
            p.wait_for_selector("#chat-seats:has-text('quick_ann'):has-text('quick_bo')")
        # chat: a player's line reaches the other player and the spectator; the spectator's stays with them
        spectator.goto(f"{web.url}/watch/{tid}?lang=en")
        spectator.wait_for_selector("#table[data-connected='1'][data-seq]")
        spectator.fill("#chat-text", "psst, seat 0 holds the 13")
        spectator.click("#chat-send")
        spectator.wait_for_selector("#chat-log li.spectators")
        a.fill("#chat-text", "<b>good luck</b>")
        a.click("#chat-send")
        for p in (a, b, spectator):
            p.wait_for_selector("#chat-log li.players")
            assert p.inner_text("#chat-log li.players .chat-body") == "<b>good luck</b>"  # text, not HTML
            assert p.locator("#chat-log b").count() == 0
        assert a.inner_text("#chat-log li.players .chat-author") == "quick_ann"
        for p in (a, b):
            assert p.locator("#chat-log li.spectators").count() == 0
        # b mutes a: a's next line never shows for b
        b.click("#chat-log li.players .chat-mute")
        a.fill("#chat-text", "second line")
        a.click("#chat-send")
        spectator.wait_for_selector("#chat-log li:has-text('second line')")
        b.fill("#chat-text", "b here")
        b.click("#chat-send")
        b.wait_for_selector("#chat-log li:has-text('b here')")
        assert b.locator("#chat-log li:has-text('second line')").count() == 0
        # the signed-in player finds the table on their profile, with the way back to the seat
        a.goto(web.url + "/players/quick_ann?lang=en")
        a.click(f"#my-live-tables tr[data-table='{tid}'] .back-to-seat")
        a.wait_for_selector("#table[data-connected='1'][data-seq]")
        # both play the game to its end by clicks: a rated game (two signed-in players, no bot)
        rounds = 0
        while bid_once(a) and bid_once(b):
            rounds += 1
        assert rounds == 13
        for p in (a, b):
            p.wait_for_selector("#table[data-status='finished']")
        for _ in range(60):  # the table is rated just after its end, in the background: reload until it is
            a.goto(web.url + "/players/quick_ann?lang=en")
            if a.locator(f"#played tr[data-table='{tid}'] .rated").count():
                break
            a.wait_for_timeout(500)
        a.wait_for_selector(f"#played tr[data-table='{tid}'] .rated")
        assert a.locator("#ratings tr[data-preset='goofspiel-2p']").count() == 1
        a.goto(web.url + "/leaderboard/goofspiel-2p?lang=zh-Hans")
        assert a.locator("#leaderboard tr[data-player]").count() == 2
    finally:
        for ctx in contexts:
            ctx.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_players_pages_fit_a_phone_and_a_desktop(browser: Any, web: ServerProcess, width: int,
                                                     tmp_path: Any) -> None:
    size = {"width": width, "height": 844 if width < 500 else 900}
    ctx = browser.new_context(locale="zh-CN", viewport=size)
    try:
        page = ctx.new_page()
        page.set_default_timeout(30000)
        register(page, web.url, f"phone_{width}")
        for path in (f"/players/phone_{width}", "/quickplay", "/leaderboard", "/leaderboard/blokus-event",
                     "/register"):
            page.goto(f"{web.url}{path}?lang=zh-Hans")
            shot = tmp_path / f"{path.strip('/').replace('/', '_')}-{width}.png"
            page.screenshot(path=str(shot), full_page=True)  # kept with the test's files for a look
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, (path, width, overflow)
    finally:
        ctx.close()
