"""Rummikub in the browser: an initial meld laid by drag and drop, the table explaining why a set
is invalid before anything is submitted (seed: sets of 3+, initial meld worth 30 or more)."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.games import start
from tablesport.games.rummikub.solver import solve
from tablesport.server.process import ServerProcess

pytestmark = pytest.mark.browser
PRESET = "rummikub-2018-2p"


def meld_position() -> tuple[int, list[list[str]]]:
    """A seed where seat 0 moves first and its 14 tiles hold an initial meld; the meld as tile ids."""
    for seed in range(1, 500):
        st = start(PRESET, seed)
        d = st.pending()
        if d is None or d.kind != "turn" or d.seats != (0,):
            continue
        rack: list[str] = list(st.view(0)["rack"])
        sol = solve([], [r[:-1] for r in rack], melded=False)
        if not sol.feasible or not sol.table:
            continue
        free = list(rack)
        sets = []
        for s in sol.table:
            ids = []
            for code in s:
                tile = next(t for t in free if t[:-1] == code)
                free.remove(tile)
                ids.append(tile)
            sets.append(ids)
        return seed, sets
    raise AssertionError("no seed with an initial meld for seat 0")


def test_initial_meld_by_drag_and_drop(page: Any, web: ServerProcess) -> None:
    seed, sets = meld_position()
    t: dict[str, Any] = web.create(PRESET, [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}], seed=seed)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
    page.wait_for_selector("#rk-rack .rk-tile[draggable='true']")
    assert page.locator("#rk-play").is_disabled()
    assert "no tile laid" in page.inner_text("#rk-problems")
    for ids in sets:
        page.drag_and_drop(f"#rk-rack .rk-tile[data-tile='{ids[0]}']", "#rk-new")
        target = page.locator(".rk-set:not(.rk-new)").last
        index = target.get_attribute("data-set")
        page.drag_and_drop(f"#rk-rack .rk-tile[data-tile='{ids[1]}']", f".rk-set[data-set='{index}']")
        # two tiles: the set says why it is not valid yet, and Play stays disabled
        assert "at least 3 tiles" in page.inner_text(f".rk-set[data-set='{index}'] .rk-why")
        assert page.locator("#rk-play").is_disabled()
        for tile in ids[2:]:
            page.drag_and_drop(f"#rk-rack .rk-tile[data-tile='{tile}']", f".rk-set[data-set='{index}']")
        assert "✓" in page.inner_text(f".rk-set[data-set='{index}'] .rk-why")
    assert page.locator("#rk-problems li").count() == 0
    before = int(page.get_attribute("#table", "data-seq") or 0)
    page.click("#rk-play")
    page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    assert page.locator("#error:not([hidden])").count() == 0
    laid = set(page.eval_on_selector_all("#rk-table .rk-tile", "els => els.map(e => e.dataset.tile)"))
    rack = set(page.eval_on_selector_all("#rk-rack .rk-tile", "els => els.map(e => e.dataset.tile)"))
    mine = {i for s in sets for i in s}
    assert mine <= laid and not mine & rack


def test_runs_read_in_order_and_colours_have_shapes(page: Any, web: ServerProcess) -> None:
    """Issue 38 item 9: a run laid as 8 9 10 11 7 showed so; it reads 7 8 9 10 11 (a joker in the gap it
    fills), and each colour has a shape too (red ● and orange ▲ differ without colour vision)."""
    t: dict[str, Any] = web.create(PRESET, [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}], seed=1)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
    page.wait_for_selector("#rk-rack .rk-tile")
    got = page.evaluate("""async () => {
        const m = await import('/games/rummikub/screen.js');
        return [m.inOrder(['R8a', 'R9a', 'R10a', 'R11a', 'R7a']), m.inOrder(['B5a', 'Ja', 'B3a']),
                m.inOrder(['K13a', 'Ja', 'K12a'])];
    }""")
    assert got == [["R7a", "R8a", "R9a", "R10a", "R11a"], ["B3a", "Ja", "B5a"], ["Ja", "K12a", "K13a"]]
    marks = page.eval_on_selector_all(
        "#rk-rack .rk-tile:not(.joker)",
        "els => els.map(e => [e.classList[1], e.querySelector('.rk-mark')?.textContent])",
    )
    shape = {"red": "●", "blue": "■", "orange": "▲", "black": "◆"}
    assert marks and all(mark == shape[colour] for colour, mark in marks)


def test_rule_reminders_are_plain_until_a_move_breaks_a_rule(page: Any, web: ServerProcess) -> None:
    """The turn opened with red, error-styled notes ("no tile laid", "the initial meld must be worth 30")
    before the player had done anything. They are plain reminders under "Before you can play:"; only a
    rule the player's own move broke (here: a set of one tile) is red, and the reminders stay plain."""
    seed, _ = meld_position()
    t: dict[str, Any] = web.create(PRESET, [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}], seed=seed)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
    page.wait_for_selector("#rk-rack .rk-tile[draggable='true']")
    bad = page.evaluate("() => { const e = document.createElement('i'); e.style.color = 'var(--bad)';"
                        " document.body.append(e); const c = getComputedStyle(e).color; e.remove();"
                        " return c; }")
    notes = "els => els.map(e => [e.className, e.textContent, getComputedStyle(e).color])"
    shown = page.eval_on_selector_all("#rk-problems li", notes)
    assert "Before you can play" in page.inner_text("#rk-problems")
    assert {text.split(" ")[0] for _, text, _ in shown} == {"no", "the"}, shown  # nothing laid; the meld's 30
    assert all(cls == "rk-reminder" and colour != bad for cls, _, colour in shown), shown
    assert page.locator("#error:not([hidden])").count() == 0
    page.click("#rk-rack .rk-tile >> nth=0")  # a tap picks a tile up, a tap on "new set" lays it alone
    page.click("#rk-new")
    shown = page.eval_on_selector_all("#rk-problems li", notes)
    broken = [(text, colour) for cls, text, colour in shown if cls == "rk-broken"]
    assert broken and all("at least 3 tiles" in text and colour == bad for text, colour in broken), shown
    assert all(colour != bad for cls, _, colour in shown if cls == "rk-reminder"), shown
    assert any("worth 30" in text for cls, text, _ in shown if cls == "rk-reminder"), shown


def test_the_rack_stays_in_view_on_a_phone(browser: Any, web: ServerProcess) -> None:
    """At 390 px the own rack and its play/draw buttons are on the first screen, whatever the table holds
    above them, and stay there while the table scrolls; a tile laid from the dock reaches a set."""
    seed, sets = meld_position()
    ctx = browser.new_context(viewport={"width": 390, "height": 600}, has_touch=True, is_mobile=True)
    try:
        page = ctx.new_page()
        page.set_default_timeout(30000)
        t = web.create(PRESET, [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}], seed=seed)
        page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=zh-Hans")
        page.wait_for_selector("#rk-rack .rk-tile")
        in_view = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
            return r.top >= 0 && r.bottom <= innerHeight + 0.5; }"""
        for sel in ("#rk-rack .rk-tile", "#rk-draw", "#rk-play"):
            assert page.evaluate(in_view, sel), f"{sel} is below the first screen"
        page.mouse.wheel(0, 300)
        page.wait_for_timeout(200)
        assert page.evaluate(in_view, "#rk-draw")
        page.evaluate("scrollTo(0, 0)")
        tile = sets[0][0]
        page.tap(f"#rk-rack [data-tile='{tile}']")
        page.tap("#rk-new")
        page.wait_for_selector(f".rk-set:not(.rk-new) [data-tile='{tile}']")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        ctx.close()
