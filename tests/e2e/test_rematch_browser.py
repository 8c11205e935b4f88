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
