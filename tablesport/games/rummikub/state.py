"""The Rummikub referee for the 2018 school competition (seed 002).

Flow: start order by drawn number tokens (highest starts, clockwise) → deal 14 each → each seat
holding three identical pairs may ask for a reshuffle → turns: play (the whole new table plus
the tiles laid from the rack, validated as one move) or draw one; a timeout keeps the table as it
was and draws 3 penalty tiles → the game ends when a rack is empty or when the pool has run out
(at the end of the turn that took its last tile) → scoring (``scoring.py``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from tablesport.core import (
    Action,
    Decision,
    Event,
    Result,
    Rng,
    RuleError,
    Ruleset,
    State,
)

from . import scoring
from .sets import SetError, check_set
from .solver import can_meld, solve
from .tiles import ALL_IDS, JOKER, code_of, is_id, sort_key

PLAY_FORMAT = '{"type": "play", "table": [[tile ids], ...], "rack": [tile ids laid]} or {"type": "draw"}'


def identical_pairs(rack: Sequence[str]) -> int:
    """How many pairs of identical number tiles (same colour and number) a rack holds."""
    counts = Counter(code_of(t) for t in rack if code_of(t) != JOKER)
    return sum(1 for k in counts.values() if k >= 2)


def codes(ids: Sequence[str]) -> list[str]:
    return [code_of(t) for t in ids]


def play_from_codes(table: Sequence[Sequence[str]], rack: Sequence[str],
                    sets: Sequence[Sequence[str]]) -> dict[str, Any]:
    """The play that makes the new table ``sets`` (written in codes) from ``table`` and ``rack`` (tile
    ids): each code takes a table tile's id first, then a rack tile's."""
    free: dict[str, list[str]] = {}
    for t in [t for s in table for t in s] + list(rack):
        free.setdefault(code_of(t), []).append(t)
    new = [[free[c].pop(0) for c in s] for s in sets]
    old = {t for s in table for t in s}
    laid = sorted((t for s in new for t in s if t not in old), key=sort_key)
    return {"type": "play", "table": new, "rack": laid}


class RummikubState(State):
    __slots__ = ("ruleset", "rng", "racks", "pool", "table", "melded", "order", "numbers", "turn",
                 "phase", "asking", "reason", "winners", "last", "turns", "reshuffles", "_result")


    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.ruleset = ruleset
        self.rng = Rng(seed)
        n = ruleset.seats
        groups = ruleset["groups"]
        if len(groups) != n or any(g not in scoring.AGE_GROUPS for g in groups):
            raise ValueError(f"groups must list {n} of {', '.join(scoring.AGE_GROUPS)}, got {groups!r}")
        # 比賽前的準備: each draws a number token; the highest starts, then clockwise
        tokens = list(range(1, n + 1))
        self.rng.shuffle(tokens)
        self.numbers: list[int] = tokens
        first = tokens.index(n)
        self.order: list[int] = [(first + i) % n for i in range(n)]
        self.turn = 0  # index into order
        self.racks: list[list[str]] = [[] for _ in range(n)]
        self.pool: list[str] = []
        self.table: list[list[str]] = []
        self.melded: list[bool] = [False] * n
        self.phase = "reshuffle"
        self.asking: list[int] = []
        self.reason = ""
        self.winners: list[int] = []
        self.last: dict[str, Any] | None = None
        self.turns = 0
        self.reshuffles = 0
        self._result: Result | None = None
        self._deal()

    # -- setup ----------------------------------------------------------------------------------
    def _deal(self) -> None:
        bag = list(ALL_IDS)
        self.rng.shuffle(bag)
        k = self.ruleset["rack_tiles"]
        for i, seat in enumerate(self.order):
            self.racks[seat] = sorted(bag[i * k:(i + 1) * k], key=sort_key)
        self.pool = bag[len(self.order) * k:]
        self.asking = [s for s in self.order if identical_pairs(self.racks[s]) >= 3]
        self.phase = "reshuffle" if self.asking else "turn"

    # -- protocol ---------------------------------------------------------------------------------
    @property
    def current(self) -> int:
        return self.order[self.turn]

    def pending(self) -> Decision | None:
        if self.phase == "reshuffle":
            seat = self.asking[0]
            return Decision(
                seats=(seat,), kind="reshuffle",
                prompt="You hold three pairs of identical tiles: show them and ask for a reshuffle?",
                options=("reshuffle", "keep"), time_limit=self.ruleset["arrange_seconds"],
                on_timeout="keep", data={"seat": seat}, private=True,
            )
        if self.phase == "turn":
            seat = self.current
            return Decision(
                seats=(seat,), kind="turn",
                prompt=("Play (initial meld: new sets from your rack worth 30+)" if not self.melded[seat]
                        else "Play (rearrange the table freely)") + " or draw one tile",
                options=None, time_limit=self.ruleset["turn_seconds"],
                on_timeout=f"the table stays as before the turn and you draw "
                           f"{self.ruleset['penalty_tiles']} penalty tiles",
                data={"melded": self.melded[seat], "pool": len(self.pool), "format": PLAY_FORMAT},
            )
        return None

    def _check_seat(self, seat: int) -> Decision:
        d = self.pending()
        if d is None:
            raise RuleError("game_over", "the game is over")
        if seat not in d.seats:
            raise RuleError("not_your_turn", f"seat {seat} has nothing to decide", f"seat {d.seats[0]}")
        return d

    def apply(self, seat: int, action: Action) -> list[Event]:
        d = self._check_seat(seat)
        if d.kind == "reshuffle":
            if action not in ("reshuffle", "keep"):
                raise RuleError("reshuffle", f"{action!r} is not an answer here", '"reshuffle" or "keep"')
            return self._answer_reshuffle(seat, action)
        if not isinstance(action, Mapping) or action.get("type") not in ("play", "draw"):
            raise RuleError("action_format", f"{str(action)[:80]} is not a turn action", PLAY_FORMAT)
        if action["type"] == "draw":
            if set(action) != {"type"}:
                raise RuleError("action_format", "a draw takes no other fields", '{"type": "draw"}')
            return self._draw(seat, 1, "draw")
        new_table, laid, info = self._validate_play(seat, action)
        return self._play(seat, new_table, laid, info)

    def timeout(self, seat: int) -> list[Event]:
        d = self._check_seat(seat)
        if d.kind == "reshuffle":
            # private, as the keeping itself: the others never learn the seat was offered a reshuffle
            only = frozenset({seat})
            return [Event("timeout", {"seat": seat}, only), *self._answer_reshuffle(seat, "keep")]
        # 計時方法: over time, the turn's tiles go back, the table is restored, 3 penalty tiles
        return [Event("timeout", {"seat": seat}), *self._draw(seat, self.ruleset["penalty_tiles"], "penalty")]

    # -- moves ----------------------------------------------------------------------------------
    def _answer_reshuffle(self, seat: int, answer: str) -> list[Event]:
        if answer == "keep":
            self.asking.pop(0)
            if not self.asking:
                self.phase = "turn"
            # seen by the seat alone: a public line would tell everyone it holds three identical pairs
            return [Event("keep", {"seat": seat}, frozenset({seat}))]
        pairs = sorted({code_of(t) for t in self.racks[seat] if code_of(t) != JOKER
                        and sum(1 for u in self.racks[seat] if code_of(u) == code_of(t)) == 2}, key=sort_key)
        self.reshuffles += 1
        self._deal()
        events = [Event("reshuffle", {"seat": seat, "pairs": pairs})]
        events += self._deal_events()
        return events

    def _deal_events(self) -> list[Event]:
        ev = [Event("deal", {"rack_sizes": [len(r) for r in self.racks], "pool": len(self.pool)})]
        ev += [Event("rack", {"seat": s, "tiles": list(self.racks[s])}, frozenset({s})) for s in self.order]
        return ev

    def _draw(self, seat: int, count: int, why: str) -> list[Event]:
        got = [self.pool.pop() for _ in range(min(count, len(self.pool)))]
        self.racks[seat] = sorted(self.racks[seat] + got, key=sort_key)
        self.last = {"seat": seat, "type": why, "count": len(got)}
        events = [Event(why, {"seat": seat, "count": len(got), "pool": len(self.pool)}),
                  Event("drawn", {"seat": seat, "tiles": got}, frozenset({seat}))]
        return events + self._end_turn(seat)

    def _play(self, seat: int, table: list[list[str]], laid: list[str], info: dict[str, Any]) -> list[Event]:
        self.table = table
        gone = set(laid)
        self.racks[seat] = [t for t in self.racks[seat] if t not in gone]
        first = not self.melded[seat]
        self.melded[seat] = True
        self.last = {"seat": seat, "type": "play", "rack": list(laid)}
        data = {"seat": seat, "rack": list(laid), "table": [list(s) for s in table], "initial_meld": first,
                **info}
        return [Event("play", data), *self._end_turn(seat)]

    def _end_turn(self, seat: int) -> list[Event]:
        self.turns += 1
        if not self.racks[seat]:
            self.winners = [seat]
            return self._finish("went_out")
        if not self.pool:
            return self._finish("pool_out")
        self.turn = (self.turn + 1) % len(self.order)
        return []

    # -- validation -------------------------------------------------------------------------------
    def _validate_play(self, seat: int,
                       action: Mapping[str, Any]) -> tuple[list[list[str]], list[str], dict[str, Any]]:
        extra = sorted(set(action) - {"type", "table", "rack"})
        if extra:
            raise RuleError("action_format", f"unknown field(s) {', '.join(extra)}", PLAY_FORMAT)
        table, laid = action.get("table"), action.get("rack")
        if not isinstance(table, Sequence) or isinstance(table, str) or not all(
                isinstance(s, Sequence) and not isinstance(s, str) for s in table):
            raise RuleError("action_format", "table must be a list of sets, each a list of tile ids",
                            PLAY_FORMAT)
        if not isinstance(laid, Sequence) or isinstance(laid, str):
            raise RuleError("action_format", "rack must be the list of tile ids laid from your rack",
                            PLAY_FORMAT)
        for tile in [t for s in table for t in s] + list(laid):
            if not is_id(tile):
                raise RuleError("tile_code", f"{tile!r} is not a tile id",
                                "a colour R/B/O/K, a number 1-13 and a copy a/b (e.g. R7a), "
                                "or Ja/Jb for a joker")
        flat = [t for s in table for t in s]
        for what, ids in (("the new table", flat), ("your laid tiles", list(laid))):
            dup = sorted(t for t, k in Counter(ids).items() if k > 1)
            if dup:
                raise RuleError("duplicate_tile", f"{dup[0]} appears more than once in {what}")
        rack = set(self.racks[seat])
        old = {t for s in self.table for t in s}
        for t in laid:
            if t not in rack:
                where = "it is on the table" if t in old else "it is not one of yours"
                raise RuleError("not_in_rack", f"{t} is not in your rack ({where})",
                                f"tiles from your rack: {' '.join(self.racks[seat])}")
        if not laid:
            raise RuleError("empty_play", "a play must lay at least one tile from your rack",
                            'lay tiles, or {"type": "draw"}')
        new = set(flat)
        missing = sorted(old - new, key=sort_key)
        if missing:
            raise RuleError("table_tile_to_rack",
                            f"{', '.join(missing)} left the table: table tiles never go back to a rack "
                            "(a retrieved joker must be played again in the same turn)",
                            "keep every table tile in some set of the new table")
        stray = sorted(new - old - set(laid), key=sort_key)
        if stray:
            raise RuleError("conservation", f"{', '.join(stray)} is on the new table but was neither on the "
                            "table nor among your laid tiles", "new table = old table + laid tiles")
        unplaced = sorted(set(laid) - new, key=sort_key)
        if unplaced:
            raise RuleError("conservation",
                            f"{', '.join(unplaced)} is listed as laid but is not on the new table",
                            "new table = old table + laid tiles")
        values: list[int] = []
        for i, s in enumerate(table):
            try:
                values.append(check_set(codes(s)).value)
            except SetError as exc:
                raise RuleError("invalid_set", f"set {i + 1} [{' '.join(s)}] is not valid: {exc}",
                                "groups (3-4 tiles, one number, different colours) and runs "
                                "(3+ consecutive numbers, one colour; 1 does not follow 13)") from None
        info: dict[str, Any] = {}
        if not self.melded[seat]:
            old_sets = Counter(frozenset(s) for s in self.table)
            new_sets = Counter(frozenset(s) for s in table)
            changed = old_sets - new_sets
            if changed:
                s = sorted(next(iter(changed)), key=sort_key)
                raise RuleError("initial_meld_from_rack",
                                f"the set [{' '.join(s)}] was changed: before your initial meld you may not "
                                "touch the table",
                                "keep the table's sets as they are and add new sets from your rack")
            meld = sum(v for s, v in zip(table, values, strict=True) if frozenset(s) not in old_sets)
            need = self.ruleset["initial_meld"]
            if meld < need:
                raise RuleError("initial_meld_sum", f"your new sets are worth {meld}; the initial meld needs "
                                f"{need} or more from your rack alone", f"new sets worth {need}+ or draw")
            info["meld_value"] = meld
        return [list(s) for s in table], list(laid), info

    # -- end ---------------------------------------------------------------------------------------
    def _finish(self, reason: str) -> list[Event]:
        self.phase = "over"
        self.reason = reason
        n = self.ruleset.seats
        losses = [
            scoring.rack_loss(codes(self.racks[s]), self.melded[s],
                              not self.melded[s] and bool(self.racks[s]) and can_meld(codes(self.racks[s])))
            for s in range(n)
        ]
        if reason == "pool_out":
            low = min(loss.points for loss in losses)
            self.winners = [s for s in range(n) if losses[s].points == low]
        groups = self.ruleset["groups"]
        scores = scoring.final_scores(losses, groups, self.winners, self.ruleset["senior_multiplier"])
        placements = [1 if s in self.winners else 1 + len(self.winners) + sum(
            1 for o in range(n) if o not in self.winners and scores[o] > scores[s]) for s in range(n)]
        stats = {
            "losses": [{"points": loss.points, "rule": loss.rule} for loss in losses],
            "rack_tiles": [len(r) for r in self.racks],
            "melded": list(self.melded),
            "turns": self.turns,
            "reshuffles": self.reshuffles,
            "groups": list(groups),
        }
        self._result = Result(tuple(placements), tuple(scores), reason, stats=stats)
        return [Event("end", {"reason": reason, "winners": list(self.winners), "scores": scores,
                              "racks": [list(r) for r in self.racks]})]

    def result(self) -> Result | None:
        return self._result

    # -- views ---------------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "game": "rummikub",
            "table": [list(s) for s in self.table],
            "rack_sizes": [len(r) for r in self.racks],
            "melded": list(self.melded),
            "pool": len(self.pool),
            "turn": self.current if self.phase == "turn" else None,
            "phase": self.phase,
            "order": list(self.order),
            "numbers": list(self.numbers),
            "groups": list(self.ruleset["groups"]),
            "last": self.last,
        }
        if self.phase == "over":
            v["racks"] = [list(r) for r in self.racks]
            v["scores"] = list(self._result.scores) if self._result else None
        if seat is not None:
            v["seat"] = seat
            v["rack"] = list(self.racks[seat])
        return v

    def hidden_from(self, viewer: int | None) -> set[str]:
        hidden = set(self.pool)
        if self.phase != "over":
            for s, rack in enumerate(self.racks):
                if s != viewer:
                    hidden.update(rack)
        return hidden

    def determinize(self, seat: int, rng: Rng) -> RummikubState:
        """A copy with the tiles ``seat`` cannot see (the pool, the other racks) dealt again.

        The unseen tiles are put in a canonical order before the shuffle and the game's own
        generator (used for redeals) is replaced, so the sample depends only on what ``seat`` sees
        and on ``rng``: states that differ only in hidden places give the same samples.
        """
        c = self.clone()
        others = [s for s in range(len(c.racks)) if s != seat]
        unseen = sorted(list(c.pool) + [t for s in others for t in c.racks[s]], key=sort_key)
        rng.shuffle(unseen)
        for s in others:
            k = len(c.racks[s])
            c.racks[s] = sorted(unseen[:k], key=sort_key)
            unseen = unseen[k:]
        c.pool = unseen
        c.rng = rng.spawn(1)
        return c

    def check_invariants(self) -> None:
        every = [t for r in self.racks for t in r] + self.pool + [t for s in self.table for t in s]
        assert sorted(every) == sorted(ALL_IDS), "every tile is once in a rack, the pool or on the table"
        for s in self.table:
            check_set(codes(s))

    def clone(self) -> RummikubState:
        c = RummikubState.__new__(RummikubState)
        c.ruleset = self.ruleset
        c.rng = self.rng.copy()
        c.racks = [list(r) for r in self.racks]
        c.pool = list(self.pool)
        c.table = [list(s) for s in self.table]
        c.melded = list(self.melded)
        c.order = list(self.order)
        c.numbers = list(self.numbers)
        c.turn = self.turn
        c.phase = self.phase
        c.asking = list(self.asking)
        c.reason = self.reason
        c.winners = list(self.winners)
        c.last = None if self.last is None else dict(self.last)
        c.turns = self.turns
        c.reshuffles = self.reshuffles
        c._result = self._result
        return c

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state, "racks": self.racks, "pool": self.pool, "table": self.table,
            "melded": self.melded, "order": self.order, "numbers": self.numbers, "turn": self.turn,
            "phase": self.phase, "asking": self.asking, "reason": self.reason, "winners": self.winners,
            "last": self.last, "turns": self.turns, "reshuffles": self.reshuffles,
            "result": None if self._result is None else self._result.to_json(),
        }

    # -- moves from the solver --------------------------------------------------------------------
    def solver_move(self, seat: int, objective: str = "tiles") -> dict[str, Any] | None:
        """The solver's best play for ``seat`` as an action (None: nothing can be laid)."""
        sol = solve([codes(s) for s in self.table], codes(self.racks[seat]), self.melded[seat], objective)
        if not sol.tiles_placed:
            return None
        return self.action_from_codes(seat, sol.table)

    def action_from_codes(self, seat: int, sets: Sequence[Sequence[str]]) -> dict[str, Any]:
        """Turn a new table written in codes into an action with ids (table ids first, then rack)."""
        return play_from_codes(self.table, self.racks[seat], sets)

    def random_action(self, seat: int, rng: Rng) -> Action:
        """Draw, or a random part of a best play.

        The play is the exact solver's best over the whole table when the table is small and holds
        no joker, else its best play of new sets from the rack alone (cheaper); then new sets made
        only of laid tiles are left out at random (what stays is still a legal move).
        """
        d = self._check_seat(seat)
        if d.kind == "reshuffle":
            return rng.choice(("reshuffle", "keep"))
        if rng.random() < 0.3:
            return {"type": "draw"}
        table = [codes(s) for s in self.table]
        small = sum(map(len, table)) <= 40 and not any(JOKER in s for s in table)
        if not self.melded[seat] or small:
            move = self.solver_move(seat)
        else:
            sol = solve([], codes(self.racks[seat]), True)
            move = self.action_from_codes(seat, table + sol.table) if sol.tiles_placed else None
        if move is None:
            return {"type": "draw"}
        laid = set(move["rack"])
        pure = [i for i, s in enumerate(move["table"]) if all(t in laid for t in s)]
        drop = {i for i in pure if rng.random() < 0.5}
        kept_table = [s for i, s in enumerate(move["table"]) if i not in drop]
        kept = sorted((t for s in kept_table for t in s if t in laid), key=sort_key)
        if not kept:
            return move
        if not self.melded[seat] and sum(check_set(codes(s)).value for s in kept_table
                                         if all(t in laid for t in s)) < self.ruleset["initial_meld"]:
            return move
        return {"type": "play", "table": kept_table, "rack": kept}
