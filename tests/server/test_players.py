"""Players (issue: the web app, a player's experience): self-registration, seats bound to signed-in players,
ratings with OpenSkill after rated games, profiles and leaderboards, quick play, and chat at a table and in
the lobby (limits, escaping, mute, report, spectators apart from players during a game)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from tablesport.server.app import create_app
from tablesport.server.routes import chat
from tablesport.server.web import auth
from tablesport.store import account_sessions, accounts, players
from tablesport.store.players import ChatReport, PlayerRating, PlayerSeat, RatedTable, RatingChange

PASSWORD = "a long enough password"


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as c:
        yield c


def csrf_of(c: TestClient, path: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', c.get(path).text)
    assert found is not None, path
    return found.group(1)


def register(c: TestClient, name: str, password: str = PASSWORD, password2: str | None = None) -> Any:
    return c.post("/register", data={"name": name, "password": password,
                                     "password2": password if password2 is None else password2,
                                     "csrf": csrf_of(c, "/register")}, follow_redirects=False)


def session_cookie(c: TestClient, name: str, role: str = "player") -> str:
    """A signed session cookie for a new account ``name``."""
    sessions = c.app.state.sessions  # type: ignore[attr-defined]
    with sessions() as s:
        user = accounts.create_user(s, name, role, PASSWORD, by="test")
        token = account_sessions.start(s, user.id)
        s.commit()
        return f"{auth.SESSION_COOKIE}={token}"


def until(ws: Any, pred: Any, limit: int = 500) -> dict[str, Any]:
    for _ in range(limit):
        f: dict[str, Any] = ws.receive_json()
        if pred(f):
            return f
    raise AssertionError("expected frame never came")


def create(c: TestClient, preset: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = c.post("/api/v1/tables", json={"preset": preset, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def play_goofspiel(sockets: list[Any]) -> dict[str, Any]:
    """Both seats bid their highest card until the game is over; the last frame."""
    acted = [-1, -1]
    last: dict[str, Any] = {}
    frames = [until(ws, lambda f: f["type"] in ("hello", "presence") and f["status"] == "running")
              for ws in sockets]
    while True:
        for i, ws in enumerate(sockets):
            f = frames[i]
            while f["decision"] is not None and not (f["decision"]["mine"]
                                                     and f["decision"]["asked"] != acted[i]):
                f = until(ws, lambda g: g["type"] in ("step", "presence"))
            frames[i] = last = f
            if f["decision"] is None:
                return last
            acted[i] = f["decision"]["asked"]
            best = max(f["decision"]["options"])
            ws.send_text(json.dumps({"type": "act", "seq": f["seq"], "action": best}))
            frames[i] = until(ws, lambda g: g["type"] == "step")


def wait_for(pred: Any, seconds: float = 5.0) -> Any:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        got = pred()
        if got:
            return got
        time.sleep(0.02)
    raise AssertionError("condition never held")


# ---- registration ---------------------------------------------------------------------------------------
def test_a_player_registers_and_is_signed_in(web: TestClient) -> None:
    assert web.get("/register").status_code == 200
    assert "/register" in web.get("/login").text
    r = register(web, "mei")
    assert r.status_code == 303 and r.headers["location"] == "/players/mei"
    assert auth.SESSION_COOKIE in r.cookies or auth.SESSION_COOKIE in web.cookies
    page = web.get("/players/mei")
    assert page.status_code == 200 and 'id="signed-in-as"' in page.text
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        user = accounts.find_user(s, "mei")
        assert user is not None and user.role == "player" and user.created_by == "self-registration"
    # a player is not an organiser
    assert web.get("/organiser", follow_redirects=False).status_code == 403


@pytest.mark.parametrize(("name", "password", "password2", "why"), [
    ("mei", PASSWORD, "something else entirely", "differ"),
    ("mei", "short", "short", "at least 10"),
    ("<b>x", PASSWORD, PASSWORD, "printable"),
    ("", PASSWORD, PASSWORD, "printable"),
    ("a/b", PASSWORD, PASSWORD, "none of"),
    ("why?", PASSWORD, PASSWORD, "none of"),
])
def test_a_refused_registration_says_why_and_stores_nothing(web: TestClient, name: str, password: str,
                                                            password2: str, why: str) -> None:
    r = register(web, name, password, password2)
    assert r.status_code == 400 and why in r.text
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        assert accounts.users(s) == []


def test_a_taken_name_is_refused(web: TestClient) -> None:
    assert register(web, "mei").status_code == 303
    web.cookies.clear()
    r = register(web, "mei")
    assert r.status_code == 400 and "taken" in r.text


def test_registration_needs_the_form_token_and_is_rate_limited(web: TestClient) -> None:
    r = web.post("/register", data={"name": "x1", "password": PASSWORD, "password2": PASSWORD},
                 follow_redirects=False)
    assert r.status_code == 403
    r = web.post("/register", data={"name": "x1", "password": PASSWORD, "password2": PASSWORD, "csrf": "bad"},
                 follow_redirects=False)
    assert r.status_code == 403
    from tablesport.server.routes.player_pages import REGISTER_PER_ADDRESS

    for i in range(REGISTER_PER_ADDRESS):
        web.cookies.clear()
        assert register(web, f"p{i}", "short", "short").status_code == 400
    web.cookies.clear()
    r = register(web, "late")
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 0
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        assert accounts.find_user(s, "late") is None


# ---- seats, ratings, profiles ----------------------------------------------------------------------------
def test_a_rated_game_updates_both_ratings_profiles_and_the_leaderboard(web: TestClient) -> None:
    ann, bo = session_cookie(web, "ann"), session_cookie(web, "bo")
    t = create(web, "goofspiel-2p", [{"kind": "person"}, {"kind": "person"}])  # the server's seed
    tid, tok = t["id"], [s["token"] for s in t["seats"]]
    with web.websocket_connect(f"/ws/{tid}?token={tok[0]}", headers={"cookie": ann}) as w0, \
            web.websocket_connect(f"/ws/{tid}?token={tok[1]}", headers={"cookie": bo}) as w1:
        last = play_goofspiel([w0, w1])
    assert last["status"] == "finished"
    placements = last["result"]["placements"]
    sessions = web.app.state.sessions  # type: ignore[attr-defined]

    def rated() -> bool:
        with sessions() as s:
            return s.get(RatedTable, tid) is not None

    wait_for(rated)
    with sessions() as s:
        assert s.get(RatedTable, tid).rated  # type: ignore[union-attr]
        bound = players.seated_accounts(s, tid)
        assert [bound[0][1], bound[1][1]] == ["ann", "bo"]
        rows = {r.user_id: r for r in s.scalars(select(PlayerRating))}
        changes = {c.user_id: c for c in s.scalars(select(RatingChange).where(RatingChange.table_id == tid))}
    assert len(rows) == 2 and all(r.games == 1 and r.preset == "goofspiel-2p" for r in rows.values())
    ann_id, bo_id = bound[0][0], bound[1][0]
    assert changes[ann_id].place == placements[0] and changes[bo_id].place == placements[1]
    if placements[0] != placements[1]:
        winner, loser = (ann_id, bo_id) if placements[0] < placements[1] else (bo_id, ann_id)
        assert rows[winner].mu > 25 > rows[loser].mu
    assert all(r.sigma < 25 / 3 for r in rows.values())
    # the same table is never rated twice
    from tablesport.server.live import ratings

    with sessions() as s:
        assert not ratings.rate(s, tid, "goofspiel", "goofspiel-2p", ["person", "person"], last["result"])
    profile = web.get("/api/v1/players/ann").json()
    assert profile["ratings"][0]["games"] == 1 and profile["tables"][0]["replay"] == f"/replay/{tid}"
    assert profile["tables"][0]["rating"]["rated"] is True
    page = web.get("/players/ann?lang=zh-Hans").text
    assert f'href="/replay/{tid}"' in page and "计分" in page
    board = web.get("/api/v1/leaderboards/goofspiel-2p").json()
    assert [r["name"] for r in board["rows"]] == sorted(["ann", "bo"], key=lambda n: -next(
        r["rating"] for r in board["rows"] if r["name"] == n))
    html = web.get("/leaderboard/goofspiel-2p?lang=zh-Hant").text
    assert "排行榜" in html and 'data-player="ann"' in html
    assert web.get("/leaderboard/no-such-preset").status_code == 404
    assert web.get("/api/v1/leaderboards/no-such-preset").status_code == 404


def test_a_game_with_a_bot_or_an_anonymous_seat_is_not_rated(web: TestClient) -> None:
    ann = session_cookie(web, "ann")
    t = create(web, "goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}], seed=2)
    url = f"/ws/{t['id']}?token={t['seats'][0]['token']}"
    with web.websocket_connect(url, headers={"cookie": ann}) as ws:
        f = until(ws, lambda f: f["type"] == "hello")
        acted = -1
        while f["decision"] is not None:
            d = f["decision"]
            if d["mine"] and d["asked"] != acted:
                acted = d["asked"]
                ws.send_text(json.dumps({"type": "act", "seq": f["seq"], "action": max(d["options"])}))
            f = until(ws, lambda g: g["type"] == "step")
    sessions = web.app.state.sessions  # type: ignore[attr-defined]

    def looked_at() -> RatedTable | None:
        with sessions() as s:
            return s.get(RatedTable, t["id"])

    row = wait_for(looked_at)
    assert not row.rated and row.reason == "bot"
    with sessions() as s:
        assert s.scalars(select(PlayerRating)).all() == []
    profile = web.get("/players/ann?lang=en").text
    assert "Unrated (a bot played)" in profile


def test_rating_rules_teams_free_for_all_and_refusals(web: TestClient) -> None:
    """Team games rate side against side; games without sides rate every seat by its place."""
    from tablesport.server.live import ratings

    sessions = web.app.state.sessions  # type: ignore[attr-defined]
    for i in range(6):
        session_cookie(web, f"u{i}")
    t6 = create(web, "sgs-3v3-2011", [{"kind": "person"}] * 6)["id"]
    t4 = create(web, "blokus-event", [{"kind": "person"}] * 4)["id"]
    with sessions() as s:
        ids = [accounts.find_user(s, f"u{i}").id for i in range(6)]  # type: ignore[union-attr]
        for seat in range(6):
            players.bind_seat(s, t6, seat, ids[seat])
        for seat in range(4):
            players.bind_seat(s, t4, seat, ids[seat])
        assert not players.bind_seat(s, t4, 0, ids[5])  # a bound seat stays its player's
        s.commit()
    team = {"placements": [1, 2, 1, 2, 1, 2], "sides": {
        "cold": {"seats": [0, 2, 4], "placement": 1}, "warm": {"seats": [1, 3, 5], "placement": 2}}}
    ffa = {"placements": [3, 1, 2, 2], "sides": {}}
    with sessions() as s:
        assert ratings.rate(s, t6, "sanguosha", "sgs-3v3-2011", ["person"] * 6, team)
        assert ratings.rate(s, t4, "blokus", "blokus-event", ["person"] * 4, ffa)
        s.commit()
        by_preset = select(PlayerRating).where(PlayerRating.preset == "sgs-3v3-2011")
        sgs = {r.user_id: r for r in s.scalars(by_preset)}
        by_preset = select(PlayerRating).where(PlayerRating.preset == "blokus-event")
        blk = {r.user_id: r for r in s.scalars(by_preset)}
    cold, warm = [sgs[ids[i]] for i in (0, 2, 4)], [sgs[ids[i]] for i in (1, 3, 5)]
    assert all(r.mu > 25 for r in cold) and all(r.mu < 25 for r in warm)
    assert len({round(r.mu, 9) for r in cold}) == 1  # one team, one outcome, same start: the same change
    assert blk[ids[1]].mu > blk[ids[2]].mu > blk[ids[0]].mu
    assert blk[ids[2]].mu == pytest.approx(blk[ids[3]].mu)
    assert ratings.unrated_reason(["person", "person"], {0: (1, "a")}, {"placements": [1, 2]}) \
        == "anonymous"
    assert ratings.unrated_reason(["person", "person"], {0: (1, "a"), 1: (1, "a")}, {"placements": [1, 2]}) \
        == "same_account"
    assert ratings.unrated_reason(["person", "bot"], {}, {"placements": [1, 2]}) == "bot"
    both = {0: (1, "a"), 1: (2, "b")}
    assert ratings.unrated_reason(["person", "person"], both, {"placements": [1, 2]}) == ""
    assert ratings.unrated_reason(["person", "person"], both, {"placements": [1, 2]}, seed_chosen=True) \
        == "seed_chosen"  # its creator could know every hidden card


def test_a_players_own_profile_links_back_to_their_live_seat(web: TestClient) -> None:
    ann = session_cookie(web, "ann")
    t = create(web, "goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=1)
    link = f"/play/{t['id']}/{t['seats'][1]['token']}"
    with web.websocket_connect(f"/ws/{t['id']}?token={t['seats'][1]['token']}",
                               headers={"cookie": ann}) as ws:
        until(ws, lambda f: f["type"] == "hello")
    web.cookies.set(auth.SESSION_COOKIE, ann.split("=", 1)[1])
    own = web.get("/players/ann").text
    assert f'href="{link}"' in own
    web.cookies.clear()
    public = web.get("/players/ann").text  # others never see a seat link
    assert t["seats"][1]["token"] not in public and t["id"] in public
    assert web.get("/players/nobody").status_code == 404
    assert web.get("/api/v1/players/nobody").status_code == 404


# ---- quick play -----------------------------------------------------------------------------------------
def test_quick_play_seats_two_people_together(web: TestClient) -> None:
    a = web.post("/api/v1/quickplay", json={"preset": "goofspiel-2p", "bot": "random", "wait": 60})
    assert a.status_code == 201 and a.json()["status"] == "waiting" and a.json()["waiting"] == 1
    b = web.post("/api/v1/quickplay", json={"preset": "goofspiel-2p", "wait": 60})
    assert b.status_code == 201 and b.json()["status"] == "seated"
    a2 = web.get(f"/api/v1/quickplay/{a.json()['ticket']}").json()
    assert a2["status"] == "seated" and a2["table"] == b.json()["table"]
    assert {a2["seat"], b.json()["seat"]} == {0, 1}
    table = web.app.state.room.tables[a2["table"]]  # type: ignore[attr-defined]
    assert [p.kind for p in table.seats] == ["person", "person"] and all(p.claimed for p in table.seats)
    with web.websocket_connect(a2["ws"]) as ws:
        assert until(ws, lambda f: f["type"] == "hello")["seat"] == a2["seat"]


def test_quick_play_fills_with_the_chosen_bot_after_the_wait(web: TestClient) -> None:
    a = web.post("/api/v1/quickplay", json={"preset": "goofspiel-3p", "bot": "random", "wait": 0.3}).json()
    assert a["status"] == "waiting" and 0 <= a["fill_in"] <= 0.3
    got = wait_for(lambda: (r := web.get(f"/api/v1/quickplay/{a['ticket']}").json())["status"] == "seated"
                   and r)
    hall = web.app.state.room  # type: ignore[attr-defined]
    table = hall.tables[got["table"]]
    assert sorted(p.label for p in table.seats) == ["bot:random", "bot:random", "person"]
    assert table.seats[got["seat"]].kind == "person"
    # leaving: a waiting ticket leaves, a seated one stays seated
    c = web.post("/api/v1/quickplay", json={"preset": "goofspiel-2p", "wait": 100}).json()
    assert web.delete(f"/api/v1/quickplay/{c['ticket']}").json()["status"] == "left"
    d = web.post("/api/v1/quickplay", json={"preset": "goofspiel-2p", "wait": 100}).json()
    assert d["status"] == "waiting"  # not seated with the ticket that left
    assert web.delete(f"/api/v1/quickplay/{got['ticket']}").json()["status"] == "seated"


@pytest.mark.parametrize(("body", "field"), [
    ({"preset": "no-such", "wait": 1}, "preset"),
    ({"preset": "goofspiel-2p", "bot": "nosuchbot", "wait": 1}, "bot"),
    ({"preset": "goofspiel-2p", "wait": 601}, "wait"),
    ({"preset": "goofspiel-2p", "wait": -1}, "wait"),
    ({"preset": "goofspiel-2p", "wait": "10"}, "wait"),
    ({"preset": "goofspiel-2p", "extra": 1}, "extra"),
])
def test_quick_play_refuses_bad_input_with_a_clear_error(web: TestClient, body: dict[str, Any],
                                                         field: str) -> None:
    r = web.post("/api/v1/quickplay", json=body)
    assert r.status_code in (400, 422), r.text
    err = r.json()
    assert err["message"] and field in json.dumps(err)
    qp = getattr(web.app.state, "quickplay", None)
    assert qp is None or not qp.tickets
    assert web.get("/api/v1/quickplay/nosuchticket").status_code == 404
    assert web.delete("/api/v1/quickplay/nosuchticket").status_code == 404


# ---- chat -----------------------------------------------------------------------------------------------
def chat_frames(ws: Any, n: int) -> list[dict[str, Any]]:
    return [until(ws, lambda f: f["type"] == "chat") for _ in range(n)]


def test_table_chat_players_to_all_spectators_only_to_spectators(web: TestClient) -> None:
    ann = session_cookie(web, "ann")
    t = create(web, "goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=4)
    tid, tok = t["id"], [s["token"] for s in t["seats"]]
    with web.websocket_connect(f"/ws/{tid}?token={tok[0]}", headers={"cookie": ann}) as p0, \
            web.websocket_connect(f"/ws/{tid}?token={tok[1]}") as p1, \
            web.websocket_connect(f"/ws/{tid}") as spec:
        for ws in (p0, p1, spec):
            assert until(ws, lambda f: f["type"] == "chat_history")["messages"] == []
        for ws in (p0, p1, spec):  # who plays which seat: ann took seat 0
            assert until(ws, lambda f: f["type"] == "chat_seats")["names"] == {"0": "ann"}
        spec.send_text(json.dumps({"type": "chat", "text": "seat 0 holds the 13!"}))
        heard = until(spec, lambda f: f["type"] == "chat")["message"]
        assert heard["channel"] == "spectators" and heard["seat"] is None
        p0.send_text(json.dumps({"type": "chat", "text": "  good   luck\u0007 <script>x</script> "}))
        for ws in (p1, spec, p0):
            m = until(ws, lambda f: f["type"] == "chat")["message"]
            assert m["text"] == "good luck <script>x</script>" and m["author"] == "ann" and m["seat"] == 0
        # the players never got the spectator's line: p1's next chat frame is the player's
        p1.send_text(json.dumps({"type": "ping"}))
        assert until(p1, lambda f: f["type"] == "pong")
        p1.send_text(json.dumps({"type": "chat", "text": "gl"}))
        got = until(p1, lambda f: f["type"] == "chat")["message"]
        assert got["text"] == "gl" and got["author"] is None and got["seat"] == 1
        # a player who reconnects gets the history without the spectators' channel (the seat is played from
        # the newest connection: the older one is told so)
        with web.websocket_connect(f"/ws/{tid}?token={tok[1]}") as again:
            hist = until(again, lambda f: f["type"] == "chat_history")["messages"]
            assert [m["text"] for m in hist] == ["good luck <script>x</script>", "gl"]
        assert until(p1, lambda f: f["type"] == "error")["code"] == "seat_elsewhere"
        with web.websocket_connect(f"/ws/{tid}") as late_spec:
            hist = until(late_spec, lambda f: f["type"] == "chat_history")["messages"]
            assert len(hist) == 3
        # the game's own messages still work beside the chat; once it is over, players see both channels
        with web.websocket_connect(f"/ws/{tid}?token={tok[1]}") as p1_back:
            last = play_goofspiel([p0, p1_back])
            assert last["status"] == "finished"
            hist = until(p1_back, lambda f: f["type"] == "chat_history")["messages"]
            assert [m["channel"] for m in hist] == ["spectators", "players", "players"]


def test_chat_limits_mute_and_report(web: TestClient) -> None:
    t = create(web, "goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=4)
    tid, tok = t["id"], [s["token"] for s in t["seats"]]
    with web.websocket_connect(f"/ws/{tid}?token={tok[0]}") as p0, \
            web.websocket_connect(f"/ws/{tid}?token={tok[1]}") as p1:
        p0.send_text(json.dumps({"type": "chat", "text": "x" * (chat.CHAT_MAX + 1)}))
        err = until(p0, lambda f: f["type"] == "error")
        assert err["code"] == "chat_too_long" and str(chat.CHAT_MAX) in err["allowed"]
        p0.send_text(json.dumps({"type": "chat", "text": "y" * 5000}))  # a long frame: not scanned, refused
        assert until(p0, lambda f: f["type"] == "error")["code"] == "chat_too_long"
        p0.send_text(json.dumps({"type": "chat", "text": " \n\t "}))
        assert until(p0, lambda f: f["type"] == "error")["code"] == "chat_empty"
        # p1 mutes seat 0: p0's next lines never reach p1
        p1.send_text(json.dumps({"type": "mute", "from": "s:0"}))
        assert until(p1, lambda f: f["type"] == "chat_muted")["muted"] == ["s:0"]
        p0.send_text(json.dumps({"type": "chat", "text": "you cannot hear me"}))
        spoken = until(p0, lambda f: f["type"] == "chat")["message"]
        p1.send_text(json.dumps({"type": "chat", "text": "quiet here"}))
        assert until(p1, lambda f: f["type"] == "chat")["message"]["text"] == "quiet here"
        # a report is stored for the organisers
        p1.send_text(json.dumps({"type": "report", "id": spoken["id"], "reason": "rude <b>"}))
        assert until(p1, lambda f: f["type"] == "chat_reported")["id"] == spoken["id"]
        p1.send_text(json.dumps({"type": "report", "id": 999, "reason": ""}))
        assert until(p1, lambda f: f["type"] == "error")["code"] == "chat_no_message"
        # more than RATE messages in the window: refused with the wait
        for i in range(chat.RATE):
            p0.send_text(json.dumps({"type": "chat", "text": f"line {i}"}))
        err = until(p0, lambda f: f["type"] == "error")
        assert err["code"] == "chat_rate" and err["retry_after"] >= 1
    with web.app.state.sessions() as s:  # type: ignore[attr-defined]
        rows = s.scalars(select(ChatReport)).all()
    assert [(r.room, r.author, r.text, r.reporter, r.reason) for r in rows] == [
        (f"table:{tid}", "seat 0", "you cannot hear me", "seat 1", "rude <b>")]


def test_lobby_chat_and_the_organisers_report_page(web: TestClient) -> None:
    olga, mei = session_cookie(web, "olga", "organiser"), session_cookie(web, "mei")
    with web.websocket_connect("/ws/lobby", headers={"cookie": mei}) as a, \
            web.websocket_connect("/ws/lobby") as b:
        for ws in (a, b):
            assert until(ws, lambda f: f["type"] == "chat_history")["messages"] == []
        a.send_text(json.dumps({"type": "chat", "text": "<img src=x onerror=alert(1)> anyone for blokus?"}))
        m = until(b, lambda f: f["type"] == "chat")["message"]
        assert m["author"] == "mei" and m["channel"] == "lobby"
        b.send_text(json.dumps({"type": "report", "id": m["id"], "reason": "spam"}))
        until(b, lambda f: f["type"] == "chat_reported")
        b.send_text(json.dumps({"type": "act", "seq": 0, "action": 1}))
        assert until(b, lambda f: f["type"] == "error")["code"] == "malformed"
    assert web.get("/organiser/chat-reports", follow_redirects=False).status_code == 401
    web.cookies.set(auth.SESSION_COOKIE, mei.split("=", 1)[1])
    assert web.get("/organiser/chat-reports", follow_redirects=False).status_code == 403
    web.cookies.set(auth.SESSION_COOKIE, olga.split("=", 1)[1])
    page = web.get("/organiser/chat-reports?lang=zh-Hans")
    assert page.status_code == 200 and "被举报的聊天消息" in page.text
    assert "<img src=x" not in page.text and "&lt;img src=x onerror=alert(1)&gt;" in page.text
    lobby = web.get("/?lang=en").text
    assert 'id="chat"' in lobby and "/static/chat.js" in lobby and 'href="/quickplay"' in lobby


def test_pages_in_three_languages(web: TestClient) -> None:
    for lang, words in (("en", ("Quick play", "Create an account", "Leaderboard")),
                        ("zh-Hans", ("快速开始", "注册", "排行榜")),
                        ("zh-Hant", ("快速開始", "註冊", "排行榜"))):
        assert words[0] in web.get(f"/quickplay?lang={lang}").text
        assert words[1] in web.get(f"/register?lang={lang}").text
        assert words[2] in web.get(f"/leaderboard?lang={lang}").text


def test_the_players_migration_matches_the_models(tmp_path: Path) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from tablesport.store.db import Base, make_engine
    from tablesport.store.migrate import upgrade

    engine = upgrade(make_engine(f"sqlite:///{tmp_path / 'm.sqlite3'}"))
    with engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    assert [d for d in diffs if "players_" in repr(d)] == []
    engine.dispose()
    assert PlayerSeat.__tablename__ == "players_seats"


def test_the_catalogue_defines_each_key_once() -> None:
    """YAML keeps the last of two equal keys silently: a second definition would hide the first."""
    import collections

    from tablesport.server.content import i18n

    text = (Path(i18n.__file__).parent / "catalogue.yaml").read_text(encoding="utf-8")
    keys = [re.match(r"^(.+?):\s", line).group(1)  # type: ignore[union-attr]
            for line in text.splitlines() if line and not line.startswith(("#", " "))]
    assert [k for k, n in collections.Counter(keys).items() if n > 1] == []


def test_quick_play_drops_a_ticket_nobody_asks_about_and_fills_on_time(tmp_path: Path) -> None:
    from tablesport.server.live.clock import ManualClock
    from tablesport.server.live.quickplay import STALE

    clock = ManualClock()
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0, clock=clock)
    with TestClient(app) as c:
        gone = c.post("/api/v1/quickplay", json={"preset": "goofspiel-3p", "wait": 100}).json()
        c.portal.call(clock.advance, STALE + 1)  # type: ignore[union-attr]
        assert c.get(f"/api/v1/quickplay/{gone['ticket']}").json()["status"] == "left"
        body = {"preset": "goofspiel-3p", "bot": "random", "wait": 50}
        kept = c.post("/api/v1/quickplay", json=body).json()
        for _ in range(4):  # asked about every 12 s: it stays in the queue past STALE
            c.portal.call(clock.advance, 12)  # type: ignore[union-attr]
            assert c.get(f"/api/v1/quickplay/{kept['ticket']}").json()["status"] == "waiting"
        c.portal.call(clock.advance, 3)  # type: ignore[union-attr]
        url = f"/api/v1/quickplay/{kept['ticket']}"
        got = wait_for(lambda: (r := c.get(url).json())["status"] == "seated" and r)
        table = app.state.room.tables[got["table"]]
        assert [p.kind for p in table.seats].count("bot") == 2


def test_a_ticket_can_be_watched_over_a_websocket(web: TestClient) -> None:
    a = web.post("/api/v1/quickplay", json={"preset": "goofspiel-2p", "wait": 60}).json()
    with web.websocket_connect(f"/ws/quickplay/{a['ticket']}") as ws:
        first = ws.receive_json()
        assert first["type"] == "ticket" and first["status"] == "waiting" and first["waiting"] == 1
        b = web.post("/api/v1/quickplay", json={"preset": "goofspiel-2p", "wait": 60}).json()
        seated = until(ws, lambda f: f["status"] != "waiting")
        assert seated["status"] == "seated" and seated["table"] == b["table"]
        assert seated["url"].startswith("/play/")
    with web.websocket_connect("/ws/quickplay/nosuchticket") as ws:
        assert ws.receive_json()["code"] == "no_ticket"
