"""Ticket to Ride at a phone's width (390×844, by touch), issue 38: the whole map fits the screen (no
sideways scroll, of the page or of the map), a tap zooms in (a visible zoom button and hint say so) and a
finger's tap near a route chooses it; the ticket choice is in view when it starts, and beside its button it
says the preset's rule (keep exactly / at least / N to M, seed 000 Ticket to Ride item 1 "chooses 2") and
why the button is disabled, in all three languages; the final table of a finished game fits the phone."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.process import ServerProcess

from .conftest import PHONE_H as H
from .conftest import PHONE_W as W
from .conftest import bots_game

pytestmark = pytest.mark.browser
# the preset's rule beside the button, and why it is disabled: (preset, lang) → (rule, after 0 ticked, 3, 1)
RULES: dict[tuple[str, str], tuple[str, str, str | None, str | None]] = {
    ("ttr-event", "en"): (
        "Keep exactly 2",
        "0 ticked: tick 2 more",
        "3 ticked: untick 1",
        "1 ticked: tick 1 more",
    ),
    ("ttr-event", "zh-Hans"): (
        "必须保留 2 张",
        "已勾选 0 张：还要再勾选 2 张",
        "已勾选 3 张：请取消勾选 1 张",
        "已勾选 1 张：还要再勾选 1 张",
    ),
    ("ttr-event", "zh-Hant"): (
        "必須保留 2 張",
        "已勾選 0 張：還要再勾選 2 張",
        "已勾選 3 張：請取消勾選 1 張",
        "已勾選 1 張：還要再勾選 1 張",
    ),
    ("ttr-classic-2p", "en"): ("Keep at least 2", "0 ticked: tick 2 more", None, "1 ticked: tick 1 more"),
}



def sit(page: Any, web: ServerProcess, preset: str, lang: str, seed: int = 7) -> None:
    n = {"ttr-event": 4, "ttr-classic-2p": 2}[preset]
    t: dict[str, Any] = web.create(
        preset, [{"kind": "person"}] + [{"kind": "bot", "bot": "planner"}] * (n - 1), seed=seed
    )
    page.goto(f"{web.url}{t['seats'][0]['url']}?lang={lang}")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")


def my_decision(page: Any) -> str:
    page.wait_for_function(
        "document.getElementById('table').dataset.decision "
        "|| document.getElementById('table').dataset.status === 'finished'",
        timeout=60000,
    )
    return str(page.get_attribute("#table", "data-decision") or "")


def in_view(page: Any, selector: str) -> bool:
    """The element lies wholly inside the phone's screen as the page is now scrolled."""
    box = page.eval_on_selector(
        selector, "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }"
    )
    return bool(box[0] >= -0.5 and box[1] >= -0.5 and box[2] <= W + 0.5 and box[3] <= H + 0.5)  # sub-pixel


@pytest.mark.parametrize(("preset", "lang"), list(RULES))
def test_the_ticket_choice_is_in_view_and_says_its_rule(
    phones: Any, web: ServerProcess, preset: str, lang: str
) -> None:
    page = phones(lang)
    sit(page, web, preset, lang)
    assert my_decision(page) == "keep_tickets"
    rule, none, three, one = RULES[(preset, lang)]
    # in view at once, without scrolling: the tickets and the button
    assert page.evaluate("window.scrollY") == 0
    offers = page.locator("#ttr-offered .ttr-offer")
    assert offers.count() == 3
    for i in range(3):
        assert in_view(page, f"#ttr-offered .ttr-offer:nth-of-type({i + 1})"), i
    assert in_view(page, "#ttr-keep") and in_view(page, "#ttr-keep-rule")
    keep, why = page.locator("#ttr-keep"), page.locator("#ttr-keep-why")
    assert page.inner_text("#ttr-keep-rule") == rule
    assert keep.is_disabled() and why.is_visible() and why.inner_text() == none
    boxes = page.locator("#ttr-offered .ttr-offer input")
    for i in range(3):
        boxes.nth(i).tap()
    page.wait_for_function("document.querySelectorAll('#ttr-offered input:checked').length === 3")
    if three is None:  # keeping all three is allowed
        assert keep.is_enabled() and not why.is_visible()
    else:
        assert keep.is_disabled() and why.inner_text() == three
    boxes.nth(2).tap()
    boxes.nth(1).tap()
    page.wait_for_function("document.querySelectorAll('#ttr-offered input:checked').length === 1")
    assert keep.is_disabled() and why.inner_text() == one
    boxes.nth(1).tap()
    page.wait_for_function("document.querySelectorAll('#ttr-offered input:checked').length === 2")
    assert keep.is_enabled() and not why.is_visible()
    assert page.get_attribute("#ttr-keep", "aria-describedby") == "ttr-keep-rule ttr-keep-why"
    before = int(page.get_attribute("#table", "data-seq") or 0)
    keep.tap()
    page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    page.wait_for_function("!document.querySelector('#decision #ttr-offered')")
    assert page.locator("#ttr-my-tickets li").count() == 2


# a point on a claimable route's line, `off` px to one side of it, where that route is still the nearest
# claimable one by a margin and the point lies in the (zoomed) map's visible box; null: none on this route
NEAR = """([rid, off]) => {
  const box = document.querySelector('.ttr-map-box').getBoundingClientRect();
  const lines = [...document.querySelectorAll('#ttr-map .hit.claimable')].map((l) => {
    const m = l.getScreenCTM(), at = (x, y) => new DOMPoint(x, y).matrixTransform(m);
    return { id: l.dataset.route, a: at(+l.getAttribute('x1'), +l.getAttribute('y1')),
             b: at(+l.getAttribute('x2'), +l.getAttribute('y2')) };
  });
  const dist = (x, y, s) => { const dx = s.b.x - s.a.x, dy = s.b.y - s.a.y;
    const f = Math.max(0, Math.min(1, ((x - s.a.x) * dx + (y - s.a.y) * dy) / (dx * dx + dy * dy)));
    return Math.hypot(x - s.a.x - f * dx, y - s.a.y - f * dy); };
  const me = lines.find((l) => l.id === rid);
  const dx = me.b.x - me.a.x, dy = me.b.y - me.a.y, len = Math.hypot(dx, dy), nx = -dy / len, ny = dx / len;
  for (const f of [0.5, 0.4, 0.6, 0.3, 0.7]) for (const side of [1, -1]) {
    const x = me.a.x + f * dx + side * off * nx, y = me.a.y + f * dy + side * off * ny;
    const bottom = Math.min(box.bottom, innerHeight);
    if (x < box.left + 4 || x > box.right - 4 || y < box.top + 4 || y > bottom - 4) continue;
    if (lines.every((l) => l === me || dist(x, y, l) > dist(x, y, me) + 8)) return [x, y];
  }
  return null;
}"""

MID = """(rid) => { const l = document.querySelector(`#ttr-map .hit[data-route='${rid}']`);
  const m = l.getScreenCTM(); const p = new DOMPoint((+l.getAttribute('x1') + +l.getAttribute('x2')) / 2,
    (+l.getAttribute('y1') + +l.getAttribute('y2')) / 2).matrixTransform(m); return [p.x, p.y]; }"""


def fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    # the first few elements that reach past the screen, named for the message
    wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > 390.5).slice(0, 5)
      .map((e) => `${e.tagName}#${e.id}.${e.className}`)""")
    assert width <= W, f"the page is {width} px wide at {W}: {wide}"


def to_a_claimable_turn(page: Any) -> None:
    """Keep the first tickets offered, then draw blind cards until a turn of this seat can claim a route."""
    for _ in range(40):
        kind = my_decision(page)
        assert kind, "the game ended before this seat could claim a route"
        if kind == "turn" and page.locator("#ttr-map .hit.claimable").count():
            return
        before = int(page.get_attribute("#table", "data-seq") or 0)
        if kind == "keep_tickets":
            boxes = page.locator("#decision .ttr-offer input")
            for i in range(3 if page.locator("#ttr-keep-why").is_visible() else 0):
                if page.locator("#ttr-keep").is_enabled():
                    break
                boxes.nth(i).tap()
            page.locator("#ttr-keep").tap()
            # the others keep theirs at the same time: their frames may come before this seat's is taken
            page.wait_for_function("!document.querySelector('#decision #ttr-offered')")
        elif page.locator("#ttr-blind:enabled").count():
            page.locator("#ttr-blind").tap()
        elif page.locator("#ttr-faceup button.ttr-slot:enabled").count():
            page.locator("#ttr-faceup button.ttr-slot:enabled").first.tap()
        else:
            page.locator("#decision button.option").first.tap()
        page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    raise AssertionError("no turn with a route to claim in 40 decisions")


@pytest.mark.parametrize("lang", ["zh-Hans", "en"])
def test_the_whole_map_fits_a_phone_and_a_finger_claims_a_route(
    phones: Any, web: ServerProcess, lang: str
) -> None:
    page = phones(lang)
    sit(page, web, "ttr-event", lang, seed=3)
    page.wait_for_selector("#ttr-map .city")
    fits(page)
    # the whole map, within the screen, and its box does not scroll sideways
    map_box = page.eval_on_selector(
        "#ttr-map", "e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; }"
    )
    assert map_box[0] >= 0 and map_box[1] <= W, map_box
    assert page.eval_on_selector(".ttr-map-box", "b => b.scrollWidth <= b.clientWidth + 1")
    # a visible zoom button and hint
    zoom = page.locator("#ttr-zoom")
    assert zoom.is_visible() and zoom.get_attribute("aria-pressed") == "false"
    hint = {"en": "Tap the map to zoom in there", "zh-Hans": "点击地图即可放大该处"}[lang]
    assert hint in page.inner_text("#ttr-zoom-hint")
    to_a_claimable_turn(page)
    fits(page)
    routes = [
        str(r)
        for r in page.eval_on_selector_all("#ttr-map .hit.claimable", "ls => ls.map(l => l.dataset.route)")
    ]
    # a tap on the whole map zooms in there: the tapped point stays in view in the zoomed map
    target, point = None, None
    for rid in routes:
        mid = page.evaluate(MID, rid)
        if not (0 < mid[1] < H - 10):
            page.locator(".ttr-map-box").scroll_into_view_if_needed()
            mid = page.evaluate(MID, rid)
        page.touchscreen.tap(mid[0], mid[1])
        page.wait_for_selector(".ttr-map-box.zoomed")
        assert zoom.get_attribute("aria-pressed") == "true"
        assert {"en": "Slide the map", "zh-Hans": "滑动地图"}[lang] in page.inner_text("#ttr-zoom-hint")
        fits(page)
        after = page.evaluate(MID, rid)
        shown = page.eval_on_selector(
            ".ttr-map-box",
            "b => { const r = b.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }",
        )
        assert shown[0] <= after[0] <= shown[2] and shown[1] <= after[1] <= shown[3], (after, shown)
        # a finger's tap 14 px beside the route (its line is 1 px wide at this zoom) chooses it
        point = page.evaluate(NEAR, [rid, 14])
        if point is not None:
            target = rid
            break
        zoom.tap()  # back to the whole map, to try the next route
        page.wait_for_selector(".ttr-map-box:not(.zoomed)")
    assert target is not None and point is not None, f"no claimable route stands apart: {routes}"
    page.touchscreen.tap(point[0], point[1])
    page.wait_for_selector(f"#ttr-pay[data-route='{target}'] .ttr-payment")
    assert in_view(page, "#ttr-pay"), (
        "the payments of the route tapped are out of view",
        page.evaluate(
            "[scrollY, JSON.stringify(document.getElementById('ttr-pay').getBoundingClientRect())]"
        ),
    )
    assert page.locator(".ttr-map-box.zoomed").count() == 1  # the map stays zoomed where it was
    page.locator(f"#ttr-pay[data-route='{target}'] .ttr-payment").first.tap()
    page.wait_for_selector(f"#ttr-map line.owned[data-route='{target}'][data-owner='0']")
    fits(page)
    zoom.tap()
    page.wait_for_selector(".ttr-map-box:not(.zoomed)")
    assert page.eval_on_selector(".ttr-map-box", "b => b.scrollWidth <= b.clientWidth + 1")


def test_the_final_table_fits_a_phone(phones: Any, web: ServerProcess) -> None:
    """A bots' game to its end; its replay's last step (the final scoring table) at 390 px in English, the
    widest of the three languages."""
    tid = bots_game(web, "ttr-event", "planner", 4, seed=4)
    page = phones("en")
    page.goto(f"{web.url}/replay/{tid}?lang=en")
    page.wait_for_selector("#replay[data-ready='1']")
    page.click("#last")
    page.wait_for_selector("#ttr-final .ttr-final")
    fits(page)
    right = page.eval_on_selector("#ttr-final .ttr-final", "e => e.getBoundingClientRect().right")
    assert right <= W, f"the final table reaches {right} px"


@pytest.mark.parametrize("lang", ["en", "zh-Hant"])
def test_a_turns_draw_choices_are_in_the_first_screen(phones: Any, web: ServerProcess, lang: str) -> None:
    """Issue 38 follow-up: on a turn that can claim a route, the face-up cards, the blind pile and the
    tickets button were about one screen below the map; on a phone they sit above it, in one row that wraps,
    with the map under them, so drawing and claiming both start on the first screen."""
    page = phones(lang)
    sit(page, web, "ttr-event", lang, seed=3)
    to_a_claimable_turn(page)
    page.evaluate("window.scrollTo(0, 0)")
    fits(page)
    assert page.locator("#ttr-faceup .ttr-card").count() == 5
    boxes = page.eval_on_selector_all(
        "#ttr-faceup .ttr-card, #ttr-blind, #ttr-tickets",
        "es => es.map(e => { const r = e.getBoundingClientRect(); "
        "return [r.left, r.top, r.right, r.bottom]; })",
    )
    assert len(boxes) == 7
    # the dark cards' names are written in white there, as in the hand (black on black before)
    assert page.eval_on_selector_all(
        "#ttr-faceup .ttr-slot",
        "es => es.every(e => ['black', 'blue', 'red', 'green', 'locomotive'].includes(e.dataset.card)"
        " === e.classList.contains('dark'))",
    )
    for b in boxes:  # wholly on the first screen
        assert b[0] >= -0.5 and b[1] >= -0.5 and b[2] <= W + 0.5 and b[3] <= H + 0.5, boxes
    # above the map, and the map starts on the same screen
    draw_bottom = max(b[3] for b in boxes)
    map_top = page.eval_on_selector(".ttr-map-box", "e => e.getBoundingClientRect().top")
    assert draw_bottom <= map_top < H - 100, (draw_bottom, map_top)
    # compact: the five cards and the two buttons take at most three lines
    assert draw_bottom - min(b[1] for b in boxes) < 170, boxes
    before = int(page.get_attribute("#table", "data-seq") or 0)
    page.locator("#ttr-faceup button.ttr-slot:enabled").first.tap()
    page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
