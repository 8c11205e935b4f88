"""Issue 38 item 7 in a browser: the log and the replay name the signed-in player and the bot, not "Seat 0";
the end box's "play again" makes a new table with the same preset and the same bot in its seat, and seats
the player in their own seat there."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.process import ServerProcess

from .test_goofspiel_browser import bid_once
from .test_players_browser import register

pytestmark = pytest.mark.browser


def test_play_again_seats_the_same_player_and_bot_and_the_log_names_them(
    browser: Any, web: ServerProcess
) -> None:
    ctx = browser.new_context(locale="en-US")
    try:
        page = ctx.new_page()
        register(page, web.url, "again_ann")
        t = web.create("goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        old = str(t["id"])
        page.goto(web.url + t["seats"][0]["url"] + "?lang=en")  # type: ignore[index]
        page.wait_for_selector("#table[data-connected='1'][data-seq]")
        while bid_once(page):
            pass
        page.wait_for_selector("#end #end-again")
        log = page.inner_text("#log")
        assert "again_ann" in log and "Bot random (weakest) (Seat 1)" in log, log
        assert "Seat 0" not in log, log
        steps = page.request.get(f"{web.url}/replay/{old}/frames.json?lang=en").json()["frames"]
        assert {"again_ann acts", "Bot random (weakest) (Seat 1) acts"} <= {f["text"] for f in steps}
        page.click("#end-again")
        page.wait_for_url("**/play/**")
        page.wait_for_selector("#table[data-connected='1'][data-status='running']")
        assert page.get_attribute("#table", "data-table") != old
        assert page.get_attribute("#table", "data-seat") == "0"
        assert page.get_attribute("#table", "data-preset") == "goofspiel-2p"
        assert "Bot" in page.inner_text("#seats [data-seat='1']")
        assert page.locator("#hand .playing-card").count() == 13  # a new game, dealt afresh
    finally:
        ctx.close()


def test_play_again_holds_the_other_players_seat_and_a_stranger_cannot_take_it(
    browser: Any, web: ServerProcess
) -> None:
    """Two players finish; one plays again: the new table shows the other's seat held for them with the time
    left, a third browser can neither join it nor see it open in the lobby, and the other player clicking
    play again gets that very seat."""
    contexts = [browser.new_context(locale="en-US") for _ in range(3)]
    try:
        a, b, c = (ctx.new_page() for ctx in contexts)
        for p in (a, b, c):
            p.set_default_timeout(30000)
        register(a, web.url, "hold_ann")
        register(b, web.url, "hold_bo")
        t = web.create("goofspiel-2p", [{"kind": "person"}, {"kind": "person"}])
        for p, s in ((a, 0), (b, 1)):
            p.goto(web.url + t["seats"][s]["url"] + "?lang=en")  # type: ignore[index]
            p.wait_for_selector("#table[data-connected='1'][data-seq]")
        for p in (a, b):
            p.wait_for_selector("#table[data-status='running']")
        while bid_once(a) and bid_once(b):
            pass
        for p in (a, b):
            p.wait_for_selector("#end #end-again")
        a.click("#end-again")
        a.wait_for_url("**/play/**")
        a.wait_for_selector("#table[data-connected='1'][data-status='open']")
        new = str(a.get_attribute("#table", "data-table"))
        assert new != t["id"] and a.get_attribute("#table", "data-seat") == "0"
        held = a.wait_for_selector("#held-seats li[data-seat='1']")
        assert held is not None
        words = held.inner_text()
        assert words.startswith("Seat 1 held for hold_bo, ") and words.endswith(" s"), words
        assert 0 < int(words.split(", ")[1].removesuffix(" s")) <= 60, words
        # a stranger: the lobby does not offer the seat, and asking to join is refused
        c.goto(web.url + "/?lang=en")
        assert c.locator(f"[href*='{new}']").count() == 0
        refused = c.request.post(f"{web.url}/api/v1/tables/{new}/join")
        assert refused.status == 409, refused.text()
        # the other player's end box offers the rematch at once, without a reload: who asked and how long
        # their seat is held (counting down); playing again gives them their held seat
        offer = b.wait_for_selector("#end-rematch", timeout=5000)
        assert offer is not None
        words = offer.inner_text()
        assert words.startswith("hold_ann wants to play again — your seat is held, "), words
        assert words.endswith(" s"), words
        left = int(words.rsplit(", ", 1)[1].removesuffix(" s"))
        assert 0 < left <= 60, words
        assert b.inner_text("#end-again") == "Join the rematch"
        b.wait_for_function(
            "left => Number(document.querySelector('#end-rematch').textContent.match(/(\\d+) s$/)[1]) < left",
            arg=left,
        )
        b.click("#end-again")
        b.wait_for_url(f"**/play/{new}/**")
        assert b.get_attribute("#table", "data-seat") == "1"
        for p in (a, b):
            p.wait_for_selector("#table[data-connected='1'][data-status='running']")
        a.wait_for_selector("#held-seats li", state="detached")
    finally:
        for ctx in contexts:
            ctx.close()
