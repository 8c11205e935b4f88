"""A phone's width (390 px, touch) in 简体 (issue 38 item 12): no page reachable from the lobby, and no
table's first screen of any preset, is wider than the screen; Sanguosha's card-help line does not stick over
the hand and the seats (only a text the player asked for does, with a close button)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

pytestmark = pytest.mark.browser
PRESETS = {
    "sgs-3v3-2012": ("heuristic", 6),
    "sgs-1v1-2014": ("heuristic", 2),
    "rummikub-2018": ("greedy", 4),
    "blokus-event": ("greedy", 4),
    "ttr-event": ("planner", 4),
    "monopoly-deal-event": ("heuristic", 4),
}
PAGES = ["/", "/quickplay", "/stats", "/rules", "/leaderboard/sgs-1v1-2014", "/rules/sgs-3v3-2012"]


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="zh-CN"
    )
    pg = ctx.new_page()
    pg.set_default_timeout(30000)
    try:
        yield pg
    finally:
        ctx.close()


def test_no_page_is_wider_than_a_phone(phone: Any, web: ServerProcess) -> None:
    paths = list(PAGES)
    for preset, (bot, n) in PRESETS.items():
        t: dict[str, Any] = web.create(preset, [{"kind": "person"}] + [{"kind": "bot", "bot": bot}] * (n - 1))
        paths.append(str(t["seats"][0]["url"]))  # type: ignore[index]
    for path in paths:
        phone.goto(web.url + path + "?lang=zh-Hans")
        if path.startswith("/play/"):
            phone.wait_for_selector("#table[data-connected='1'][data-seq]")
            phone.wait_for_timeout(300)
        width = phone.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path}: {width} px wide at 390"
        if path == paths[len(PAGES)]:  # the 3v3 table: the help line is not stuck over the table
            phone.wait_for_selector("#sg-info")
            assert phone.eval_on_selector("#sg-info", "e => getComputedStyle(e).position") != "sticky"
