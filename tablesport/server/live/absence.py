"""Players who are away, and players who give up.

* **Away**: a person seat without a connection while its game runs gets ``grace_seconds`` (per
  game, ``absence.yaml``); then a bot (the game's ``stand_in``) plays the seat, so the table never
  waits on an empty chair and no rack grows by penalty draws.  A connected seat whose decisions time out
  ``timeouts_in_a_row`` times without an answer of its own is away too.  The moment the player connects
  again, or says so (``{"type": "back"}``, the page's button), the seat is theirs (the bot stops; a timed
  decision starts its full time again).  Frames say which
  seats a bot stands in for (``seats[i].stand_in``), so the table sees it.
* **Giving up** (``{"type": "give_up"}`` from a seat): where the seed has a concession (Sanguosha's
  认输) the game ends by the preset's own rule, through the engine's referee action
  ``("concede", seat)`` — recorded, so the replay ends the same way; the engine refuses a seat
  that may not concede (2011: only a commander; 2012: only during his own turn) with the rule.
  Where the seed has none, the player leaves: the stand-in bot plays the seat to the end and the game
  is scored as it ends (``left``; the seat is not given back, a restart included: the store keeps it
  with the table's timers).
* **Nobody may stand in** (Pictionary, where no bot can honestly guess a drawing and only a person may
  rule at a paper table): with ``stand_in: none`` the away seat's timers run as for anyone who does not
  answer (a digital team's minute runs out); with ``stand_in: wait`` (the paper table's facilitator), once
  the grace is over the table waits, held (:mod:`.holding`), while an away seat has something to decide,
  and goes on with the time it had left the moment that seat's player is back.  Such a game has no
  give-up button (``give_up: stay``).

:func:`end_by_concession` is the one way the server ends a game by concession (a player's button here;
a referee's ruling may call it too).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

from tablesport.core import Decision, RuleError
from tablesport.store.tables import RUNNING

from .holding import hold, release
from .table_ref import TablePart

if TYPE_CHECKING:
    from .clock import Timer
    from .table import LiveTable

HERE = Path(__file__).parent
GIVE_UP = ("concede", "leave", "stay")
NOBODY = ("none", "wait")
"""``stand_in`` values where no bot plays for an away seat: its timers run (none), the table waits (wait)."""
COUNTED_FROM = 15.0
"""Timeouts of decisions this long or longer count towards ``timeouts_in_a_row``."""


@dataclass(frozen=True, slots=True)
class Policy:
    """What a table of one game does for absent players and for a player who gives up."""

    grace_seconds: float
    stand_in: str
    give_up: str
    timeouts_in_a_row: int


@cache
def policies() -> dict[str, Policy]:
    """Every game's and preset's policy from ``absence.yaml``: ``default``, then the game's, then the
    preset's settings (key ``""``: the default alone)."""
    data = yaml.safe_load((HERE / "absence.yaml").read_text(encoding="utf-8"))
    base = data["default"]
    games = data.get("games") or {}
    presets = [(preset, {**games.get(_game_of(preset), {}), **(over or {})})
               for preset, over in (data.get("presets") or {}).items()]
    out = {}
    for game, over in [("", {}), *games.items(), *presets]:
        merged = {**base, **(over or {})}
        if merged["give_up"] not in GIVE_UP:
            raise ValueError(f"absence.yaml: {game}: give_up must be one of {', '.join(GIVE_UP)}")
        out[str(game)] = Policy(float(merged["grace_seconds"]), str(merged["stand_in"]),
                                str(merged["give_up"]), int(merged["timeouts_in_a_row"]))
    return out


def _game_of(preset: str) -> str:
    from tablesport.games import find_preset

    return find_preset(preset)[0].name


def policy(game: str, preset: str = "") -> Policy:
    """The policy of ``preset`` if it has its own, else of ``game``, else the default."""
    table = policies()
    return (table.get(preset) if preset else None) or table.get(game) or table[""]


def default_bot(game: str) -> str:
    """The bot a new table or quick play offers first: the game's own rule-of-thumb bot, the one that stands
    in for an absent player, so that every game's default plays at a like level."""
    return policy(game).stand_in


class Absence(TablePart):
    """Who is away at one table, who a bot stands in for, and who left."""

    def __init__(self, table: LiveTable) -> None:
        super().__init__(table)
        self.policy = policy(table.game.name, table.rs.preset)
        self.stand_ins: set[int] = set()
        self.left: set[int] = set()
        self.missed: dict[int, int] = {}
        self.awaited: set[int] = set()
        """Seats whose grace ran out where nobody may stand in: the table waits for their players."""
        self._may: dict[tuple[int, int], bool] = {}
        self._timers: dict[int, Timer] = {}

    def online(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.table.clients)

    def arrange(self) -> None:
        """A grace timer for every person seat without a connection while the game runs; none for the rest."""
        t = self.table
        running = t.status == RUNNING and t.decision is not None and t.paused is None
        for seat, plan in enumerate(t.seats):
            away = (running and plan.kind == "person" and seat not in self.stand_ins
                    and seat not in self.awaited and not self.online(seat))
            timer = self._timers.get(seat)
            if away and timer is None:
                self._timers[seat] = t.room.clock.call_later(self.grace(), self._fire, seat)
            elif not away and timer is not None:
                timer.cancel()
                del self._timers[seat]
        if running and self.blocking():
            t.room.spawn(self._wait_for_players())

    def blocking(self) -> list[int]:
        """The awaited seats (still away) that have something to decide now."""
        d = self.table.decision
        if d is None or self.policy.stand_in != "wait":
            return []
        # a table run from one page (a paper table's facilitator) waits for that page only: a player's phone
        # may offer a choice (the picturist's card change) but the table does not wait for it
        runner = self.table.game.seats_to_start(self.table.rs)
        return sorted(s for s in self.awaited if s in d.seats and not self.online(s)
                      and (runner is None or s in runner))

    async def _wait_for_players(self) -> None:
        """Hold the table while an awaited seat has something to decide (``stand_in: none``)."""
        t = self.table
        async with t.lock:
            seats = self.blocking()
            if self.gone or t.status != RUNNING or t.paused is not None or not seats or not t.acting():
                return
            names = ", ".join(t.seats[s].label for s in seats)
            hold(t, "", f"waiting for {names}", away=seats)
            await t.room.writer.submit(t._save_job())
            t.broadcast([], "presence")

    def grace(self) -> float:
        hall_grace = self.table.room.absence_grace
        return float(hall_grace if hall_grace is not None else self.policy.grace_seconds)

    def _fire(self, seat: int) -> None:
        self._timers.pop(seat, None)
        if not self.gone:
            self.table.room.spawn(self._stand_in(seat))

    async def _stand_in(self, seat: int) -> None:
        if self.gone:  # the table went while this waited for its turn
            return
        t = self.table
        async with t.lock:
            if (t.status != RUNNING or t.decision is None or self.online(seat) or seat in self.stand_ins
                    or not t.acting()):
                return
            if self.policy.stand_in in NOBODY:
                self.awaited.add(seat)
                t._arrange()  # holds the table if the seat has something to decide (arrange)
                return
            self.stand_ins.add(seat)
            t._arrange()
            t.broadcast([], "presence")

    def timed_out(self, seat: int, decision: Decision) -> None:
        """The seat's decision timed out (lock held, before the step is told): after ``timeouts_in_a_row``
        of them without an answer of its own, its player is away though connected, and a bot stands in.
        Short windows (under :data:`COUNTED_FROM` seconds: Sanguosha's 5 s to declare a skill, where
        silence is the seeds' way to decline) and stream decisions (Pictionary's minute of drawing and
        guessing, which ends by running out) do not count, nor private ones (the count is shown to every
        seat: it would tell who was asked)."""
        limit = decision.time_limit
        if (self.policy.timeouts_in_a_row <= 0 or decision.stream or decision.private or limit is None
                or limit < COUNTED_FROM):
            return
        self.missed[seat] = self.missed.get(seat, 0) + 1
        if self.missed[seat] >= self.policy.timeouts_in_a_row and self.table.seats[seat].kind == "person":
            self.stand_ins.add(seat)

    def acted(self, seat: int) -> None:
        self.missed.pop(seat, None)

    async def back(self, seat: int) -> dict[str, Any] | None:
        """The seat's player says they are back (the page's button): the seat is theirs again, or, warned
        after a timeout that a bot would take the seat at the next one, the count starts again."""
        t = self.table
        async with t.lock:
            if self.returned(seat):
                t._arrange()
                t.broadcast([], "presence")
            elif self.missed.pop(seat, None) is not None:
                t.broadcast([], "presence")
        return None

    def returned(self, seat: int | None) -> bool:
        """The seat's player is connected again: the seat is theirs (unless they left); a table held for
        them goes on. Lock held."""
        if seat is None:
            return False
        self.awaited.discard(seat)
        held = self.table.paused
        if held is not None and seat in (held.get("away") or ()):
            waiting = [s for s in held["away"] if s != seat and not self.online(s)]
            if waiting:
                held["away"] = waiting
            else:
                release(self.table)
            return True
        if seat not in self.stand_ins or seat in self.left:
            return False
        self.stand_ins.discard(seat)
        self.missed.pop(seat, None)
        return True

    async def give_up(self, seat: int) -> dict[str, Any] | None:
        """The seat's player gives up: a concession where the seed has one, else leaving the seat to the
        stand-in bot. Returns an error frame for that client, or ``None``."""
        if self.policy.give_up == "concede":
            return await end_by_concession(self.table, seat)
        if self.policy.give_up == "stay":
            return _refusal("stay", "nobody plays a seat of this game for its player: the table waits for "
                            "you when you are away")
        t = self.table
        async with t.lock:
            if t.status != RUNNING or t.decision is None:
                return _refusal("game_over", "the game is over")
            self.left.add(seat)
            self.stand_ins.add(seat)
            t._arrange()
            t.broadcast([], "presence")
        return None

    def to_json(self) -> dict[str, Any]:
        """What the store keeps with the table's timers: the seats whose players left (nothing if none)."""
        return {"left": sorted(self.left)} if self.left else {}

    def restore(self, stored: dict[str, Any]) -> None:
        """After a restart: the seats whose players left are still the stand-in's."""
        self.left = {int(s) for s in stored.get("left") or ()}
        self.stand_ins |= self.left

    def may_give_up(self, seat: int | None) -> bool:
        """Whether ``seat``'s give-up button works now: leaving always does; a concession only where the
        engine would take it now (``State.referee_allowed``; the answer is kept for the step)."""
        t = self.table
        if seat is None or t.status != RUNNING or t.decision is None or seat in self.left:
            return False
        if self.policy.give_up == "stay":
            return False
        if self.policy.give_up != "concede":
            return True
        key = (seat, t.steps)
        if key not in self._may:
            self._may[key] = t.state.referee_allowed(("concede", seat))
            if len(self._may) > 64:
                self._may = {k: v for k, v in self._may.items() if k[1] == t.steps}
        return self._may[key]

    def seat_json(self, seat: int) -> dict[str, Any]:
        """What a frame tells about a seat: a bot plays it now (``stand_in``), its player left (``left``),
        its timeouts in a row so far (``missed``: the page warns at one short of ``timeouts_in_a_row``)."""
        return {"stand_in": seat in self.stand_ins, "left": seat in self.left,
                "missed": self.missed.get(seat, 0)}

    def halt(self) -> None:
        for timer in self._timers.values():
            timer.cancel()
        self._timers.clear()


async def end_by_concession(table: LiveTable, who: int | str) -> dict[str, Any] | None:
    """End ``table``'s game by a concession, by the engine's referee action ``("concede", who)``: ``who``
    is the seat that asks (a player's button; the engine checks the edition's rule on who may concede and
    when) or a side's name (a ruling entered for the side). Recorded as a referee step, so the replay ends
    the same way. Returns an error frame (the rule that refuses it) or ``None`` once the game is over."""
    async with table.lock:
        if table.status != RUNNING or table.decision is None:
            return _refusal("game_over", "the game is over")
        try:
            await table.rule(("concede", who))
        except RuleError as exc:
            return {"type": "error", "code": "illegal_action", **exc.to_json()}
    return None


def _refusal(code: str, message: str) -> dict[str, Any]:
    return {"type": "error", "code": code, "message": message}
