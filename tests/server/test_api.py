"""The public HTTP API: its contract (the committed document and its version, the reference page), the one
error shape, organiser tokens, and the event endpoints read and written over HTTP."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tablesport.cli import app as cli
from tablesport.server.app import create_app
from tablesport.server.web.openapi import (
    API_VERSION,
    REFERENCE,
    SNAPSHOT,
    breaking,
    document,
    reference,
    text,
)
from tablesport.store.service import EventStore
from tablesport.store.tokens import TokenError, create_token, list_tokens, revoke_token, uses

from .api_fixtures import Api, is_error

COMP = "/api/v1/events/{e}/competitions/{c}"


def current() -> dict[str, Any]:
    return document(create_app("sqlite://"))


def test_the_document_is_the_committed_contract_and_changes_only_with_a_version_bump() -> None:
    doc = current()
    committed = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    if text(doc) == SNAPSHOT.read_text(encoding="utf-8"):
        return
    old, new = committed["info"]["version"], doc["info"]["version"]
    assert new != old, (
        f"the API's document changed but its version is still {old}: bump API_VERSION "
        "(tablesport/server/web/openapi.py) and refresh docs/openapi.json with "
        "`tablesport api schema --out docs/openapi.json`"
    )
    broken = breaking(committed, doc)
    assert not broken or new.split(".")[0] != old.split(".")[0], (
        f"these changes break clients, so the major version must change (and the path /api/vN): {broken}"
    )
    raise AssertionError(f"version {new} is not committed: `tablesport api schema --out docs/openapi.json`")


def test_breaking_changes_are_found() -> None:
    doc = current()
    changed = json.loads(json.dumps(doc))
    del changed["paths"]["/api/v1/stats"]
    del changed["components"]["schemas"]["TableCreated"]["properties"]["watch"]
    changed["components"]["schemas"]["EntrantIn"]["required"].append("club")
    found = breaking(doc, changed)
    assert "GET /api/v1/stats was removed" in found
    assert "schema TableCreated: property 'watch' was removed" in found
    assert "schema EntrantIn: property 'club' is now required" in found
    assert breaking(doc, doc) == []
    assert doc["info"]["version"] == API_VERSION


def test_the_reference_page_is_written_from_the_document() -> None:
    assert REFERENCE.read_text(encoding="utf-8") == reference(current()), (
        "docs/api.md is stale: `tablesport api reference --out docs/api.md`"
    )
    runner = CliRunner()
    out = runner.invoke(cli, ["api", "reference"])
    assert out.exit_code == 0 and out.stdout == reference(current())


def test_docs_page_and_document_are_served(client: TestClient) -> None:
    assert "swagger" in client.get("/api/docs").text.lower()
    doc = client.get("/api/v1/openapi.json").json()
    assert doc["info"]["version"] == API_VERSION
    for path, item in doc["paths"].items():
        assert path.startswith("/api/v1/"), path
        for op in item.values():
            err = op["responses"]["4XX"]["content"]["application/json"]["schema"]
            assert err == {"$ref": "#/components/schemas/ApiError"}
            assert "422" not in op["responses"]
    assert client.get("/api/tables").status_code == 404  # the unversioned paths are gone
    assert client.get("/api/games/sanguosha/names").status_code == 404


def test_every_refusal_has_the_error_shape(client: TestClient) -> None:
    r = client.get("/api/v1/nothing")
    assert r.status_code == 404 and is_error(r.json()) and r.json()["code"] == "not_found"
    r = client.delete("/api/v1/tables")
    assert r.status_code == 405 and r.json()["allowed"] == ["GET", "POST"] and is_error(r.json())
    r = client.post("/api/v1/tables", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "malformed" and is_error(r.json())
    r = client.post("/api/v1/tables", content=b"x" * 70_000, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"
    r = client.post(
        "/api/v1/tables",
        json={"preset": "goofspiel-2p", "seats": [{"kind": "bot", "bot": "random", "level": 3}] * 2},
    )
    err = r.json()
    assert r.status_code == 422 and err["field"] == "seats.0.bot.level" and "not a field" in err["message"]
    assert err["allowed"] == ["kind", "bot"]
    r = client.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": [{"kind": "robot"}] * 2})
    assert (
        r.status_code == 422 and r.json()["allowed"] == ["person", "bot"] and r.json()["field"] == "seats.0"
    )
    r = client.post("/api/v1/tables", json={"preset": "nope", "seats": [{"kind": "person"}]})
    assert r.status_code == 400 and r.json()["code"] == "setup" and r.json()["field"] == "preset"
    assert "goofspiel-2p" in r.json()["message"]
    r = client.post(
        "/api/v1/tables",
        json={"preset": "goofspiel-2p", "seats": [{"kind": "bot"}] * 2, "params": {"cards": "thirteen"}},
    )
    assert r.status_code == 400 and r.json()["field"] == "params.cards" and "a number" in r.json()["message"]
    r = client.post(
        "/api/v1/tables",
        json={"preset": "goofspiel-2p", "seats": [{"kind": "bot"}] * 2, "params": {"speed": 1}},
    )
    assert r.status_code == 400 and "bid_seconds" in r.json()["allowed"]
    for spec, says in (("ismcts:playouts=999999999", "from 1 to 5000"), ("ismcts:depth=3", "no option")):
        seats = [{"kind": "bot", "bot": spec}] * 2
        r = client.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seats": seats})
        assert r.status_code == 400 and r.json()["field"] == "seats.0.bot" and says in r.json()["message"]
    r = client.get("/api/v1/tables/abcdef")
    assert r.status_code == 404 and r.json()["field"] == "tid"
    assert client.get("/api/v1/tables").json()["live"] == []  # nothing was made


def test_a_table_over_the_api_create_join_state_record_replay(client: TestClient) -> None:
    t = client.post(
        "/api/v1/tables",
        json={"preset": "goofspiel-2p", "seed": 5, "seats": [{"kind": "person"}, {"kind": "person"}]},
    ).json()
    first = client.post(f"/api/v1/tables/{t['id']}/join").json()
    second = client.post(f"/api/v1/tables/{t['id']}/join").json()
    assert {first["seat"], second["seat"]} == {0, 1} and first[
        "ws"
    ] == f"/ws/{t['id']}?token={first['token']}"
    r = client.post(f"/api/v1/tables/{t['id']}/join")
    assert r.status_code == 409 and r.json()["code"] == "conflict"
    state = client.get(f"/api/v1/tables/{t['id']}").json()
    assert state["status"] == "open" and state["seq"] == 0 and "hand" not in state["view"]
    assert state["decision"] is not None and "options" not in state["decision"]
    assert client.get(f"/api/v1/tables/{t['id']}/record.jsonl").status_code == 409
    bots = client.post(
        "/api/v1/tables",
        json={
            "preset": "goofspiel-2p",
            "seed": 5,
            "bot_delay": 0,
            "seats": [{"kind": "bot"}, {"kind": "bot"}],
        },
    ).json()
    for _ in range(200):
        state = client.get(f"/api/v1/tables/{bots['id']}").json()
        if state["status"] == "finished":
            break
        import time

        time.sleep(0.02)
    assert state["status"] == "finished" and state["result"] is not None
    rec = client.get(f"/api/v1/tables/{bots['id']}/record.jsonl")
    assert rec.headers["content-type"].startswith("application/x-ndjson") and len(rec.text.splitlines()) == 28
    assert len(client.get(f"/api/v1/tables/{bots['id']}/replay").json()["frames"]) == 27
    games = client.get("/api/v1/games").json()
    assert {g["game"] for g in games} >= {"blokus", "goofspiel"}
    assert client.get("/api/v1/presets/blokus-2p").json()["params"]["colour_seats"] == [0, 1, 0, 1]
    assert client.get("/api/v1/stats").json()["tables"] >= 1


# ---- events, tokens --------------------------------------------------------------------------------------
def test_public_reads_of_an_event(api: Api) -> None:
    c = api.client
    events = c.get("/api/v1/events").json()
    assert [e["name"] for e in events] == ["Club day", "Other day"]
    base = COMP.format(e=api.event_id, c="blokus")
    assert c.get(base).json()["kind"] == "table"
    assert len(c.get(base + "/entrants").json()) == 8 and "paid" not in c.get(base + "/entrants").json()[0]
    fixtures = c.get(base + "/fixtures").json()
    assert len(fixtures) == 2 and fixtures[0]["result"] is None
    assert [r["rank"] for r in c.get(base + "/standings").json()] == [1] * 8
    assert c.get(base + "/bracket").json() == {"rounds": [], "third_place": None, "placings": {}}
    assert c.get(base + "/prizes").json()[0]["winner"] is None
    assert c.get(base + "/penalties").json() == [] and c.get(base + "/decisions").json() == []
    sgs = COMP.format(e=api.event_id, c="sgs")
    assert {r["group"] for r in c.get(sgs + "/standings").json()} == {"A"}
    assert len(c.get(sgs + "/fixtures").json()) == 6 and c.get(sgs + "/fixtures").json()[0]["score"] == [0, 0]
    r = c.get(sgs + "/standings?group=Z")
    assert r.status_code == 404 and r.json()["allowed"] == ["A"]
    export = c.get(base + "/exports/standings.csv")
    assert export.headers["content-type"].startswith("text/csv")
    assert list(csv.reader(io.StringIO(export.text)))[0][:3] == ["group", "rank", "entrant"]
    r = c.get(COMP.format(e=api.event_id, c="nope"))
    assert r.status_code == 404 and sorted(r.json()["allowed"]) == ["blokus", "open", "sgs"]
    assert c.get("/api/v1/events/999").status_code == 404


def test_a_token_writes_to_its_event_and_every_use_is_logged(api: Api) -> None:
    c = api.client
    base = COMP.format(e=api.event_id, c="blokus")
    fx = c.get(base + "/fixtures").json()[0]
    scores = dict(zip(fx["entrants"], [15, -5, -3, -20], strict=True))
    r = c.post(
        base + "/results",
        json={"fixture": fx["key"], "data": {"scores": scores}, "facts": {"at": "10:40", "referee": "Mo"}},
        headers=api.auth(),
    )
    assert r.status_code == 201, r.text
    assert r.json()[0]["entrant"] == fx["entrants"][0] and r.json()[0]["points"] == 15
    again = c.post(
        base + "/results", json={"fixture": fx["key"], "data": {"scores": scores}}, headers=api.auth()
    )
    assert (
        again.status_code == 400 and "duplicate result" in again.json()["message"] and is_error(again.json())
    )
    fixed = c.put(
        base + f"/results/{fx['key']}",
        json={"data": {"scores": {**scores, fx["entrants"][0]: 20}}, "reason": "sheet misread"},
        headers=api.auth(),
    )
    assert fixed.status_code == 200 and fixed.json()[0]["points"] == 20
    opn = COMP.format(e=api.event_id, c="open")
    r = c.post(opn + "/entrants", json={"id": "a4", "club": "Kam Chiu", "paid": True}, headers=api.auth())
    assert r.status_code == 201 and r.json()["club"] == "Kam Chiu"
    r = c.patch(opn + "/entrants/a4", json={"checked_in": True}, headers=api.auth())
    assert r.status_code == 200 and r.json()["checked_in"] is True
    sgs = COMP.format(e=api.event_id, c="sgs")
    sfx = c.get(sgs + "/fixtures").json()[0]
    r = c.post(
        sgs + "/penalties",
        json={"game": f"{sfx['key']}/1", "team": sfx["entrants"][0], "points": 1, "reason": "table talk"},
        headers=api.auth(),
    )
    assert (
        r.status_code == 201
        and r.json()["consequences"] == []
        and c.get(sgs + "/penalties").json()[0]["points"] == 1
    )
    r = c.post(
        opn + "/decisions",
        json={"order": ["a2", "a1"], "facts": {"note": "drawn by lot"}},
        headers=api.auth(),
    )
    assert r.status_code == 201
    with api.session() as s:
        st = EventStore(s)
        who = {a.who for a in st.audit(st.competition("Club day", "blokus"))}
        assert "olga (token 1 desk laptop)" in who
        log = uses(s, 1)
    assert [(u["method"], u["status"], u["outcome"]) for u in log] == [
        ("POST", 201, "done"),
        ("POST", 400, "rejected"),
        ("PUT", 200, "done"),
        ("POST", 201, "done"),
        ("PATCH", 200, "done"),
        ("POST", 201, "done"),
        ("POST", 201, "done"),
    ]


def test_tokens_are_refused_without_scope_event_or_when_revoked(api: Api) -> None:
    c = api.client
    base = COMP.format(e=api.event_id, c="open")
    body = {"id": "zed"}
    r = c.post(base + "/entrants", json=body)
    assert r.status_code == 401 and r.headers["www-authenticate"] == "Bearer" and is_error(r.json())
    r = c.post(base + "/entrants", json=body, headers=api.auth("tst_nothing"))
    assert r.status_code == 401 and "not known" in r.json()["message"]
    with api.session() as s:
        _, results_only = create_token(s, "olga", "results sheet", ["Club day"], ["results"])
        _, elsewhere = create_token(s, "olga", "other", ["Other day"], ["entrants"])
        _, gone = create_token(s, "olga", "old form", ["Club day"], ["entrants"])
        revoke_token(s, 4, "olga", owner="olga")
        s.commit()
    r = c.post(base + "/entrants", json=body, headers=api.auth(results_only))
    assert r.status_code == 403 and r.json()["allowed"] == ["results"]
    r = c.post(base + "/entrants", json=body, headers=api.auth(elsewhere))
    assert r.status_code == 403 and r.json()["allowed"] == ["Other day"]
    r = c.post(base + "/entrants", json=body, headers=api.auth(gone))
    assert r.status_code == 401 and "revoked" in r.json()["message"]
    assert "zed" not in {e["id"] for e in c.get(base + "/entrants").json()}
    with api.session() as s:
        assert [u["outcome"] for u in uses(s, 2)] == ["refused"]
        assert [t.name for t in list_tokens(s, "olga")] == [
            "old form",
            "other",
            "results sheet",
            "desk laptop",
        ]


def test_token_commands(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    runner = CliRunner()
    from sqlalchemy.orm import Session

    from tablesport.store.db import make_engine
    from tablesport.store.migrate import upgrade

    engine = upgrade(make_engine(db))
    with Session(engine) as s:
        EventStore(s).create_event(
            {"event": "Day", "competitions": [{"key": "x", "preset": "ttr-event"}]}, "d"
        )
        s.commit()
    engine.dispose()
    r = runner.invoke(
        cli,
        [
            "admin",
            "token",
            "create",
            "--owner",
            "olga",
            "--name",
            "form",
            "--event",
            "Day",
            "--scope",
            "entrants",
            "--db",
            db,
            "--json",
        ],
    )
    assert r.exit_code == 0, r.output
    made = json.loads(r.stdout)
    assert made["token"].startswith("tst_") and made["events"] == ["Day"]
    r = runner.invoke(
        cli,
        [
            "admin",
            "token",
            "create",
            "--owner",
            "olga",
            "--name",
            "form",
            "--event",
            "Night",
            "--scope",
            "entrants",
            "--db",
            db,
        ],
    )
    assert isinstance(r.exception, TokenError) and "no event 'Night'; allowed: Day" in str(r.exception)
    listed = runner.invoke(cli, ["admin", "token", "list", "--db", db])
    assert "form" in listed.stdout and made["token"] not in listed.stdout and "active" in listed.stdout
    assert runner.invoke(cli, ["admin", "token", "revoke", "1", "--by", "olga", "--db", db]).exit_code == 0
    assert "revoked" in runner.invoke(cli, ["admin", "token", "list", "--db", db]).stdout
    again = runner.invoke(cli, ["admin", "token", "revoke", "1", "--by", "olga", "--db", db])
    assert isinstance(again.exception, TokenError) and "already revoked" in str(again.exception)
