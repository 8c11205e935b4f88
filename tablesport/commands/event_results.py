"""``tablesport event ...``: results as the tables produce them (the results desk).

* a game of a series as it ends (``game``), its status (``series``), corrections (``correct-game``,
  ``remove-game``);
* fouls (``penalty``, ``penalties``, ``withdraw-penalty``): the third technical point ends the game;
* the board at time-up adjudicated by the edition's ladder (``time-up``), entered with ``--enter``;
* the Rummikub hall (``hall tables|arrive|game|hand-in|lost-sheet|leave|status``).

Each command calls one function of the store's desks (:mod:`tablesport.store.series_desk`,
:mod:`tablesport.store.hall_desk`); a refusal ends with one line (the message, the seed clause, what is
allowed) and exit code 2, and stores nothing.
"""

from __future__ import annotations

from typing import Any

import typer

from tablesport.cli_output import echo_json
from tablesport.tournament.errors import TournamentError

from .event_group import AT, BY, NOTE, REFEREE, EventStoreSession, event_app, facts
from .inputs import inline_document, whole
from .store_session import DB

JSON = typer.Option(False, "--json", help="print JSON")


def _figure(v: Any) -> str:
    """A game figure: one number, or one per team (a board read at time-up: ``Tigers 2 / Cranes 2``)."""
    return " / ".join(f"{k} {x}" for k, x in v.items()) if isinstance(v, dict) else str(v)


def _game_text(o: Any) -> str:
    g = o.game
    figures = ", ".join(f"{k} {_figure(g[k])}" for k in ("surviving", "lost_hp") if g.get(k))
    line = (f"{o.fixture} game {o.number}: {g['winner']} wins "
            f"({g['how'].replace('_', ' ')}{', ' + figures if figures else ''})")
    line += f" — {o.text}"
    if o.decided:
        line += f"; {o.winner} takes the series" if o.winner else "; drawn"
    elif o.may_command:
        line += "; may command next: " + "; ".join(f"{t}: {', '.join(m)}" for t, m in o.may_command.items())
    return line


@event_app.command("game")
def ev_game(event: str, competition: str, fixture: str,
            data: str = typer.Argument(..., help="the game as YAML/JSON: {winner, how, surviving, lost_hp, "
                                                 "commanders: {TEAM: PLAYER}}, or @FILE"),
            number: str | None = typer.Option(None, "--number", help="the game's number (default: the next)"),
            at: str | None = AT, referee: str | None = REFEREE, note: str = NOTE,
            source: str = typer.Option("typed", "--source", help="typed or referee"),
            db: str | None = DB, by: str = BY, as_json: bool = JSON) -> None:
    """Enter one game of a series as it ends (Sanguosha). A partial series shows its score and gives no
    points."""
    with EventStoreSession(db) as st:
        out = st.series.enter_game(st.competition(event, competition), fixture, inline_document(data),
                                   facts(by, at, referee, note, source),
                                   whole(number, "--number", 1) if number else None)
    if as_json:
        echo_json(out.to_json())
    else:
        typer.echo(_game_text(out))


@event_app.command("correct-game")
def ev_correct_game(event: str, competition: str, fixture: str, number: str, data: str,
                    reason: str = typer.Option(..., "--reason"), at: str | None = AT,
                    referee: str | None = REFEREE,
                    db: str | None = DB, by: str = BY, as_json: bool = JSON) -> None:
    """Correct one game of a series (kept in the audit log with the reason)."""
    with EventStoreSession(db) as st:
        out = st.series.correct_game(st.competition(event, competition), fixture, whole(number, "NUMBER", 1),
                                     inline_document(data), facts(by, at, referee), reason)
    if as_json:
        echo_json(out.to_json())
    else:
        typer.echo(_game_text(out))


@event_app.command("remove-game")
def ev_remove_game(event: str, competition: str, fixture: str, number: str,
                   reason: str = typer.Option(..., "--reason"), db: str | None = DB, by: str = BY) -> None:
    """Remove the last game entered for a series (entered by mistake; kept in the audit log)."""
    with EventStoreSession(db) as st:
        out = st.series.remove_game(st.competition(event, competition), fixture, whole(number, "NUMBER", 1),
                                    facts(by), reason)
    typer.echo(out.text)


@event_app.command("series")
def ev_series(event: str, competition: str, fixture: str, db: str | None = DB, as_json: bool = JSON) -> None:
    """A series as it stands: its games with who entered them, the score, who may command the next game."""
    with EventStoreSession(db) as st:
        out = st.series.status(st.competition(event, competition), fixture)
    if as_json:
        echo_json(out.to_json())
        return
    typer.echo(out.text)
    for g in out.games:
        d, f = g["game"], g["facts"]
        extra = [f"{k} {f[k]}" for k in ("at", "referee", "note") if f.get(k)]
        if f.get("decided_by_text"):
            extra.append(f["decided_by_text"])
        if f.get("time_up"):
            extra.append(f["time_up"]["text"])
        figures = "".join(f", {k} {_figure(d[k])}" for k in ("surviving", "lost_hp") if d.get(k))
        typer.echo(f"  game {g['number']}: {d['winner']} ({d['how'].replace('_', ' ')}{figures}), entered by "
                   f"{g['entered_by']}" + (f" — {'; '.join(extra)}" if extra else ""))
    for key, t in out.technical.items():
        typer.echo(f"  technical points in {key}: " + ", ".join(f"{k} {v}" for k, v in t.items()))
    if out.next_number:
        cmd = "; ".join(f"{t}: {', '.join(m)}" for t, m in out.may_command.items())
        typer.echo(f"  next: game {out.next_number}" + (f"; may command: {cmd}" if cmd else ""))


@event_app.command("penalty")
def ev_penalty(event: str, competition: str,
               game: str = typer.Argument(..., help="the game: FIXTURE/N, e.g. A-R1-1/2"),
               team: str = typer.Argument(...), points: str = typer.Argument(...),
               kind: str = typer.Option("technical", "--kind", help="technical (team) or player"),
               player: str | None = typer.Option(None, "--player"),
               commander: bool = typer.Option(False, "--commander",
                                              help="the player commands his team in this game"),
               reason: str = typer.Option(..., "--reason"),
               winner_board: str | None = typer.Option(None, "--winner-board",
                                                       help="when this foul ends the game: the other team's "
                                                            "{surviving, lost_hp}"),
               at: str | None = AT, note: str = NOTE, db: str | None = DB, by: str = BY,
               as_json: bool = JSON) -> None:
    """Record a foul: team technical points (2014 / 2012: the third ends the game as that team's loss,
    stored at once) or player penalty points (5 = disqualified; a disqualified commander loses the game)."""
    from tablesport.tournament.penalties import Penalty

    if kind not in ("technical", "player"):
        raise TournamentError("--kind must be 'technical' or 'player'")
    board = inline_document(winner_board) if winner_board else None
    with EventStoreSession(db) as st:
        f = facts(by, at, note=note)
        out = st.series.penalty(st.competition(event, competition),
                                Penalty(kind, game, team, whole(points, "points", 1), reason,  # type: ignore[arg-type]
                                        f.by, f.at or "", player, commander), f, board)
    if as_json:
        echo_json(out.to_json())
    else:
        typer.echo("; ".join(out.consequences) if out.consequences
                   else f"recorded (penalty {out.penalty_id})")


@event_app.command("penalties")
def ev_penalties(event: str, competition: str, game: str | None = typer.Option(None, "--game"),
                 withdrawn: bool = typer.Option(False, "--withdrawn", help="list withdrawn ones too"),
                 db: str | None = DB, as_json: bool = JSON) -> None:
    """Every foul recorded, with who recorded it, when it happened and why."""
    with EventStoreSession(db) as st:
        out = st.series.penalties(st.competition(event, competition), game, withdrawn)
    if as_json:
        echo_json(out)
        return
    for p in out:
        who = f"{p['team']}" + (f" ({p['player']})" if p["player"] else "")
        when = p["facts"].get("at") or "-"
        gone = "  WITHDRAWN" if p["withdrawn"] else ""
        typer.echo(f"{p['id']:>4}  {p['game']:<12} {p['kind']:<9} {p['points']}  {who:<16} {when}  "
                   f"{p['recorded_by']}: {p['reason']}{gone}")


@event_app.command("withdraw-penalty")
def ev_withdraw_penalty(event: str, competition: str, penalty: str,
                        reason: str = typer.Option(..., "--reason"), db: str | None = DB,
                        by: str = BY) -> None:
    """Withdraw a foul recorded by mistake (kept in the log, no longer counted)."""
    with EventStoreSession(db) as st:
        out = st.series.withdraw_penalty(st.competition(event, competition), whole(penalty, "PENALTY", 1),
                                         facts(by), reason)
    typer.echo("; ".join(out))


@event_app.command("time-up")
def ev_time_up(event: str, competition: str, fixture: str,
               boards: str = typer.Argument(..., help="the board per side: {TEAM: {surviving, lost_hp, "
                                                      "technical_points}} (3v3) or {PLAYER: {generals_left, "
                                                      "lost_hp}} (1v1)"),
               overtimes: str = typer.Option("0", "--overtimes", help="overtimes played before this board"),
               points_winner: str | None = typer.Option(None, "--points-winner", help="1v1: who won 比点"),
               enter: bool = typer.Option(False, "--enter", help="enter the proposed result"),
               commanders: str | None = typer.Option(None, "--commanders",
                                                     help="{TEAM: PLAYER} for the game"),
               at: str | None = AT, referee: str | None = REFEREE, note: str = NOTE,
               db: str | None = DB, by: str = BY, as_json: bool = JSON) -> None:
    """Time-up at a physical table: the board adjudicated by the edition's ladder; --enter stores the
    result."""
    b = inline_document(boards)
    ot = whole(overtimes, "--overtimes", 0)
    cmd = inline_document(commanders) if commanders else None
    with EventStoreSession(db) as st:
        comp = st.competition(event, competition)
        prop = st.series.propose_time_up(comp, fixture, b, ot, points_winner)
        out = None
        if enter and prop.game is not None:
            out = st.series.enter_time_up(comp, fixture, b, facts(by, at, referee, note), ot, points_winner,
                                          cmd)
    if as_json:
        echo_json({**prop.to_json(), "entered": out.to_json() if out else None})
        return
    typer.echo(f"{prop.fixture} game {prop.number}: {prop.decision.describe()}")
    if out is not None:
        typer.echo(_game_text(out))
    elif prop.game is not None:
        typer.echo("proposed: " + ", ".join(f"{k} {v}" for k, v in prop.game.items())
                   + " (add --enter to store it)")


# ---- the Rummikub hall -------------------------------------------------------------------------------------

hall_app = typer.Typer(no_args_is_help=True,
                       help="The Rummikub hall: queue, tables of 4, score sheets at the desk.")
event_app.add_typer(hall_app, name="hall")


def _hall_text(out: Any) -> None:
    if out.text:
        typer.echo(out.text)
    for t in out.tables:
        if t["seated"]:
            state = "playing" if t["playing"] else "waiting"
            typer.echo(f"  table {t['table']}: {' '.join(t['seated'])} ({state})")
    typer.echo(f"  queue: {' '.join(out.queue) or '-'}")
    if out.desk:
        typer.echo(f"  desk: {' '.join(out.desk)}")
    if out.done:
        typer.echo(f"  done: {' '.join(out.done)}")


def _hall_out(out: Any, as_json: bool) -> None:
    if as_json:
        echo_json(out.to_json())
    else:
        _hall_text(out)


@hall_app.command("tables")
def hall_tables(event: str, competition: str, count: str, at: str | None = AT, db: str | None = DB,
                by: str = BY, as_json: bool = JSON) -> None:
    """Set the number of tables in the hall."""
    with EventStoreSession(db) as st:
        out = st.hall.set_tables(st.competition(event, competition), whole(count, "COUNT", 1), facts(by, at))
    _hall_out(out, as_json)


@hall_app.command("arrive")
def hall_arrive(event: str, competition: str,
                players: list[str] = typer.Argument(..., help="players, in the order they queue"),
                at: str | None = AT, db: str | None = DB, by: str = BY, as_json: bool = JSON) -> None:
    """Check in: a score sheet and the queue; a table starts as soon as 4 are free."""
    with EventStoreSession(db) as st:
        comp = st.competition(event, competition)
        out = None
        for p in players:
            out = st.hall.arrive(comp, p, facts(by, at))
    assert out is not None
    _hall_out(out, as_json)


@hall_app.command("game")
def hall_game(event: str, competition: str, table: str,
              data: str = typer.Argument(..., help="{winner: P, racks: {P: total}} or "
                                                   "{winner: P, seen: {P: 'R3 K5 J'}} or {scores: {...}}, "
                                                   "or @FILE"),
              at: str | None = AT, referee: str | None = REFEREE, note: str = NOTE,
              db: str | None = DB, by: str = BY, as_json: bool = JSON) -> None:
    """The game just finished at a table: sheets filled, full sheets to the desk, else the two with the
    most minus points queue again."""
    with EventStoreSession(db) as st:
        out = st.hall.game(st.competition(event, competition), whole(table, "TABLE", 1),
                           inline_document(data), facts(by, at, referee, note))
    _hall_out(out, as_json)


@hall_app.command("hand-in")
def hall_hand_in(event: str, competition: str, player: str,
                 scores: str | None = typer.Option(None, "--scores",
                                                   help="the paper sheet as read, e.g. 34,-10,-5"),
                 at: str | None = AT, db: str | None = DB, by: str = BY, as_json: bool = JSON) -> None:
    """A full sheet handed in at the desk: a new one before the cut-off, none after."""
    paper = None
    if scores is not None:
        try:
            paper = [float(x) for x in scores.replace(",", " ").split()]
        except ValueError:
            raise TournamentError(f"--scores is a list of numbers such as 34,-10,-5, "
                                  f"not {scores!r}") from None
    with EventStoreSession(db) as st:
        out = st.hall.hand_in(st.competition(event, competition), player, facts(by, at), paper)
    _hall_out(out, as_json)


@hall_app.command("lost-sheet")
def hall_lost(event: str, competition: str, player: str, at: str | None = AT, note: str = NOTE,
              db: str | None = DB, by: str = BY, as_json: bool = JSON) -> None:
    """The sheet a player holds is lost: it never counts, and the plus points lose 10 %."""
    with EventStoreSession(db) as st:
        out = st.hall.lost_sheet(st.competition(event, competition), player, facts(by, at, note=note))
    _hall_out(out, as_json)


@hall_app.command("leave")
def hall_leave(event: str, competition: str, player: str, at: str | None = AT, db: str | None = DB,
               by: str = BY, as_json: bool = JSON) -> None:
    """A player leaves the hall (not while playing)."""
    with EventStoreSession(db) as st:
        out = st.hall.leave(st.competition(event, competition), player, facts(by, at))
    _hall_out(out, as_json)


@hall_app.command("status")
def hall_status(event: str, competition: str, db: str | None = DB, as_json: bool = JSON) -> None:
    """Where everyone is: tables, queue, desk."""
    with EventStoreSession(db) as st:
        out = st.hall.status(st.competition(event, competition))
    _hall_out(out, as_json)

