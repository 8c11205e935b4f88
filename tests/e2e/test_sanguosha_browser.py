"""Sanguosha 3v3 in the browser: the commander's draft (piles, picks, fielding), then turns with
cards and targets and at least one response prompt, all through clicks (five random bots)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

pytestmark = pytest.mark.browser


def test_sanguosha_3v3_draft_and_turns_with_a_response_prompt(page: Any, web: ServerProcess) -> None:
    t: dict[str, Any] = web.create("sgs-3v3-2012", [{"kind": "person"}] + [{"kind": "bot"}] * 5, seed=2)
    page.goto(web.url + str(t["seats"][0]["url"]) + "?lang=zh-Hans")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    seen: dict[str, int] = {}
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        page.wait_for_function("document.getElementById('table').dataset.decision "
                               "|| document.getElementById('table').dataset.status === 'finished'",
                               timeout=30000)
        if page.get_attribute("#table", "data-status") == "finished":
            break
        # one read of the decision and the step it was asked at: the page may redraw between two reads
        kind, asked = page.evaluate("[document.getElementById('table').dataset.decision, "
                                    "document.getElementById('table').dataset.asked]")
        if not kind:
            continue
        seen[kind] = seen.get(kind, 0) + 1
        if kind == "draft":
            assert page.locator("#draft .sg-gtile button.sg-gpick").count() >= 1
            page.locator("#draft button.option").first.click()
        elif kind == "field":
            for role in range(3):
                select = page.locator(f"#field select[data-role='{role}']")
                values = select.locator("option").evaluate_all("os => os.map(o => o.value).filter(Boolean)")
                page.locator(f"#field select[data-role='{role}']").select_option(values[role])
            assert page.locator("#field-send").is_enabled()
            page.click("#field-send")
        elif kind == "play":
            assert page.locator("#ring .sg-seat").count() == 6
            playable = page.locator("#hand .sg-card.playable")
            if seen[kind] % 3 == 1 and playable.count():
                playable.first.click()
                page.locator("#targets button.option").first.click()
            else:
                page.locator("#decision button.option[data-kind='end']").click()
        elif kind == "respond":
            assert page.locator("#respond").is_visible()
            page.locator("#decision button.option").last.click()  # "pass" is listed last
        else:
            page.locator("#decision button.option").first.click()
        # answered: this question is gone (a bot answering a simultaneous question also moves the step count)
        page.wait_for_function(f"document.getElementById('table').dataset.asked !== {asked!r}")
        if seen.get("respond") and seen.get("play", 0) >= 3:
            break
    assert seen.get("draft", 0) >= 2 and seen.get("field") == 1, seen
    assert seen.get("respond", 0) >= 1 and seen.get("play", 0) >= 2, seen
    assert page.locator("#error:not([hidden])").count() == 0
    # the seats' panels: generals with HP, identity cards, your hand in Chinese names
    assert page.locator("#ring .sg-seat .sg-hp").count() == 6
    assert page.locator("#ring .sg-identity").count() == 6
