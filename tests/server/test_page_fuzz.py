"""The pages' routes (not in the API's document: the lobby's forms, sign-in, the organiser's and referees'
pages, the public event pages) fuzzed with generated paths and form fields, signed in as an organiser with a
valid form token (so that the forms are read, not refused at the door) and sometimes without one. No answer
may be a 5xx; every refusal (4xx) says what is wrong. ``-m slow`` sends ten times as many."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablesport.server.app import create_app
from tablesport.store.service import EventStore

from .api_fixtures import EVENT
from .test_accounts import csrf_of, http_routes, make_user, sign_in

FIELDS = ("action", "at", "commander", "comp", "entrants", "figures", "finish", "fixture", "flag",
          "groups", "how", "id", "key", "kind", "members", "method", "name", "next", "note", "order", "paid",
          "password", "password2", "player", "points_winner", "preset", "reason", "referee", "role", "round",
          "scores", "seed", "stage", "team", "use", "value", "winner", "csv", "seat0", "seat1", "seat2",
          "bot_delay", "scope", "events", "expires", "lang")
"""Every field the pages' forms read, and a few more."""
ODD = st.one_of(
    st.sampled_from(["", "0", "-1", "1", "2", "99999999999999999999", "1e309", "nan", "T1", "A-R1-1", "p1",
                     "blokus", "sgs", "goofspiel-2p", "person", "bot:random", "bot:nosuch", "organiser",
                     "referee", "x" * 5000, "a,b;c\n1,2", "\u0000", "é中", "true", "[1]", "{}",
                     "2026-13-45"]),
    st.text(max_size=40),
)


def page_routes(client: TestClient) -> list[tuple[str, str]]:
    out = []
    for route in http_routes(client.app.routes):  # type: ignore[attr-defined]
        path = getattr(route, "path", "")
        if not path or path.startswith(("/api", "/static", "/ws", "/docs")):
            continue
        for method in sorted(set(getattr(route, "methods", None) or ()) - {"HEAD", "OPTIONS"}):
            if (method, path) != ("POST", "/logout"):  # would end the session the fuzzing runs in
                out.append((method, path))
    return out


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, int]]:
    db = tmp_path_factory.mktemp("pages") / "pages.sqlite3"
    app = create_app(f"sqlite:///{db}", bot_delay=0.0, tables_per_minute=0)
    with TestClient(app, raise_server_exceptions=False) as client:
        with app.state.sessions() as s:
            store = EventStore(s)
            ev = store.create_event(EVENT, "desk")
            store.next_round(store.competition("Club day", "blokus"), "desk")
            s.commit()
            event_id = ev.id
        make_user(client, "olga", "organiser")
        yield client, event_id


KNOWN = ("event_id", "competition", "fixture", "entrant", "entry", "op", "token_id", "tid", "token", "game",
         "lang", "table", "control", "entry_id", "verdict", "what", "name", "preset", "user_id", "seat")
"""Every path parameter of the pages: a new one must be given values below, or the fuzzing stops at it."""


def path_values(event_id: int) -> st.SearchStrategy[dict[str, str]]:
    known = {"event_id": [str(event_id), "0", "99999", "-1", "x", "1e3"],
             "competition": ["blokus", "sgs", "open", "nope", "%E4%B8%AD"],
             "fixture": ["A-R1-1", "R1-1", "nope"], "entrant": ["p1", "T1", "nope"], "entry": ["1", "0", "x"],
             "op": ["pause", "resume", "nope"], "token_id": ["1", "0", "x"], "tid": ["0" * 16, "nope"],
             "token": ["nope"], "game": ["blokus", "nope"], "lang": ["en", "zh-Hans", "xx"],
             "table": ["0" * 12, "nope"], "control": ["pause", "resume", "penalty", "concede", "nope"],
             "entry_id": ["1", "0", "x"], "verdict": ["agree", "disagree", "nope"],
             "what": ["standings", "groups", "bracket", "sheets", "nope"], "name": ["olga", "nobody", "%2F"],
             "preset": ["blokus-event", "sgs-3v3-2012", "nope"], "user_id": ["1", "2", "0", "x"],
             "seat": ["0", "5", "-1", "x"]}
    assert set(known) == set(KNOWN)
    return st.fixed_dictionaries({k: st.one_of(st.sampled_from(v), st.from_regex(r"[A-Za-z0-9_-]{1,12}",
                                                                                  fullmatch=True))
                                  for k, v in known.items()})


def fuzz_pages(site: tuple[TestClient, int], examples: int) -> int:
    client, event_id = site
    routes = page_routes(client)
    assert len(routes) >= 40, routes
    unknown = {p for _, t in routes for p in re.findall(r"\{(\w+)", t)} - set(KNOWN)
    assert not unknown, f"give path_values some values for {sorted(unknown)}"
    statuses: Counter[int] = Counter()

    @given(route=st.sampled_from(routes), params=path_values(event_id),
           form=st.dictionaries(st.sampled_from(FIELDS), ODD, max_size=8), with_token=st.booleans(),
           query=st.dictionaries(st.sampled_from(["lang", "next", "group", "round", "at"]), ODD, max_size=2))
    @settings(max_examples=examples, deadline=None, derandomize=True, database=None,
              suppress_health_check=list(HealthCheck))
    def run(route: tuple[str, str], params: dict[str, str], form: dict[str, str], with_token: bool,
            query: dict[str, str]) -> None:
        method, template = route
        path = re.sub(r"\{(\w+)\}", lambda m: params[m.group(1)], template)
        if client.cookies.get("ts_session") is None:
            sign_in(client, "olga")
        if method == "GET":
            r = client.get(path, params=query, follow_redirects=False)
        else:
            data: dict[str, Any] = dict(form)
            if with_token:
                data["csrf"] = csrf_of(client, "/organiser")
            r = client.request(method, path, data=data, params=query, follow_redirects=False)
        statuses[r.status_code] += 1
        assert r.status_code < 500, f"{method} {path} {form}: {r.status_code} {r.text[:500]}"
        if r.status_code >= 400:
            assert len(r.text.strip()) > 20, f"{method} {path}: {r.status_code} with no message"

    run()
    print(f"pages: {sum(statuses.values())} requests, {len(routes)} routes: {dict(statuses.most_common())}")
    assert statuses[200] + statuses[303] > 0, statuses  # forms read
    assert statuses[400] + statuses[422] > 0, statuses  # and refused
    return sum(statuses.values())


def test_every_page_route_answers_generated_input_without_a_server_error(
        site: tuple[TestClient, int]) -> None:
    assert fuzz_pages(site, 600) >= 600


@pytest.mark.slow
def test_every_page_route_answers_generated_input_without_a_server_error_long(
        site: tuple[TestClient, int]) -> None:
    assert fuzz_pages(site, 6000) >= 6000
