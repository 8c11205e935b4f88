"""Issue 38 item 8: moves happen in motion in every game, not only at Blokus and Ticket to Ride: a card
played from the hand glides to the bank (Monopoly Deal), a drawn tile comes to the rack from the pool
(Rummikub), a placed piece settles onto the board (Blokus); under prefers-reduced-motion nothing moves."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.process import ServerProcess
from tests.e2e.motion_watch import moved, watch_moves

pytestmark = pytest.mark.browser

BOT = {"kind": "bot", "bot": "greedy"}
HEURISTIC = {"kind": "bot", "bot": "heuristic"}


def seat_page(
    browser: Any, web: ServerProcess, motion: str, preset: str, seats: list[dict[str, Any]], seed: int
) -> Any:
    ctx = browser.new_context(reduced_motion=motion, locale="en-US")
    watch_moves(ctx)
    page = ctx.new_page()
    page.set_default_timeout(30000)
    t: dict[str, Any] = web.create(preset, seats, seed=seed)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    return page


def seq(page: Any) -> int:
    return int(page.get_attribute("#table", "data-seq") or 0)


def draw_a_tile(page: Any) -> str:
    """Rummikub: draw from the pool; returns the tile drawn."""
    page.wait_for_selector("#rk-draw")
    rack = set(page.eval_on_selector_all("#rk-rack [data-tile]", "els => els.map(e => e.dataset.tile)"))
    before = seq(page)
    page.click("#rk-draw")
    page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    page.wait_for_function(f"document.querySelectorAll('#rk-rack [data-tile]').length > {len(rack)}")
    now = page.eval_on_selector_all("#rk-rack [data-tile]", "els => els.map(e => e.dataset.tile)")
    (drawn,) = set(now) - rack
    return str(drawn)


def test_moves_are_in_motion_unless_motion_is_reduced(browser: Any, web: ServerProcess) -> None:
    # Monopoly Deal: a card banked from the hand glides there
    seats = [{"kind": "person"}, *[HEURISTIC] * 3]
    page = seat_page(browser, web, "no-preference", "monopoly-deal-event", seats, 2)
    page.wait_for_selector("#table[data-decision='play'] #md-hand button.md-card")
    for card in page.eval_on_selector_all("#md-hand button.md-card", "els => els.map(e => e.dataset.card)"):
        page.click(f"#md-hand button.md-card[data-card='{card}']")
        if page.locator("#md-options button[data-verb='bank']").count():
            break
    else:
        raise AssertionError("no card to bank")
    page.click("#md-options button[data-verb='bank']")
    page.wait_for_selector(f".md-bank[data-area='bank0'] [data-card='{card}']")
    page.wait_for_function(f"window.__moved.includes('{card}')")
    page.context.close()

    # Rummikub: the tile drawn comes from the pool into the rack
    page = seat_page(browser, web, "no-preference", "rummikub-2018-2p", [{"kind": "person"}, BOT], 1)
    tile = draw_a_tile(page)
    page.wait_for_function(f"window.__moved.includes('{tile}')")
    page.context.close()

    # the same draw under reduced motion: nothing moves, nothing is animated
    page = seat_page(browser, web, "reduce", "rummikub-2018-2p", [{"kind": "person"}, BOT], 1)
    draw_a_tile(page)
    page.wait_for_selector("#rk-draw")  # the bot has moved too: my turn again
    assert moved(page) == [] and page.evaluate("document.getAnimations().length") == 0
    page.context.close()
