"""Pictionary in the browser, on a server whose clock the test moves (ManualClock): nothing times out
unless the test says so, and a 40-minute round passes in an instant.

1. Digital: the picturist draws with the mouse, the guesser's paper shows the strokes (its pixels),
   a typed plural is accepted, the team rolls and its token advances.
2. Facilitator: a whole round at a paper table, timed out on the fake clock, ends with the team further
   along winning, and the result enters the play-off standings.
3. The word never reaches a guesser's or a spectator's socket while it is open (every frame checked).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tablesport.core.records import replay
from tablesport.games import start_for_record
from tablesport.server.live.clock import ManualClock
from tablesport.server.process import ServerThread
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.migrate import upgrade
from tablesport.store.service import EventStore
from tablesport.tournament.digital import duel_entry

pytestmark = pytest.mark.browser

SEED = 5  # team A wins the roll-off 3:2 and the first word (All Play) is a singular noun ("kimono")


@pytest.fixture(scope="module")
def fake(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerThread]:
    """One server on a test clock for the module: each test plays a table of its own (moving the clock
    moves the tables of earlier tests too, which nobody watches any more)."""
    srv = ServerThread(tmp_path_factory.mktemp("pictionary") / "web.sqlite3", bot_delay=0.05,
                       clock=ManualClock()).start()
    try:
        yield srv
    finally:
        srv.stop()


def sock(srv: ServerThread, table: str, token: str | None) -> ClientConnection:
    q = f"?token={token}" if token else ""
    # no limit on the frames waiting to be read: a phone the test never reads still takes the server's
    # closing frame at once (with the default limit its reader stops and each close waits out 10 s)
    return connect(f"ws://127.0.0.1:{srv.port}/ws/{table}{q}", max_size=2**22, max_queue=None)


def frames(ws: ClientConnection, wait: float = 0.2) -> list[dict[str, Any]]:
    out = []
    while True:
        try:
            out.append(json.loads(ws.recv(timeout=wait)))
        except TimeoutError:
            return out


def send(ws: ClientConnection, action: Any) -> None:
    """Answer as a seat: the step number it last saw (a fresh hello) and the action."""
    seq = frames(ws, 0.3)
    last = [f for f in seq if f.get("type") in ("hello", "step")]
    ws.send(json.dumps({"type": "act", "seq": last[-1]["seq"] if last else 10**6, "action": action}))


def strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def open_seat(page: Any, srv: ServerThread, url: str, lang: str = "en") -> None:
    page.goto(srv.url + url + f"?lang={lang}")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")


def ink(page: Any, team: str) -> int:
    """How many pixels of team's paper are not white."""
    return int(page.evaluate("""(team) => {
        const c = document.querySelector(`canvas.pc-paper[data-team='${team}']`);
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] < 200 || d[i + 1] < 200 || d[i + 2] < 200) n++;
        return n;
    }""", team))


def test_digital_draw_with_the_mouse_guess_a_plural_roll_and_advance(browser: Any,
                                                                      fake: ServerThread) -> None:
    t = fake.create("pictionary-event", [{"kind": "person"}] * 6, seed=SEED)
    seats = t["seats"]  # type: ignore[index]
    others = {k: sock(fake, str(t["id"]), seats[k]["token"]) for k in (2, 3, 4, 5)}  # the other players, idle
    pages = []
    try:
        pic = browser.new_context(locale="en-US").new_page()
        guess = browser.new_context(locale="en-US").new_page()
        pages = [pic, guess]
        open_seat(pic, fake, seats[0]["url"])
        open_seat(guess, fake, seats[1]["url"])
        pic.wait_for_selector("button.pc-act[data-act='roll']").click()
        pic.wait_for_function("!document.querySelector(\"#pc-controls button[data-act='roll']\")")
        send(others[3], "roll")  # team B's first player rolls: 3 against 2, team A picks the first card
        pic.wait_for_selector("button.pc-act[data-act='ready']").click()
        send(others[3], "ready")  # team B's picturist is ready too (the first word is All Play)
        pic.wait_for_selector("#pc[data-phase='draw'] canvas.pc-paper.live[data-team='A']")
        word = pic.inner_text("#pc-answer")
        assert word == "kimono"
        assert guess.locator("#pc-answer").count() == 0  # the guesser is not shown the word
        # the picturist draws with the mouse
        box = pic.locator("canvas.pc-paper[data-team='A']").bounding_box()
        assert box is not None
        x0, y0 = box["x"] + 40, box["y"] + 40
        # the paper is on the first screen (1280 x 720): both strokes below start on it, no scrolling
        assert y0 + 150 < pic.viewport_size["height"]
        pic.mouse.move(x0, y0)
        pic.mouse.down()
        for i in range(1, 30):
            pic.mouse.move(x0 + 8 * i, y0 + 5 * i)
        pic.mouse.up()
        pic.mouse.move(x0, y0 + 120)
        pic.mouse.down()
        pic.mouse.move(x0 + 200, y0 + 120, steps=10)
        pic.mouse.up()
        guess.wait_for_function("Number(document.querySelector(\"canvas.pc-paper[data-team='A']\")"
                                ".dataset.ops) >= 2")
        assert ink(guess, "A") > 500  # the strokes are on the guesser's paper
        assert guess.locator("canvas.pc-paper[data-team='B']").count() == 0  # not the other team's paper
        # a typed plural is accepted
        guess.fill("#pc-guess-input", "Kimonos")
        guess.press("#pc-guess-input", "Enter")
        pic.wait_for_selector("button.pc-act[data-act='roll']")
        assert guess.inner_text("#pc-last-answer") == "kimono"
        assert "correct" in guess.inner_text("#pc-guesses")
        # the team rolls and advances
        pic.click("button.pc-act[data-act='roll']")
        pic.wait_for_function("Number(document.getElementById('pc-board').dataset.a) > 0")
        square = int(pic.get_attribute("#pc-board", "data-a") or 0)
        assert pic.locator(f".pc-square[data-square='{square}'] .pc-token[data-team='A']").count() == 1
        assert (guess.locator("#error:not([hidden])").count() == 0
                and pic.locator("#error:not([hidden])").count() == 0)
    finally:
        for p in pages:
            p.context.close()
        for ws in others.values():
            ws.close()


def test_facilitator_round_times_out_and_the_further_team_wins_the_standings(browser: Any, fake: ServerThread,
                                                                             tmp_path: Path) -> None:
    t = fake.create("pictionary-table", [{"kind": "person"}] * 7, seed=11)
    seats = t["seats"]  # type: ignore[index]
    phones = [sock(fake, str(t["id"]), seats[k]["token"]) for k in range(1, 7)]  # the players' phones
    page = browser.new_context(locale="en-US").new_page()
    try:
        open_seat(page, fake, seats[0]["url"])
        page.wait_for_selector("#pc-clock")
        assert page.locator("#pc-answer").count() == 0  # never the word on the shared screen

        def press(act: str) -> None:
            """Click a button of the current question and wait for the table's answer (the step moves on)."""
            seq = page.get_attribute("#table", "data-seq")
            page.locator(f"button.pc-act[data-act='{act}']").click()
            page.wait_for_function(f"document.getElementById('table').dataset.seq !== '{seq}'")

        press("die-5")  # team A rolls a physical 5
        press("die-2")  # team B rolls 2: A picks the first card
        press("ready")  # the first word: All Play, both picturists draw
        press("guessed-A")
        press("die-4")  # A advances to square 4
        page.wait_for_function("document.getElementById('pc-board').dataset.a === '4'")
        press("ready")
        fake.advance(61)  # the minute runs out: not guessed, B's turn
        page.wait_for_function("document.getElementById('pc-turn').dataset.team === 'B'")
        press("change")  # B's picturist changes the card once
        press("ready")
        press("guessed-B")
        press("roll")  # the app rolls for B
        page.wait_for_function("Number(document.getElementById('pc-board').dataset.b) > 0")
        assert page.get_attribute("#pc-board", "data-b") == "3"  # seed 11: the app rolls 3 for B
        fake.advance(2400)  # the round clock runs out (40 minutes in all)
        page.wait_for_selector("#pc-result:not([hidden])")
        winner = "A"  # 4 squares against 3: the team further along wins
        assert page.get_attribute("#pc-result", "data-winner") == winner
        assert "time up" in page.inner_text("#pc-result")
        # the finished round's result goes to the play-off standings
        lines = httpx.get(fake.url + f"/api/v1/tables/{t['id']}/record.jsonl", timeout=10).text.splitlines()
        rep = replay(lines, start_for_record)
        res = rep.state.result()
        assert res is not None and res.reason == "time_up" and res.winner_side == winner
        engine = make_engine(f"sqlite:///{tmp_path / 'event.sqlite3'}")
        upgrade(engine)
        with make_sessionmaker(engine)() as session:
            store = EventStore(session)
            teams = [{"id": f"T{i}", "members": [f"T{i}.{k}" for k in "abc"]} for i in range(1, 5)]
            store.create_event({"event": "day", "competitions": [{"key": "pic", "preset": "pictionary-event",
                                                                   "entrants": teams}]}, "org")
            comp = store.competition("day", "pic")
            fx = store.next_round(comp, "org")[0]
            a, b_team = fx.entrants
            store.enter_result(comp, fx.key, duel_entry(res, {"A": a, "B": b_team}), "table page",
                               source="referee")
            rows = {r["entrant"]: r["points"] for r in store.standings(comp)}
            assert rows[a if winner == "A" else b_team] == 5 and rows[b_team if winner == "A" else a] == 3
    finally:
        page.context.close()
        for ws in phones:
            ws.close()


def test_the_word_never_reaches_a_guessers_or_a_spectators_socket(browser: Any, fake: ServerThread) -> None:
    t = fake.create("pictionary-event", [{"kind": "person"}] * 6, seed=SEED)
    seats = t["seats"]  # type: ignore[index]
    tid = str(t["id"])
    received: dict[str, list[str]] = {"guesser": [], "other_team": [], "spectator": []}
    ctxs = []
    try:
        pages = {}
        for role in ("picturist", "guesser", "other_team", "spectator"):
            ctx = browser.new_context(locale="en-US")
            ctxs.append(ctx)
            pg = ctx.new_page()
            if role in received:
                pg.on("websocket", lambda ws, role=role: ws.on(
                    "framereceived", lambda payload, role=role: received[role].append(payload)))
            pages[role] = pg
        idle = {k: sock(fake, tid, seats[k]["token"]) for k in (2, 3, 5)}
        for role, pg in pages.items():
            url = {"picturist": seats[0]["url"], "guesser": seats[1]["url"], "other_team": seats[4]["url"],
                   "spectator": f"/watch/{tid}"}[role]
            open_seat(pg, fake, url)
        pic = pages["picturist"]
        pic.wait_for_selector("button.pc-act[data-act='roll']").click()
        pic.wait_for_function("!document.querySelector(\"#pc-controls button[data-act='roll']\")")
        send(idle[3], "roll")
        # a changed-away word stays secret too
        pic.wait_for_selector("button.pc-act[data-act='change']").click()
        first = "kimono"
        pic.wait_for_selector("#pc-answer")
        pic.wait_for_function("document.getElementById('pc-answer').textContent !== 'kimono'")
        word = pic.inner_text("#pc-answer")
        pic.click("button.pc-act[data-act='ready']")
        send(idle[3], "ready")
        pic.wait_for_selector("#pc[data-phase='draw']")
        box = pic.locator("canvas.pc-paper[data-team='A']").bounding_box()
        assert box is not None
        pic.mouse.move(box["x"] + 30, box["y"] + 30)
        pic.mouse.down()
        pic.mouse.move(box["x"] + 200, box["y"] + 150, steps=15)
        pic.mouse.up()
        g = pages["guesser"]
        g.fill("#pc-guess-input", "umbrella hat")
        g.press("#pc-guess-input", "Enter")
        g.wait_for_selector("#pc-guesses li")
        pages["spectator"].wait_for_function(
            "document.querySelector(\"canvas.pc-paper[data-team='A']\")?.dataset.ops >= 1")
        n_open = {role: len(frames_) for role, frames_ in received.items()}
        # the minute runs out: now the word is shown to everyone
        fake.advance(61)
        for role in received:
            pages[role].wait_for_selector("#pc-last-answer")
            assert pages[role].inner_text("#pc-last-answer") == word
        for role, frames_ in received.items():
            assert len(frames_) >= 3, role
            for raw in frames_[:n_open[role]]:
                found = set(strings(json.loads(raw)))
                assert word not in found and first not in found, (role, raw[:300])
            closing = [set(strings(json.loads(raw))) for raw in frames_[n_open[role]:]]
            assert any(word in s for s in closing), role  # the check can see the word once it is public
            assert not any(first in s for s in closing)  # the changed-away word is never shown
        # a team's guesses are not sent to the other team while the word is open
        for raw in received["other_team"][:n_open["other_team"]]:
            assert "umbrella hat" not in set(strings(json.loads(raw)))
        assert any("umbrella hat" in set(strings(json.loads(raw))) for raw in received["guesser"])
        for ws in idle.values():
            ws.close()
    finally:
        for ctx in ctxs:
            ctx.close()


def test_the_facilitators_phone_has_the_countdown_and_the_buttons_on_screen(browser: Any, fake: ServerThread
                                                                             ) -> None:
    """Issue 41.5 and 41.10 on a 390 × 844 phone, by touch: during the minute the countdown and the rulings
    are on screen without scrolling (the board below them); after an All Play foul (seed 000 Pictionary §2,
    §3) the page says the team is out and the minute runs on."""
    t = fake.create("pictionary-table", [{"kind": "person"}] * 7, seed=11)
    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    page = ctx.new_page()
    try:
        open_seat(page, fake, t["seats"][0]["url"])  # type: ignore[index]
        page.wait_for_selector("#pc-clock")  # the facilitator alone starts the paper table

        def press(act: str) -> None:
            seq = page.get_attribute("#table", "data-seq")
            page.locator(f"button.pc-act[data-act='{act}']").tap()
            page.wait_for_function(f"document.getElementById('table').dataset.seq !== '{seq}'")

        for act in ("die-5", "die-2", "ready"):
            press(act)
        page.evaluate("window.scrollTo(0, 0)")
        for sel in ("#pc-timer", "button[data-act='guessed-A']", "button[data-act='pass']"):
            box = page.locator(sel).bounding_box()
            assert box is not None and box["y"] + box["height"] <= 844, (sel, box)
        assert page.locator("#pc-timer").bounding_box()["y"] < page.locator("#pc-board").bounding_box()["y"]
        fouls = page.locator("button.pc-act[data-act^='foul-']")  # both teams' fouls, on the first screen too
        assert fouls.count() == 6
        for i in range(fouls.count()):
            box = fouls.nth(i).bounding_box()
            assert box is not None and box["y"] + box["height"] <= 844, (fouls.nth(i).inner_text(), box)
        press("foul-B-talking")
        assert page.get_attribute("#pc-out", "data-out") == "B"
        assert "out of this word" in page.inner_text("#pc-out")
        assert page.locator("button[data-act='guessed-B']").count() == 0
    finally:
        ctx.close()


def test_the_facilitator_takes_back_a_ruling_pressed_by_mistake(browser: Any, fake: ServerThread) -> None:
    """Issue 41.7, seed 000 Pictionary §2 at a paper table: "Guessed: team B" pressed instead of team A is
    taken back from the facilitator's phone; the minute's buttons come back and team B has not moved."""
    t = fake.create("pictionary-table", [{"kind": "person"}] * 7, seed=11)
    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    page = ctx.new_page()
    page.on("dialog", lambda d: d.accept())
    try:
        open_seat(page, fake, t["seats"][0]["url"])  # type: ignore[index]
        page.wait_for_selector("#pc-clock")

        def press(sel: str) -> None:
            seq = page.get_attribute("#table", "data-seq")
            page.locator(sel).tap()
            page.wait_for_function(f"document.getElementById('table').dataset.seq !== '{seq}'")

        for act in ("die-5", "die-2", "ready", "guessed-B"):
            press(f"button.pc-act[data-act='{act}']")
        assert page.locator("button[data-act='guessed-A']").count() == 0
        press("#pc-take-back")
        page.wait_for_selector("button[data-act='guessed-A']")
        assert page.locator("#pc-take-back").count() == 0
        press("button.pc-act[data-act='guessed-A']")
        assert page.locator("#pc-take-back").count() == 1
    finally:
        ctx.close()


def test_a_whole_paper_round_from_one_phone_opened_from_a_fixture(browser: Any, tmp_path: Path) -> None:
    """Issue 41.9, seed 000 Pictionary §2, §4: a referee on a 390 × 844 phone (touch) opens the fixture's
    paper table, runs the whole round from that phone (the table calls the teams by their entrants), the
    round clock runs out (the server's test clock) and the result enters the fixture: more squares wins."""
    from tablesport.store import accounts

    db = tmp_path / "fixture.sqlite3"
    engine = make_engine(f"sqlite:///{db}")
    upgrade(engine)
    with make_sessionmaker(engine)() as s:
        accounts.create_user(s, "ann", "referee", "a long enough password", "desk")
        st = EventStore(s)
        teams = [{"id": f"T{i}", "members": [f"T{i}a", f"T{i}b", f"T{i}c"]} for i in range(1, 5)]
        ev = st.create_event({"event": "Paper day", "competitions": [
            {"key": "pic", "preset": "pictionary-event", "entrants": teams}]}, "desk")
        comp = st.competition("Paper day", "pic")
        st.next_round(comp, "desk")
        accounts.assign_referee(s, "ann", ev.id)
        key, (a, b) = next((f.key, list(f.entrants)) for f in st.fixtures(comp))
        event_id = ev.id
        s.commit()
    srv = ServerThread(db, clock=ManualClock()).start()
    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    page = ctx.new_page()
    try:
        page.goto(srv.url + "/login")
        page.fill("#name", "ann")
        page.fill("#password", "a long enough password")
        page.tap("#sign-in")
        page.wait_for_selector("#signed-in-as")
        page.goto(f"{srv.url}/referee/events/{event_id}/pic/fixtures/{key}")
        page.select_option("#table-form", "paper")
        page.tap("#go-live")
        page.locator("a.seat-link").first.tap()  # the facilitator's page, on the same phone
        page.wait_for_selector("#table[data-connected='1'][data-seq]")
        page.wait_for_selector("#pc-clock")

        def press(act: str) -> None:
            seq = page.get_attribute("#table", "data-seq")
            page.locator(f"button.pc-act[data-act='{act}']").tap()
            page.wait_for_function(f"document.getElementById('table').dataset.seq !== '{seq}'")

        press("die-2")  # the first entrant rolls 2, the second 5: the second picks the first card
        press("die-5")
        assert b in page.inner_text("#pc-turn") and "Team B" not in page.inner_text("#pc-turn")
        press("ready")
        assert f"({b})" in page.inner_text("#pc-controls")  # "Guessed: team B (T…)"
        press("guessed-B")
        press("die-4")
        page.wait_for_function("document.getElementById('pc-board').dataset.b === '4'")
        srv.advance(2400)  # the round clock runs out: 4 squares against 0
        page.wait_for_selector("#pc-result:not([hidden])")
        assert page.get_attribute("#pc-result", "data-winner") == "B"
        for _ in range(100):  # the finished table's result enters the fixture
            with make_sessionmaker(engine)() as s:
                st = EventStore(s)
                fx = next(f for f in st.fixtures(st.competition("Paper day", "pic")) if f.key == key)
                res = st.result_of(fx)
                if res is not None:
                    break
            page.wait_for_timeout(100)
        assert res is not None and res.data["winner"] == b and res.data["squares"] == {a: 0, b: 4}
    finally:
        ctx.close()
        srv.stop()


def test_the_facilitator_pauses_the_round_and_no_clock_runs_before_the_start(browser: Any,
                                                                               fake: ServerThread) -> None:
    """Issue 41.8, seed 000 Pictionary §2 (one minute to draw), §4 (40 minutes a round) at a lobby paper
    table: the round clock does not run before the facilitator opens the table; the facilitator's Pause
    stops the minute and the round clock, Resume gives them back."""
    t = fake.create("pictionary-table", [{"kind": "person"}] * 7, seed=11)
    fake.advance(3000)  # nobody has opened the table yet: no clock runs
    ctx = browser.new_context(locale="en-US", viewport={"width": 390, "height": 844}, has_touch=True,
                              is_mobile=True)
    page = ctx.new_page()
    try:
        open_seat(page, fake, t["seats"][0]["url"])  # type: ignore[index]
        page.wait_for_selector("#pc-clock")
        assert page.inner_text("#pc-clock").endswith("40:00")
        ta = page.locator(".pc-square[data-square='0'] .pc-token[data-team='A']").bounding_box()
        tb = page.locator(".pc-square[data-square='0'] .pc-token[data-team='B']").bounding_box()
        assert ta is not None and tb is not None and ta["x"] + ta["width"] <= tb["x"], (ta, tb)  # 41.10

        def press(sel: str) -> None:
            seq = page.get_attribute("#table", "data-seq")
            page.locator(sel).tap()
            page.wait_for_function(f"document.getElementById('table').dataset.seq !== '{seq}'")

        for act in ("die-5", "die-2", "ready"):
            press(f"button.pc-act[data-act='{act}']")
        phone = sock(fake, str(t["id"]), t["seats"][1]["token"])  # type: ignore[index]
        try:  # a player's phone does not pause the table
            frames(phone)
            phone.send(json.dumps({"type": "pause"}))
            assert any(f.get("code") == "not_runner" for f in frames(phone, 1.0))
        finally:
            phone.close()
        page.locator("#pc-pause").tap()
        page.wait_for_selector("#pc-pause[data-paused='1']")
        assert "facilitator paused" in page.inner_text("#paused")
        fake.advance(3000)  # paused: the minute and the round clock stand still
        page.wait_for_timeout(300)
        assert page.locator("#pc[data-phase='draw']").count() == 1
        assert page.locator("#pc-result:not([hidden])").count() == 0
        page.locator("#pc-pause").tap()
        page.wait_for_selector("#pc-pause[data-paused='']")
        fake.advance(61)  # resumed: the minute runs out, team B's turn
        page.wait_for_function("document.getElementById('pc-turn').dataset.team === 'B'")
        assert page.locator("#pc-result:not([hidden])").count() == 0
    finally:
        ctx.close()


def test_the_watching_team_is_not_told_it_is_its_turn(browser: Any, fake: ServerThread) -> None:
    """Issue 38.9, seed 000 Pictionary §2: while one team draws the other watches (it may report a foul);
    its page says so instead of "Your turn: draw and guess"."""
    t = fake.create("pictionary-event", [{"kind": "person"}] * 6, seed=SEED)
    seats = t["seats"]  # type: ignore[index]
    socks = {k: sock(fake, str(t["id"]), seats[k]["token"]) for k in range(6)}
    latest: dict[int, dict[str, Any]] = {}

    def look(k: int) -> dict[str, Any]:
        for f in frames(socks[k], 0.3):
            if f.get("type") in ("hello", "step"):
                latest[k] = f
        return latest[k]

    def act_as(k: int, action: Any) -> None:
        socks[k].send(json.dumps({"type": "act", "seq": look(k)["seq"], "action": action}))

    def answer(action: Any) -> None:  # the first seat asked answers
        act_as(next(k for k in range(6) if (look(k).get("decision") or {}).get("mine")), action)

    page = browser.new_context(locale="en-US").new_page()
    try:
        for _ in range(12):  # roll off, then words guessed at once until one only team A or B draws
            f = look(0)
            d, view = f.get("decision") or {}, f.get("view") or {}
            w = view.get("word") or {}
            if view.get("phase") == "draw" and len(w.get("teams", [])) == 1:
                break
            kind = d.get("kind")
            if kind in ("roll_off", "roll"):
                answer("roll")
            elif kind == "peek":
                answer("ready")
            elif kind == "draw":
                pic = next(k for k in range(6) if look(k).get("view", {}).get("word", {}).get("answer"))
                team = look(pic)["view"]["you"]["team"]
                mate = next(k for k in range(6) if k != pic and look(k)["view"]["you"]["team"] == team)
                act_as(mate, ["guess", look(pic)["view"]["word"]["answer"]])
        drawing = look(0)["view"]["word"]["teams"][0]
        watcher = next(k for k in range(6) if look(k)["view"]["you"]["team"] != drawing)
        open_seat(page, fake, seats[watcher]["url"])
        text = page.inner_text("#decision")
        assert "Your turn" not in text and f"Team {drawing} is drawing" in text, text
    finally:
        page.context.close()
        for ws in socks.values():
            ws.close()
