"""Fouls and penalties, each recorded with who recorded it, when and why.

* Team technical points (2014 §一1 2), 2012 §2.1.2): any talk or gesture about the game between
  players costs the team 1 technical point; at 3 the team loses the game automatically.
* Player penalty points (2014 §3 奖惩 B): 1 point for stalling in the play phase or acting out of
  turn (抢动), 3 points for talk that amounts to cheating; at 5 or more the player is disqualified
  (the general is turned face down and the cards discarded; reference §8 D13: like a death without
  a kill reward, a disqualified commander loses the game).

Both count within one game. In a stored event a game is ``FIXTURE/N``, game N of that fixture's series
(e.g. ``A-R1-1/2``); the store then decides the game: the third technical point, or the disqualification
of the player commanding, ends it at once as a loss for that team (:meth:`PenaltyLedger.losers`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from .errors import TournamentError


@dataclass(frozen=True, slots=True)
class PenaltyRules:
    technical_values: tuple[int, ...] = (1,)
    technical_limit: int | None = 3
    player_values: tuple[int, ...] = ()
    player_limit: int | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    kind: Literal["technical", "player"]
    game: str
    team: str
    points: int
    reason: str
    recorded_by: str
    at: str
    """When it happened, as the referee gives it ('' when not given)."""
    player: str | None = None
    commander: bool = False
    """A player penalty against the player commanding his team in this game (a disqualified commander
    loses the game, reference D13)."""


@dataclass(slots=True)
class PenaltyLedger:
    rules: PenaltyRules
    entries: list[Penalty] = field(default_factory=list)

    def record(self, p: Penalty) -> list[str]:
        """Adds an entry; returns the consequences it triggers ('game lost by X', 'P disqualified')."""
        if not p.recorded_by or not p.reason:
            raise TournamentError("a penalty needs who recorded it and why")
        allowed = self.rules.technical_values if p.kind == "technical" else self.rules.player_values
        if p.kind not in ("technical", "player"):
            raise TournamentError(f"penalty kind must be 'technical' or 'player', not {p.kind!r}")
        if not allowed:
            raise TournamentError(f"this competition has no {p.kind} penalties")
        if p.points not in allowed:
            raise TournamentError(f"a {p.kind} penalty is worth {' or '.join(map(str, allowed))} point(s), "
                                  f"not {p.points}")
        if p.kind == "player" and not p.player:
            raise TournamentError("a player penalty names the player")
        before = self.consequences(p.game)
        self.entries.append(p)
        return [c for c in self.consequences(p.game) if c not in before]

    def technical(self, team: str, game: str | None = None) -> int:
        return sum(e.points for e in self.entries if e.kind == "technical" and e.team == team
                   and (game is None or e.game == game))

    def player_points(self, player: str, game: str) -> int:
        return sum(e.points for e in self.entries
                   if e.kind == "player" and e.player == player and e.game == game)

    def game_lost_by(self, game: str) -> list[str]:
        lim = self.rules.technical_limit
        teams = sorted({e.team for e in self.entries if e.game == game})
        return [t for t in teams if lim is not None and self.technical(t, game) >= lim]

    def losers(self, game: str) -> list[tuple[str, str]]:
        """(team, rule id) for each team this game is lost by: its technical points reached the limit
        (001 §一1.2, 003 §2.1.2), or the player commanding it was disqualified (001 §二3 3)B, D13)."""
        out = [(t, "technical_limit") for t in self.game_lost_by(game)]
        for p in self.disqualified(game):
            team = next(e.team for e in self.entries if e.game == game and e.player == p)
            if (any(e.commander for e in self.entries if e.game == game and e.player == p)
                    and team not in dict(out)):
                out.append((team, "disqualification"))
        return out

    def disqualified(self, game: str) -> list[str]:
        lim = self.rules.player_limit
        players = sorted({e.player for e in self.entries if e.game == game and e.player})
        return [p for p in players if lim is not None and self.player_points(p, game) >= lim]

    def consequences(self, game: str) -> list[str]:
        return ([f"game lost by {t}" for t in self.game_lost_by(game)]
                + [f"{p} disqualified" for p in self.disqualified(game)])

    def for_game(self, game: str) -> Sequence[Penalty]:
        return [e for e in self.entries if e.game == game]

    def technical_by_team(self, game: str) -> dict[str, int]:
        return {t: self.technical(t, game) for t in sorted({e.team for e in self.entries if e.game == game
                                                              and e.kind == "technical"})}


def game_key(fixture: str, number: int) -> str:
    return f"{fixture}/{number}"


def parse_game_key(key: str) -> tuple[str, int]:
    """``"A-R1-1/2"`` → ``("A-R1-1", 2)``."""
    fixture, sep, n = str(key).rpartition("/")
    if not sep or not fixture or not n.isdigit() or int(n) < 1:
        raise TournamentError("a game is FIXTURE/N (game N of that fixture's series, e.g. A-R1-1/2), "
                              f"not {key!r}", field="game")
    return fixture, int(n)
