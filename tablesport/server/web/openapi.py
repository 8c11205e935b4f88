"""The API's contract: the OpenAPI document (served at ``/api/v1/openapi.json``, read at ``/api/docs``), its
version, the committed snapshot it is checked against, and the reference page ``docs/api.md`` written from it.

Every operation answers its refusals as :class:`~.models.common.ApiError` (``4XX``); operations whose
answers name what another operation takes are linked (OpenAPI links: a created table → its state, join,
record and replay; a registered entrant → its change), so a stateful client or fuzzer can follow them.

``API_VERSION`` is bumped with every change of the document: the minor for an addition, the major (with a
new ``/api/vN``) for a change that breaks a client (:func:`breaking` lists those). ``tablesport api schema
--out docs/openapi.json`` and ``tablesport api reference --out docs/api.md`` refresh the committed files.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.openapi.utils import get_openapi
from fastapi.routing import APIRoute

from ..models.common import MAX_BODY, ApiError

API_VERSION = "1.4.0"
DOCS = Path(__file__).resolve().parents[3] / "docs"
SNAPSHOT = DOCS / "openapi.json"
REFERENCE = DOCS / "api.md"

DESCRIPTION = f"""The public HTTP API of a tablesport server: games and presets, live tables (create, join,
state, record, replay), the server's counters, and stored events (read by anyone; written with an
organiser's API token).

* Every body and every answer is a declared model; a body may not carry fields it does not declare, and
  values are strict (`"12"` is not `12`, `true` is not `1`).
* A body is at most {MAX_BODY} bytes (413 above).
* Every refusal (4xx) is an `ApiError`: `code`, `message` (what is wrong and what is allowed), `field`,
  `allowed`, and for a validation error every `problems` found. A refused request changes nothing.
* Writes under `/events/{{event_id}}` take `Authorization: Bearer <token>`: an organiser's token, scoped
  to events and to what it may write (entrants, results, penalties, decisions); every use is logged.
* A seat plays over the WebSocket `/ws/<table>?token=<token>` (docs/websocket.md), which also carries the
  table's chat; the lobby's chat is `/ws/lobby`.
* Quick play: join a preset's queue (`POST /quickplay`), ask about the ticket until it is seated, then open
  its seat link (docs/players.md).
"""

LINKS: dict[tuple[str, str], dict[str, dict[str, Any]]] = {
    ("create_table", "201"): {
        "TableState": {"operationId": "table_state", "parameters": {"tid": "$response.body#/id"}},
        "JoinTable": {"operationId": "join_table", "parameters": {"tid": "$response.body#/id"}},
        "TableRecord": {"operationId": "table_record", "parameters": {"tid": "$response.body#/id"}},
        "TableReplay": {"operationId": "table_replay", "parameters": {"tid": "$response.body#/id"}},
    },
    ("join_table", "200"): {
        "TableState": {"operationId": "table_state", "parameters": {"tid": "$response.body#/table"}},
    },
    ("join_quickplay", "201"): {
        "Ticket": {"operationId": "quickplay_ticket", "parameters": {"ticket": "$response.body#/ticket"}},
        "Leave": {"operationId": "leave_quickplay", "parameters": {"ticket": "$response.body#/ticket"}},
    },
    ("list_events", "200"): {
        "Event": {"operationId": "get_event", "parameters": {"event_id": "$response.body#/0/id"}},
    },
    ("register_entrant", "201"): {
        "ChangeEntrant": {
            "operationId": "change_entrant",
            "parameters": {
                "event_id": "$request.path.event_id",
                "competition": "$request.path.competition",
                "entrant": "$response.body#/id",
            },
        },
        "Entrants": {
            "operationId": "list_entrants",
            "parameters": {"event_id": "$request.path.event_id", "competition": "$request.path.competition"},
        },
    },
    ("enter_result", "201"): {
        "CorrectResult": {
            "operationId": "correct_result",
            "parameters": {
                "event_id": "$request.path.event_id",
                "competition": "$request.path.competition",
                "fixture": "$request.body#/fixture",
            },
        },
        "Standings": {
            "operationId": "get_standings",
            "parameters": {"event_id": "$request.path.event_id", "competition": "$request.path.competition"},
        },
    },
}


def operation_id(route: APIRoute) -> str:
    return route.name


def _operations(doc: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in doc.get("paths", {}).items():
        for method, op in item.items():
            if method in ("get", "post", "put", "patch", "delete"):
                yield path, method, op


def document(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI document: FastAPI's, with the one error shape and the links."""
    if app.openapi_schema:
        return app.openapi_schema
    doc = get_openapi(
        title="tablesport API",
        version=API_VERSION,
        description=DESCRIPTION,
        routes=app.routes,
        tags=[
            {"name": "games", "description": "What can be played"},
            {"name": "tables", "description": "Live tables, their records and replays"},
            {"name": "server", "description": "The server itself"},
            {"name": "events", "description": "Stored events, as anyone may read them"},
            {"name": "event writes", "description": "Writes with an organiser's API token"},
            {"name": "players", "description": "Quick play, players' profiles and ratings, leaderboards"},
        ],
    )
    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    error = ApiError.model_json_schema(ref_template="#/components/schemas/{model}")
    schemas.update(error.pop("$defs", {}))
    schemas["ApiError"] = error
    for name in ("HTTPValidationError", "ValidationError"):
        schemas.pop(name, None)
    refusal = {
        "description": "Refused: what is wrong, what is allowed, the field",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ApiError"}}},
    }
    for _, _, op in _operations(doc):
        responses = op.setdefault("responses", {})
        responses.pop("422", None)
        responses["4XX"] = refusal
        for status, links in LINKS.items():
            if op.get("operationId") == status[0] and status[1] in responses:
                responses[status[1]]["links"] = links
    doc["info"]["x-limits"] = {"body_bytes": MAX_BODY}
    app.openapi_schema = doc
    return doc


def text(doc: dict[str, Any]) -> str:
    """The document as committed (sorted keys, two-space indent, a final newline)."""
    return json.dumps(doc, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


# ---- what breaks a client ---------------------------------------------------------------------------------
def breaking(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """The changes from ``old`` to ``new`` that can break a client: an operation removed, a property removed
    from an answer, a property of a body newly required, a body or parameter property removed."""
    found: list[str] = []
    new_ops = {(p, m): op for p, m, op in _operations(new)}
    for path, method, op in _operations(old):
        if (path, method) not in new_ops:
            found.append(f"{method.upper()} {path} was removed")
            continue
        old_params = {(p["name"], p["in"]) for p in op.get("parameters", []) if p.get("required")}
        new_params = {
            (p["name"], p["in"]) for p in new_ops[(path, method)].get("parameters", []) if p.get("required")
        }
        for name, where in sorted(new_params - old_params):
            found.append(f"{method.upper()} {path}: {where} parameter {name!r} is now required")
    old_s = old.get("components", {}).get("schemas", {})
    new_s = new.get("components", {}).get("schemas", {})
    for name, schema in old_s.items():
        if name not in new_s:
            found.append(f"schema {name} was removed")
            continue
        gone = set(schema.get("properties", {})) - set(new_s[name].get("properties", {}))
        found += [f"schema {name}: property {p!r} was removed" for p in sorted(gone)]
        required = set(new_s[name].get("required", [])) - set(schema.get("required", []))
        found += [f"schema {name}: property {p!r} is now required" for p in sorted(required)]
    return found


# ---- the reference page -----------------------------------------------------------------------------------
def _ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_text(s: dict[str, Any]) -> str:
    """A schema in words, with its limits."""
    if "$ref" in s:
        name = _ref_name(s["$ref"])
        return f"[{name}](#{name.lower()})"
    if "const" in s:
        return f"`{json.dumps(s['const'])}`"
    if "enum" in s:
        return " \\| ".join(f"`{json.dumps(v)}`" for v in s["enum"])
    for key in ("anyOf", "oneOf"):
        if key in s:
            return " or ".join(type_text(x) for x in s[key])
    kind = s.get("type")
    if kind == "array":
        limits = _range(s.get("minItems"), s.get("maxItems"), "items")
        return f"array of {type_text(s.get('items', {}))}" + (f" ({limits})" if limits else "")
    if kind == "object":
        extra = s.get("additionalProperties")
        limits = _range(s.get("minProperties"), s.get("maxProperties"), "entries")
        body = f"object of {type_text(extra)}" if isinstance(extra, dict) and extra else "object"
        return body + (f" ({limits})" if limits else "")
    if kind in ("integer", "number"):
        lo = s.get("minimum", s.get("exclusiveMinimum"))
        hi = s.get("maximum", s.get("exclusiveMaximum"))
        word = "integer" if kind == "integer" else "number"
        if lo is None and hi is None:
            return word
        return f"{word} {'' if lo is None else lo} … {'' if hi is None else hi}".replace("  ", " ")
    if kind == "string":
        limits = _range(s.get("minLength"), s.get("maxLength"), "characters")
        parts = [x for x in (limits, f"pattern `{s['pattern']}`" if "pattern" in s else "") if x]
        return "string" + (f" ({'; '.join(parts)})" if parts else "")
    if kind == "null":
        return "null"
    if kind == "boolean":
        return "boolean"
    return "any JSON value" if not s else str(kind or "any JSON value")


def _range(lo: Any, hi: Any, unit: str) -> str:
    if lo is None and hi is None:
        return ""
    if lo is None:
        return f"at most {hi} {unit}"
    if hi is None:
        return f"at least {lo} {unit}"
    return f"{lo}–{hi} {unit}"


def _cell(value: str) -> str:
    return value.replace("|", "\\|").replace("\n", " ")


def reference(doc: dict[str, Any]) -> str:
    """``docs/api.md``: every operation and every schema of the document, in words."""
    info = doc["info"]
    out = [
        f"# {info['title']} {info['version']}",
        "",
        "<!-- Written by `tablesport api reference --out docs/api.md` from the OpenAPI document; "
        "do not edit. -->",
        "",
        info.get("description", "").strip(),
        "",
        "The document itself: `GET /api/v1/openapi.json` (committed as `docs/openapi.json`); "
        "the interactive page: `/api/docs`.",
        "",
    ]
    security = doc.get("components", {}).get("securitySchemes", {})
    by_tag: dict[str, list[tuple[str, str, dict[str, Any]]]] = {}
    for path, method, op in _operations(doc):
        by_tag.setdefault((op.get("tags") or ["other"])[0], []).append((path, method, op))
    tags = [t["name"] for t in doc.get("tags", [])] + sorted(
        set(by_tag) - {t["name"] for t in doc.get("tags", [])}
    )
    out += ["## Operations", ""]
    for tag in tags:
        if tag not in by_tag:
            continue
        desc = next((t.get("description", "") for t in doc.get("tags", []) if t["name"] == tag), "")
        out += [f"### {tag.capitalize()}", "", desc, ""] if desc else [f"### {tag.capitalize()}", ""]
        for path, method, op in by_tag[tag]:
            out += [
                f"#### `{method.upper()} {path}`",
                "",
                f"**{op.get('summary', '')}** (`{op['operationId']}`)",
                "",
            ]
            if op.get("description"):
                out += [op["description"].strip(), ""]
            if op.get("security"):
                names = [n for req in op["security"] for n in req]
                out += [f"Needs: {', '.join(names)} (`Authorization: Bearer <token>`).", ""]
            params = op.get("parameters", [])
            if params:
                out += [
                    "| parameter | in | type | required | description |",
                    "| --- | --- | --- | --- | --- |",
                ]
                out += [
                    f"| `{p['name']}` | {p['in']} | {_cell(type_text(p.get('schema', {})))} | "
                    f"{'yes' if p.get('required') else 'no'} | {_cell(p.get('description', ''))} |"
                    for p in params
                ]
                out.append("")
            body = op.get("requestBody", {}).get("content", {})
            for media, content in body.items():
                out += [f"Body ({media}): {type_text(content.get('schema', {}))}", ""]
            out += ["| answer | content |", "| --- | --- |"]
            for status, resp in op.get("responses", {}).items():
                content = resp.get("content", {})
                what = "; ".join(f"{m}: {type_text(c.get('schema', {}))}" for m, c in content.items())
                links = ", ".join(
                    f"{n} → `{link['operationId']}`" for n, link in resp.get("links", {}).items()
                )
                out.append(
                    f"| {status} | {_cell(what or resp.get('description', ''))}"
                    f"{_cell(f' (links: {links})') if links else ''} |"
                )
            out.append("")
    out += ["## Schemas", ""]
    for name, schema in sorted(doc.get("components", {}).get("schemas", {}).items()):
        out += [f"### {name}", ""]
        if schema.get("description"):
            out += [schema["description"].strip(), ""]
        props = schema.get("properties", {})
        if props:
            required = set(schema.get("required", []))
            out += ["| field | type | required | description |", "| --- | --- | --- | --- |"]
            for field, fs in props.items():
                default = f" (default `{json.dumps(fs['default'])}`)" if "default" in fs else ""
                out.append(
                    f"| `{field}` | {_cell(type_text(fs))} | {'yes' if field in required else 'no'} | "
                    f"{_cell(fs.get('description', ''))}{_cell(default)} |"
                )
            out.append("")
            if schema.get("additionalProperties") is False:
                out += ["No other field is accepted.", ""]
        else:
            out += [f"{type_text(schema)}", ""]
    if security:
        out += ["## Authentication", ""]
        for name, sch in security.items():
            out += [f"* `{name}`: {sch.get('type')} {sch.get('scheme', '')} — {sch.get('description', '')}"]
        out.append("")
    return "\n".join(out).rstrip() + "\n"
