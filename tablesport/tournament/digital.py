"""Results from digital tables: a core :class:`Result` from a game's engine turned into the result entries the
standings and the store take (the organiser types nothing for a digital table).

* table games (Ticket to Ride, Monopoly Deal, Blokus): the game scores per seat;
* Sanguosha 3v3: one game of a series — winner side, how it ended, the winner's surviving generals and
  lost HP, technical points per side (the engine already applies the loser-counts-0 rule and the 2012
  forfeit-Peach rule before it reports);
* Rummikub: the points per seat as scored by the referee (group multiplier included).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablesport.core import Result

from .errors import TournamentError, in_words

HOW = {"commander_killed": "commander_death", "technical_points": "technical", "concession": "concede",
       "disqualified": "disqualified", "forfeit": "forfeit"}


def _seats(result: Result, players: Sequence[str]) -> None:
    if len(players) != len(result.scores):
        raise TournamentError(f"the game had {len(result.scores)} seats, {len(players)} players given")


def table_entry(result: Result, players: Sequence[str]) -> dict[str, Any]:
    """``{"scores": {player: game score}, "places": {player: place}, "stats": {player: {figure: value}}}``
    for a table fixture; ``players`` in seat order. ``places`` are the game's own (its tie-breaks between
    equal scores decide the placement points); ``stats`` keeps the game's figures given per seat."""
    _seats(result, players)
    n = len(players)
    stats = {k: v for k, v in result.stats.items() if isinstance(v, list | tuple) and len(v) == n}
    entry: dict[str, Any] = {
        "scores": {p: (int(s) if float(s).is_integer() else s)
                   for p, s in zip(players, result.scores, strict=True)},
        "places": dict(zip(players, result.placements, strict=True)),
    }
    if stats:
        entry["stats"] = {p: {k: v[i] for k, v in stats.items()} for i, p in enumerate(players)}
    return entry


def series_game(result: Result, teams: Mapping[str, str], players: Mapping[int, str] | None = None
                ) -> dict[str, Any]:
    """One game of a Sanguosha series. ``teams`` maps the game's sides (e.g. 'cold', 'warm') to entrants;
    ``players`` (optional) maps seats to people, to record the commanders for the rotation check."""
    win = [side for side, sr in result.sides.items() if sr.placement == 1]
    if len(win) != 1 or set(result.sides) != set(teams):
        raise TournamentError(f"a series game needs one winning side among {in_words(sorted(teams), 'or')}; "
                              f"got {in_words(sorted(win))}")
    side = win[0]
    reason = result.reason
    how = "time" if reason.startswith("time_up") else HOW.get(reason)
    if how is None:
        raise TournamentError(f"cannot score a game that ended by {reason!r}")
    stats = result.sides[side].stats
    game: dict[str, Any] = {"winner": teams[side], "how": how, "surviving": int(stats.get("surviving", 0)),
                            "lost_hp": int(stats.get("lost_hp", 0))}
    tech = {teams[s]: int(sr.stats.get("technical_points", 0)) for s, sr in result.sides.items()
            if sr.stats.get("technical_points")}
    if tech:
        game["technical"] = tech
    if players:
        cmd = {teams[s]: players[sr.stats["commander"]["seat"]] for s, sr in result.sides.items()
               if isinstance(sr.stats.get("commander"), Mapping)
               and sr.stats["commander"].get("seat") in players}
        if cmd:
            game["commanders"] = cmd
    return game


def rummikub_entry(result: Result, players: Sequence[str], at: str | None = None) -> dict[str, Any]:
    """A Rummikub game as scored by the referee: ``{"players", "scores", "at"}``."""
    _seats(result, players)
    entry: dict[str, Any] = {"players": list(players),
                             "scores": {p: round(float(s), 1)
                                        for p, s in zip(players, result.scores, strict=True)}}
    if at:
        entry["at"] = at
    return entry


def duel_entry(result: Result, teams: Mapping[str, str]) -> dict[str, Any]:
    """A Pictionary round (two teams a table) as the ``pictionary-event`` competition takes it. ``teams`` maps
    the game's sides ('A', 'B') to entrants: ``{"winner", "squares"}``, with ``"finish": true`` when a team
    reached Finish and ``"time_up": true`` when the round clock decided it (seed 000 Pictionary §4, §5)."""
    if set(result.sides) != set(teams) or len(teams) != 2:
        raise TournamentError(f"a Pictionary round has two sides {in_words(sorted(result.sides))}; "
                              f"teams given for {in_words(sorted(teams))}")
    side = result.winner_side
    if side is None:
        raise TournamentError("a Pictionary round always has a winner; this result has none")
    entry: dict[str, Any] = {"winner": teams[side],
                             "squares": {teams[s]: int(sr.stats.get("squares", sr.score))
                                         for s, sr in result.sides.items()}}
    if result.reason == "finish":
        entry["finish"] = True
    elif result.reason.startswith("time_up"):
        entry["time_up"] = True
    return entry
