"""The referee's pages: the events they work (an organiser works every event). The score sheets, the
table clock and the fouls of a fixture are under ``/referee/events/{event_id}/...`` and need a referee of
that event (:data:`..auth.RefereeDep`); every form carries its CSRF token."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from tablesport.store import live_fixtures, public
from tablesport.store.accounts import Account
from tablesport.store.double_entry import DoubleEntry, entry_json
from tablesport.store.entry_facts import Facts
from tablesport.store.photo_sheets import kept_photos
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.penalties import Penalty, game_key
from tablesport.tournament.rules import rule
from tablesport.tournament.series import HOW

from ..live import table_control
from ..live.setup import SetupError
from ..web import auth
from ..web.auth import AccountDep, RefereeDep
from ..web.deps import LangDep, RoomDep, SessionsDep
from ..web.render import render
from .organiser import in_session

router = APIRouter(prefix="/referee", dependencies=[Depends(auth.csrf_protect)])


def may_referee(acc: Account) -> None:
    if acc.role not in ("organiser", "referee"):
        raise auth.AuthRefused(403, "not_referee_here",
                               f"this page is for referees; {acc.name} is a {acc.role}")


@router.get("", response_class=HTMLResponse)
async def home(request: Request, lang: LangDep, acc: AccountDep, sessions: SessionsDep) -> HTMLResponse:
    may_referee(acc)

    def read(s: Session) -> list[dict[str, Any]]:
        return [ev for ev in public.events(EventStore(s)) if acc.may_referee(ev["id"])]

    events = await in_session(sessions, read)
    return await render(request, lang, "referee/home.html", account=acc, events=events)


# ---- a competition's fixtures and a fixture's score sheet ----------------------------------------
EventId = Path(ge=1, le=2**31 - 1)
CompKey = Path(min_length=1, max_length=64)
FixtureKey = Path(min_length=1, max_length=64)


def whole(form: Mapping[str, str], key: str, lo: int, hi: int, default: int | None = None) -> int:
    text = form.get(key, "").strip()
    if not text and default is not None:
        return default
    if not text.lstrip("-").isdigit() or not lo <= int(text) <= hi:
        raise TournamentError(f"{key}: a whole number from {lo} to {hi}, not {text!r}", field=key)
    return int(text)


def sheet_from(kind: str, entrants: list[str], form: Mapping[str, str]) -> dict[str, Any]:
    """The figures of a score sheet form, in the form the results desk takes them (it checks them)."""
    if kind == "series":
        game: dict[str, Any] = {"winner": form.get("winner", ""), "how": form.get("how", "commander_death"),
                                "surviving": whole(form, "surviving", 0, 3, 0),
                                "lost_hp": whole(form, "lost_hp", 0, 15, 0)}
        loser_s, loser_hp = whole(form, "surviving_loser", 0, 3, 0), whole(form, "lost_hp_loser", 0, 15, 0)
        if (loser_s or loser_hp) and game["winner"] in entrants:
            # the loser's board at time-up (000 glossary 17); the desk refuses it for any other ending
            loser = next(e for e in entrants if e != game["winner"])
            game["surviving"] = {game["winner"]: game["surviving"], loser: loser_s}
            game["lost_hp"] = {game["winner"]: game["lost_hp"], loser: loser_hp}
        commanders = {e: form.get(f"commander_{i}", "").strip() for i, e in enumerate(entrants)}
        if any(commanders.values()):
            game["commanders"] = {e: c for e, c in commanders.items() if c}
        overtimes = whole(form, "overtimes", 0, 20, 0)
        if overtimes:  # kept with the game's facts (the desk refuses them for an ending other than time-up)
            game["overtimes"] = overtimes
        return game
    if kind == "table":
        return {"scores": {e: whole(form, f"score_{i}", -999, 9999) for i, e in enumerate(entrants)}}
    if kind == "duel":
        return duel_sheet(entrants, form)
    raise TournamentError("this competition's results are entered at its hall desk, not on a score sheet")


FIELD_LABELS = {"winner": "winner", "how": "how_ended", "surviving": "surviving_generals",
                "lost_hp": "lost_hp", "commanders": "commander", "technical": "tb.technical_points",
                "scores": "scores", "squares": "squares", "finish": "reached_finish",
                "overtimes": "overtimes"}
"""The page text (catalogue key) that names each field of a score sheet."""


def _flat(data: Any, prefix: str = "") -> dict[str, str]:
    """A sheet's fields as ``field`` → text (``surviving.Team1`` for a figure per team)."""
    if isinstance(data, Mapping):
        out: dict[str, str] = {}
        for k, v in data.items():
            out.update(_flat(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    if isinstance(data, list):
        return {prefix: " ".join(map(str, data))}
    return {prefix: "" if data is None else str(data)}


def disagreements(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The sheets that disagree, per game, side by side: each field with every sheet's value and whether
    they differ (a field missing from a sheet counts as blank)."""
    by_number: dict[Any, list[dict[str, Any]]] = {}
    for e in entries:
        if e["status"] == "disagrees":
            by_number.setdefault(e["number"], []).append(e)
    out = []
    for number, sheets in by_number.items():
        flats = [_flat(e["data"]) for e in sheets]
        fields = list(dict.fromkeys(k for f in flats for k in f))
        rows = [{"field": k, "label": FIELD_LABELS.get(k.split(".")[0]), "of": k.partition(".")[2],
                 "cells": [f.get(k, "") for f in flats],
                 "differs": len({f.get(k, "") for f in flats}) > 1} for k in fields]
        out.append({"number": number, "by": [e["entered_by"] for e in sheets], "rows": rows})
    return out


def typed_from(kind: str, entrants: list[str], data: Mapping[str, Any]) -> dict[str, str]:
    """A stored result as the score sheet's form fields (the correction form starts from it)."""
    if kind == "series":
        winner = str(data.get("winner", ""))
        loser = next((e for e in entrants if e != winner), "")
        out = {"winner": winner, "how": str(data.get("how", "commander_death"))}
        for k in ("surviving", "lost_hp"):
            v = data.get(k, 0)
            out[k] = str(v.get(winner, 0) if isinstance(v, Mapping) else v)
            out[f"{k}_loser"] = str(v.get(loser, 0)) if isinstance(v, Mapping) else ""
        for i, e in enumerate(entrants):
            out[f"commander_{i}"] = str((data.get("commanders") or {}).get(e, ""))
        if data.get("overtimes"):
            out["overtimes"] = str(data["overtimes"])
        return out
    if isinstance(data.get("scores"), Mapping):
        return {f"score_{i}": str(data["scores"].get(e, "")) for i, e in enumerate(entrants)}
    return {"winner": str(data.get("winner", ""))}


def duel_sheet(entrants: list[str], form: Mapping[str, str]) -> dict[str, Any]:
    """A Pictionary round's sheet: it ended either on Finish (§4, §5) or at time-up (§4), never both and
    never neither; the squares typed are kept either way (time-up needs them)."""
    finish, time_up = form.get("finish") == "on", form.get("time_up") == "on"
    if finish == time_up:
        raise TournamentError(
            "tick exactly one of 'Reached Finish' and 'Time up'" + (", not both" if finish else ""),
            rule=rule("pictionary_time_up"), field="finish",
            allowed=["Reached Finish: the winner landed on Finish", "Time up: the squares of both teams"])
    out: dict[str, Any] = {"winner": form.get("winner", "")}
    typed = [bool(form.get(f"squares_{i}", "").strip()) for i in range(len(entrants))]
    if time_up or any(typed):  # seed 000 Pictionary §4: time up, more squares covered wins
        out["squares"] = {e: whole(form, f"squares_{i}", 0, 999) for i, e in enumerate(entrants)}
    out["finish" if finish else "time_up"] = True
    return out


def fixture_data(st: EventStore, event_id: int, key: str, fixture: str) -> dict[str, Any]:
    ev, comp = st.competition_by_id(event_id, key)
    p = st.preset(comp)
    fx = next((f for f in public.fixtures(st, comp) if f["key"] == fixture), None)
    if fx is None:
        raise TournamentError(f"no fixture {fixture!r} in {key!r}")
    de = DoubleEntry(st)
    members = {e.key: list(e.members) for e in st.entrants(comp) if e.key in fx["entrants"]}
    out: dict[str, Any] = {"event": {"id": ev.id, "name": ev.name}, "comp": public.competition(st, ev, comp),
                           "kind": p.kind, "fixture": fx, "members": members, "how": HOW,
                           "entries": [entry_json(e) for e in de.entries(comp, fixture)],
                           "disagreements": disagreements([entry_json(e) for e in de.entries(comp, fixture)]),
                           "penalties": public.penalties(st, comp, None) if p.kind == "series" else [],
                           "has_penalties": p.penalties is not None,
                           "live": [{"table": x.table_id, "status": x.status, "detail": x.detail,
                                     "by": x.created_by, "number": x.number, "seats": x.seats}
                                    for x in live_fixtures.links(st.s, comp, fixture)],
                           "can_go_live": p.kind in live_fixtures.KINDS and fx["result"] is None,
                           "score_label": p.score_label or "score_of",
                           "score_range": p.score_range or ("", "")}
    if out["can_go_live"]:
        from tablesport.games import find_preset

        fxrow = next(f for f in st.fixtures(comp) if f.key == fixture)
        out["live_seats"] = find_preset(live_fixtures.game_preset(st, comp, fxrow))[1].seats
    if fx["result"] is not None and p.kind != "series":
        out["corrections"] = [(None, typed_from(p.kind, fx["entrants"], fx["result"]))]
    out["kept"] = kept_photos(st, comp, fixture) if out["disagreements"] else []
    playing = [x for x in out["live"] if x["status"] == "playing"]
    out["seat_names"] = (playing[0]["seats"] or fx["entrants"]) if playing else fx["entrants"]
    if p.kind == "series":
        status = st.series.status(comp, fixture)
        out["can_go_live"] = status.next_number is not None
        out["series"] = status.to_json()
        out["corrections"] = [(g["number"], typed_from("series", fx["entrants"], {
            **g["game"], "overtimes": (g["facts"].get("time_up") or {}).get("overtimes")}))
            for g in out["series"]["games"]]
        out["penalties"] = [x for x in out["penalties"] if str(x.get("game", "")).startswith(fixture + "/")]
    return out


async def fixture_page(request: Request, lang: str, acc: Account, sessions: SessionsDep, event_id: int,
                       key: str, fixture: str, status: int = 200, **extra: Any) -> HTMLResponse:
    tables = request.app.state.room.tables
    data = await in_session(sessions, lambda s: fixture_data(EventStore(s), event_id, key, fixture))
    away = table_control.refereed_elsewhere(tables, data["live"])
    stored = await in_session(sessions, lambda s: table_control.stored_rows(s, away)) if away else {}
    data["tables"] = table_control.states(tables, data["live"], stored)
    return await render(request, lang, "referee/fixture.html", account=acc, status=status,
                        done=request.query_params.get("done"), **data, **extra)


@router.get("/events/{event_id}/{competition}", response_class=HTMLResponse)
async def fixtures(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep,
                   event_id: int = EventId, competition: str = CompKey) -> HTMLResponse:
    def read(s: Session) -> dict[str, Any]:
        st = EventStore(s)
        ev, comp = st.competition_by_id(event_id, competition)
        open_by_fixture: dict[str, list[str]] = {}
        for e in DoubleEntry(st).open_entries(comp):
            open_by_fixture.setdefault(e.fixture, []).append(e.status)
        return {"event": {"id": ev.id, "name": ev.name}, "comp": public.competition(st, ev, comp),
                "fixtures": public.fixtures(st, comp), "open": open_by_fixture}

    data = await in_session(sessions, read)
    return await render(request, lang, "referee/fixtures.html", account=acc, **data)


@router.get("/events/{event_id}/{competition}/fixtures/{fixture}", response_class=HTMLResponse)
async def sheet_page(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep,
                     event_id: int = EventId, competition: str = CompKey,
                     fixture: str = FixtureKey) -> HTMLResponse:
    return await fixture_page(request, lang, acc, sessions, event_id, competition, fixture)


async def _fixture_write(request: Request, lang: str, acc: Account, sessions: SessionsDep, event_id: int,
                         key: str, fixture: str, work: Any, form: Mapping[str, str]) -> Response:
    def run(s: Session) -> Any:
        st = EventStore(s)
        _, comp = st.competition_by_id(event_id, key)
        entrants = next(f.entrants for f in st.fixtures(comp) if f.key == fixture) \
            if any(f.key == fixture for f in st.fixtures(comp)) else []
        return work(st, comp, list(entrants))

    try:
        out = await in_session(sessions, run)
    except TournamentError as exc:
        return await fixture_page(request, lang, acc, sessions, event_id, key, fixture, status=400,
                                  error=str(exc), typed=dict(form))
    done = getattr(out, "status", "saved")
    return RedirectResponse(f"/referee/events/{event_id}/{key}/fixtures/{fixture}?done={done}",
                            status_code=303)


@router.post("/events/{event_id}/{competition}/fixtures/{fixture}/sheet")
async def submit_sheet(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep,
                       event_id: int = EventId, competition: str = CompKey,
                       fixture: str = FixtureKey) -> Response:
    form = await auth.form_of(request)

    def work(st: EventStore, comp: Any, entrants: list[str]) -> Any:
        data = sheet_from(st.preset(comp).kind, entrants, form)
        return DoubleEntry(st).submit(comp, fixture, data, acc.name)

    return await _fixture_write(request, lang, acc, sessions, event_id, competition, fixture, work, form)


@router.post("/events/{event_id}/{competition}/fixtures/{fixture}/correct")
async def correct(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep,
                  event_id: int = EventId, competition: str = CompKey, fixture: str = FixtureKey) -> Response:
    form = await auth.form_of(request)

    def work(st: EventStore, comp: Any, entrants: list[str]) -> Any:
        kind = st.preset(comp).kind
        data = sheet_from(kind, entrants, form)
        number = whole(form, "number", 1, 9) if kind == "series" else 0
        # a referee's correction counts once a second person types the same one (double entry)
        return DoubleEntry(st).correct(comp, fixture, number, data, acc.name, form.get("reason", ""),
                                       at_once=acc.is_organiser)

    return await _fixture_write(request, lang, acc, sessions, event_id, competition, fixture, work, form)


@router.post("/events/{event_id}/{competition}/fixtures/{fixture}/foul")
async def foul(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep,
               event_id: int = EventId, competition: str = CompKey, fixture: str = FixtureKey) -> Response:
    form = await auth.form_of(request)

    def work(st: EventStore, comp: Any, entrants: list[str]) -> Any:
        kind = form.get("kind", "technical")
        if kind not in ("technical", "player"):
            raise TournamentError(f"a foul is technical or player, not {kind!r}",
                                  allowed=["technical", "player"])
        penalty = Penalty(kind, game_key(fixture, whole(form, "number", 1, 9)),  # type: ignore[arg-type]
                          form.get("team", ""), whole(form, "points", 1, 5, 1),
                          form.get("reason", "").strip(),
                          acc.name, form.get("at", "").strip(), form.get("player", "").strip() or None,
                          form.get("commander") == "on")
        return st.series.penalty(comp, penalty, Facts(acc.name, form.get("at", "").strip() or None))

    return await _fixture_write(request, lang, acc, sessions, event_id, competition, fixture, work, form)


# ---- a fixture played at a live table ---------------------------------------------------------------------
@router.post("/events/{event_id}/{competition}/fixtures/{fixture}/live", response_class=HTMLResponse)
async def play_live(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep, room: RoomDep,
                    event_id: int = EventId, competition: str = CompKey,
                    fixture: str = FixtureKey) -> HTMLResponse:
    """Open a live table for the fixture (a series: its next game): a person seat per player in the order
    of :func:`~tablesport.store.live_fixtures.seat_plan` (a seat link each, shown on this answer only), or
    a bot where the organiser allows it (organisers only)."""
    from tablesport.games import find_preset

    form = await auth.form_of(request)

    def check(s: Session) -> tuple[str, list[str], dict[str, Any] | None]:
        st = EventStore(s)
        _, comp = st.competition_by_id(event_id, competition)
        fx = live_fixtures.check_playable(st, comp, fixture)
        paper = form.get("table_form") == "paper" and st.preset(comp).kind == "duel"
        preset = live_fixtures.game_preset(st, comp, fx, paper)
        commanders = {e: form.get(f"commander_{i}", "").strip() for i, e in enumerate(fx.entrants)}
        rs = find_preset(preset)[1]
        # a Pictionary table calls its teams by the fixture's entrants (T1, T7), not Team A / Team B
        params = {"team_names": list(fx.entrants)} if "team_names" in rs.params else None
        return preset, live_fixtures.seat_plan(st, comp, fx, rs.seats, commanders), params

    try:
        preset, entrants, params = await in_session(sessions, check)
        seats: list[dict[str, Any]] = []
        for i in range(len(entrants)):
            choice = form.get(f"seat_{i}", "person")
            if choice == "person":
                seats.append({"kind": "person"})
            elif choice.startswith("bot:") and acc.is_organiser:
                seats.append({"kind": "bot", "bot": choice.removeprefix("bot:")})
            else:
                raise TournamentError(f"seat {i + 1}: a person, or a bot where the organiser allows it",
                                      allowed=["person"] + (["bot:NAME"] if acc.is_organiser else []))
        try:
            table = await room.create(preset, seats, params=params, official=True)
        except SetupError as exc:
            raise TournamentError(str(exc)) from None

        def keep(s: Session) -> None:
            st = EventStore(s)
            _, comp = st.competition_by_id(event_id, competition)
            live_fixtures.link(st, comp, fixture, table.id, acc.name, entrants)

        await in_session(sessions, keep)
    except TournamentError as exc:
        return await fixture_page(request, lang, acc, sessions, event_id, competition, fixture, status=400,
                                  error=str(exc))
    seat_links = [{"entrant": entrants[i], "url": f"/play/{table.id}/{p.token}",
                   "facilitator": entrants[i] == live_fixtures.FACILITATOR and i == 0}
                  for i, p in enumerate(table.seats) if p.token]
    return await fixture_page(request, lang, acc, sessions, event_id, competition, fixture, status=201,
                              seat_links=seat_links)


# ---- the Rummikub hall ----------------------------------------------------------------------------------
HALL_OPS = ("arrive", "game", "hand-in", "lost-sheet", "leave")


def hall_data(st: EventStore, event_id: int, key: str) -> dict[str, Any]:
    ev, comp = st.competition_by_id(event_id, key)
    if st.preset(comp).kind != "rummikub":
        raise TournamentError(f"{comp.title} has no hall: its results are score sheets", field="competition")
    status = st.hall.status(comp).to_json()
    return {"event": {"id": ev.id, "name": ev.name}, "comp": public.competition(st, ev, comp),
            "hall": status, "entrants": [e.key for e in st.entrants(comp) if not e.withdrawn]}


async def hall_page(request: Request, lang: str, acc: Account, sessions: SessionsDep, event_id: int, key: str,
                    status: int = 200, **extra: Any) -> HTMLResponse:
    data = await in_session(sessions, lambda s: hall_data(EventStore(s), event_id, key))
    return await render(request, lang, "referee/hall.html", account=acc, status=status,
                        done=request.query_params.get("done"), **data, **extra)


@router.get("/events/{event_id}/{competition}/hall", response_class=HTMLResponse)
async def hall(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep,
               event_id: int = EventId, competition: str = CompKey) -> HTMLResponse:
    return await hall_page(request, lang, acc, sessions, event_id, competition)


def rack_of(form: Mapping[str, str], i: int) -> Any:
    never = form.get(f"never_{i}", "")
    if never in ("100", "200"):
        return {"never_melded": int(never)}
    return whole(form, f"rack_{i}", 0, 999)


@router.post("/events/{event_id}/{competition}/hall/{op}")
async def hall_op(request: Request, lang: LangDep, acc: RefereeDep, sessions: SessionsDep,
                  event_id: int = EventId, competition: str = CompKey,
                  op: str = Path(min_length=1, max_length=16)) -> Response:
    """One thing that happened in the hall, as the desk or a table's referee reports it (``at``: HH:MM,
    when it happened; now by default)."""
    form = await auth.form_of(request)

    def work(s: Session) -> Any:
        st = EventStore(s)
        _, comp = st.competition_by_id(event_id, competition)
        facts = Facts(acc.name, form.get("at", "").strip() or None)
        player = form.get("player", "")
        if op == "arrive":
            return st.hall.arrive(comp, player, facts)
        if op == "game":
            table = whole(form, "table", 1, 99)
            seated: list[str] = next((list(t["seated"]) for t in st.hall.status(comp).tables
                                      if t["table"] == table), [])
            winner = form.get("winner", "")
            racks = {p: rack_of(form, i) for i, p in enumerate(seated) if p != winner}
            return st.hall.game(comp, table, {"winner": winner, "racks": racks}, facts)
        if op == "hand-in":
            text = form.get("scores", "").strip()
            try:
                scores = [float(x) for x in text.replace(",", " ").split()] if text else None
            except ValueError:
                raise TournamentError(f"the sheet's scores are numbers, not {text!r}",
                                      field="scores") from None
            return st.hall.hand_in(comp, player, facts, scores)
        if op == "lost-sheet":
            return st.hall.lost_sheet(comp, player, facts)
        if op == "leave":
            return st.hall.leave(comp, player, facts)
        raise TournamentError(f"no hall operation {op!r}", allowed=HALL_OPS)

    try:
        await in_session(sessions, work)
    except TournamentError as exc:
        return await hall_page(request, lang, acc, sessions, event_id, competition, status=400,
                               error=str(exc), typed=form)
    return RedirectResponse(f"/referee/events/{event_id}/{competition}/hall?done={op}", status_code=303)
