"""Matches between two teams made of several games, with the commander rotating.

* 2011 group round (seed 000): two games, the commander rotates; 2:0 scores 3/0, 1:1 is a draw
  scoring 1 each ("每轮胜队得3分…平手则各1分。2场比赛之后算总分").
* Best of 3 (2011 knock-out, 2014, 2012 §2.1.1 "3局2胜"): the first to 2 wins takes the match; no
  game is played after that.
* "如比赛局数大于一局，主帅选手应当进行轮换" / 2012 "主帥選手應當進行輪換": a team's commander must
  change from game to game; a member may lead again only once every member has led (the team has
  rotated).

A game of Sanguosha 3v3 always ends with a winner (overtime repeats until decided), so a game here
has a winner side and the figures the tie-breaks use (2012 §4.1): the winner's surviving generals
and their lost HP. The loser's surviving generals are always 0 (2012 §4.1 2), whatever the way it
lost (commander death, time, foul, concession, forfeit), so a loser's lost HP of survivors is 0 too.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from .errors import TournamentError, in_words
from .rules import rule

Side = Literal["a", "b"]
SIDES: tuple[Side, Side] = ("a", "b")
HOW = ("commander_death", "time", "foul", "technical", "concede", "forfeit", "disqualified")


@dataclass(frozen=True, slots=True)
class SeriesFormat:
    """``fixed``: exactly ``games`` games (2011 group round); ``best_of``: first to a majority."""

    kind: Literal["fixed", "best_of"]
    games: int
    rotate_commander: bool = True

    @property
    def to_win(self) -> int:
        return self.games // 2 + 1

    def describe(self) -> str:
        return f"{self.games} games" if self.kind == "fixed" else f"best of {self.games}"


@dataclass(frozen=True, slots=True)
class SeriesGame:
    winner: Side
    how: str = "commander_death"
    surviving: int = 0
    """The winner's surviving generals at the end (0-3)."""
    lost_hp: int = 0
    """The total lost HP of the winner's surviving generals."""
    commanders: Mapping[str, str] = field(default_factory=dict)
    technical: Mapping[str, int] = field(default_factory=dict)
    """Technical points deducted from each side in this game."""
    loser_surviving: int = 0
    """The loser's surviving generals: counted only when time ended the game (000 glossary 17: 0 after a
    concession or the commander's death); 0 otherwise."""
    loser_lost_hp: int = 0

    def surviving_of(self, side: Side) -> int:
        return self.surviving if side == self.winner else self.loser_surviving

    def lost_hp_of(self, side: Side) -> int:
        return self.lost_hp if side == self.winner else self.loser_lost_hp


def other(side: Side) -> Side:
    return "b" if side == "a" else "a"


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise TournamentError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def game_from(value: Any, a: str, b: str, where: str) -> SeriesGame:
    """A game from a document mapping. ``winner`` is 'a', 'b' or an entrant id.

    ``surviving`` / ``lost_hp`` are the winner's figures, or a mapping per side. The loser's are 0 after a
    concession or its commander's death (000 glossary 17) and so after any ending but time; at time-up
    both boards are facts of the game (whether the loser's count is the edition's: see
    :func:`tablesport.tournament.standings` and 2012 §4.1 2).
    """
    if not isinstance(value, Mapping):
        raise TournamentError(f"{where}: a game is a mapping with 'winner', not {value!r}")
    unknown = set(value) - {"winner", "how", "surviving", "lost_hp", "commanders", "technical"}
    if unknown:
        raise TournamentError(f"{where}: unknown game field(s) {in_words(sorted(unknown))}")
    w = value.get("winner")
    side: Side
    if w in ("a", a):
        side = "a"
    elif w in ("b", b):
        side = "b"
    else:
        raise TournamentError(f"{where}: winner must be {a!r} or {b!r}, not {w!r}")
    how = value.get("how", "commander_death")
    if how not in HOW:
        raise TournamentError(f"{where}: 'how' must be one of {', '.join(HOW)}, not {how!r}")
    names = {"a": a, "b": b}

    def per_side(key: str, hi: int) -> tuple[int, int]:
        """(the winner's figure, the loser's): the loser's only from a board read at time-up."""
        raw = value.get(key, 0)
        if isinstance(raw, Mapping):
            got = {_side(k, a, b, where): _int(v, f"{where}: {key} of {k}", 0, hi) for k, v in raw.items()}
            if got.get(other(side), 0) and how != "time":
                raise TournamentError(
                    f"{where}: contradictory result: {names[other(side)]!r} lost by {how.replace('_', ' ')}, "
                    f"so its {key} counts 0 (000 glossary 17: a side that concedes or whose commander dies "
                    "has no surviving general); only a board read at time-up gives the loser's figures",
                    rule=rule("loser_surviving_zero"), field=key)
            return got.get(side, 0), got.get(other(side), 0)
        return _int(raw, f"{where}: {key}", 0, hi), 0

    surviving, loser_surviving = per_side("surviving", 3)
    lost, loser_lost = per_side("lost_hp", 15)
    if loser_lost and not loser_surviving:
        raise TournamentError(f"{where}: contradictory result: lost HP {loser_lost} for "
                              f"{names[other(side)]!r} with no surviving general")
    if value.get("surviving") is not None and surviving == 0:
        raise TournamentError(f"{where}: contradictory result: the winner's commander is alive, "
                              "so at least 1 of its generals survives")
    if lost and not surviving:
        raise TournamentError(f"{where}: contradictory result: lost HP {lost} with no surviving general")
    commanders: dict[str, str] = {_side(k, a, b, where): str(v)
                                  for k, v in (value.get("commanders") or {}).items()}
    technical: dict[str, int] = {_side(k, a, b, where): _int(v, f"{where}: technical points", 0, 99)
                                 for k, v in (value.get("technical") or {}).items()}
    return SeriesGame(side, how, surviving, lost, commanders, technical, loser_surviving, loser_lost)


def _side(key: Any, a: str, b: str, where: str) -> Side:
    if key in ("a", a):
        return "a"
    if key in ("b", b):
        return "b"
    raise TournamentError(f"{where}: {key!r} is neither {a!r} nor {b!r}")


def score(games: Sequence[SeriesGame]) -> tuple[int, int]:
    return sum(g.winner == "a" for g in games), sum(g.winner == "b" for g in games)


def _cycle(commanders: Sequence[str | None], size: int) -> list[tuple[str, int]]:
    """The members (with their game numbers) who led since the team last completed a rotation."""
    cycle: list[tuple[str, int]] = []
    for i, c in enumerate(commanders):
        if c is None:
            continue
        cycle.append((c, i + 1))
        if len(cycle) == size:
            cycle = []
    return cycle


@dataclass(frozen=True, slots=True)
class SeriesProgress:
    """A series as far as it has been played: checks each game as it arrives (game by game).

    ``members`` maps the sides 'a' / 'b' to the team's members (empty when unknown: then only the
    rotation among the commanders named is checked, for a team of 3).
    """

    fmt: SeriesFormat
    a: str
    b: str
    members: Mapping[str, Sequence[str]] = field(default_factory=dict)
    games: tuple[SeriesGame, ...] = ()
    where: str = ""

    def name(self, side: Side) -> str:
        return self.a if side == "a" else self.b

    @property
    def score(self) -> tuple[int, int]:
        return score(self.games)

    @property
    def decided(self) -> bool:
        if self.fmt.kind == "fixed":
            return len(self.games) >= self.fmt.games
        return max(self.score) >= self.fmt.to_win

    @property
    def winner(self) -> str | None:
        """The entrant that won the series (None while undecided, or for a drawn group round)."""
        wa, wb = self.score
        if not self.decided or wa == wb:
            return None
        return self.a if wa > wb else self.b

    @property
    def next_number(self) -> int:
        return len(self.games) + 1

    def describe(self) -> str:
        wa, wb = self.score
        state = "decided" if self.decided else "in progress"
        return f"{self.a} {wa}:{wb} {self.b} ({state}, {self.fmt.describe()})"

    def _team(self, side: Side) -> list[str]:
        return list(self.members.get(side) or [])

    def may_command(self, side: Side) -> list[str]:
        """Who may lead the next game for ``side`` under the rotation rule (000 §一1.1, 003 §2.1.1)."""
        team = self._team(side)
        if not self.fmt.rotate_commander:
            return team
        led = {c for c, _ in _cycle([g.commanders.get(side) for g in self.games], len(team) or 3)}
        return [m for m in team if m not in led]

    def check(self, game: SeriesGame, number: int | None = None) -> None:
        """Refuses the next game when it breaks the format or the rotation; changes nothing."""
        n = self.next_number
        where = f"{self.where}: " if self.where else ""
        if number is not None and number != n:
            if 1 <= number < n:
                old = self.games[number - 1]
                raise TournamentError(
                    f"{where}game {number} already has a result ({self.name(old.winner)} won); "
                    f"the next game is game {n}", rule=rule("game_order"),
                    allowed=[f"game {n}"] if not self.decided else ["correct a game with a reason"],
                    field="number")
            raise TournamentError(f"{where}game {number} cannot be entered before game {n}",
                                  rule=rule("game_order"), allowed=[f"game {n}"], field="number")
        if self.decided:
            wa, wb = self.score
            if self.fmt.kind == "fixed":
                raise TournamentError(
                    f"{where}{self.a} v {self.b} has played its {self.fmt.games} games ({wa}:{wb}); "
                    f"a group round has no game {n}", rule=rule("group_round_games"),
                    allowed=["correct a game with a reason"])
            lead = self.winner
            raise TournamentError(
                f"{where}game {n} was played after the series was decided: "
                f"{lead} won {max(wa, wb)}:{min(wa, wb)} in a {self.fmt.describe()}",
                rule=rule("series_decided"), allowed=["correct a game with a reason"])
        if not self.fmt.rotate_commander:
            return
        for side in SIDES:
            c = game.commanders.get(side)
            if c is None:
                continue
            team = self._team(side)
            name = self.name(side)
            if team and c not in team:
                raise TournamentError(f"{where}{name}: commander {c!r} of game {n} is not a member; "
                                      f"members: {', '.join(team)}",
                                      rule=rule("team_members"), allowed=team, field=f"commanders.{name}")
            cycle = _cycle([g.commanders.get(side) for g in self.games], len(team) or 3)
            led = dict(cycle)
            if c in led:
                free = self.may_command(side)
                hint = f" — choose one of {', '.join(free)}" if free else ""
                raise TournamentError(
                    f"{where}{name}: {c!r} already led game {led[c]}; no member commands again until all "
                    f"{len(team) or 3} have commanded{hint}", rule=rule("commander_rotation"), allowed=free,
                    field=f"commanders.{name}")

    def add(self, game: SeriesGame, number: int | None = None) -> SeriesProgress:
        """This series with ``game`` played next (checked first)."""
        self.check(game, number)
        return replace(self, games=(*self.games, game))


def check_series(fmt: SeriesFormat, games: Sequence[SeriesGame],
                 members: Mapping[str, Sequence[str]] | None = None,
                 where: str = "match", complete: bool = True, a: str = "a", b: str = "b") -> SeriesProgress:
    """Refuses a series that breaks its format or the commander rotation; returns it as played.

    ``complete``: the series must be finished (a result being entered); otherwise a partial
    series in progress is checked.
    """
    prog = SeriesProgress(fmt, a, b, members or {}, (), where)
    if len(games) > fmt.games:
        raise TournamentError(f"{where}: {len(games)} games in a {fmt.describe()} series",
                              rule=rule("group_round_games" if fmt.kind == "fixed" else "series_decided"))
    for g in games:
        prog = prog.add(g)
    if complete and not prog.decided:
        wa, wb = prog.score
        if fmt.kind == "fixed":
            raise TournamentError(f"{where}: a group round has exactly {fmt.games} games, {len(games)} given",
                                  rule=rule("group_round_games"))
        raise TournamentError(f"{where}: the series is not decided ({wa}:{wb}); a {fmt.describe()} needs "
                              f"{fmt.to_win} wins", rule=rule("series_decided"))
    return prog


def check_rotation(commanders: Sequence[str | None], team: Sequence[str] | None, where: str) -> None:
    """No repeat commander until every member has led once (then a new cycle starts)."""
    prog = SeriesProgress(SeriesFormat("fixed", len(commanders) + 1), "a", "b", {"a": list(team or [])}, (),
                          where)
    for c in commanders:
        prog = prog.add(SeriesGame("a", commanders={"a": c} if c is not None else {}))


def next_commander_allowed(commanders: Sequence[str], team: Sequence[str]) -> list[str]:
    """Who may lead the next game of a series under the rotation rule."""
    games = tuple(SeriesGame("a", commanders={"a": c}) for c in commanders)
    return SeriesProgress(SeriesFormat("fixed", len(commanders) + 1), "a", "b", {"a": list(team)}, games
                          ).may_command("a")


@dataclass(frozen=True, slots=True)
class Peach:
    """A surviving general of the side that did not forfeit: HP, max HP and Peaches in hand."""

    hp: int
    max_hp: int
    peaches: int = 0


def after_forfeit_peaches(generals: Sequence[Peach]) -> list[Peach]:
    """2012 §4.3: when the other side forfeits, concedes or is declared lost, each surviving general
    may use the Peaches in its own hand on itself, only while wounded (1 HP each)."""
    out = []
    for g in generals:
        use = min(g.peaches, max(0, g.max_hp - g.hp))
        out.append(Peach(g.hp + use, g.max_hp, g.peaches - use))
    return out


def lost_hp(generals: Sequence[Peach]) -> int:
    """Lost HP of survivors: max HP − current HP, a current HP below 0 counted as 0 (ref. D17)."""
    return sum(g.max_hp - max(0, g.hp) for g in generals)
