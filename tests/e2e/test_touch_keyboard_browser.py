"""Play without a mouse: Rummikub on a touch screen (tap a tile, tap where it goes; the 777/123 sort;
the tile just drawn marked) and Blokus with the keyboard only (Enter on a piece, Enter on a square)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

pytestmark = pytest.mark.browser


def numbers(page: Any) -> list[tuple[str, int]]:
    tiles = page.eval_on_selector_all("#rk-rack .rk-tile", "els => els.map(e => e.dataset.tile)")
    return [(t[0], 99 if t[0] == "J" else int(t[1:-1])) for t in tiles]


def drag_by_finger(page: Any, source: str, target: str) -> None:
    """A touch drag: pointerdown on ``source``, moves, pointerup over ``target`` (pointerType touch)."""
    # a finger drags within the screen: bring the target to the middle of the screen first
    page.locator(target).first.evaluate("e => e.scrollIntoView({block: 'center'})")
    a = page.locator(source).bounding_box()
    b = page.locator(target).first.bounding_box()
    x0, y0 = a["x"] + a["width"] / 2, a["y"] + a["height"] / 2
    x1, y1 = b["x"] + b["width"] - 6, b["y"] + b["height"] / 2
    opts = {"pointerType": "touch", "isPrimary": True, "bubbles": True, "pointerId": 7}
    page.dispatch_event(source, "pointerdown", {**opts, "clientX": x0, "clientY": y0})
    for k in range(1, 6):
        page.dispatch_event(source, "pointermove", {**opts, "clientX": x0 + (x1 - x0) * k / 5,
                                                     "clientY": y0 + (y1 - y0) * k / 5})
    page.dispatch_event(source, "pointerup", {**opts, "clientX": x1, "clientY": y1})


def test_rummikub_by_touch_sorted_and_new_tiles_marked(browser: Any, web: ServerProcess) -> None:
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.set_default_timeout(30000)
    try:
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}]
        t: dict[str, Any] = web.create("rummikub-2018-2p", seats, seed=5)
        page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
        page.wait_for_selector("#table[data-decision='turn']")
        # attention: the title on one's turn, the 5-second warning, a mute the browser remembers
        assert page.title().startswith("● Your turn")
        assert page.inner_text("#announce") == "Your turn"   # and a screen reader hears it
        page.evaluate("import('/static/attention.js').then(m => m.attend(true, "
                      "Number(document.getElementById('table').dataset.asked), 4.5))")
        page.wait_for_function("document.title.startsWith('⏰')")
        assert page.get_attribute("#table", "data-attention") == "hurry"
        assert "on" in page.inner_text("#mute")
        page.tap("#mute")
        assert page.evaluate("localStorage.getItem('tablesport.sound')") == "off"
        page.reload()
        page.wait_for_selector("#table[data-decision='turn']")
        assert "off" in page.inner_text("#mute") and page.get_attribute("#mute", "aria-pressed") == "false"
        page.tap("#mute")
        # sorting: 777 groups by number, 123 by colour then number
        page.tap("#rk-sort-777")
        nums = [n for _, n in numbers(page)]
        assert nums == sorted(nums)
        page.tap("#rk-sort-123")
        order = "RBOKJ"
        tiles = numbers(page)
        assert tiles == sorted(tiles, key=lambda c: (order.index(c[0]), c[1]))
        # a tap picks a tile up, a tap on the new-set zone puts it down
        first = page.eval_on_selector("#rk-rack .rk-tile", "e => e.dataset.tile")
        page.tap(f"#rk-rack .rk-tile[data-tile='{first}']")
        assert page.get_attribute(f"#rk-rack .rk-tile[data-tile='{first}']", "aria-pressed") == "true"
        page.tap("#rk-new")
        assert page.locator(f".rk-set:not(.rk-new) .rk-tile[data-tile='{first}']").count() == 1
        assert page.locator(f"#rk-rack .rk-tile[data-tile='{first}']").count() == 0
        # or dragged with a finger (pointer events) from the rack into that set
        second = page.eval_on_selector("#rk-rack .rk-tile", "e => e.dataset.tile")
        drag_by_finger(page, f"#rk-rack .rk-tile[data-tile='{second}']", ".rk-set:not(.rk-new)")
        assert page.locator(f".rk-set:not(.rk-new) .rk-tile[data-tile='{second}']").count() == 1
        drag_by_finger(page, f".rk-set:not(.rk-new) .rk-tile[data-tile='{second}']", "#rk-rack")
        assert page.locator(f"#rk-rack .rk-tile[data-tile='{second}']").count() == 1
        # back to the rack, then draw: when the turn comes back the drawn tile is marked
        page.tap(f".rk-set:not(.rk-new) .rk-tile[data-tile='{first}']")
        page.tap("#rk-rack")
        assert page.locator(f"#rk-rack .rk-tile[data-tile='{first}']").count() == 1
        before = set(page.eval_on_selector_all("#rk-rack .rk-tile", "els => els.map(e => e.dataset.tile)"))
        asked = page.get_attribute("#table", "data-asked")
        page.tap("#rk-draw")
        page.wait_for_function(f"document.getElementById('table').dataset.asked !== {asked!r}")
        page.wait_for_selector("#rk-rack .rk-tile.fresh")
        fresh = page.eval_on_selector_all("#rk-rack .rk-tile.fresh", "els => els.map(e => e.dataset.tile)")
        assert len(fresh) == 1 and fresh[0] not in before
        label = page.get_attribute(f"#rk-rack .rk-tile[data-tile='{fresh[0]}']", "aria-label") or ""
        assert "just drawn" in label
    finally:
        ctx.close()


def test_blokus_by_keyboard_only(page: Any, web: ServerProcess) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "greedy"}] * 3
    t: dict[str, Any] = web.create("blokus-event", seats, seed=1)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
    page.wait_for_selector("#tray .bk-piece")
    # before a piece is chosen the squares where one can go are shown
    assert page.locator("#board .sq.anchor").count() >= 1
    page.focus("#tray .bk-piece[data-piece='I5']")
    page.keyboard.press("Enter")
    page.keyboard.press("r")  # rotate by key
    target = page.locator("#board .sq.target[tabindex='0']").first
    label = target.get_attribute("aria-label") or ""
    assert label.startswith("Place at ")
    target.focus()
    assert page.locator("#board .sq.preview").count() == 5  # focus previews the piece like hovering
    before = int(page.get_attribute("#table", "data-seq") or 0)
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    page.wait_for_selector("#board .sq[data-c='B']")
    assert page.locator("#board .sq[data-c='B']").count() == 5
    # the last move (ours or a bot's since) is marked on the board and named above it
    marked, said = page.evaluate("[[...document.querySelectorAll('#board .sq.last')].map(e => e.dataset.sq), "
                                 "document.getElementById('bk-last').textContent]")
    named = re.search(r"[a-t]\d+(,[a-t]\d+)*", said)
    assert marked and named and set(marked) == set(named.group(0).split(",")), (marked, said)
    assert page.locator("#error:not([hidden])").count() == 0
