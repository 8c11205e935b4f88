"""The web app in process (FastAPI's TestClient): full games, bad input, timers, pages."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablesport.core.records import replay
from tablesport.games import start_for_record

from .helpers import form_token


def until(ws: Any, pred: Any, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        f: dict[str, Any] = ws.receive_json()
        if pred(f):
            return f
    raise AssertionError("expected frame never came")


def create(client: TestClient, preset: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    r = client.post("/api/v1/tables", json={"preset": preset, "seats": seats, **extra})
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def test_person_against_bot_plays_to_the_end_and_the_record_replays(client: TestClient) -> None:
    t = create(client, "goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}], seed=11)
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        f = until(ws, lambda f: f["type"] == "hello")
        assert f["seat"] == 0 and f["status"] == "running" and len(f["view"]["hand"]) == 13
        acted = -1
        while f["decision"] is not None:
            d = f["decision"]
            if d["mine"] and d["asked"] != acted:
                acted = d["asked"]
                ws.send_text(json.dumps({"type": "act", "seq": f["seq"], "action": max(d["options"])}))
            f = until(ws, lambda g: g["type"] in ("step", "error"))
            assert f["type"] == "step", f
        assert f["status"] == "finished" and f["result"]["reason"] == "all_prizes_taken"
    text = client.get(f"/api/v1/tables/{t['id']}/record.jsonl").text
    rep = replay(text.splitlines(), start_for_record)
    assert rep.steps == f["seq"] == 26
    assert rep.result == f["result"]
    # the finished table left memory with its last player; a late spectator gets it from the store
    hall = client.app.state.room  # type: ignore[attr-defined]
    for _ in range(50):
        if t["id"] not in hall.tables:
            break
        time.sleep(0.02)
    assert t["id"] not in hall.tables
    with client.websocket_connect(f"/ws/{t['id']}") as late:
        hello = until(late, lambda g: g["type"] == "hello")
        assert hello["status"] == "finished" and hello["result"] == f["result"]
        assert "hand" not in hello["view"]
    frames = client.get(f"/api/v1/tables/{t['id']}/replay").json()
    assert len(frames["frames"]) == 27 and frames["final_hash"] == rep.final_hash
    assert "hand" not in json.dumps(frames["frames"][5]["view"])


def test_bad_input_gets_a_clear_error_and_changes_nothing(client: TestClient) -> None:
    t = create(client, "goofspiel-2p", [{"kind": "person"}, {"kind": "person"}], seed=3)
    tid, tok0, tok1 = t["id"], t["seats"][0]["token"], t["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{tid}?token={tok0}") as ws0, \
            client.websocket_connect(f"/ws/{tid}?token={tok1}") as ws1, \
            client.websocket_connect(f"/ws/{tid}") as spy:
        hello = until(ws0, lambda f: f["type"] == "hello" and f["status"] == "running"
                      or f["type"] == "presence" and f["status"] == "running")
        hand = hello["view"]["hand"]
        cases = [
            ("{not json", "malformed"),
            ("[1, 2]", "malformed"),
            (json.dumps({"type": "shout"}), "malformed"),
            (json.dumps({"type": "act", "action": 3}), "malformed"),
            (json.dumps({"type": "act", "seq": 0}), "malformed"),
            (json.dumps({"type": "act", "seq": "0", "action": 3}), "malformed"),
            (json.dumps({"type": "act", "seq": 0, "seat": 1, "action": 3}), "not_your_seat"),
            (json.dumps({"type": "act", "seq": 5, "action": 3}), "stale"),
            (json.dumps({"type": "act", "seq": 0, "action": 99}), "illegal_action"),
            (json.dumps({"type": "act", "seq": 0, "action": "3"}), "illegal_action"),
        ]
        for raw, code in cases:
            ws0.send_text(raw)
            err = until(ws0, lambda f: f["type"] == "error")
            assert err["code"] == code, (raw[:40], err)
            assert err["message"]
        assert "one of" in err.get("allowed", "") or code != "illegal_action"
        spy.send_text(json.dumps({"type": "act", "seq": 0, "action": 1}))
        assert until(spy, lambda f: f["type"] == "error")["code"] == "spectator"
        ws0.send_text(json.dumps({"type": "ping"}))
        assert until(ws0, lambda f: f["type"] == "pong")["seq"] == 0
        # a real bid is then accepted, and a second one for the same decision is refused
        ws0.send_text(json.dumps({"type": "act", "seq": 0, "action": 13}))
        step = until(ws0, lambda f: f["type"] == "step")
        assert step["seq"] == 1 and step["view"]["my_bid"] == "0:13" and step["view"]["hand"] == hand[:-1]
        ws0.send_text(json.dumps({"type": "act", "seq": 1, "action": 12}))
        assert until(ws0, lambda f: f["type"] == "error")["code"] == "stale"
        # seat 1 still answers the decision it was asked at step 0
        ws1.send_text(json.dumps({"type": "act", "seq": 0, "action": 1}))
        step = until(ws1, lambda f: f["type"] == "step" and f["seq"] == 2)
        assert step["view"]["won"][0] > 0 and len(step["view"]["hand"]) == 12
    with client.websocket_connect(f"/ws/{tid}?token=not-a-token") as bad:
        assert bad.receive_json()["code"] == "bad_token"


def test_the_server_applies_the_timeout_itself(client: TestClient) -> None:
    """Decision.time_limit is enforced by the server: goofspiel's timeout bids the lowest card."""
    t0 = time.monotonic()
    t = create(client, "goofspiel-2p", [{"kind": "person"}, {"kind": "bot"}], seed=8,
               params={"bid_seconds": 1})
    with client.websocket_connect(f"/ws/{t['id']}?token={t['seats'][0]['token']}") as ws:
        hello = until(ws, lambda f: f["type"] == "hello")
        assert 0 <= hello["deadlines"]["0"] <= 1
        f = until(ws, lambda f: f["type"] == "step" and any(e["kind"] == "timeout" for e in f["events"]))
        assert time.monotonic() - t0 >= 0.9
        assert "0:1" not in f["view"]["hand"]
        assert [e["data"] for e in f["events"] if e["kind"] == "timeout"] == [{"seat": 0}]


def test_lobby_pages_in_three_languages(client: TestClient) -> None:
    for lang, word in (("en", "Lobby"), ("zh-Hans", "大厅"), ("zh-Hant", "大廳")):
        r = client.get(f"/?lang={lang}")
        assert r.status_code == 200 and word in r.text and "goofspiel-2p" in r.text
    assert "大廳" in client.get("/").text  # the choice is kept in a cookie
    client.cookies.clear()
    assert "大厅" in client.get("/", headers={"accept-language": "zh-CN,zh;q=0.9"}).text
    csrf = form_token(client)
    form = {"preset": "goofspiel-3p", "seat0": "person", "seat1": "person", "seat2": "bot:random",
            "seed": "4"}
    assert client.post("/tables", data=form).status_code == 403  # no form token: refused
    r = client.post("/tables", data={**form, "csrf": csrf})
    assert r.status_code == 200 and r.text.count("/play/") >= 2
    tid = r.text.split("/watch/")[1].split('"')[0]
    links = sorted({part.split('"')[0] for part in r.text.split(f"/play/{tid}/")[1:]})
    assert len(links) == 2
    assert client.get(f"/play/{tid}/{links[0]}").status_code == 200
    assert client.get(f"/play/{tid}/nope").status_code == 403
    assert client.get(f"/watch/{tid}").status_code == 200
    assert tid in client.get("/").text  # listed as an open table
    assert client.get(f"/api/v1/tables/{tid}/record.jsonl").status_code == 409
    assert client.get(f"/replay/{tid}").status_code == 409
    joined = client.post(f"/tables/{tid}/join", data={"csrf": csrf}, follow_redirects=False)
    assert joined.status_code == 303 and joined.headers["location"].startswith(f"/play/{tid}/")
    assert client.get("/watch/nosuch").status_code == 404
    bad = client.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": [{"kind": "person"}]})
    assert bad.status_code == 400 and "2 seats" in bad.json()["message"] and bad.json()["field"] == "seats"
    bad = client.post("/api/v1/tables",
                      json={"preset": "goofspiel-2p", "seats": [{"kind": "bot", "bot": "nobody"}] * 2})
    assert bad.status_code == 400 and "unknown bot" in bad.json()["message"]


def test_table_setup_refuses_bad_seats_and_seeds_with_a_clear_error(client: TestClient) -> None:
    """Seats given as strings or numbers and seeds that are not whole numbers in 0 … 2^63 − 1 are refused
    by the declared model (422, the error shape naming the field) and no table is made."""
    bots = [{"kind": "bot"}, {"kind": "bot"}]
    before = {t["id"] for t in client.get("/api/v1/tables").json()["live"]}
    for body, field, says in (
            ({"seats": [{"kind": "bot"}, "bot"]}, "seats.1", "must be an object, not \"bot\""),
            ({"seats": ["human", "human"]}, "seats.0", "must be an object"),
            ({"seats": [1, 2]}, "seats.0", "must be an object, not 1"),
            ({"seats": bots, "seed": 1.5}, "seed", "must be a whole number, not 1.5"),
            ({"seats": bots, "seed": True}, "seed", "must be a whole number, not true"),
            ({"seats": bots, "seed": "abc"}, "seed", "must be a whole number, not \"abc\""),
            ({"seats": bots, "seed": "12"}, "seed", "must be a whole number, not \"12\""),
            ({"seats": bots, "seed": -3}, "seed", "must be at least 0, not -3"),
            ({"seats": bots, "seed": 10**30}, "seed", "must be at most 9223372036854775807")):
        r = client.post("/api/v1/tables", json={"preset": "goofspiel-2p", **body})
        err = r.json()
        assert r.status_code == 422 and err["code"] == "invalid" and err["field"] == field, (body, r.text)
        assert says in err["message"], (body, err)
    assert {t["id"] for t in client.get("/api/v1/tables").json()["live"]} <= before  # none was made
    made = client.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": bots, "seed": 2**63 - 1})
    assert made.status_code == 201 and made.json()["seed"] == 2**63 - 1


@pytest.mark.parametrize(("accept", "lang"),
                         [("zh-TW", "zh-Hant"), ("zh-CN", "zh-Hans"), ("en-GB", "en"), ("", "en")])
def test_language_choice(accept: str, lang: str) -> None:
    from tablesport.server.content.i18n import pick_lang

    assert pick_lang(None, None, accept) == lang
    assert pick_lang("zh-Hant", "en", accept) == "zh-Hant"


def test_traditional_names_are_converted_whole() -> None:
    """繁體 names are derived from the game data's name_zh (OpenCC, word by word): every name of every game
    converts back to itself, keeps no simplified-only character, and the pages' table knows each name."""
    from tablesport.games.pictionary.guess_matching import to_simplified
    from tablesport.server.content.i18n import hant_table, to_hant

    assert to_hant("顺手牵羊") == "順手牽羊"
    assert to_hant("诸葛亮") == "諸葛亮"
    assert to_hant("司马懿") == "司馬懿"
    assert to_hant("吴") == "吳"
    assert to_hant("于吉") == "于吉"  # a surname, not 於
    assert to_hant("纽约") == "紐約" and to_hant("华盛顿") == "華盛頓" and to_hant("苏圣玛丽") == "蘇聖瑪麗"
    phrases = hant_table()["phrases"]
    assert len(phrases) > 150
    for simplified, traditional in phrases.items():
        assert to_simplified(traditional) == simplified, (simplified, traditional)
        assert to_hant(traditional) == traditional, (simplified, traditional)
