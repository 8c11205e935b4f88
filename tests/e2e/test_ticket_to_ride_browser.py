"""Ticket to Ride in the browser: a whole ``ttr-event`` game against three planner bots, played by clicks —
tickets ticked and kept, cards taken from the face-up row and the blind pile, routes claimed by clicking them
on the map and choosing the cards — to the final scoring table; and a game of four bots followed live by a
spectator (the map fills, no hand or ticket reaches the page) and stepped through on the replay page to the
final table with the longest path drawn."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
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
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
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


# the WebSocket events that carry a seat's own cards or tickets (sent to that seat only)
PRIVATE_EVENTS = {"my_card", "my_tickets", "offered_tickets"}
TICKET_ID = re.compile(r'"t[0-3][0-9]"')


def owned(page: Any) -> int:
    return int(page.locator("#ttr-map line.owned").count())


def check_longest_drawn(page: Any, view: dict[str, Any]) -> None:
    """The map outlines the routes of every holder's longest path, and only those."""
    holders = [p for p in view["players"] if p["has_longest"]]
    assert holders and view["longest"] > 0
    on = page.locator("#ttr-map line.longest-path.on")
    drawn = sorted((int(str(n.get_attribute("data-seat"))), int(str(n.get_attribute("data-route"))))
                   for n in on.all())
    assert drawn == sorted((p["seat"], r) for p in holders for r in p["longest_routes"])
    assert f"Longest path ({view['longest']})" in page.inner_text("#ttr-longest")


def test_spectator_follows_a_bot_game_live_and_the_replay_steps_to_the_longest_path(
        page: Any, browser: Any, web: ServerProcess) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    t: dict[str, Any] = web.create("ttr-event", [{"kind": "bot", "bot": "planner"}] * 4, seed=5)
    tid = str(t["id"])
    page.goto(f"{web.url}/watch/{tid}?lang=en")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    page.wait_for_selector("#ttr-map .city")
    assert page.get_attribute("#table", "data-status") == "running", "the game ended before the page opened"
    assert "Spectating" in page.inner_text("#who")
    # live: routes appear on the spectator's map while the bots play
    seen = owned(page)
    page.wait_for_function(f"document.querySelectorAll('#ttr-map line.owned').length > {seen}")
    assert page.locator("#ttr-map line.route").count() == 100
    # nothing of any seat's own: no hand, tickets, ticket choice, ticket cities ringed, options
    for private in ("#ttr-hand", "#ttr-my-tickets", "#ttr-offered", "#ttr-map .goal-ring",
                    "#ttr-map .offer-ring", "#ttr-pay", "#decision button"):
        assert page.locator(private).count() == 0, private
    page.wait_for_selector("#table[data-status='finished']", timeout=60000)
    page.wait_for_selector("#ttr-final .ttr-final")
    final_view = httpx.get(f"{web.url}/api/v1/tables/{tid}", timeout=10).json()["view"]
    check_longest_drawn(page, final_view)  # the spectator's map at the end shows the longest path too

    # the spectator's socket: public views only, and no card or ticket until the game is over
    parsed = [json.loads(f) for f in frames]
    running = [(f, raw) for f, raw in zip(parsed, frames, strict=True) if f.get("status") == "running"]
    assert len(running) >= 5 and any(f.get("status") == "finished" for f in parsed)
    for f, raw in running:
        assert f["seat"] is None and "hand" not in f["view"] and "tickets" not in f["view"]
        assert "offered" not in f["view"]
        assert not f["decision"] or "options" not in f["decision"], f["decision"]
        assert not {e["kind"] for e in f["events"]} & PRIVATE_EVENTS
        assert not TICKET_ID.search(raw), TICKET_ID.search(raw)
    assert all("hand" not in f.get("view", {}) for f in parsed)

    # the replay: the first step, a middle step and the last (the final table and the longest path drawn)
    data = httpx.get(f"{web.url}/replay/{tid}/frames.json?lang=en", timeout=10).json()
    steps = data["frames"]
    page.goto(f"{web.url}/replay/{tid}?lang=en")
    page.wait_for_selector("#replay[data-ready='1']")
    assert page.inner_text("#stepmax") == str(len(steps) - 1)
    assert page.locator("#ttr-map .city").count() == 36 and owned(page) == 0
    assert page.locator("#ttr-final").count() == 0 and page.locator("#ttr-hand").count() == 0
    mid = next(i for i, f in enumerate(steps) if len(f["view"]["claimed"]) >= 5)
    page.eval_on_selector("#slider", "(s, v) => { s.value = v; s.dispatchEvent(new Event('input')); }", mid)
    page.wait_for_selector(f"#replay[data-step='{mid}']")
    assert owned(page) == len(steps[mid]["view"]["claimed"]) >= 5
    assert page.locator("#ttr-final").count() == 0 and page.inner_text("#result") == ""
    check_longest_drawn(page, steps[mid]["view"])
    page.click("#last")
    page.wait_for_selector(f"#replay[data-step='{len(steps) - 1}']")
    last = steps[-1]["view"]
    assert last["phase"] == "over" and owned(page) == len(last["claimed"]) == len(final_view["claimed"])
    assert page.locator("#ttr-final tr[data-seat]").count() == 4 and page.inner_text("#result") != ""
    check_longest_drawn(page, last)
    assert page.locator("#ttr-hand").count() == 0

    # any player's longest path: focusing its length shows it, Enter keeps it, Enter again shows the holders
    other = next((p for p in last["players"] if not p["has_longest"] and p["longest_routes"]), None)
    assert other is not None, "every player holds the longest path in this game"
    button = page.locator(f".ttr-path-btn[data-seat='{other['seat']}']")
    button.focus()
    shown = page.locator("#ttr-map line.longest-path.on")
    routes = sorted(int(str(n.get_attribute("data-route"))) for n in shown.all())
    assert routes == sorted(other["longest_routes"])
    assert f"Seat {other['seat']}'s longest path ({other['longest']})" in page.inner_text("#ttr-longest")
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-pressed") == "true"
    page.locator("#first").focus()  # the focus leaves: the pressed player's path stays
    assert shown.count() == len(other["longest_routes"])
    button.focus()
    page.keyboard.press("Enter")
    assert button.get_attribute("aria-pressed") == "false"
    page.locator("#first").focus()
    check_longest_drawn(page, last)
    assert not errors, errors
