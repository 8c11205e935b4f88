"""Ticket to Ride in the browser: a whole ``ttr-event`` game against three planner bots, played by clicks —
tickets ticked and kept, cards taken from the face-up row and the blind pile, routes claimed by clicking them
on the map and choosing the cards — to the final scoring table."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.process import ServerProcess

pytestmark = pytest.mark.browser

# a point on a route's clickable line where that line is the topmost element (double routes lie side by side)
POINT = """(el) => {
  el.scrollIntoView({block: "center"});
  const m = el.getScreenCTM();
  const [x1, y1, x2, y2] = ["x1", "y1", "x2", "y2"].map((a) => +el.getAttribute(a));
  for (const f of [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.15, 0.85]) {
    const p = new DOMPoint(x1 + f * (x2 - x1), y1 + f * (y2 - y1)).matrixTransform(m);
    const near = [[0, 0], [1, 1], [-1, -1], [1, -1], [-1, 1]];
    if (near.every(([dx, dy]) => document.elementFromPoint(p.x + dx, p.y + dy) === el)) return [p.x, p.y];
  }
  return null;
}"""


def claim_by_clicks(page: Any) -> str | None:
    """Click a claimable route on the map, then its first payment. Returns the route id."""
    for hit in page.locator("#ttr-map .hit.claimable").all():
        point = hit.evaluate(POINT)
        if point is None:
            continue
        route = hit.get_attribute("data-route")
        page.mouse.click(point[0], point[1])
        page.wait_for_selector(f"#ttr-pay[data-route='{route}'] .ttr-payment")
        page.click(f"#ttr-pay[data-route='{route}'] .ttr-payment")
        return str(route)
    return None


def test_full_ticket_to_ride_game_against_three_bots(page: Any, web: ServerProcess) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and "404" not in m.text else None)
    page.goto(web.url + "/?lang=en")
    page.select_option("#preset", "ttr-event")
    for i in (1, 2, 3):
        page.select_option(f"#seat{i}", "bot:planner")
    page.click("#start")
    page.click(".seat-link[data-seat='0']")
    page.wait_for_selector("#table[data-connected='1']")
    page.wait_for_selector("#ttr-map .city")
    assert page.locator("#ttr-map .city").count() == 36 and page.locator("#ttr-map line.route").count() == 100
    claimed: list[str] = []
    kept = draws = passes = 0
    while True:
        page.wait_for_function("""() => { const t = document.getElementById('table');
            return t.dataset.status === 'finished' || t.dataset.decision !== ''; }""", timeout=60000)
        if page.get_attribute("#table", "data-status") == "finished":
            break
        before = int(page.get_attribute("#table", "data-seq") or 0)
        kind = page.get_attribute("#table", "data-decision")
        if kind == "keep_tickets":
            boxes = page.locator("#ttr-offered .ttr-offer input")
            heading = page.locator("#ttr-offered h4").inner_text()
            want = 2 if heading.startswith("Choose the tickets to keep (2") else 1
            for k in range(want):
                boxes.nth(k).check()
            page.click("#ttr-keep")
            kept += 1
        elif kind == "turn" and page.locator("#ttr-map .hit.claimable").count():
            route = claim_by_clicks(page)
            assert route is not None
            page.wait_for_selector(f"#ttr-map line.owned[data-route='{route}'][data-owner='0']")
            claimed.append(route)
        elif kind in ("turn", "second_card") and page.locator("#ttr-faceup button.ttr-slot:enabled, "
                                                              "#ttr-blind:enabled").count():
            slots = page.locator("#ttr-faceup button.ttr-slot:enabled")
            if draws % 3 == 0 and slots.count():
                slots.first.click()
            else:
                page.click("#ttr-blind:enabled" if page.locator("#ttr-blind:enabled").count()
                           else "#ttr-faceup button.ttr-slot:enabled")
            draws += 1
        else:
            page.click("#decision button.option")  # only a pass is left
            passes += 1
        page.wait_for_function(f"Number(document.getElementById('table').dataset.seq) > {before}")
    print(f"kept tickets {kept} times, drew {draws} cards, claimed {len(claimed)} routes, passed {passes}")
    assert kept >= 1 and len(claimed) >= 3 and draws >= 5
    page.wait_for_selector("#ttr-final .ttr-final")
    assert page.locator("#ttr-final tr[data-seat]").count() == 4
    assert "Game over" in page.inner_text("#result")
    assert page.locator("#ttr-map line.owned[data-owner='0']").count() == len(claimed)
    assert not errors, errors
