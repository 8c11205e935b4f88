"""Monopoly Deal in the browser: a whole game against three heuristic bots by clicks — cards played from the
hand through their option buttons, a payment ticked card by card, a Just Say No answered in the browser —
to the end table with every player's value; then its replay in Chinese.

The table's seed is fixed (bots draw from it and the heuristic bot is deterministic), so with the click
policy below (the first playable card that is not a Just Say No, its first option; Just Say No whenever
offered; pay with the listed cards in order) seed 2 is a game where this seat pays and says no."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

pytestmark = pytest.mark.browser


def my_decision(page: Any) -> str:
    page.wait_for_function("document.getElementById('table').dataset.decision "
                           "|| document.getElementById('table').dataset.status === 'finished'",
                           timeout=60000)
    if page.get_attribute("#table", "data-status") == "finished":
        return ""
    return str(page.get_attribute("#table", "data-decision"))


def test_whole_game_against_three_bots_with_a_payment_and_a_just_say_no(page: Any,
                                                                        web: ServerProcess) -> None:
    seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
    t: dict[str, Any] = web.create("monopoly-deal-event", seats, seed=2)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=en")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    counts = dict.fromkeys(("play", "respond", "pay", "discard", "just_say_no", "end"), 0)
    while kind := my_decision(page):
        before = int(page.get_attribute("#table", "data-seq") or 0)
        counts[kind] += 1
        if kind == "play":
            cards = page.eval_on_selector_all("#md-hand button.md-card",
                                              "els => els.map(e => e.dataset.card)")
            pick = next((c for c in cards if not c.startswith("just-say-no")), None)
            if pick is None:
                page.click("#md-end")
                counts["end"] += 1
            else:
                page.click(f"#md-hand button.md-card[data-card='{pick}']")
                page.locator("#md-options button.md-option").first.click()
        elif kind == "respond":
            assert "plays" in page.inner_text("#md-respond")
            if page.locator("#md-jsn").count():
                page.click("#md-jsn")
                counts["just_say_no"] += 1
            else:
                page.click("#md-accept")
        elif kind == "pay":
            assert page.locator("#md-pay").is_disabled()
            boxes = page.locator("#md-pay-list input.md-pay")
            for i in range(boxes.count()):
                if not page.locator("#md-pay").is_disabled():
                    break
                boxes.nth(i).check()
            assert re.match(r"\d+M / \d+M", page.inner_text("#md-pay-total"))
            page.click("#md-pay")
        else:
            page.locator("#md-discard-choice button.md-card").first.click()
        page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    print(counts)
    assert counts["pay"] >= 1 and counts["just_say_no"] >= 1 and counts["play"] >= 5
    assert "Game over" in page.inner_text("#result")
    values = page.locator("#md-values tr[data-seat]")
    assert values.count() == 4 and all(re.search(r"\d+M", values.nth(i).inner_text()) for i in range(4))
    assert page.locator("#log li[data-kind='just_say_no']").count() >= 1
    assert page.locator("#log li[data-kind='pay']").count() >= 1
    assert page.locator(".md-set.complete").count() >= 3
    # the replay of the finished game, in Chinese, through the same screen (public views: no hand)
    page.goto(f"{web.url}/replay/{t['id']}?lang=zh-Hans")
    page.wait_for_selector("#replay[data-ready='1']")
    page.click("#last")
    page.wait_for_selector("#md-values")
    assert page.locator("#md-values tr[data-seat]").count() == 4
    text = page.inner_text("#view")
    assert "银行" in text and "完整" in text and "Bank" not in text
    assert page.locator("#md-hand").count() == 0
