"""What anyone may read of a stored event, as plain JSON-ready rows: its competitions, entrants, fixtures with
their results, standings, bracket, prizes, penalties and decisions, and the CSV exports. The HTTP API and the
event commands both read through here."""

from __future__ import annotations

import json
from typing import Any

from sqlalchemy import func, select

from tablesport.tournament import printouts
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.prizes import award

from .models import TCompetition, TDecision, TEntrant, TEvent, TFixture, TResult
from .service import EventStore


def events(st: EventStore) -> list[dict[str, Any]]:
    out = []
    for ev in st.s.scalars(select(TEvent).order_by(TEvent.id)):
        out.append({"id": ev.id, "name": ev.name, "created_at": ev.created_at.isoformat(),
                    "competitions": [competition_summary(c) for c in competitions(st, ev)]})
    return out


def competitions(st: EventStore, ev: TEvent) -> list[TCompetition]:
    return list(st.s.scalars(select(TCompetition).where(TCompetition.event_id == ev.id)
                             .order_by(TCompetition.id)))


def competition_summary(c: TCompetition) -> dict[str, Any]:
    return {"key": c.key, "preset": c.preset, "title": c.title, "stage": c.stage}


def competition(st: EventStore, ev: TEvent, comp: TCompetition) -> dict[str, Any]:
    fixtures = st.s.scalar(select(func.count()).select_from(TFixture)
                           .where(TFixture.competition_id == comp.id))
    results = st.s.scalar(select(func.count()).select_from(TResult)
                          .join(TFixture, TFixture.id == TResult.fixture_id)
                          .where(TFixture.competition_id == comp.id))
    entrants = st.s.scalar(select(func.count()).select_from(TEntrant)
                           .where(TEntrant.competition_id == comp.id))
    return {"event": ev.name, **competition_summary(comp), "kind": st.preset(comp).kind,
            "config": dict(comp.config), "groups": st.groups(comp), "entrants": entrants or 0,
            "fixtures": fixtures or 0, "results": results or 0}


def entrant(e: TEntrant) -> dict[str, Any]:
    """An entrant as the public sees it (no payment)."""
    return {"id": e.key, "name": e.name, "members": list(e.members), "division": e.division, "club": e.club,
            "seed": e.seed, "group": e.group, "checked_in": e.checked_in, "withdrawn": e.withdrawn,
            "lost_sheets": e.lost_sheets}


def fixtures(st: EventStore, comp: TCompetition) -> list[dict[str, Any]]:
    """Every fixture with its result (and, for a series, its score and the games entered so far); its
    table is the one the draw gave it or else the one the event's timetable placed it at."""
    from .timetable import EventTimetable

    series = st.preset(comp).kind == "series"
    plan = st.s.get(EventTimetable, comp.event_id)
    booked = {b["fixture"]: b for b in (plan.bookings if plan else []) if b["competition"] == comp.key}
    out = []
    order = {"group": 0, "league": 0, "open": 0, "knockout": 1, "final": 2}
    for f in sorted(st.fixtures(comp), key=lambda f: order.get(f.stage, 1)):  # group rounds first (stable)
        r = st.result_of(f)
        at = booked.get(f.key, {})
        row: dict[str, Any] = {"key": f.key, "stage": f.stage, "round": f.round, "group": f.group,
                               "table": f.table or at.get("table"),
                               "entrants": list(f.entrants),
                               "result": r.data if r else None,
                               "version": r.version if r else None, "score": None, "games": None}
        if series:
            status = st.series.status(comp, f.key)
            row["score"] = list(status.score)
            row["games"] = len(status.games)
        out.append(row)
    return out


def standings(st: EventStore, comp: TCompetition, group: str | None = None) -> list[dict[str, Any]]:
    """The standings, per group once drawn (``group``: one of them)."""
    groups = [group] if group else st.groups(comp)
    if groups:
        return [{**r, "group": g} for g in groups for r in st.standings(comp, g)]
    return [{**r, "group": None} for r in st.standings(comp)]


def bracket(st: EventStore, comp: TCompetition) -> dict[str, Any]:
    """The knock-out bracket (empty before the knock-out)."""
    if not st.fixtures(comp, "knockout"):
        return {"rounds": [], "third_place": None, "placings": {}}
    br = st.bracket(comp)
    scores = {f["key"]: f["score"] for f in fixtures(st, comp) if f["stage"] == "knockout" and f["games"]}

    def match(m: Any) -> dict[str, Any]:
        return {"key": m.key, "round": m.round, "a": m.a, "b": m.b, "winner": m.winner,
                "score": scores.get(m.key)}

    placings = br.placings()
    return {"rounds": [[match(m) for m in rnd] for rnd in br.rounds],
            "names": list(br.names), "champion": placings.get(1),
            "third_place": match(br.third_place) if br.third_place else None,
            "placings": {str(k): v for k, v in placings.items()}}


def prizes(st: EventStore, comp: TCompetition) -> list[dict[str, Any]]:
    """Who receives each prize (``winner`` none while the place is not decided); Rummikub adds the schools."""
    p = st.preset(comp)
    rows: list[dict[str, Any]] = [
        {"group": g or None, "place": pr.place, "prize": pr.title, "description": pr.description,
         "value": pr.value, "winner": who}
        for g, places in st.placings(comp).items() for pr, who in award(p.prizes, places)]
    if p.kind == "rummikub":
        rows += [{"group": "schools", "place": i, "prize": f"team #{i}", "value": 0, "winner": school,
                  "description": f"{wins} wins, {plus} plus points: {', '.join(best)}"}
                 for i, (school, wins, plus, best) in enumerate(st.school_scores(comp), 1)]
    return rows


def decisions(st: EventStore, comp: TCompetition) -> list[dict[str, Any]]:
    q = select(TDecision).where(TDecision.competition_id == comp.id).order_by(TDecision.id)
    return [{"order": list(d.order), "who": d.who, "at": d.at.isoformat(), "note": d.note}
            for d in st.s.scalars(q)]


def penalties(st: EventStore, comp: TCompetition, game: str | None = None) -> list[dict[str, Any]]:
    """Every foul recorded and not withdrawn (series competitions; none elsewhere): typed at the desk, and
    given at a live table (technical points, player penalties)."""
    if st.preset(comp).kind != "series":
        return []
    from .live_fixtures import table_fouls

    at_tables = [f for f in table_fouls(st, comp) if game is None or f["game"] == game]
    return st.series.penalties(comp, game) + at_tables


def standings_csv(st: EventStore, comp: TCompetition) -> str:
    rows = standings(st, comp)
    return printouts.standings_csv([{**r, "group": r["group"] or ""} for r in rows])


def results_csv(st: EventStore, comp: TCompetition) -> str:
    """Every fixture's result with who entered and last changed it."""
    lines = []
    for f in st.fixtures(comp):
        r = st.result_of(f)
        lines.append({"fixture": f.key, "stage": f.stage, "round": f.round, "group": f.group or "",
                      "entrants": " ".join(f.entrants),
                      "result": json.dumps(r.data, ensure_ascii=False) if r else "",
                      "version": r.version if r else "", "entered_by": r.entered_by if r else "",
                      "entered_at": r.entered_at.isoformat() if r else "",
                      "updated_by": r.updated_by if r else "",
                      "updated_at": r.updated_at.isoformat() if r else ""})
    return printouts.results_csv(lines)


PRINTOUTS = ("standings", "groups", "bracket", "sheets")
"""What can be printed of a competition (A4 HTML with print CSS)."""


def printables(st: EventStore, comp: TCompetition) -> list[str]:
    """The printouts that have something to show now."""
    p = st.preset(comp)
    out = ["standings"]
    if st.groups(comp):
        out.append("groups")
    if p.kind == "series" and st.fixtures(comp, "knockout"):
        out.append("bracket")
    open_tables = p.kind == "table" and any(st.result_of(f) is None for f in st.fixtures(comp))
    if p.kind in ("rummikub", "series") or open_tables:
        out.append("sheets")
    return out


TABLE_FIGURES = {"ttr-event": "Points 分数", "monopoly-deal-event": "Property value 资产总值",
                 "blokus-event": "Score 得分 (−1 per square left)"}
"""The figure each 4-player league's sheet asks for (seed 000: Ticket to Ride by points, Monopoly Deal
by property value, Blokus by its score)."""


def next_series_round(st: EventStore, comp: TCompetition) -> tuple[str, int]:
    """The stage and number of matches of a series competition's next round, when none is open: the
    first group round before the draw (half the entrants), the knock-out's first round once the groups are
    played (the groups' qualifiers in pairs), the bracket's next round (the final with the third-place
    match)."""
    p = st.preset(comp)
    fixtures = st.fixtures(comp)
    if not fixtures:
        return "group", max(1, len(st.playing(comp)) // 2)
    knockout = [f for f in fixtures if f.stage == "knockout"]
    if not knockout:
        return "knockout", max(1, len(st.groups(comp)) * p.advance // 2)
    br = st.bracket(comp)
    last = max(f.round for f in knockout)
    if last >= len(br.rounds):
        raise TournamentError(f"{comp.key!r} has played its final: there is no next round to print",
                              field="what")
    final_next = last + 1 == len(br.rounds)
    return "knockout", len(br.rounds[last]) + (1 if final_next and br.third_place else 0)


def printout(st: EventStore, event: str, comp: TCompetition, what: str) -> str:
    """A printable page of ``comp``: its standings, group tables, bracket, or the score sheets of its open
    fixtures (Sanguosha, with the captains' signature lines) or of its players (Rummikub)."""
    p = st.preset(comp)
    title = f"{event} · {comp.title}"
    labels = {t.key: t.label or t.key for t in p.chain}
    if what == "standings" and p.kind == "series" and st.groups(comp):
        body = printouts.final_places_html(title, st.final_places(comp), labels)
    elif what == "standings":
        body = printouts.standings_html(title, st.standings(comp), labels)
    elif what == "groups":
        groups = st.groups(comp)
        if not groups:
            raise TournamentError(f"{comp.key!r} has no groups", field="what")
        body = printouts.group_tables_html(title, {g: st.standings(comp, g) for g in groups})
    elif what == "bracket":
        if not st.fixtures(comp, "knockout"):
            raise TournamentError(f"{comp.key!r} has no knock-out yet", field="what")
        body = printouts.bracket_html(title, st.bracket(comp))
    elif what == "sheets":
        ents = {e.key: e for e in st.entrants(comp)}
        if p.kind == "rummikub":
            body = "\n".join(printouts.rummikub_sheet(event, e.key, e.division, e.club)
                             for e in ents.values())
        elif p.kind == "series":
            todo = [f for f in st.fixtures(comp) if st.result_of(f) is None]
            if todo:
                body = "\n".join(printouts.sanguosha_sheet(
                    event, comp.title, f.key, f.entrants[0], f.entrants[1], ents[f.entrants[0]].members,
                    ents[f.entrants[1]].members,
                    (p.series if f.stage == "group" else p.knockout_series).games,  # type: ignore[union-attr]
                    f.stage) for f in todo)
            else:
                stage, count = next_series_round(st, comp)
                games = (p.series if stage == "group" else p.knockout_series).games  # type: ignore[union-attr]
                blank = printouts.sanguosha_sheet(event, comp.title, "", "", "", [], [], games, stage)
                body = "\n".join([blank] * count)
        elif p.kind == "table":
            todo = [f for f in st.fixtures(comp) if st.result_of(f) is None]
            if not todo:
                raise TournamentError("no table is waiting for a result: draw the next round first, then "
                                      "print its sheets", field="what")
            figure = TABLE_FIGURES.get(p.name, "Score 得分")
            body = "\n".join(printouts.table_sheet(event, comp.title, f.key, f.table,
                                                   [ents[k].name for k in f.entrants], figure,
                                                   p.placement_points) for f in todo)
        else:
            raise TournamentError(f"no score sheet for {p.title}; print standings instead", field="what")
    else:
        raise TournamentError(f"cannot print {what!r}", allowed=list(PRINTOUTS), field="what")
    return printouts.page(title, body)
