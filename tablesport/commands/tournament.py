"""Tournament commands.

Contract (relied on by other tools):

* ``tablesport standings FILE --json`` — FILE is YAML or JSON (docs/tournament.md); prints a list of
  ``{"rank", "entrant", "points", "tiebreaks", "needs_decision"}``.
* ``tablesport schedule tables --players N --rounds R --size 4 [--seed S] --json`` — prints
  ``{"rounds": [[[players...], ...], ...], "repeat_pairs": K, "seat_imbalance": X}``.

The ``event`` group runs a stored event (create, register, draw, next-round, result, correct,
standings, print, export). Bad input ends with one line on stderr and exit code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from tablesport.cli_output import echo_json
from tablesport.tournament.errors import TournamentError

from .event_group import AT, BY, NOTE, REFEREE, EventStoreSession, event_app, facts, who
from .inputs import inline_document, read_document, whole
from .store_session import DB


def standings_cmd(
    file: Path = typer.Argument(..., help="competition document (YAML or JSON)"),
    as_json: bool = typer.Option(False, "--json", help="print JSON"),
) -> None:
    """Standings of a competition document: preset, entrants, results, decisions."""
    from tablesport.tournament.standings import standings

    rows = standings(read_document(file))
    if as_json:
        echo_json(rows)
        return
    for r in rows:
        tb = ", ".join(f"{k} {v}" for k, v in r["tiebreaks"].items())
        flag = "  NEEDS A DECISION" if r["needs_decision"] else ""
        typer.echo(f"{r['rank']:>3}. {r['entrant']:<24} {r['points']:>8}   {tb}{flag}")


schedule_app = typer.Typer(no_args_is_help=True, help="Table assignment and timetables.")


@schedule_app.command("tables")
def tables_cmd(
    players_: str = typer.Option(..., "--players", help="number of players (numbered 1..N)"),
    rounds_: str = typer.Option(..., "--rounds", help="number of rounds"),
    size_: str = typer.Option("4", "--size", help="players per table"),
    seed_: str = typer.Option("0", "--seed", help="seed of the search"),
    effort_: str = typer.Option("5000000", "--effort", help="search steps (evaluated swaps)"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Tables for a league: fewest repeat opponents, balanced seats."""
    from tablesport.tournament.league import plan_tables

    players, rounds = whole(players_, "--players", 1), whole(rounds_, "--rounds", 1)
    size, seed, effort = whole(size_, "--size", 2), whole(seed_, "--seed", 0), whole(effort_, "--effort", 0)
    plan = plan_tables(players, rounds, size, seed, effort)
    if as_json:
        echo_json(plan.to_json())
        return
    for r, rnd in enumerate(plan.rounds, 1):
        typer.echo(f"round {r}: " + "  |  ".join(" ".join(str(p + 1) for p in t) for t in rnd))
    typer.echo(f"repeat pairs {plan.repeat_pairs} (lower bound {plan.lower_bound}), seat imbalance "
               f"{plan.seat_imbalance}")


def register(app: typer.Typer) -> None:
    from . import event_results  # noqa: F401  (adds the results desk commands to ``event``)

    app.command("standings")(standings_cmd)
    app.add_typer(schedule_app, name="schedule")
    app.add_typer(event_app, name="event")


# ---- stored events -----------------------------------------------------------------------------------------

def _print_rows(rows: list[dict[str, Any]], as_json: bool) -> None:

    if as_json:
        echo_json(rows)
        return
    for r in rows:
        part = r.get("group") or r["tiebreaks"].get("division")
        g = f"[{part}] " if part else ""
        flag = "  NEEDS A DECISION" if r["needs_decision"] else ""
        typer.echo(f"{g}{r['rank']:>3}. {r['entrant']:<12} {r['points']:>6}   "
                   f"{_figures(r['tiebreaks'])}{flag}")


def _figures(tb: dict[str, Any]) -> str:
    """A row's figures on one line: the chain's first, the record as W/D/L and games won:lost, then the series
    or sheets, and why the place was decided."""
    from tablesport.tournament.printouts import figure_text

    skip = {"tied_with", "group", "division", "decided_by", "decided_at", "head_to_head", "decision_note",
            "won", "drawn", "lost", "games_won", "games_lost", "played"}
    parts = [f"{k.replace('_', ' ')} {figure_text(v)}" for k, v in tb.items() if k not in skip and v != []]
    if "won" in tb:
        at = next((i for i, k in enumerate(tb) if k in ("played", "series")), len(parts))
        parts.insert(at, f"W{tb['won']} D{tb['drawn']} L{tb['lost']}, "
                         f"games {tb['games_won']}:{tb['games_lost']}")
    if tb.get("decided_at") and not tb.get("decided_by"):
        parts.append(f"placed on {tb['decided_at'].replace('_', ' ')}")
    if tb.get("decided_by") == "head_to_head":
        parts.append(f"placed by head-to-head {figure_text(tb['head_to_head'])}")
    elif tb.get("decided_by") == "organiser":
        parts.append("placed by the organiser"
                     + (f": {tb['decision_note']}" if tb.get("decision_note") else ""))
    return "; ".join(parts)


@event_app.command("create")
def ev_create(file: Path = typer.Argument(..., help="event YAML (docs/tournament.md)"), db: str | None = DB,
              by: str = BY) -> None:
    """Create an event, its competitions and entrants from a YAML file."""
    doc = read_document(file)
    with EventStoreSession(db) as st:
        ev = st.create_event(doc, who(by))
        typer.echo(f"created event {ev.name!r}")


@event_app.command("register")
def ev_register(event: str, competition: str, entrant: str = typer.Argument(..., help="entrant id"),
                member: list[str] = typer.Option([], "--member", help="a team member (repeat)"),
                division: str | None = typer.Option(None, "--division"),
                club: str | None = typer.Option(None, "--club"),
                seed: str | None = typer.Option(None, "--seed"), paid: bool = typer.Option(False, "--paid"),
                db: str | None = DB, by: str = BY) -> None:
    """Register a player or a team."""
    value: dict[str, Any] = {"id": entrant, "members": member, "paid": paid}
    if division:
        value["division"] = division
    if club:
        value["club"] = club
    if seed:
        value["seed"] = whole(seed, "--seed", 1)
    with EventStoreSession(db) as st:
        st.register(st.competition(event, competition), value, who(by))
        typer.echo(f"registered {entrant!r}")


def _names(text: str) -> list[str]:
    return [x for x in text.replace(",", " ").split() if x]


@event_app.command("draw")
def ev_draw(event: str, competition: str, groups: str | None = typer.Option(None, "--groups"),
            method: str | None = typer.Option(None, "--method", help="snake or pots"),
            seed: str | None = typer.Option(None, "--seed"),
            group: list[str] = typer.Option([], "--group",
                                            help="a group drawn elsewhere: NAME=T1,T2,... (repeat)"),
            db: str | None = DB, by: str = BY) -> None:
    """Draw the groups and their round-robin fixtures (or enter groups drawn elsewhere with --group)."""
    given: dict[str, list[str]] | None = None
    if group:
        given = {}
        for g in group:
            name, _, members = g.partition("=")
            if not members:
                raise TournamentError(f"--group is NAME=T1,T2,..., not {g!r}")
            given[name.strip()] = _names(members)
    with EventStoreSession(db) as st:
        out = st.draw(st.competition(event, competition), who(by),
                      whole(groups, "--groups", 1) if groups else None,
                      method, whole(seed, "--seed", 0) if seed else None, given)
        for g, members in out.items():
            typer.echo(f"group {g}: {', '.join(members)}")


@event_app.command("next-round")
def ev_next(event: str, competition: str, seed: str | None = typer.Option(None, "--seed"),
            seating: list[str] = typer.Option([], "--seating",
                                              help="a table of a round seated elsewhere: 'p1 p2 p3 p4' "
                                                   "(repeat per table), or @FILE with a list of tables"),
            db: str | None = DB, by: str = BY, as_json: bool = typer.Option(False, "--json")) -> None:
    """Generate the next round (league tables, Pictionary pairings, knock-out matches, the final), or enter a
    round seated elsewhere (--seating)."""
    tables: list[list[str]] | None = None
    if len(seating) == 1 and seating[0].startswith("@"):
        doc = read_document(Path(seating[0][1:]))
        if not isinstance(doc, list) or not all(isinstance(t, list) for t in doc):
            raise TournamentError(f"{seating[0][1:]}: a seating file is a list of tables, "
                                  "each a list of entrants")
        tables = [[str(x) for x in t] for t in doc]
    elif seating:
        tables = [_names(t) for t in seating]
    with EventStoreSession(db) as st:
        made = st.next_round(st.competition(event, competition), who(by),
                             whole(seed, "--seed", 0) if seed else None, tables)
        out = [{"fixture": f.key, "stage": f.stage, "round": f.round, "table": f.table,
                "entrants": f.entrants}
               for f in made]
    if as_json:
        echo_json(out)
    else:
        for f in out:
            typer.echo(f"{f['fixture']:<8} {f['stage']:<9} {' v '.join(f['entrants'])}")


@event_app.command("fixtures")
def ev_fixtures(event: str, competition: str, db: str | None = DB,
                as_json: bool = typer.Option(False, "--json")) -> None:
    """List fixtures and whether they have a result."""
    with EventStoreSession(db) as st:
        comp = st.competition(event, competition)
        series = st.preset(comp).kind == "series"
        out = []
        for f in st.fixtures(comp):
            row = {"fixture": f.key, "stage": f.stage, "round": f.round, "group": f.group, "table": f.table,
                   "entrants": f.entrants, "result": (r.data if (r := st.result_of(f)) else None)}
            if series:
                status = st.series.status(comp, f.key)
                row["score"] = list(status.score)
                row["games"] = len(status.games)
            out.append(row)
    if as_json:
        echo_json(out)
    else:
        for f in out:
            state = "done" if f["result"] else "to play"
            if f.get("games") and not f["result"]:
                state = f"in progress {f['score'][0]}:{f['score'][1]}"
            elif f.get("games"):
                state = f"done {f['score'][0]}:{f['score'][1]}"
            typer.echo(f"{f['fixture']:<8} {' v '.join(f['entrants']):<40} {state}")


@event_app.command("result")
def ev_result(event: str, competition: str,
              fixture: str = typer.Argument(..., help="fixture key, or - for a new Rummikub game"),
              data: str = typer.Argument(..., help="result as YAML/JSON, or @FILE"), db: str | None = DB,
              by: str = BY, source: str = typer.Option("typed", "--source", help="typed or referee"),
              at: str | None = AT, referee: str | None = REFEREE, note: str = NOTE,
              as_json: bool = typer.Option(False, "--json")) -> None:
    """Enter a result (refused if the fixture already has one, or if it contradicts the rules). A table game
    may give what the referee sees instead of scores: {seen: ...} (docs/tournament.md)."""
    if source not in ("typed", "referee"):
        raise TournamentError("--source must be 'typed' or 'referee'")
    with EventStoreSession(db) as st:
        rows = st.enter_result(st.competition(event, competition), None if fixture == "-" else fixture,
                               inline_document(data), facts(by, at, referee, note, source))
    _print_rows(rows, as_json)


@event_app.command("correct")
def ev_correct(event: str, competition: str, fixture: str, data: str,
               reason: str = typer.Option(..., "--reason"),
               db: str | None = DB, by: str = BY, at: str | None = AT, referee: str | None = REFEREE,
               as_json: bool = typer.Option(False, "--json")) -> None:
    """Correct an entered result (kept in the audit log with the reason); the standings are recomputed."""
    with EventStoreSession(db) as st:
        rows = st.correct_result(st.competition(event, competition), fixture, inline_document(data),
                                 facts(by, at, referee), reason)
    _print_rows(rows, as_json)


@event_app.command("decide")
def ev_decide(event: str, competition: str,
              order: list[str] = typer.Argument(..., help="entrants, best first"),
              note: str = typer.Option("", "--note",
                                       help="how it was decided (e.g. drawn by lot), shown in the standings"),
              at: str | None = AT, db: str | None = DB, by: str = BY) -> None:
    """Record the organiser's decision on a tie the chain cannot break."""
    with EventStoreSession(db) as st:
        rows = st.decide(st.competition(event, competition), order, facts(by, at, note=note))
    _print_rows(rows, False)


@event_app.command("standings")
def ev_standings(event: str, competition: str, group: str | None = typer.Option(None, "--group"),
                 db: str | None = DB, as_json: bool = typer.Option(False, "--json")) -> None:
    """Standings (per group once drawn)."""
    with EventStoreSession(db) as st:
        comp = st.competition(event, competition)
        groups = [group] if group else st.groups(comp)
        rows = ([{**r, "group": g} for g in groups for r in st.standings(comp, g)] if groups
                else st.standings(comp))
    _print_rows(rows, as_json)


@event_app.command("audit")
def ev_audit(event: str, competition: str, db: str | None = DB, as_json: bool = typer.Option(False, "--json")
             ) -> None:
    """Every entry, correction, decision and penalty with who and when."""
    with EventStoreSession(db) as st:
        out = [{"at": a.at.isoformat(), "who": a.who, "action": a.action, "subject": a.subject,
                "before": a.before, "after": a.after, "reason": a.reason, "facts": a.facts or {}}
               for a in st.audit(st.competition(event, competition))]
    if as_json:
        echo_json(out)
    else:
        for a in out:
            f = a["facts"]
            said = ", ".join(f"{k} {f[k]}" for k in ("at", "referee", "note")
                             if f.get(k) and f[k] != a["reason"])
            typer.echo(f"{a['at'][:19]}  {a['who']:<12} {a['action']:<14} {a['subject']}  {a['reason']}"
                       + (f"  ({said})" if said else ""))


@event_app.command("print")
def ev_print(event: str, competition: str,
             what: str = typer.Argument(..., help="standings, groups, bracket, sheets "
                                                  "(score sheets of open fixtures)"),
             out: Path = typer.Option(..., "--out", help="HTML file to write"), db: str | None = DB) -> None:
    """Printable HTML (A4, print CSS)."""
    from tablesport.store.public import printout

    with EventStoreSession(db) as st:
        text = printout(st, event, st.competition(event, competition), what)
    out.write_text(text, encoding="utf-8")
    typer.echo(f"wrote {out}")


@event_app.command("export")
def ev_export(event: str, competition: str, out: Path = typer.Option(..., "--out", help="CSV file to write"),
              what: str = typer.Option("standings", "--what", help="standings or results"),
              db: str | None = DB) -> None:
    """CSV export of the standings or of every result with who entered it."""
    from tablesport.store import public

    with EventStoreSession(db) as st:
        comp = st.competition(event, competition)
        if what == "standings":
            text = public.standings_csv(st, comp)
        elif what == "results":
            text = public.results_csv(st, comp)
        else:
            raise TournamentError("--what must be 'standings' or 'results'")
    out.write_text(text, encoding="utf-8")
    typer.echo(f"wrote {out}")


@event_app.command("fees")
def ev_fees(event: str, db: str | None = DB, as_json: bool = typer.Option(False, "--json")) -> None:
    """Entry fees due, paid and outstanding per competition."""
    from sqlalchemy import select

    from tablesport.store.models import TCompetition
    from tablesport.tournament.entrants import fees_summary
    from tablesport.tournament.standings import load

    with EventStoreSession(db) as st:
        ev = st.event(event)
        parts = []
        for comp in st.s.scalars(select(TCompetition).where(TCompetition.event_id == ev.id)
                                 .order_by(TCompetition.id)):
            c = load(st.document(comp))
            parts.append((comp.key, c.preset.fee, list(c.entrants.values())))
        lines = fees_summary(parts)
    rows = [{"competition": x.competition, "fee": x.fee, "entrants": x.entrants, "people": x.people,
             "due": x.due, "paid": x.paid, "outstanding": x.outstanding, "unpaid": list(x.unpaid)}
            for x in lines]
    if as_json:
        echo_json(rows)
    else:
        for r in rows:
            typer.echo(f"{r['competition']:<16} {r['fee']:<16} due {r['due']:>6}  paid {r['paid']:>6}  "
                       f"outstanding {r['outstanding']:>6}")


@event_app.command("entrant")
def ev_entrant(event: str, competition: str, entrant: str,
               paid: bool | None = typer.Option(None, "--paid/--unpaid"),
               checked_in: bool | None = typer.Option(None, "--checked-in/--not-checked-in"),
               withdrawn: bool | None = typer.Option(None, "--withdrawn/--back"),
               lost_sheets: str | None = typer.Option(None, "--lost-sheets", help="Rummikub: sheets lost"),
               db: str | None = DB, by: str = BY) -> None:
    """Payment, check-in, withdrawal (and lost Rummikub sheets) of one entrant."""
    flags: dict[str, Any] = {k: v for k, v in (("paid", paid), ("checked_in", checked_in),
                                                ("withdrawn", withdrawn)) if v is not None}
    if lost_sheets is not None:
        flags["lost_sheets"] = whole(lost_sheets, "--lost-sheets", 0)
    if not flags:
        raise TournamentError("nothing to change: give --paid, --checked-in, --withdrawn or --lost-sheets")
    with EventStoreSession(db) as st:
        row = st.update_entrant(st.competition(event, competition), entrant, who(by), **flags)
        typer.echo(f"{row.key}: paid {row.paid}, checked in {row.checked_in}, withdrawn {row.withdrawn}")


@event_app.command("timetable")
def ev_timetable(event: str, start: str = typer.Option("10:30", "--start", help="first slot, HH:MM"),
                 minutes: str = typer.Option("45", "--minutes", help="slot length"),
                 slots: str = typer.Option("3", "--slots", help="number of slots"),
                 gap: str = typer.Option("0", "--gap", help="minutes between slots"),
                 tables: list[str] = typer.Option([], "--tables",
                                                  help="COMP=T1,T2,... (default: 8 tables each)"),
                 referee: list[str] = typer.Option([], "--referee", help="a referee (repeat)"),
                 out: Path | None = typer.Option(None, "--out", help="HTML file to write"),
                 db: str | None = DB, as_json: bool = typer.Option(False, "--json")) -> None:
    """Timetable of every fixture still to play in the event: slots, tables, referees; nobody in two
    places."""
    from tablesport.store.timetable import bookings_of, plan
    from tablesport.tournament.printouts import page, timetable_html

    pools: dict[str, list[str]] = {}
    for t in tables:
        key, _, names = t.partition("=")
        if not names:
            raise TournamentError(f"--tables is COMP=T1,T2,..., not {t!r}")
        pools[key] = [n for n in names.split(",") if n]
    with EventStoreSession(db) as st:
        tt = plan(st, st.event(event), start, whole(minutes, "--minutes", 1), whole(slots, "--slots", 1),
                  whole(gap, "--gap", 0), pools, referee)
    rows = [{"slot": b["slot"], "table": b["table"], "competition": b["competition"],
             "fixture": f"{b['competition']}:{b['fixture']}", "match": b["match"], "referee": b["referee"]}
            for b in bookings_of(tt)]
    if out:
        out.write_text(page(f"{event} · timetable", timetable_html(f"{event} · timetable", tt)),
                       encoding="utf-8")
    if as_json:
        echo_json(rows)
    elif not out:
        for r in rows:
            typer.echo(f"{r['slot']}  {r['table']:<10} {r['match']}  {r['referee'] or ''}")
    else:
        typer.echo(f"wrote {out}")


@event_app.command("prizes")
def ev_prizes(event: str, competition: str, db: str | None = DB, as_json: bool = typer.Option(False, "--json")
              ) -> None:
    """Who receives each prize (places not yet decided are left empty)."""
    from tablesport.tournament.prizes import award

    with EventStoreSession(db) as st:
        comp = st.competition(event, competition)
        prizes = st.preset(comp).prizes
        rows = [{"group": g or None, "place": pr.place, "prize": pr.title, "description": pr.description,
                 "value": pr.value, "winner": who}
                for g, places in st.placings(comp).items() for pr, who in award(prizes, places)]
        if st.preset(comp).kind == "rummikub":
            rows += [{"group": "schools", "place": i, "prize": f"team #{i}", "description":
                      f"{wins} wins, {plus} plus points: {', '.join(best)}", "value": 0, "winner": school}
                     for i, (school, wins, plus, best) in enumerate(st.school_scores(comp), 1)]
    if as_json:
        echo_json(rows)
        return
    for r in rows:
        g = f"[{r['group']}] " if r["group"] else ""
        typer.echo(f"{g}{r['prize']:<22} {r['winner'] or '(not decided)':<20} {r['description']}")
