"""The organiser's event pages: create an event from the seeds' days and formats, registration and check-in
(one entrant, or a CSV list with an error per row), fees, draws and rounds, the fixtures, open score sheets
(disagreements to settle), decisions on ties and the audit log. The pages only call the store's event
service (:class:`~tablesport.store.service.EventStore`) and the double-entry desk; every rule is theirs."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from fastapi import APIRouter, Depends, Path, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from tablesport.store import accounts, captain_accounts, check_in, entrant_edit, public
from tablesport.store.double_entry import DoubleEntry, entry_json
from tablesport.store.models import TCompetition
from tablesport.store.service import EventStore
from tablesport.tournament.days import DAYS
from tablesport.tournament.entrants import entrant_from, fees_summary
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.formats import FORMATS
from tablesport.tournament.registration_csv import parse

from ..web import auth
from ..web.auth import OrganiserDep
from ..web.deps import LangDep, SessionsDep
from ..web.render import render
from .organiser import in_session

router = APIRouter(prefix="/organiser/events", dependencies=[Depends(auth.csrf_protect)])

EventId = Path(ge=1, le=2**31 - 1)
CompKey = Path(min_length=1, max_length=64)
OPTIONS = ("groups", "draw", "seed", "tables", "rounds", "advance", "cutoff")


# ---- creating an event --------------------------------------------------------------------------------
def formats_json() -> list[dict[str, Any]]:
    return [{"name": f.name, "title": f.title, "kind": f.kind, "fee": f.fee.describe(),
             "prizes": [f"{p.place}. {p.title}: {p.description}" for p in f.prizes],
             "groups": f.groups, "rounds": f.rounds, "team_size": f.team_size} for f in FORMATS.values()]


def event_doc(form: dict[str, list[str]]) -> dict[str, Any]:
    """The event document from the new-event form: ``use`` (competition rows chosen), per row ``key_N``,
    ``format_N`` and the options the format leaves open (``groups_N``, ``rounds_N``, ``tables_N``, ...)."""

    def one(name: str) -> str:
        return (form.get(name) or [""])[-1].strip()

    comps = []
    for n in form.get("use", []):
        c: dict[str, Any] = {"key": one(f"key_{n}"), "preset": one(f"format_{n}")}
        for opt in OPTIONS:
            value = one(f"{opt}_{n}")
            if not value:
                continue
            if opt in ("draw", "cutoff"):
                c[opt] = value
            elif value.isdigit():
                c[opt] = int(value)
            else:
                raise TournamentError(f"{c['key'] or 'a competition'}: {opt} is a whole number, "
                                      f"not {value!r}",
                                      field=f"{opt}_{n}")
        if one(f"title_{n}"):
            c["title"] = one(f"title_{n}")
        comps.append(c)
    return {"event": one("event"), "competitions": comps}


@router.get("/new", response_class=HTMLResponse)
async def new_event(request: Request, lang: LangDep, acc: OrganiserDep) -> HTMLResponse:
    return await render(request, lang, "organiser/new_event.html", account=acc, formats=formats_json(),
                        days=[{"key": d.key, "title": d.title, "seed": d.seed, "competitions": d.competitions}
                              for d in DAYS.values()], error=None, values={})


@router.post("/new")
async def create_event(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep) -> Response:
    form = await auth.form_lists(request)
    try:
        doc = event_doc(form)
        event_id = await in_session(sessions, lambda s: EventStore(s).create_event(doc, acc.name).id)
    except TournamentError as exc:
        return await render(request, lang, "organiser/new_event.html", account=acc, status=400,
                            formats=formats_json(), days=[], error=str(exc),
                            values={k: v[-1] for k, v in form.items()})
    return RedirectResponse(f"/organiser/events/{event_id}", status_code=303)


# ---- an event --------------------------------------------------------------------------------
@router.get("/{event_id}", response_class=HTMLResponse)
async def event_page(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                     event_id: int = EventId) -> HTMLResponse:
    return await organiser_event_page(request, lang, acc, sessions, event_id)


async def organiser_event_page(request: Request, lang: str, acc: accounts.Account, sessions: SessionsDep,
                               event_id: int, status: int = 200, **extra: Any) -> HTMLResponse:
    def read(s: Session) -> dict[str, Any]:
        from tablesport.store import timetable

        st = EventStore(s)
        ev = st.event_by_id(event_id)
        comps = public.competitions(st, ev)
        lines = fees_summary([(c.key, st.preset(c).fee, [entrant_from(_doc(e)) for e in st.entrants(c)])
                              for c in comps])
        return {"event": {"id": ev.id, "name": ev.name},
                "competitions": [public.competition(st, ev, c) for c in comps],
                "fees": [asdict(x) for x in lines],
                "referees": accounts.referees_of(s, ev.id), "timetable": timetable.timetable(st, ev)}

    data = await in_session(sessions, read)
    return await render(request, lang, "organiser/event.html", account=acc, status=status,
                        done=request.query_params.get("done"), **data, **extra)


def _doc(e: Any) -> dict[str, Any]:
    return {"id": e.key, "name": e.name, "members": list(e.members), "paid": e.paid,
            "checked_in": e.checked_in,
            "withdrawn": e.withdrawn}


# ---- a competition's desk ----------------------------------------------------------------------
def desk_data(st: EventStore, event_id: int, key: str) -> dict[str, Any]:
    ev, comp = st.competition_by_id(event_id, key)
    p = st.preset(comp)
    de = DoubleEntry(st)
    fixtures = public.fixtures(st, comp)
    open_sheets = [entry_json(e) for e in de.open_entries(comp)]
    try:
        undecided = [r for r in public.standings(st, comp) if r.get("needs_decision") and r.get("points")]
    except TournamentError:  # no standings yet (fewer than 2 entrants)
        undecided = []
    audit = [{"action": a.action, "subject": a.subject, "who": a.who, "at": a.at.strftime("%H:%M:%S"),
              "reason": a.reason, "before": a.before, "after": a.after} for a in st.audit(comp)][-60:][::-1]
    return {"event": {"id": ev.id, "name": ev.name},
            "comp": {**public.competition(st, ev, comp), "team_size": p.team_size, "fee": p.fee.describe()},
            "entrants": [{**public.entrant(e), "paid": e.paid} for e in st.entrants(comp)],
            "captains": captain_accounts.captains(st.s, comp),
            "fixtures": fixtures, "open_sheets": open_sheets, "undecided": undecided, "audit": audit,
            "check_in": check_in.summary(st, comp),
            "can_draw": p.kind in ("series", "duel") and not fixtures,
            "can_round": p.kind != "rummikub" and bool(fixtures or p.kind in ("table", "duel"))}


async def desk_page(request: Request, lang: str, acc: accounts.Account, sessions: SessionsDep, event_id: int,
                    key: str, status: int = 200, **extra: Any) -> HTMLResponse:
    data = await in_session(sessions, lambda s: desk_data(EventStore(s), event_id, key))
    extra.setdefault("editing", request.query_params.get("edit"))
    return await render(request, lang, "organiser/competition.html", account=acc, status=status,
                        done=request.query_params.get("done"), **data, **extra)


@router.get("/{event_id}/{competition}", response_class=HTMLResponse)
async def desk(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
               event_id: int = EventId, competition: str = CompKey) -> HTMLResponse:
    return await desk_page(request, lang, acc, sessions, event_id, competition)


async def _write(request: Request, lang: str, acc: accounts.Account, sessions: SessionsDep, event_id: int,
                 key: str, work: Any, done: str, **keep: Any) -> Response:
    """Run ``work(store, competition)``; on a refusal show the desk again with the message and what was
    typed."""

    def run(s: Session) -> Any:
        st = EventStore(s)
        _, comp = st.competition_by_id(event_id, key)
        return work(st, comp)

    try:
        await in_session(sessions, run)
    except TournamentError as exc:
        return await desk_page(request, lang, acc, sessions, event_id, key, status=400, error=str(exc),
                               **keep)
    return RedirectResponse(f"/organiser/events/{event_id}/{key}?done={done}", status_code=303)


@router.post("/{event_id}/{competition}/entrants")
async def register(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                   event_id: int = EventId, competition: str = CompKey) -> Response:
    form = await auth.form_of(request)
    doc: dict[str, Any] = {"id": form.get("id", "").strip()}
    for k in ("name", "division", "club"):
        if form.get(k, "").strip():
            doc[k] = form[k].strip()
    members = [m.strip() for m in form.get("members", "").replace("|", ";").split(";") if m.strip()]
    if members:
        doc["members"] = members
    if form.get("seed", "").strip():
        doc["seed"] = int(form["seed"]) if form["seed"].strip().isdigit() else form["seed"]
    doc["paid"] = form.get("paid") == "on"
    return await _write(request, lang, acc, sessions, event_id, competition,
                        lambda st, comp: st.register(comp, doc, acc.name), "registered", reg=form)


@router.post("/{event_id}/{competition}/entrants/{entrant}")
async def change_entrant(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                         event_id: int = EventId, competition: str = CompKey,
                         entrant: str = Path(min_length=1, max_length=100)) -> Response:
    form = await auth.form_of(request)
    flag, value = form.get("flag", ""), form.get("value") == "1"
    if flag not in ("paid", "checked_in", "withdrawn"):
        return await desk_page(request, lang, acc, sessions, event_id, competition, status=400,
                               error=f"cannot change {flag!r}; allowed: paid, checked_in, withdrawn")
    return await _write(request, lang, acc, sessions, event_id, competition,
                        lambda st, comp: st.update_entrant(comp, entrant, acc.name, **{flag: value}),
                        "entrant")


@router.post("/{event_id}/{competition}/captains")
async def appoint_captain(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                          event_id: int = EventId, competition: str = CompKey) -> Response:
    """The organiser appoints the account that captains an entrant (an empty name: none)."""
    form = await auth.form_of(request)
    return await _write(request, lang, acc, sessions, event_id, competition,
                        lambda st, comp: captain_accounts.appoint(st.s, comp, form.get("entrant", ""),
                                                                  form.get("account", ""), acc.name),
                        "captain")


@router.post("/{event_id}/{competition}/entrants/{entrant}/edit")
async def edit_entrant(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                       event_id: int = EventId, competition: str = CompKey,
                       entrant: str = Path(min_length=1, max_length=100)) -> Response:
    """An entrant's name, division, members (a substitute), club or seed changed after registration, with
    a reason; kept in the audit log before and after."""
    form = await auth.form_of(request)
    changes: dict[str, Any] = {k: form[k] for k in ("name", "division", "club", "seed") if k in form}
    if "members" in form:
        changes["members"] = form["members"].replace("|", ";").split(";")
    return await _write(request, lang, acc, sessions, event_id, competition,
                        lambda st, comp: entrant_edit.edit_entrant(st, comp, entrant, changes, acc.name,
                                                                   form.get("reason", "").strip()),
                        "entrant", editing=entrant, edit_typed=form)


@router.post("/{event_id}/{competition}/check-in")
async def check_in_many(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                        event_id: int = EventId, competition: str = CompKey) -> Response:
    """Check in everyone who has not withdrawn (``all``), or the entrants the scanned or typed codes name
    (``codes``: ids, names or members, one a line); all or nothing."""
    form = await auth.form_of(request)
    codes = None if form.get("all") == "1" else check_in.codes_of(form.get("codes", ""))
    return await _write(request, lang, acc, sessions, event_id, competition,
                        lambda st, comp: check_in.check_in(st, comp, codes, acc.name), "checked_in",
                        codes_text=form.get("codes", ""))


@router.post("/{event_id}/{competition}/import")
async def import_csv(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                     event_id: int = EventId, competition: str = CompKey) -> Response:
    text = (await auth.form_of(request)).get("csv", "")
    rows, whole = parse(text)

    def work(s: Session) -> list[str]:
        st = EventStore(s)
        _, comp = st.competition_by_id(event_id, competition)
        errors = [r.error for r in rows if r.error]
        good = [r for r in rows if r.entrant is not None]
        trial = s.begin_nested()  # every row tried against the competition, then nothing kept
        try:
            for r in good:
                try:
                    with s.begin_nested():
                        st.register(comp, r.entrant, acc.name)
                except TournamentError as exc:
                    errors.append(f"line {r.line}: {exc}")
        finally:
            trial.rollback()
        if not errors:  # all or nothing: a list with errors is fixed and sent again
            for r in good:
                st.register(comp, r.entrant, acc.name)
        return sorted(errors, key=lambda e: int(e.split(":")[0].split()[1]))

    if whole is not None:
        errors = [whole]
    else:
        try:
            errors = await in_session(sessions, work)
        except TournamentError as exc:
            errors = [str(exc)]
    if errors:
        return await desk_page(request, lang, acc, sessions, event_id, competition, status=400,
                               csv_errors=errors, csv_text=text)
    return RedirectResponse(f"/organiser/events/{event_id}/{competition}?done=imported", status_code=303)


@router.post("/{event_id}/{competition}/draw")
async def draw(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
               event_id: int = EventId, competition: str = CompKey) -> Response:
    form = await auth.form_of(request)

    def work(st: EventStore, comp: TCompetition) -> Any:
        groups = int(form["groups"]) if form.get("groups", "").isdigit() else None
        seed = int(form["seed"]) if form.get("seed", "").isdigit() else None
        method = form.get("method") or None
        if method not in (None, "snake", "pots"):
            raise TournamentError(f"the draw is snake or pots, not {method!r}", allowed=["snake", "pots"])
        return st.draw(comp, acc.name, groups=groups, method=method, seed=seed)

    return await _write(request, lang, acc, sessions, event_id, competition, work, "drawn")


@router.post("/{event_id}/{competition}/next-round")
async def next_round(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                     event_id: int = EventId, competition: str = CompKey) -> Response:
    return await _write(request, lang, acc, sessions, event_id, competition,
                        lambda st, comp: st.next_round(comp, acc.name), "round")


@router.post("/{event_id}/{competition}/decide")
async def decide(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                 event_id: int = EventId, competition: str = CompKey) -> Response:
    form = await auth.form_of(request)
    order = [x.strip() for x in form.get("order", "").replace(">", ",").split(",") if x.strip()]
    return await _write(request, lang, acc, sessions, event_id, competition,
                        lambda st, comp: st.decide(comp, order, acc.name, form.get("note", "")), "decided")


@router.post("/{event_id}/{competition}/sheets/{entry}/accept")
async def accept_sheet(request: Request, lang: LangDep, acc: OrganiserDep, sessions: SessionsDep,
                       event_id: int = EventId, competition: str = CompKey,
                       entry: int = Path(ge=1, le=2**31 - 1)) -> Response:
    return await _write(request, lang, acc, sessions, event_id, competition,
                        lambda st, comp: DoubleEntry(st).resolve(comp, entry, acc.name), "accepted")
