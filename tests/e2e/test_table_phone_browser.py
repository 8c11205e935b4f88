"""The table page on a phone (390 px, touch), as a new player meets it in a first game (issue 38): the game
starts near the top of the screen under a slim header and a one-line status, and the end box lists each
seat's score on a row of its own, never broken inside a number."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest

from tablesport.server.process import ServerProcess

from .test_goofspiel_browser import bid_once
from .test_players_browser import register

pytestmark = pytest.mark.browser
TABLES = {"blokus-event": ("greedy", 4), "rummikub-2018": ("greedy", 4), "sgs-3v3-2012": ("heuristic", 6)}
BOXES = """sels => sels.map(s => { const r = document.querySelector(s).getBoundingClientRect();
  return {top: r.top, bottom: r.bottom, height: r.height}; })"""


@pytest.fixture
def phone(phones: Callable[..., Any]) -> Any:
    return phones("en")


def test_the_game_starts_within_120_px_of_the_top_of_a_phone(phone: Any, web: ServerProcess) -> None:
    """At 390 px the header, the table's status line (wrapped to three lines with the give-up button) and
    the seats (two or three lines) took 200-300 px before the game. The header is slim, the status one
    line (the title cut short, the rules link short), the seats one line that scrolls sideways: the game
    (the decision, then the view) starts within 120 px of the top, signed in or not, in every language."""
    register(phone, web.url, "phone_player")  # signed in: the header holds the account's links too
    for preset, (bot, n) in TABLES.items():
        t: dict[str, Any] = web.create(preset, [{"kind": "person"}] + [{"kind": "bot", "bot": bot}] * (n - 1))
        for lang in ("zh-Hans", "en"):
            phone.goto(f"{web.url}{t['seats'][0]['url']}?lang={lang}")  # type: ignore[index]
            phone.wait_for_selector("#table[data-connected='1'][data-seq] #give-up")
            # every seat drawn on the strip before it is measured (a loaded CI machine once measured none)
            phone.wait_for_function("n => document.querySelectorAll('#seats > .seat').length === n", arg=n)
            bar, seats, layout = phone.evaluate(BOXES, ["#table .bar", "#seats", "#table .layout"])
            where = f"{preset} in {lang}"
            # a greyed concede says why on a line of its own under the status (the 2012 sheet: only the
            # commander, in his own turn): that line is the rules speaking, not the page's frame
            why = phone.evaluate(
                "document.getElementById('give-up-why')?.getBoundingClientRect().height || 0")
            assert why <= 40, f"{where}: the concede's reason takes {why:.0f} px"
            assert layout["top"] - why <= 120, f"{where}: the game starts {layout['top']:.0f} px down"
            # one line each: the status's items side by side, the seats side by side
            tops = phone.eval_on_selector_all(
                "#table .bar > *, #seats > .seat",
                "es => es.filter(e => e.offsetParent).map(e => [e.parentElement.id || 'bar',"
                " Math.round(e.getBoundingClientRect().top)])",
            )
            for line in ("bar", "seats"):
                rows = {top for parent, top in tops if parent == line}
                assert rows and max(rows) - min(rows) <= 4, f"{where}: the {line} wraps: {rows}"
            assert phone.is_visible("#give-up") and phone.is_visible("#rules-link"), where
            assert phone.evaluate("document.documentElement.scrollWidth") <= 390, where
    # the status keeps the whole title within reach (its tooltip) and the rules link says where it opens
    assert phone.get_attribute("#table .bar .bar-title", "title")
    assert phone.get_attribute("#rules-link", "title") == "Rules (new tab)"
    assert phone.inner_text("#rules-link") == "Rules"


def test_the_end_box_lists_each_seat_s_score_on_a_row_of_its_own(phone: Any, web: ServerProcess) -> None:
    """The end box said "scores 0 : 0 : 1" on one line that wrapped anywhere (inside a number at 390 px).
    Now it says how the game ended, then a row per seat, best place first: the place, the seat and who plays
    it, and its score, which stays on one line beside the seat's name and fits the screen."""
    t: dict[str, Any] = web.create(
        "goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}], seed=7
    )
    phone.goto(f"{web.url}{t['seats'][0]['url']}?lang=zh-Hans")  # type: ignore[index]
    phone.wait_for_selector("#table[data-connected='1'][data-seq]")
    while bid_once(phone):
        pass
    phone.wait_for_selector("#end #end-scores")
    result = httpx.get(f"{web.url}/replay/{t['id']}/frames.json?lang=zh-Hans", timeout=10).json()["result"]
    rows = phone.eval_on_selector_all(
        "#end-scores li",
        """lis => lis.map(li => {
        const score = li.querySelector('.end-score'), who = li.querySelector('.end-who');
        const r = li.getBoundingClientRect(), s = score.getBoundingClientRect();
        const w = who.getBoundingClientRect();
        return {seat: Number(li.dataset.seat), place: li.querySelector('.end-place').textContent,
                who: who.textContent, score: score.textContent, pieces: score.getClientRects().length,
                left: r.left, right: r.right, inside: s.right <= r.right + 1,
                beside: s.left >= w.right - 1 && s.top < w.bottom && s.bottom > w.top};
    })""",
    )
    assert [r["seat"] for r in rows] == sorted((0, 1), key=lambda s: (result["placements"][s], s))
    for r in rows:
        s = r["seat"]
        assert r["score"] == f"{result['scores'][s]:g}" and r["pieces"] == 1, r  # the whole number, unbroken
        assert r["beside"] and r["inside"] and r["left"] >= 0 and r["right"] <= 390, r
        assert r["who"].startswith(f"{s}号位") and r["place"] == f"第{result['placements'][s]}名", r
    assert "（你）" in next(r["who"] for r in rows if r["seat"] == 0)
    said = phone.inner_text("#result")
    assert said.startswith("对局结束") and "得分" not in said  # how it ended; the scores are the rows
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
