"""Monopoly Deal at a phone's width (390×844, by touch), issue 38: the player's hand is in view when the
turn starts (above the four players' tables, its first row on the screen without scrolling) and a card
tapped shows its options in view; money is "3M" in English and 百万 / 百萬 in the Chinese pages (no Latin
"M" in the table, its cards' labels or the log); the end table of a finished game fits the phone."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

from .conftest import PHONE_H as H
from .conftest import PHONE_W as W
from .conftest import bots_game

pytestmark = pytest.mark.browser
UNIT = {"zh-Hans": "百万", "zh-Hant": "百萬"}
LATIN_MONEY = re.compile(r"\d\s*M\b")
# the page's words and the labels of its cards (aria-label, title)
TEXT = """() => {
  const words = ['#decision', '#view', '#log'].map((s) => document.querySelector(s).innerText);
  const labelled = document.querySelectorAll('#view [aria-label], #view [title], #decision [aria-label], '
    + '#decision [title]');
  return [...words, ...[...labelled].flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('title')])]
    .filter(Boolean).join('\\n');
}"""



def my_turn(page: Any, web: ServerProcess, lang: str, seed: int = 2) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    t: dict[str, Any] = web.create("monopoly-deal-event", seats, seed=seed)
    page.goto(f"{web.url}{t['seats'][0]['url']}?lang={lang}")
    page.wait_for_selector("#table[data-connected='1'][data-decision='play']", timeout=60000)
    page.wait_for_selector("#md-hand button.md-card")


def rect(page: Any, selector: str) -> list[float]:
    return list(
        page.eval_on_selector(
            selector,
            "e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }",
        )
    )


def fits(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= W, f"the page is {width} px wide at {W}"


@pytest.mark.parametrize("lang", ["en", "zh-Hans", "zh-Hant"])
def test_the_hand_is_in_view_when_the_turn_starts(phones: Any, web: ServerProcess, lang: str) -> None:
    page = phones(lang)
    my_turn(page, web, lang)
    assert page.evaluate("window.scrollY") == 0
    fits(page)
    cards = page.eval_on_selector_all(
        "#md-hand .md-card",
        "cs => cs.map((c) => { const r = c.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })",
    )
    first_row = [c for c in cards if abs(c[1] - cards[0][1]) < 1]
    assert len(first_row) >= 4, first_row
    for c in first_row:
        assert c[0] >= 0 and c[2] <= W and c[3] <= H + 0.5, (
            f"a card of the hand's first row is out of view: {c}"
        )
    # the hand comes before the players' tables (which grow with their cards)
    assert rect(page, "#md-hand")[1] < rect(page, ".md-player")[1]
    # a card tapped: its options are in view (under the prompt, above the hand)
    page.locator("#md-hand button.md-card.playable").first.tap()
    page.wait_for_selector("#md-options button.md-option")
    r = rect(page, "#md-options button.md-option")
    assert r[1] >= 0 and r[3] <= H + 0.5, r


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant", "en"])
def test_money_is_in_the_pages_words(phones: Any, web: ServerProcess, lang: str) -> None:
    page = phones(lang)
    my_turn(page, web, lang)
    # a money card banked: the bank's value shows in the player's table
    money = page.locator("#md-hand button.md-card.md-money")
    if money.count():
        before = int(page.get_attribute("#table", "data-seq") or 0)
        money.first.tap()
        page.locator("#md-options button.md-option[data-verb='bank']").tap()
        page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
        page.wait_for_selector("#md-hand")
    text = page.evaluate(TEXT)
    if lang == "en":
        assert LATIN_MONEY.search(text), text
        return
    assert not LATIN_MONEY.search(text), LATIN_MONEY.findall(text)
    assert UNIT[lang] in page.inner_text("#md-hand") and UNIT[lang] in page.inner_text(".md-player.me")


def test_the_end_table_fits_a_phone(phones: Any, web: ServerProcess) -> None:
    """Four bots play a game out; its replay's last step at 390 px in 繁體: every player's value in 百萬."""
    tid = bots_game(web, "monopoly-deal-event", "heuristic", 4, seed=5, timeout=180)
    page = phones("zh-Hant")
    page.goto(f"{web.url}/replay/{tid}?lang=zh-Hant")
    page.wait_for_selector("#replay[data-ready='1']")
    page.click("#last")
    page.wait_for_selector("#md-values tr[data-seat]")
    fits(page)
    assert rect(page, "#md-values")[2] <= W
    values = page.locator("#md-values tr[data-seat]")
    assert values.count() == 4
    assert all(re.search(r"\d+百萬", values.nth(i).inner_text()) for i in range(4))
    assert not LATIN_MONEY.search(page.inner_text("#view"))
