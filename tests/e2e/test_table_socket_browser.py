"""The table page's one socket (common.js FrameChannel): each frame is parsed once and handed to the listener
of its kind (the table's frames to the table, the chat's to the chat panel); a frame that is not a JSON object
with a type breaks neither of them."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.process import ServerProcess

from .test_goofspiel_browser import bid_once

pytestmark = pytest.mark.browser

MALFORMED = [
    "not json",
    "null",
    "[1, 2]",
    '{"type": 5}',
    "{}",
    '{"type": "chat", "message": null}',
    '{"type": "chat_history", "messages": 7}',
]


def test_a_malformed_frame_breaks_neither_the_table_nor_the_chat(browser: Any, web: ServerProcess) -> None:
    ctx = browser.new_context(locale="en-US")
    try:
        page = ctx.new_page()
        page.set_default_timeout(30000)
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        routes: list[Any] = []

        def through(ws: Any) -> None:  # the real server behind it; the test slips frames in
            ws.connect_to_server()
            routes.append(ws)

        page.route_web_socket("**/ws/**", through)
        t = web.create("goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        page.goto(web.url + t["seats"][0]["url"] + "?lang=en")  # type: ignore[index]
        page.wait_for_selector("#table[data-connected='1'][data-status='running']")
        assert routes
        for text in MALFORMED:
            routes[-1].send(text)
        page.fill("#chat-text", "still here")
        page.click("#chat-send")
        page.wait_for_selector("#chat-log li:has-text('still here')")
        assert bid_once(page)  # the table still takes and shows its frames
        seq = page.get_attribute("#table", "data-seq")
        assert seq is not None and int(seq) >= 1
        assert page.locator("#error:not([hidden])").count() == 0
        assert errors == [], errors
    finally:
        ctx.close()
