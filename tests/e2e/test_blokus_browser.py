"""Blokus in the browser: a full game against three bots, every piece placed through clicks on the
tray, rotate/flip and the green target squares of the legal-placement preview."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.process import ServerProcess

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
