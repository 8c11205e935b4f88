"""Issue 38, a new player's first Sanguosha games at 390 px by touch: the draft and the table.

Each test plays one seat through the page (bots in the others) to the screen of one finding and checks it
by geometry, visibility and text: a greyed concede says why (2012), the draft's candidates are a grid of
small general cards that fits the phone, teammates are not marked as targets in attack range, the general
piles are explained (2014), the 1v1 face-down candidates are named and the pick order is printed."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

from .test_screens_browser import answer_first

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}

# nothing on the page reaches past the window's right edge
WIDE = """() => [...document.querySelectorAll('#decision *, #view *, #table .bar *')]
    .filter(e => e.getClientRects().length && e.getBoundingClientRect().right > innerWidth + 0.5)
    .map(e => `${e.tagName}.${e.className}: ${Math.round(e.getBoundingClientRect().right)} px`)"""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone by touch (``tap``), unlike test_learn_browser's phone, which clicks."""
    ctx = browser.new_context(locale="en-US", viewport=PHONE, has_touch=True, reduced_motion="reduce")
    page = ctx.new_page()
    page.set_default_timeout(30000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        ctx.close()
        assert not errors, errors


def open_seat(page: Any, web: ServerProcess, preset: str, bots: int, seed: int, lang: str) -> None:
    t: dict[str, Any] = web.create(preset, [{"kind": "person"}] + [{"kind": "bot"}] * bots, seed=seed)
    page.goto(web.url + str(t["seats"][0]["url"]) + f"?lang={lang}")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")


def fits(page: Any) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    assert page.evaluate(WIDE) == []


def answer(page: Any, kind: str) -> None:
    """This seat's answer through the screen: a turn ends its play phase, else the first option (a draft:
    the first general card's Pick button; a fielding: one general per role)."""
    if kind == "play":
        page.click("#decision button.option[data-kind='end']")
    else:
        answer_first(page, kind)


def play_until(page: Any, kinds: tuple[str, ...], budget: float = 90.0) -> str:
    """Answer this seat's decisions until one of ``kinds`` is asked; return its kind."""
    deadline = time.monotonic() + budget
    while time.monotonic() < deadline:
        page.wait_for_function("document.getElementById('table').dataset.decision")
        now, asked = page.evaluate(
            "[document.getElementById('table').dataset.decision, "
            "document.getElementById('table').dataset.asked]"
        )
        if now in kinds:
            return str(now)
        answer(page, now)
        page.wait_for_function(f"document.getElementById('table').dataset.asked !== {asked!r}")
    raise AssertionError(f"none of {kinds} within {budget}s")


def test_a_greyed_concede_says_why_during_the_2012_draft(phone: Any, web: ServerProcess) -> None:
    """Finding 1. 2012 §3.4.3 note: only a side's commander concedes, during his own action turn — so
    through the draft (no turn runs) the commander's concede button is greyed, and a short visible line
    beside it says why (a tooltip is not seen on a touch screen)."""
    page = phone
    open_seat(page, web, "sgs-3v3-2012", 5, 2, "zh-Hans")
    play_until(page, ("draft",))
    assert page.is_disabled("#give-up") and page.inner_text("#give-up") == "认输"
    why = page.locator("#give-up-why")
    assert why.is_visible() and why.inner_text() == "按这一届的规则，主帅只能在自己的回合内认输"
    assert page.get_attribute("#give-up", "aria-describedby") == "give-up-why"
    box = why.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    fits(page)
    # the commander's own turn: the button works and the reason is gone
    play_until(page, ("play",), 120)
    page.wait_for_function("!document.getElementById('give-up').disabled")
    assert page.locator("#give-up-why").count() == 0


def test_the_draft_is_a_grid_of_general_cards_that_fits_a_phone(phone: Any, web: ServerProcess) -> None:
    """Finding 2. The 16 candidates (2012 §3.1.3) as small cards, 2-3 a row at 390 px: name, kingdom
    colour, HP, one line of skills, a Pick button; a tap opens the card across the grid with every skill's
    full text."""
    page = phone
    open_seat(page, web, "sgs-3v3-2012", 5, 2, "zh-Hans")
    play_until(page, ("draft",))
    tiles = page.locator("#draft .sg-gtile")
    assert tiles.count() == 16
    boxes = [tiles.nth(i).bounding_box() for i in range(tiles.count())]
    tops = sorted({round(b["y"]) for b in boxes if b})
    per_row = sum(1 for b in boxes if b and round(b["y"]) == tops[0])
    assert 2 <= per_row <= 3, per_row
    assert all(b and b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"] for b in boxes)
    open_tiles = page.locator("#draft .sg-gtile:not(.taken)")
    first = open_tiles.first
    assert first.locator(".sg-kingdom").inner_text() in {"魏", "蜀", "吴", "群"}
    assert first.locator(".sg-hp").inner_text().strip("♥") == "" and first.locator(".sg-hp").inner_text()
    line = first.locator(".sg-gline")
    one_line = line.evaluate(
        "e => e.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(e).lineHeight)"
    )
    assert one_line and line.inner_text()
    # the card's edge is in its kingdom's colour (the kingdom badge's)
    edge, badge = first.evaluate(
        "e => [getComputedStyle(e).borderLeftColor,"
        " getComputedStyle(e.querySelector('.sg-kingdom')).backgroundColor]"
    )
    assert edge == badge, (edge, badge)
    # one Pick button per card left, none outside the cards (no list of full-width buttons)
    picks = page.locator("#decision button.option")
    assert picks.count() == open_tiles.count() == page.locator("#draft .sg-gtile button.sg-gpick").count()
    # a tap opens the card: every skill's text, across the grid
    first.locator("summary").tap()
    full = first.locator(".sg-gfull")
    assert full.is_visible() and len(full.inner_text()) > 20
    opened = first.bounding_box()
    assert opened and opened["width"] > PHONE["width"] * 0.8
    fits(page)
    asked = page.get_attribute("#table", "data-asked")
    first.locator("button.sg-gpick").tap()
    page.wait_for_function(f"document.getElementById('table').dataset.asked !== {asked!r}")
    assert page.locator("#error:not([hidden])").count() == 0


def test_teammates_are_not_marked_in_attack_range(phone: Any, web: ServerProcess) -> None:
    """Finding 3. Attack range marks the enemies one may attack; a teammate's seat shows its distance
    only, not the red "in range" of an enemy (the commander's vanguards sit next to him: distance 1)."""
    page = phone
    open_seat(page, web, "sgs-3v3-2012", 5, 2, "zh-Hans")
    play_until(page, ("play", "respond", "discard"), 150)
    marks = page.evaluate("""() => { const me = document.querySelector('#ring .sg-seat.me');
      const side = ['cold', 'warm'].find(c => me.classList.contains(c));
      return [...document.querySelectorAll('#ring .sg-seat:not(.me)')].map(s => ({
        mate: s.classList.contains(side), text: s.querySelector('.sg-reach')?.textContent || '',
        red: !!s.querySelector('.sg-reach.in-range')})); }""")
    mates = [m for m in marks if m["mate"]]
    assert len(mates) == 2 and all("距离" in m["text"] for m in mates), marks
    assert not [m for m in mates if m["red"] or "攻击范围" in m["text"]], marks
    reach = page.inner_text("#ring .sg-seat.me .sg-reach")
    attack = int(reach.rsplit(" ", 1)[1])
    for m in marks:  # an enemy is marked exactly when its distance is within the attack range
        if not m["mate"]:
            d = int(m["text"].split(" ")[1])
            assert m["red"] == (d <= attack), (m, attack)
    fits(page)
    # a card that may target a teammate (a Slash at a vanguard next to the commander): the teammate's seat
    # lights up as a target in a neutral colour, the enemies' in red
    assert play_until(page, ("play",), 150) == "play"
    shadows = """() => [...document.querySelectorAll('#ring .sg-seat.targetable')].map(s => ({
      mate: s.classList.contains(['cold', 'warm'].find(c => document.querySelector('#ring .sg-seat.me')
        .classList.contains(c))), shadow: getComputedStyle(s).boxShadow}))"""
    lit: list[dict[str, Any]] = []
    for i in range(page.locator("#hand .sg-card.playable").count()):
        page.locator("#hand .sg-card.playable").nth(i).click()
        lit = page.evaluate(shadows)
        if any(x["mate"] for x in lit):
            break
    mates = [x for x in lit if x["mate"]]
    assert mates, lit  # seed 2: the commander's first turn holds a Slash (the vanguards are in range)
    red = "rgb(229, 62, 62)"
    assert not [x for x in mates if red in x["shadow"]], mates
    assert all(red in x["shadow"] for x in lit if not x["mate"]), lit


def test_the_2014_general_piles_are_explained(phone: Any, web: ServerProcess) -> None:
    """Finding 4. 2014 3v3 §二.1.3): "由裁判将32名武将平均分成四份,每份8张扣置于桌面中央,双方主帅从中各
    选取一份。再由裁判将双方所选共16名武将依次翻开…作为本局比赛的参选武将" — the screen says what the piles
    are and what taking one does, beside face-down pile buttons."""
    page = phone
    open_seat(page, web, "sgs-3v3-2014", 5, 3, "zh-Hant")
    play_until(page, ("pick_pile",))
    how = page.locator("#pile-how")
    assert how.is_visible()
    text = how.inner_text()
    for words in ("32名武將", "4份", "8張", "雙方主帥各選一份", "16名武將", "輪流挑選"):
        assert words in text, (words, text)
    piles = page.locator("#decision button.option[data-kind='pile']")
    assert piles.count() in (3, 4)
    labels = piles.all_inner_texts()
    assert all("武將牌堆" in x and "8張" in x and "背面朝上" in x for x in labels), labels
    fits(page)


def test_1v1_face_down_generals_and_the_pick_order(phone: Any, web: ServerProcess) -> None:
    """Finding 5. 2014 1v1 §二.(一).2: 10 candidates, 6 face up and 4 face down (暗将); the pick order
    "主公"1, "内奸"2, "主公"2, "内奸"2, "主公"2, then "主公" gets the last one — printed from this seat's
    side, the step now running marked."""
    page = phone
    open_seat(page, web, "sgs-1v1-2014", 1, 3, "zh-Hans")
    play_until(page, ("draft",))
    backs = page.locator("#draft .sg-gtile.back")
    assert backs.count() == 4
    for i in range(4):
        text = backs.nth(i).inner_text()
        assert "暗置武将" in text and "?" not in text, text
        assert backs.nth(i).locator(".sg-gback").is_visible()
    assert page.locator("#draft .sg-gtile:not(.back):not(.taken)").count() == 6
    lord = page.inner_text("#ring .sg-seat.me .sg-identity") == "主"
    me, them = ("你", "对方") if lord else ("对方", "你")
    steps = page.locator("#draft-order li").all_inner_texts()
    want = [f"{me}选1名", f"{them}选2名", f"{me}选2名", f"{them}选2名", f"{me}选2名", f"{me}获得剩下的1名"]
    assert [s.removeprefix("▶ ") for s in steps] == want, steps
    now = page.inner_text("#draft-order li[aria-current='step']")
    assert now.startswith("▶ 你"), now
    assert page.locator("#draft-order").is_visible()
    fits(page)
    # a face-down general is picked like any other, and shows as one in this seat's picks
    asked = page.get_attribute("#table", "data-asked")
    backs.first.locator("button.sg-gpick").tap()
    page.wait_for_function(f"document.getElementById('table').dataset.asked !== {asked!r}")
    assert "?" not in page.inner_text("#view")
