"""Guided first games and rules pages in the browser at a phone's width (390×844): /learn/<game> opens a
table against bots whose hint panel explains the current decision in English and, after the language switch,
in 简体; a move changes the hint; the panel hides and shows again; the table links its rules in a new tab.
Each page passes axe-core (no serious or critical violation) and fits the window (check_page)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

from .test_blokus_browser import place_by_clicks
from .test_screens_browser import answer_first, check_page

pytestmark = pytest.mark.browser

CJK = re.compile(r"[\u4e00-\u9fff]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
HINT_LOG = """() => {
  const box = document.getElementById('hint');
  window.__hints = [box.dataset.kind + '|' + box.innerText];
  new MutationObserver(() => window.__hints.push(box.dataset.kind + '|' + box.innerText))
    .observe(box, {childList: true, subtree: true, characterData: true, attributes: true});
}"""


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, reduced_motion="reduce")
    page = ctx.new_page()
    page.set_default_timeout(30000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        yield page
    finally:
        ctx.close()
        assert not errors, errors


def my_hint(page: Any) -> tuple[str, str]:
    """Wait for a decision of this seat and its hint; return (kind, the hint's text)."""
    page.wait_for_function("document.getElementById('table').dataset.decision !== ''"
                           " && document.getElementById('hint').dataset.kind"
                           " === document.getElementById('table').dataset.decision")
    return page.get_attribute("#hint", "data-kind"), page.inner_text("#hint")


def move(page: Any, game: str, kind: str) -> None:
    """One answer of this seat through the game's screen (a Rummikub deal whose rack holds three identical
    pairs asks for a reshuffle first, seed 002: that decision has option buttons, a turn has the rack's)."""
    if game == "blokus":
        place_by_clicks(page)
    elif game == "rummikub" and kind == "turn":
        page.click("#rk-draw")
    else:
        answer_first(page, kind)


@pytest.mark.parametrize("game", ["blokus", "rummikub", "sanguosha"])
def test_a_guided_game_explains_each_decision_in_english_and_chinese(game: str, phone: Any,
                                                                     web: ServerProcess) -> None:
    page = phone
    page.goto(f"{web.url}/learn/{game}?lang=en")
    check_page(page, f"learn-{game}", "phone")
    page.click("#learn-start")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    assert page.get_attribute("#table", "data-guided") == "1"
    kind, text = my_hint(page)
    assert not CJK.search(text) and len(text) > 40, text
    check_page(page, f"learn-{game}-table", "phone")

    page.click("nav.langs a[data-lang='zh-Hans']")  # the same seat, now in 简体
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    kind, text = my_hint(page)
    assert page.inner_text("#hint-title") == "提示"
    assert CJK.search(text) and not LATIN_WORD.search(text), text
    assert page.get_attribute("#rules-link", "target") == "_blank"
    check_page(page, f"learn-{game}-table-zh", "phone")

    page.evaluate(HINT_LOG)
    for _ in range(12):  # answer until the hint says something else (a draft may ask the same thing twice)
        asked = page.get_attribute("#table", "data-asked")
        move(page, game, kind)
        page.wait_for_function(f"document.getElementById('table').dataset.asked !== {asked!r}")
        changed = page.evaluate("window.__hints.some(h => h !== window.__hints[0])")
        if changed:
            break
        kind, text = my_hint(page)
    else:
        raise AssertionError(f"the hint never changed: {page.evaluate('window.__hints')}")
    new_kind, new_text = my_hint(page)
    assert CJK.search(new_text) and not LATIN_WORD.search(new_text)

    page.click("#hint-toggle")  # hidden, remembered, shown again
    assert page.is_hidden("#hint") and page.inner_text("#hint-toggle") == "显示提示"
    page.reload()
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    assert page.is_hidden("#hint")
    page.click("#hint-toggle")
    assert page.is_visible("#hint")


def test_the_rules_pages_fit_a_phone_and_pass_axe(phone: Any, web: ServerProcess) -> None:
    page = phone
    page.goto(f"{web.url}/rules?lang=zh-Hant")
    check_page(page, "rules-index", "phone")
    page.click("a[data-preset='sgs-3v3-2012']")
    page.wait_for_selector("#rules[data-preset='sgs-3v3-2012']")
    assert page.locator("#timers tr[data-param]").count() >= 10
    check_page(page, "rules-sgs-3v3-2012", "phone")
    page.goto(f"{web.url}/?lang=en")
    page.click("#games a[data-preset='ttr-event']")
    page.wait_for_selector("#rules[data-preset='ttr-event']")
    assert "last round starts at 3 trains" in page.inner_text("#rules-competition")
