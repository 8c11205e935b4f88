"""What the seeds' modes share in their base class: the game clock, referee rulings, the result (the
helpers every mode uses are in sides.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from tablesport.compiled_build import python_class
from tablesport.core import Result, RuleError, SideResult

from ..engine import abort_turn
from ..mode import Mode
from ..state import SgsState
from .sides import finish, other_side, side_seats


# ====================================================================== the shared mode
@python_class
class CompetitionMode(Mode):
    """What the seeds' modes share: sides, the game clock, fouls and technical points, referee
    rulings and the result. Subclasses add the draft, the flow of turns and deaths."""

    technical_points: ClassVar[bool] = False   # team technical points (3v3)

    def init_data(self, g: SgsState, side_of: list[str | None]) -> None:
        """The mode data every mode keeps (the clock is off until preparation)."""
        m = g.mode
        m["kind"] = self.name
        m["side_of"] = side_of
        m["clock_limit"] = None
        m["time_up"] = False
        m["overtimes"] = 0
        m["fouls"] = [0] * g.n
        m["technical"] = {}

    def resume_clock(self, g: SgsState, position: Mapping[str, Any]) -> None:
        """The clock and the fouls of a game in progress: ``clock`` (game time allowed so far, s; the
        preset's game time when absent, ``None``: no clock running), ``time_up``, ``overtimes``,
        ``technical`` (points per side), ``fouls`` (penalty points per seat)."""
        m = g.mode
        clock = position["clock"] if "clock" in position else g.config("game_minutes") * 60
        m["clock_limit"] = None if clock is None else float(clock)
        m["time_up"] = bool(position.get("time_up", False))
        m["overtimes"] = int(position.get("overtimes", 0))
        m["technical"] = dict(position.get("technical") or {})
        m["fouls"] = list(position.get("fouls") or [0] * g.n)

    # -- clock --------------------------------------------------------------------------------
    def time_up(self, g: SgsState) -> None:
        m = g.mode
        if m["clock_limit"] is None or g.over:
            raise RuleError("time_up", "no game clock is running")
        m["time_up"] = True
        g.emit("time_up", {"overtimes": m["overtimes"]})
        self.after_time_up(g)

    def after_time_up(self, g: SgsState) -> None:
        """The clock has just run out (the game ends at the moment the edition prints)."""

    def no_play_left(self, g: SgsState) -> None:
        finish(g, None, "no_play_left")

    # -- fouls and referee rulings --------------------------------------------------------------
    def on_timeout(self, g: SgsState, seat: int, kind: str) -> None:
        """2014 3v3 §3.3(B): stalling in the play phase costs the player a penalty point."""
        pts = g.config("stall_penalty", 0)
        if pts and kind == "play":
            self.penalise(g, seat, pts, "stalling")

    def penalise(self, g: SgsState, seat: int, pts: int, why: str) -> None:
        m = g.mode
        m["fouls"][seat] += pts
        g.emit("penalty", {"seat": seat, "points": pts, "total": m["fouls"][seat], "why": why})
        limit = g.config("disqualify_at", 0)
        if limit and m["fouls"][seat] >= limit and g.players[seat].alive:
            self.disqualify(g, seat)

    def disqualify(self, g: SgsState, seat: int) -> None:
        """D13: the general is turned down and all its cards discarded, like a death without reward;
        a disqualified commander loses the game for his side."""
        p = g.players[seat]
        p.alive = False
        g.skills_changed()
        p.face_up = False
        g.discard(p.all_cards(), seat, "disqualified")
        g.lost_q = [x for x in g.lost_q if x[0] != seat]
        g.emit("disqualified", {"seat": seat, "general": p.general})
        m = g.mode
        side = m["side_of"][seat]
        if seat == m.get("commanders", {}).get(side):
            finish(g, other_side(g, side), "disqualified")
            return
        if g.current == seat:
            abort_turn(g)
        elif g.ask is not None and seat in g.ask.seats:
            t = g._timeout
            g._answer(seat, t[seat] if type(t) is dict else t)

    def conceding_side(self, g: SgsState, action: tuple[Any, ...]) -> str:
        """The side that concedes by ``("concede", seat)`` — the seat that asks, checked against the
        edition's rule: the preset's ``concede_by`` ``commander`` (2011 glossary 16, 2012 §3.4.3 note)
        or ``side`` (any player of the side: 2014 3v3 "一方阵营宣布认输", 1v1 "任意一方提出认输"), and
        ``concede_own_turn_only`` (2012: during his own turn). ``("concede", side)`` enters the side's
        concession as its commander's (the form of older records)."""
        m = g.mode
        sides = g.ruleset.sides
        who = action[1] if len(action) > 1 else None
        if m["side_of"][0] is None:
            raise RuleError("concede", "nobody can concede before the sides are known",
                            "concede after the draft")
        commanders = m.get("commanders", {})
        own_turn = g.config("concede_own_turn_only", False)
        if isinstance(who, str) and who in sides:
            if own_turn and g.current != commanders.get(who):
                raise RuleError("concede_own_turn_only", f"{g.ruleset.preset}: only a commander may concede, "
                                "during his own turn", "concede when your commander's turn is running")
            return who
        if not isinstance(who, int) or isinstance(who, bool) or not 0 <= who < g.n:
            raise RuleError("concede", f"a concession names the seat that asks, not {who!r}",
                            f"('concede', seat) with a seat 0–{g.n - 1}")
        side = m["side_of"][who]
        refused = self.concede_refusal(g, who)
        if refused == "concede_commander_only":
            commander = commanders.get(side)
            raise RuleError(refused, f"{g.ruleset.preset}: only a side's commander may concede; seat {who} "
                            f"is not {side}'s commander", f"('concede', {commander})")
        if refused == "concede_own_turn_only":
            raise RuleError(refused, f"{g.ruleset.preset}: a commander may concede only during his own turn",
                            "concede when your turn is running")
        return str(side)

    def concede_refusal(self, g: SgsState, seat: int) -> str | None:
        """The rule of :meth:`conceding_side` that refuses ``("concede", seat)`` now (``seat`` a seat
        number; the sides known), or ``None`` where it is taken: without building an error, as every
        seat's view asks it at every step."""
        m = g.mode
        commander = m.get("commanders", {}).get(m["side_of"][seat])
        if g.config("concede_by", "side") == "commander" and commander is not None and seat != commander:
            return "concede_commander_only"
        if g.config("concede_own_turn_only", False) and g.current != seat:
            return "concede_own_turn_only"
        return None

    def referee_allowed(self, g: SgsState, action: Any) -> bool | None:
        """A concession is taken exactly when the game is on and :meth:`conceding_side` accepts who asks
        (the live table asks this for every seat at every step: its give-up button)."""
        if not (isinstance(action, tuple) and action and action[0] == "concede"):
            return None
        if g.over:
            return False
        try:
            self.conceding_side(g, action)
        except RuleError:
            return False
        return True

    def referee(self, g: SgsState, action: Any) -> None:
        """Referee rulings: ("penalty", seat, points, reason), ("technical", side, points),
        ("concede", seat) — the seat that asks (or ("concede", side)), ("disqualify", seat, reason) where the
        edition disqualifies (2014 3v3)."""
        if g.over:
            raise RuleError("game_over", "the game is over")
        if not isinstance(action, tuple) or not action:
            raise RuleError("referee", f"unknown referee action {action!r}",
                            "('penalty', seat, 1|3, reason), ('technical', side, points), ('concede', seat)")
        kind = action[0]
        m = g.mode
        if kind == "penalty" and g.config("penalty_points", False):
            if len(action) < 3 or action[1] not in range(g.n) or action[2] not in (1, 3):
                raise RuleError("penalty", "a penalty names a seat and 1 (stalling, acting out of turn) or 3 "
                                "(cheating talk) points", "('penalty', seat, 1|3, reason)")
            self.penalise(g, action[1], action[2], action[3] if len(action) > 3 else "")
            return
        if kind == "technical" and self.technical_points:
            if len(action) < 3 or action[1] not in g.ruleset.sides or not isinstance(action[2], int) \
                    or action[2] < 1:
                raise RuleError("technical", "technical points name a side and a positive count",
                                "('technical', 'cold'|'warm', n)")
            side = action[1]
            m["technical"][side] = m["technical"].get(side, 0) + action[2]
            g.emit("technical_points", {"side": side, "total": m["technical"][side]})
            limit = g.config("technical_loss_at", 3)
            if limit and m["technical"][side] >= limit:
                finish(g, other_side(g, side), "technical_points")
            return
        if kind == "concede":
            finish(g, other_side(g, self.conceding_side(g, action)), "concession")
            return
        if kind == "disqualify" and g.config("disqualify_at", 0):
            # 2014 3v3 §二.3.3(B) 剥夺其游戏资格: the sanction the points reach, ruled by the referee at once
            seat = action[1] if len(action) > 1 else None
            if not isinstance(seat, int) or isinstance(seat, bool) or seat not in range(g.n) \
                    or g.players[seat].general is None or not g.players[seat].alive:
                raise RuleError("disqualify", f"a disqualification names a seat whose general is in play, "
                                f"not {seat!r}", "('disqualify', seat, reason)")
            self.disqualify(g, seat)
            return
        raise RuleError("referee", f"{g.ruleset.preset} has no referee action {kind!r}",
                        "('technical', side, n), ('concede', seat)"
                        + (", ('penalty', seat, points)" if g.config("penalty_points", False) else "")
                        + (", ('disqualify', seat, reason)" if g.config("disqualify_at", 0) else ""))

    # -- view and result --------------------------------------------------------------------
    def view(self, g: SgsState, seat: int | None) -> dict[str, Any]:
        m = g.mode
        return {"kind": m["kind"], "sides": list(m["side_of"]), "clock_limit": m["clock_limit"],
                "time_up": m["time_up"], "overtimes": m["overtimes"], "fouls": list(m["fouls"]),
                "technical_points": dict(m["technical"]), **self.concede_view(g, seat)}

    def concede_view(self, g: SgsState, seat: int | None) -> dict[str, Any]:
        """Why ``seat`` may not concede now (``concede_refused``: the rule :meth:`conceding_side`
        names), so that the page can say so next to its greyed concede button; nothing when it may."""
        if seat is None or g.over:
            return {}
        refused = "concede" if g.mode["side_of"][0] is None else self.concede_refusal(g, seat)
        return {"concede_refused": refused} if refused else {}

    def side_result(self, g: SgsState, side: str, seats: tuple[int, ...]) -> dict[str, Any]:
        """A side's statistics in the result."""
        raise NotImplementedError

    def result(self, g: SgsState) -> Result:
        m = g.mode
        sides = g.ruleset.sides
        win = m.get("winner")
        placements = tuple(1 if win is None or m["side_of"][s] == win else 2 for s in range(g.n))
        scores = tuple(1.0 if win is not None and m["side_of"][s] == win else (0.5 if win is None else 0.0)
                       for s in range(g.n))
        side_res = {}
        stats: dict[str, Any] = {"winner": win, "reason": m.get("reason"), "turns": g.turn_no,
                                 "overtimes": m["overtimes"], "fouls": list(m["fouls"]),
                                 "technical_points": dict(m["technical"])}
        for side in sides:
            seats = tuple(side_seats(g, side)) if m["side_of"][0] is not None else ()
            st: dict[str, Any] = {}
            if seats and g.players[seats[0]].general is not None:
                st = self.side_result(g, side, seats)
            side_res[side] = SideResult(seats, 1 if win is None or side == win else 2,
                                        1.0 if side == win else (0.5 if win is None else 0.0), st)
            stats[side] = st
        # Engines never read a clock: the driver knows the real duration. What the rules know is the
        # game time allowed when the game ended (the printed time plus overtimes) and whether it ran out.
        stats["clock_limit_s"] = m.get("clock_final")
        stats["time_up"] = (m.get("reason") or "").startswith("time_up")
        return Result(placements, scores, m.get("reason") or "over", side_res, stats)
