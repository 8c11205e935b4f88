"""Every operation of the API's document, given wrong types, nulls, huge numbers, over-long strings and
unknown fields in its path, query and body: each is refused with a 4xx in the one error shape, and nothing
is stored (no table, no row)."""

from __future__ import annotations

from typing import Any

import pytest

from tablesport.server.app import create_app
from tablesport.server.web.openapi import document

from .api_fixtures import Api, is_error

DOC = document(create_app("sqlite://"))
SCHEMAS = DOC["components"]["schemas"]
OPERATIONS = {
    op["operationId"]: (path, method, op)
    for path, item in DOC["paths"].items()
    for method, op in item.items()
}
COMPETITION = {
    "register_entrant": "open",
    "change_entrant": "open",
    "record_decision": "open",
    "record_penalty": "sgs",
    "list_penalties": "sgs",
}


def resolve(s: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in s:
        s = SCHEMAS[s["$ref"].rsplit("/", 1)[-1]]
    return s


def json_types(s: dict[str, Any]) -> set[str]:
    s = resolve(s)
    if "anyOf" in s or "oneOf" in s:
        return set().union(*(json_types(x) for x in s.get("anyOf", []) + s.get("oneOf", [])))
    if "const" in s or "enum" in s:
        values = [s["const"]] if "const" in s else s["enum"]
        return {type(v).__name__ for v in values}
    kind = s.get("type")
    if kind is None:
        return {"object"} if "properties" in s else {"any"}
    return {
        {
            "integer": "int",
            "number": "float",
            "string": "str",
            "boolean": "bool",
            "array": "list",
            "object": "object",
            "null": "NoneType",
        }[kind]
    }


def wrong_value(s: dict[str, Any]) -> Any:
    """A value of a JSON type the schema does not take."""
    accepted = json_types(s)
    for value, name in ((12345, "int"), ("text", "str"), (True, "bool"), ([1], "list"), ({"x": 1}, "object")):
        if name not in accepted and not (name == "int" and "float" in accepted):
            return value
    return None


def body_cases(schema: dict[str, Any]) -> list[tuple[str, Any]]:
    """(what, how to change the valid body) for the top-level fields and the whole body."""
    s = resolve(schema)
    cases: list[tuple[str, Any]] = [
        ("body null", None),
        ("body a list", []),
        ("body a string", "text"),
        ("unknown field", {"zzz_unknown": 1}),
    ]
    for name, fs in s.get("properties", {}).items():
        if "NoneType" not in json_types(fs):
            cases.append((f"{name} null", {name: None}))
        cases.append((f"{name} wrong type", {name: wrong_value(fs)}))
        cases.append((f"{name} huge number", {name: 10**30}))
        cases.append((f"{name} long text", {name: "x" * 100_000 if name == "preset" else "x" * 5000}))
        item = resolve(fs)
        if item.get("type") == "object" and resolve(item).get("properties"):
            cases.append((f"{name}.zzz unknown", {name: {"zzz_unknown": 1}}))
    return cases


def valid(api: Api, op_id: str) -> tuple[dict[str, str], dict[str, Any] | None]:
    """Path parameters and a body that this operation accepts (or refuses only for its content)."""
    c = api.client
    comp = COMPETITION.get(op_id, "blokus")
    fixtures = c.get(f"/api/v1/events/{api.event_id}/competitions/{comp}/fixtures").json()
    params = {
        "game": "goofspiel",
        "preset": "goofspiel-2p",
        "tid": api.table,
        "event_id": str(api.event_id),
        "competition": comp,
        "entrant": "a1",
        "fixture": api.fixture,
        "what": "standings",
        "ticket": "no-such-ticket",
        "name": "nobody",
    }
    first = fixtures[0] if fixtures else {"key": "-", "entrants": ["a1", "a2"]}
    bodies: dict[str, dict[str, Any]] = {
        "create_table": {"preset": "goofspiel-2p", "seats": [{"kind": "bot"}, {"kind": "bot"}]},
        "register_entrant": {"id": "newcomer"},
        "change_entrant": {"paid": True},
        "enter_result": {"fixture": first["key"], "data": {"scores": dict.fromkeys(first["entrants"], 1)}},
        "correct_result": {"data": {"scores": dict.fromkeys(first["entrants"], 2)}, "reason": "misread"},
        "record_penalty": {
            "game": f"{first['key']}/1",
            "team": first["entrants"][0],
            "points": 1,
            "reason": "table talk",
        },
        "record_decision": {"order": ["a1", "a2"]},
        "join_quickplay": {"preset": "goofspiel-3p", "wait": 60},
    }
    return params, bodies.get(op_id)


def send(
    api: Api,
    path: str,
    method: str,
    params: dict[str, str],
    body: Any = ...,
    query: dict[str, Any] | None = None,
) -> Any:
    url = path.format(**params)
    kwargs: dict[str, Any] = {"headers": api.auth(), "params": query}
    if body is not ...:
        kwargs["json"] = body
    return api.client.request(method.upper(), url, **kwargs)


def refused(r: Any, what: str) -> None:
    assert 400 <= r.status_code < 500, (what, r.status_code, r.text[:300])
    assert is_error(r.json()), (what, r.text[:300])


@pytest.mark.parametrize("op_id", sorted(OPERATIONS))
def test_bad_input_is_refused_in_the_error_shape_and_stores_nothing(api: Api, op_id: str) -> None:
    path, method, op = OPERATIONS[op_id]
    params, body = valid(api, op_id)
    before = api.counts()
    tables = set(api.client.app.state.room.tables)  # type: ignore[attr-defined]
    for p in op.get("parameters", []):
        name, where, schema = p["name"], p["in"], resolve(p.get("schema", {}))
        if where == "path":
            bad = (
                ["abc", "1e3", str(10**30), "-5", "null", "0"]
                if schema.get("type") == "integer"
                else ["x" * 300, "a%01b", "%00"]
            )
            for value in bad:
                r = send(api, path, method, {**params, name: value}, body if body is not None else ...)
                refused(r, f"{op_id}: path {name}={value!r}")
        elif where == "query":
            for value in ("", "x" * 300, "a b\x00", str(10**30)):
                refused(
                    send(api, path, method, params, ..., {name: value}), f"{op_id}: query {name}={value!r}"
                )
    if body is not None:
        content = op["requestBody"]["content"]["application/json"]["schema"]
        for what, change in body_cases(content):
            sent = {**body, **change} if isinstance(change, dict) else change
            refused(send(api, path, method, params, sent), f"{op_id}: {what}")
        r = send(api, path, method, params, body, None)
        assert r.status_code < 500, r.text
    elif method in ("post", "put", "patch"):
        for junk in ({"zzz": 1}, None):  # a body where none is declared is ignored, never a crash
            assert send(api, path, method, params, junk).status_code < 500
    if body is None or op_id == "create_table":
        after = api.counts()
        if op_id == "create_table":  # only the valid table at the end was made
            assert after["web_tables"] == before["web_tables"] + 1
            after["web_tables"], after["web_seats"] = before["web_tables"], before["web_seats"]
            after = {k: v for k, v in after.items() if k != "web_steps"}
            before = {k: v for k, v in before.items() if k != "web_steps"}
        elif op_id == "join_table":
            before["web_seats"] = after["web_seats"]
        assert after == before or op_id == "join_table", op_id
    else:
        # writes: the mutations stored nothing; the valid body at the end may have
        pass
    assert set(api.client.app.state.room.tables) >= tables  # type: ignore[attr-defined]


@pytest.mark.parametrize("op_id", sorted(o for o, (_, _, op) in OPERATIONS.items() if "requestBody" in op))
def test_refused_bodies_leave_no_row(api: Api, op_id: str) -> None:
    """The mutations alone (no valid body sent): every row count stays as it was."""
    path, method, op = OPERATIONS[op_id]
    params, body = valid(api, op_id)
    assert body is not None
    before = api.counts()
    content = op["requestBody"]["content"]["application/json"]["schema"]
    for what, change in body_cases(content):
        sent = {**body, **change} if isinstance(change, dict) else change
        refused(send(api, path, method, params, sent), f"{op_id}: {what}")
    assert api.counts() == before
