"""Issue 37 item 11: the pages work under their Content-Security-Policy (web/security_headers.py) with the
policy enforced: the lobby's forms, the created page's script (static/created.js), a table page, the game
screens that add their own styles (Pictionary, Ticket to Ride: the nonce) or set styles from data (Blokus:
the CSSOM), the sign-in page. Nothing is blocked and no script fails."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablesport.server.process import ServerProcess


@pytest.fixture
def web(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "policy.sqlite3", bot_delay=0.05, tables_per_minute=0).start(timeout=180)
    try:
        yield proc
    finally:
        proc.stop()


def sheet_rules(page: Any, style_id: str) -> int:
    """The rules a <style> element added to the page (0 when the policy blocked it)."""
    return int(page.evaluate("(id) => document.getElementById(id)?.sheet?.cssRules.length ?? 0", style_id))


def create(web: ServerProcess, preset: str, seats: list[dict[str, Any]]) -> str:
    t = web.create(preset, seats)
    first = t["seats"][0]  # type: ignore[index]
    return f"/play/{t['id']}/{first['token']}"


def test_the_pages_work_under_their_policy(browser: Any, web: ServerProcess) -> None:
    ctx = browser.new_context(locale="en-US", bypass_csp=False)
    page = ctx.new_page()
    page.set_default_timeout(60000)
    blocked: list[str] = []
    failed: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: failed.append(str(e)))
    try:
        r = page.goto(web.url + "/?lang=en")
        assert r is not None and "script-src 'self' 'nonce-" in (
            r.headers.get("content-security-policy") or ""
        )
        page.select_option("#preset", "goofspiel-2p")
        page.select_option("#seat1", "bot:random")
        page.click("#start")
        page.wait_for_selector("#seat-links a.seat-link")
        assert (page.input_value("input.copy") or "").startswith(web.url)  # created.js ran
        page.click(".seat-link[data-seat='0']")
        page.wait_for_selector("#table[data-connected='1'][data-seq]")

        page.goto(web.url + create(web, "pictionary-event", [{"kind": "person"}] * 6) + "?lang=en")
        page.wait_for_selector("#table[data-connected='1'][data-seq]")
        page.wait_for_selector("#pc-style", state="attached")
        assert sheet_rules(page, "pc-style") > 0

        bots = [{"kind": "bot", "bot": "planner"}] * 3
        page.goto(web.url + create(web, "ttr-event", [{"kind": "person"}, *bots]) + "?lang=en")
        page.wait_for_selector("#ttr-map .city")
        assert sheet_rules(page, "ttr-style") > 0

        bots = [{"kind": "bot", "bot": "greedy"}] * 3
        page.goto(web.url + create(web, "blokus-event", [{"kind": "person"}, *bots]) + "?lang=en")
        page.wait_for_selector(".bk-piece-grid")
        columns = page.evaluate(
            "getComputedStyle(document.querySelector('.bk-piece-grid')).gridTemplateColumns"
        )
        assert columns and columns != "none"  # the style set from data (through the CSSOM) applies

        for path in ("/login", "/register", "/rules", "/leaderboard"):
            page.goto(web.url + path + "?lang=zh-Hant")
            page.wait_for_selector("main")
    finally:
        ctx.close()
    assert blocked == [], blocked[:3]
    assert failed == [], failed[:3]
