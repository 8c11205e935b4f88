"""A phone's width (390 px, touch) in 简体 (issue 38 item 12): no page reachable from the lobby, and no
table's first screen of any preset, is wider than the screen; Sanguosha's card-help line does not stick over
the hand and the seats (only a text the player asked for does, with a close button)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

from .conftest import bots_game

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
def phone(phones: Callable[..., Any]) -> Any:
    return phones("zh-Hans")


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


def test_a_3v3_replay_and_its_log_fit_a_phone(phone: Any, web: ServerProcess) -> None:
    """Issue 38 item 12 at 390 px: the 3v3 replay's seats overlapped (its view never took the narrow
    layout) and reached past the screen; log lines past step 99 were clipped. Six bots play a game out;
    its replay at step 60 and its log (the watch page) are measured."""
    tid = bots_game(web, "sgs-3v3-2012", "heuristic", 6, seed=3)
    phone.goto(f"{web.url}/replay/{tid}?lang=zh-Hans")
    phone.wait_for_selector("#replay[data-ready='1']")
    phone.evaluate("const s = document.getElementById('slider'); s.value = Math.min(60, s.max);"
                   " s.dispatchEvent(new Event('input'))")
    phone.wait_for_selector(".sg-seat")
    seats = phone.eval_on_selector_all(".sg-seat", "es => es.map(e => { const r = e.getBoundingClientRect();"
                                       " return [r.left, r.top, r.right, r.bottom]; })")
    assert len(seats) == 6
    for i, a in enumerate(seats):
        assert a[0] >= 0 and a[2] <= 390, f"seat box {i} reaches past the screen: {a}"
        for b in seats[i + 1:]:
            assert not (a[0] < b[2] - 1 and b[0] < a[2] - 1 and a[1] < b[3] - 1 and b[1] < a[3] - 1), (a, b)
    phone.goto(f"{web.url}/watch/{tid}?lang=zh-Hans")
    phone.wait_for_selector("#log li[data-step='100']")
    clipped = phone.evaluate("""() => { const log = document.getElementById('log').getBoundingClientRect();
      const late = [...document.querySelectorAll('#log li')].filter(li => Number(li.dataset.step) > 99);
      return late.filter(li => {
        const r = document.createRange(); r.setStart(li.firstChild, 0); r.setEnd(li.firstChild, 5);
        const c = r.getBoundingClientRect(); return c.left < log.left || c.right > log.right; }).length; }""")
    assert clipped == 0
