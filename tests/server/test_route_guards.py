"""Every state-changing route and who may call it (issue 37): the table below is the list, and this test
fails when a route is added, removed or changes its guard without the table saying so. A route's guard is
read from its dependencies (:mod:`tablesport.server.web.auth`, :mod:`tablesport.server.web.api_tokens`):

* ``organiser`` — a signed-in organiser (:data:`auth.OrganiserDep`);
* ``referee`` — an organiser, or a referee assigned to the event of the path (:data:`auth.RefereeDep`);
* ``account`` — anyone signed in, acting on their own account only (:data:`auth.AccountDep`);
* ``token`` — an organiser's API token with the route's scope, for its events (``require_token``);
* ``open`` — anyone; the reason and the limits are in the table.

Every route outside ``/api`` also needs the page's form token (:func:`auth.csrf_protect`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.server.web import api_tokens, auth

from .test_accounts import http_routes

E = "/organiser/events/{event_id}/{competition}"
R = "/referee/events/{event_id}/{competition}"
F = R + "/fixtures/{fixture}"
A = "/api/v1/events/{event_id}/competitions/{competition}"

GUARDS: dict[tuple[str, str], tuple[str, str]] = {
    # pages: signing in and out, accounts
    ("POST", "/login"): ("open", "signing in; failures limited per address+account, per address, per device"),
    ("POST", "/logout"): ("open", "ends the caller's own session only"),
    ("POST", "/setup"): ("open", "the first organiser; 404 once any organiser exists"),
    ("POST", "/register"): ("open", "a player account; 10 an hour per address"),
    ("POST", "/account/password"): ("account", "one's own password; the current one is asked"),
    ("POST", "/me/sheets/{entry_id}/{verdict}"): ("account", "only the captain the organiser appointed"),
    ("POST", "/me/seats/{tid}/{seat}"): (
        "account",
        "a fixture's live-table seat: only its entrant's appointed captain",
    ),
    # pages: tables (the table's own seat tokens guard play)
    ("POST", "/tables"): ("open", "a new table; 30 a minute per address"),
    ("POST", "/tables/{tid}/join"): ("open", "takes a free seat of an open table"),
    ("POST", "/tables/{tid}/rematch"): ("open", "a finished table's seat link (its token) plays again"),
    ("POST", "/learn/{game}"): ("open", "a guided first game; counted with new tables"),
    # the organiser's pages
    ("POST", "/organiser/users"): ("organiser", "make an account"),
    ("POST", "/organiser/users/{user_id}/disabled"): ("organiser", "disable or enable an account"),
    ("POST", "/organiser/events/{event_id}/referees"): ("organiser", "assign referees"),
    ("POST", "/organiser/tokens"): ("organiser", "make an API token"),
    ("POST", "/organiser/tokens/{token_id}/revoke"): ("organiser", "revoke an API token"),
    ("POST", "/organiser/events/new"): ("organiser", "create an event"),
    ("POST", "/organiser/events/{event_id}/timetable"): ("organiser", "the timetable"),
    ("POST", E + "/entrants"): ("organiser", "register an entrant"),
    ("POST", E + "/entrants/{entrant}"): ("organiser", "paid, checked in, withdrawn"),
    ("POST", E + "/captains"): ("organiser", "appoint an entrant's captain account"),
    ("POST", E + "/entrants/{entrant}/edit"): ("organiser", "edit an entrant after registration, audited"),
    ("POST", E + "/check-in"): ("organiser", "check in everyone, or the scanned codes"),
    ("POST", E + "/import"): ("organiser", "a CSV registration list"),
    ("POST", E + "/draw"): ("organiser", "the draw"),
    ("POST", E + "/next-round"): ("organiser", "the next round"),
    ("POST", E + "/decide"): ("organiser", "decide a tie"),
    ("POST", E + "/sheets/{entry}/accept"): ("organiser", "accept an open score sheet"),
    # the referees' pages (an organiser may do all a referee may)
    ("POST", F + "/sheet"): ("referee", "a score sheet (double entry)"),
    ("POST", F + "/correct"): ("referee", "a correction with its reason"),
    ("POST", F + "/foul"): ("referee", "a foul"),
    ("POST", F + "/time-up"): ("referee", "the board at time-up"),
    ("POST", F + "/live"): ("referee", "open the fixture's live table"),
    ("POST", F + "/live/{table}/{control}"): (
        "referee",
        "pause, resume, penalise, concede at the live table",
    ),
    ("POST", F + "/clock/{what}"): ("referee", "start, pause, overtime of the server's table clock"),
    ("POST", F + "/photo/read"): ("referee", "read a board from a photo; nothing is stored"),
    ("POST", F + "/photo/check"): ("referee", "check a corrected reading; nothing is stored"),
    ("POST", F + "/photo/sheet"): ("referee", "a score sheet from a photo (double entry), kept for audit"),
    ("POST", R + "/hall/{op}"): ("referee", "the Rummikub hall"),
    ("POST", R + "/hall/photo/read"): ("referee", "read a rack's tiles from a photo; nothing is stored"),
    ("POST", R + "/hall/photo/check"): ("referee", "the corrected racks' totals; nothing is stored"),
    ("POST", R + "/hall/photo/game"): ("referee", "a hall game from rack photos, kept for audit"),
    # the JSON API
    ("POST", "/api/v1/tables"): ("open", "a new table; 30 a minute per address"),
    ("POST", "/api/v1/tables/{tid}/join"): ("open", "takes a free seat of an open table"),
    ("POST", "/api/v1/quickplay"): ("open", "join a queue; counted with new tables"),
    ("DELETE", "/api/v1/quickplay/{ticket}"): ("open", "leave a queue; the ticket is the caller's secret"),
    ("POST", A + "/entrants"): ("token", "scope registration"),
    ("PATCH", A + "/entrants/{entrant}"): ("token", "scope registration"),
    ("POST", A + "/results"): ("token", "scope results"),
    ("PUT", A + "/results/{fixture}"): ("token", "scope results"),
    ("POST", A + "/penalties"): ("token", "scope results"),
    ("POST", A + "/decisions"): ("token", "scope results"),
}

UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}


def _calls(dependant: Any) -> list[Any]:
    out = []
    for sub in dependant.dependencies:
        out.append(sub.call)
        out += _calls(sub)
    return out


def guard_of(route: Any) -> tuple[str, bool]:
    """The route's guard as its dependencies say, and whether it checks the form token."""
    calls = _calls(route.dependant)
    csrf = auth.csrf_protect in calls
    for guard, dep in (("organiser", auth.organiser), ("referee", auth.referee), ("account", auth.signed_in)):
        if dep in calls:
            return guard, csrf
    if any(
        c.__module__ == api_tokens.__name__ and "require_token" in c.__qualname__
        for c in calls
        if hasattr(c, "__qualname__")
    ):
        return "token", csrf
    return "open", csrf


def state_changing(app: Any) -> dict[tuple[str, str], Any]:
    out = {}
    for route in http_routes(app.routes):
        for method in set(getattr(route, "methods", None) or ()) & UNSAFE:
            out[(method, route.path)] = route
    return out


def test_every_state_changing_route_has_its_declared_guard(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}")
    with TestClient(app):
        routes = state_changing(app)
    undeclared = sorted(set(routes) - set(GUARDS))
    assert not undeclared, f"declare who may call these routes in GUARDS: {undeclared}"
    gone = sorted(set(GUARDS) - set(routes))
    assert not gone, f"GUARDS lists routes the app no longer has: {gone}"
    for key, route in routes.items():
        guard, csrf = guard_of(route)
        assert guard == GUARDS[key][0], (key, guard, GUARDS[key])
        assert csrf or key[1].startswith("/api/"), f"{key} does not check the page's form token"


def guard_table() -> str:
    """The list for the closing note (``python -m tests.server.test_route_guards``)."""
    rows = [
        f"| {m} | `{p}` | {g} | {why} |" for (m, p), (g, why) in sorted(GUARDS.items(), key=lambda x: x[0][1])
    ]
    return "\n".join(["| method | path | who may call it | note |", "|---|---|---|---|", *rows])


if __name__ == "__main__":
    print(guard_table())
