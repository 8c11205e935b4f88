"""Who sits where: checks of a table's result against its seats, and of a round seated elsewhere.

* A table's result (a 4-player game, a Rummikub game) names exactly the players seated there: a
  stranger (a name not seated at that table) or a seated player left out is refused, naming them and
  the table (seed 000: 4 players per game; 002 賽制 4).
* A round drawn elsewhere (on paper, by another system) seats every playing entrant exactly once, at
  tables of the competition's size (a 4-player league: tables of 4, and of 3 when the players do not
  split into 4s; Pictionary: 2 teams a table, one team resting when their number is odd).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from .errors import TournamentError
from .rules import rule


def check_table_players(table: str, seated: Sequence[str], named: Iterable[str], what: str = "result",
                        rule_id: str = "table_seats") -> None:
    """Refuses a result for ``table`` that names a stranger or leaves a seated player out."""
    named = [str(p) for p in named]
    strangers = sorted({p for p in named if p not in seated})
    missing = [p for p in seated if p not in named]
    twice = sorted(p for p, c in Counter(named).items() if c > 1)
    if not (strangers or missing or twice):
        return
    parts = []
    if strangers:
        parts.append(f"{', '.join(strangers)} {'is' if len(strangers) == 1 else 'are'} not seated at {table}")
    if missing:
        parts.append(f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} seated there "
                     f"but missing from the {what}")
    if twice:
        parts.append(f"{', '.join(twice)} named twice")
    raise TournamentError(f"{table}: {'; '.join(parts)} (seated: {', '.join(seated)})", rule=rule(rule_id),
                          allowed=list(seated), field="players")


def check_round(tables: Sequence[Sequence[str]], playing: Sequence[str], size: int, exact: bool = False,
                registered: Iterable[str] = ()) -> list[list[str]]:
    """A round seated elsewhere, checked: returns the tables as lists of entrant ids.

    ``playing``: who must be seated (checked in, not withdrawn); ``registered``: every registered entrant
    (to tell a withdrawn or not checked-in entrant from an unknown name). ``exact``: every table holds
    ``size`` (Pictionary: 2 teams; an odd number of teams leaves one resting); otherwise a table holds
    ``size`` or ``size − 1``.
    """
    seat_rule = rule("seating")
    if not tables:
        raise TournamentError("a seating lists at least one table", rule=seat_rule, field="seating")
    out = [[str(p).strip() for p in t] for t in tables]
    named = [p for t in out for p in t]
    known = set(registered) | set(playing)
    unknown = sorted({p for p in named if p not in known})
    if unknown:
        raise TournamentError(f"the seating names {', '.join(unknown)}, not registered in this competition",
                              rule=seat_rule, allowed=list(playing), field="seating")
    absent = sorted({p for p in named if p not in playing})
    if absent:
        raise TournamentError(f"the seating names {', '.join(absent)}, "
                              "not playing (withdrawn or not checked in)",
                              rule=seat_rule, allowed=list(playing), field="seating")
    twice = sorted(p for p, c in Counter(named).items() if c > 1)
    if twice:
        raise TournamentError(f"the seating puts {', '.join(twice)} at two places", rule=seat_rule,
                              field="seating")
    sizes = [size] if exact else [size, size - 1]
    bad = [(i + 1, len(t)) for i, t in enumerate(out) if len(t) not in sizes]
    if bad:
        desc = ", ".join(f"table {i} has {n}" for i, n in bad)
        raise TournamentError(f"{desc}; a table seats {' or '.join(map(str, sizes))}", rule=seat_rule,
                              allowed=[f"{s} per table" for s in sizes], field="seating")
    missing = [p for p in playing if p not in named]
    resting_ok = exact and size == 2 and len(playing) % 2 == 1 and len(missing) == 1
    if missing and not resting_ok:
        raise TournamentError(f"the seating leaves out {', '.join(missing)}; "
                              "every playing entrant sits once this round",
                              rule=seat_rule, allowed=missing, field="seating")
    if not exact and len(playing) >= size:
        short = sum(1 for t in out if len(t) == size - 1)
        fewest = -len(playing) % size
        if short != fewest:
            raise TournamentError(f"{short} table(s) of {size - 1} where {len(playing)} players need "
                                  f"{fewest}: seat as many tables of {size} as possible", rule=seat_rule,
                                  field="seating")
    return out
