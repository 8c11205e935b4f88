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
from dataclasses import dataclass, field
from typing import Any, Literal

from .errors import TournamentError

Side = Literal["a", "b"]
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

    def surviving_of(self, side: Side) -> int:
        return self.surviving if side == self.winner else 0

    def lost_hp_of(self, side: Side) -> int:
        return self.lost_hp if side == self.winner else 0


def other(side: Side) -> Side:
    return "b" if side == "a" else "a"


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise TournamentError(f"{what} must be a whole number from {lo} to {hi}, not {value!r}")
    return value


def game_from(value: Any, a: str, b: str, where: str) -> SeriesGame:
    """A game from a document mapping. ``winner`` is 'a', 'b' or an entrant id.

    ``surviving`` / ``lost_hp`` are the winner's figures, or a mapping per side in which the loser's
    must be 0 (a loser's surviving generals are always 0, 2012 §4.1 2).
    """
    if not isinstance(value, Mapping):
        raise TournamentError(f"{where}: a game is a mapping with 'winner', not {value!r}")
    unknown = set(value) - {"winner", "how", "surviving", "lost_hp", "commanders", "technical"}
    if unknown:
        raise TournamentError(f"{where}: unknown game field(s) {sorted(unknown)}")
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

    def per_side(key: str, hi: int) -> int:
        raw = value.get(key, 0)
        if isinstance(raw, Mapping):
            got = {_side(k, a, b, where): _int(v, f"{where}: {key} of {k}", 0, hi) for k, v in raw.items()}
            if got.get(other(side), 0):
                raise TournamentError(
                    f"{where}: contradictory result: {names[other(side)]!r} lost the game, so its {key} counts 0 "
                    f"(2012 §4.1: a loser's surviving generals are always 0)")
            return got.get(side, 0)
        return _int(raw, f"{where}: {key}", 0, hi)

    surviving = per_side("surviving", 3)
    lost = per_side("lost_hp", 15)
    if value.get("surviving") is not None and surviving == 0:
        raise TournamentError(f"{where}: contradictory result: the winner's commander is alive, so at least 1 "
                              f"of its generals survives")
    if lost and not surviving:
        raise TournamentError(f"{where}: contradictory result: lost HP {lost} with no surviving general")
    commanders: dict[str, str] = {_side(k, a, b, where): str(v) for k, v in (value.get("commanders") or {}).items()}
    technical: dict[str, int] = {_side(k, a, b, where): _int(v, f"{where}: technical points", 0, 99)
                                 for k, v in (value.get("technical") or {}).items()}
    return SeriesGame(side, how, surviving, lost, commanders, technical)


def _side(key: Any, a: str, b: str, where: str) -> Side:
    if key in ("a", a):
        return "a"
    if key in ("b", b):
        return "b"
    raise TournamentError(f"{where}: {key!r} is neither {a!r} nor {b!r}")


def score(games: Sequence[SeriesGame]) -> tuple[int, int]:
    return sum(g.winner == "a" for g in games), sum(g.winner == "b" for g in games)


def check_series(fmt: SeriesFormat, games: Sequence[SeriesGame], members: Mapping[str, Sequence[str]] | None = None,
                 where: str = "match", complete: bool = True) -> None:
    """Refuses a series that breaks its format or the commander rotation.

    ``complete``: the series must be finished (a result being entered); otherwise a partial
    series in progress is checked.
    """
    wa, wb = 0, 0
    for i, g in enumerate(games):
        if fmt.kind == "best_of" and max(wa, wb) >= fmt.to_win:
            raise TournamentError(f"{where}: game {i + 1} was played after the series was decided "
                                  f"({wa}:{wb} in a {fmt.describe()})")
        wa, wb = wa + (g.winner == "a"), wb + (g.winner == "b")
    if len(games) > fmt.games:
        raise TournamentError(f"{where}: {len(games)} games in a {fmt.describe()} series")
    if complete:
        if fmt.kind == "fixed" and len(games) != fmt.games:
            raise TournamentError(f"{where}: a group round has exactly {fmt.games} games, {len(games)} given")
        if fmt.kind == "best_of" and max(wa, wb) < fmt.to_win:
            raise TournamentError(f"{where}: the series is not decided ({wa}:{wb}); a {fmt.describe()} "
                                  f"needs {fmt.to_win} wins")
    if fmt.rotate_commander:
        for side in ("a", "b"):
            team = list(members[side]) if members and members.get(side) else None
            check_rotation([g.commanders.get(side) for g in games], team, f"{where} side {side}")


def check_rotation(commanders: Sequence[str | None], team: Sequence[str] | None, where: str) -> None:
    """No repeat commander until every member has led once (then a new cycle starts)."""
    size = len(team) if team else 3
    cycle: list[str] = []
    for i, c in enumerate(commanders):
        if c is None:
            continue
        if team and c not in team:
            raise TournamentError(f"{where}: commander {c!r} of game {i + 1} is not a member; members: {list(team)}")
        if c in cycle:
            free = [m for m in team if m not in cycle] if team else []
            hint = f"; choose one of {free}" if free else ""
            raise TournamentError(f"{where}: {c!r} already led game {commanders.index(c) + 1}; the commander must "
                                  f"rotate before anyone leads again{hint}")
        cycle.append(c)
        if len(cycle) == size:
            cycle = []


def next_commander_allowed(commanders: Sequence[str], team: Sequence[str]) -> list[str]:
    """Who may lead the next game of a series under the rotation rule."""
    cycle: list[str] = []
    for c in commanders:
        cycle.append(c)
        if len(cycle) == len(team):
            cycle = []
    return [m for m in team if m not in cycle]


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
