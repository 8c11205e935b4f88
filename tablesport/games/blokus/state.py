"""The Blokus referee (seed 000_…, "Blokus Competition Instructions").

Colours move in a fixed order (blue, yellow, red, green); each seat plays one colour
(``blokus-event``) or two (``blokus-2p``).  Actions are Pentobi move strings or ``"pass"``; see
docs/blokus.md for the format, the view and the rule names of illegal moves.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    placements_from_scores,
)

from .board import (
    BOARD,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    CORNER_BITS,
    MASK,
    MOVE_STRING,
    PIECE_OF,
    PLACEMENT_BY_MASK,
    SIZE,
    STRIDE,
    bit,
    corner_neighbours,
    parse_square,
    side_neighbours,
    square_name,
)
from .movegen import legal_placements
from .pieces import MONOMINO, PIECE_NAMES, PIECE_SHAPES, PIECE_SIZES, TOTAL_SQUARES

ALL_PIECES = (1 << len(PIECE_NAMES)) - 1
COLOURS = 4
PASS = "pass"
ALL_BONUS = 15
MONOMINO_LAST_BONUS = 20

MoveRecord = tuple[int, int, bool]
"""(colour, placement id or -1 for a pass, passed on timeout)."""


def colour_score(squares_left: int, all_placed: bool, last_piece: int | None) -> int:
    """Seed, "Calculating points": −1 per square not placed; +15 for all 21 pieces, +20 if the
    single square went last."""
    if all_placed:
        return MONOMINO_LAST_BONUS if last_piece == MONOMINO else ALL_BONUS
    return -squares_left


class BlokusState(State):
    __slots__ = ("ruleset", "rng", "colour_seats", "own", "used", "left", "last_piece", "done", "blocked",
                 "passes", "current", "moves", "_legal")


    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.ruleset = ruleset
        self.rng = Rng(seed)
        seats = tuple(int(s) for s in ruleset["colour_seats"])
        if len(seats) != COLOURS or sorted(set(seats)) != list(range(ruleset.seats)):
            raise ValueError(f"colour_seats must give each of the 4 colours one of the {ruleset.seats} seats")
        self.colour_seats = seats
        if ruleset["on_timeout"] != "pass_turn":
            raise ValueError(f"on_timeout {ruleset['on_timeout']!r} is not supported; known: pass_turn")
        self.own = [0] * COLOURS
        self.used = [0] * COLOURS
        self.left = [TOTAL_SQUARES] * COLOURS
        self.last_piece: list[int | None] = [None] * COLOURS
        self.done = [False] * COLOURS
        self.blocked = [False] * COLOURS
        self.passes = [0] * COLOURS
        self.current: int | None = 0
        self.moves: list[MoveRecord] = []
        self._legal: list[int] | None = None

    # -- position ---------------------------------------------------------------------------------
    @property
    def occupied(self) -> int:
        o = self.own
        return o[0] | o[1] | o[2] | o[3]

    def legal_ids(self, colour: int | None = None) -> list[int]:
        """Legal placement ids of ``colour`` (default: the colour to move) in this position."""
        if colour is None or colour == self.current:
            if self.current is None:
                return []
            if self._legal is None:
                c = self.current
                self._legal = legal_placements(self.own[c], self.occupied, self.used[c], CORNER_BITS[c])
            return self._legal
        return legal_placements(self.own[colour], self.occupied, self.used[colour], CORNER_BITS[colour])

    def _advance(self) -> None:
        self._legal = None
        c = self.current
        assert c is not None
        for step in range(1, COLOURS + 1):
            nxt = (c + step) % COLOURS
            if not self.done[nxt]:
                self.current = nxt
                return
        self.current = None

    def play_id(self, pid: int) -> None:
        """Place placement ``pid`` for the colour to move, unchecked (search bots)."""
        c = self.current
        assert c is not None
        piece = PIECE_OF[pid]
        self.own[c] |= MASK[pid]
        self.used[c] |= 1 << piece
        self.left[c] -= PIECE_SIZES[piece]
        self.last_piece[c] = piece
        self.moves.append((c, pid, False))
        if self.used[c] == ALL_PIECES:
            self.done[c] = True
        self._advance()

    def pass_turn(self, timeout: bool = False) -> None:
        """The colour to move passes: for good when blocked, for this turn only on a timeout."""
        c = self.current
        assert c is not None
        self.passes[c] += 1
        self.moves.append((c, -1, timeout))
        if not timeout:
            self.blocked[c] = True
            self.done[c] = True
        self._advance()

    # -- protocol ---------------------------------------------------------------------------------
    def pending(self) -> Decision | None:
        c = self.current
        if c is None:
            return None
        ids = self.legal_ids()
        name = COLOUR_NAMES[c]
        if ids:
            options: Sequence[str] = tuple(MOVE_STRING[i] for i in ids)
            prompt = f"Place a {name} piece"
        else:
            options = (PASS,)
            prompt = f"{name} cannot place any piece: pass for the rest of the game"
        return Decision(
            seats=(self.colour_seats[c],),
            kind="place",
            prompt=prompt,
            options=options,
            time_limit=self.ruleset["move_seconds"],
            on_timeout="the colour passes this turn only",
            data={"colour": c, "colour_name": name},
        )

    def _check_turn(self, seat: int) -> int:
        c = self.current
        if c is None:
            raise RuleError("game_over",
                            "the game is over: every colour is blocked or has placed all its pieces")
        if seat != self.colour_seats[c]:
            raise RuleError("not_your_turn", f"it is {COLOUR_NAMES[c]}'s turn (seat {self.colour_seats[c]})",
                            f"seat {self.colour_seats[c]}")
        return c

    def parse_move(self, colour: int, action: Action) -> int:
        """The placement id of a legal move ``action`` for ``colour``, or a RuleError naming the rule."""
        allowed = ("a move string such as 'a20,b20,b19' (squares a1..t20, comma-separated) "
                   "or 'pass' when blocked")
        if not isinstance(action, str):
            raise RuleError("move_format", f"{action!r} is not a move string", allowed)
        parts = action.split(",")
        if not 1 <= len(parts) <= 5:
            raise RuleError("move_format", f"a piece covers 1 to 5 squares, not {len(parts)}", allowed)
        mask = 0
        for part in parts:
            b = parse_square(part)
            if b is None:
                raise RuleError("move_format", f"{part!r} is not a square", allowed)
            if mask >> b & 1:
                raise RuleError("move_format", f"square {part.strip()} is listed twice", allowed)
            mask |= 1 << b
        pid = PLACEMENT_BY_MASK.get(mask)
        if pid is None:
            raise RuleError("piece_shape", f"{action!r} is not the shape of any of the 21 pieces",
                            ", ".join(PIECE_NAMES))
        piece = PIECE_OF[pid]
        name = COLOUR_NAMES[colour]
        if self.used[colour] >> piece & 1:
            left = [PIECE_NAMES[p] for p in range(len(PIECE_NAMES)) if not self.used[colour] >> p & 1]
            raise RuleError("piece_used", f"{name} has already placed piece {PIECE_NAMES[piece]}",
                            f"pieces left: {' '.join(left)}")
        if mask & self.occupied:
            taken = [square_name(b) for b in range(SIZE * STRIDE) if (mask & self.occupied) >> b & 1]
            raise RuleError("overlap", f"square(s) {', '.join(taken)} are already covered",
                            "free squares only")
        own = self.own[colour]
        if not own:
            if not mask & CORNER_BITS[colour]:
                corner = square_name(CORNER_BITS[colour].bit_length() - 1)
                raise RuleError("first_move_corner",
                                f"{name}'s first piece must cover its corner square {corner}",
                                f"a placement covering {corner}")
        else:
            if mask & side_neighbours(own):
                raise RuleError("edge_contact", f"the piece touches {name} along a side",
                                "pieces of the same colour may touch only at corners")
            if not mask & corner_neighbours(own):
                raise RuleError("corner_contact", f"the piece does not touch {name} at a corner",
                                "each new piece must touch a piece of its own colour at a corner")
        return pid

    def apply(self, seat: int, action: Action) -> list[Event]:
        c = self._check_turn(seat)
        ev = {"colour": c, "colour_name": COLOUR_NAMES[c], "seat": seat}
        if action == PASS:
            if self.legal_ids():
                raise RuleError("pass_only_when_blocked", f"{COLOUR_NAMES[c]} can still place a piece",
                                f"one of {len(self.legal_ids())} placements")
            self.pass_turn()
            return [Event("passed", {**ev, "for_good": True}), *self._end_events()]
        pid = self.parse_move(c, action)
        self.play_id(pid)
        events = [Event("placed", {**ev, "piece": PIECE_NAMES[PIECE_OF[pid]], "move": MOVE_STRING[pid]})]
        if self.done[c]:
            events.append(Event("all_placed", {**ev, "monomino_last": self.last_piece[c] == MONOMINO}))
        return events + self._end_events()

    def timeout(self, seat: int) -> list[Event]:
        c = self._check_turn(seat)
        self.pass_turn(timeout=True)
        return [Event("timeout", {"colour": c, "colour_name": COLOUR_NAMES[c], "seat": seat,
                                  "rule": "a move not made in time is a pass for that turn only"}),
                *self._end_events()]

    def _end_events(self) -> list[Event]:
        if self.current is not None:
            return []
        res = self.result()
        assert res is not None
        return [Event("game_over", {"scores": list(res.scores), "placements": list(res.placements)})]

    # -- scores, result ---------------------------------------------------------------------------
    def colour_scores(self) -> list[int]:
        return [colour_score(self.left[c], self.used[c] == ALL_PIECES, self.last_piece[c])
                for c in range(COLOURS)]

    def seat_scores(self) -> list[int]:
        out = [0] * self.ruleset.seats
        for c, s in enumerate(self.colour_scores()):
            out[self.colour_seats[c]] += s
        return out

    def result(self) -> Result | None:
        if self.current is not None:
            return None
        scores = tuple(float(s) for s in self.seat_scores())
        n = self.ruleset.seats
        left = [0] * n
        placed = [0] * n
        for c in range(COLOURS):
            left[self.colour_seats[c]] += self.left[c]
            placed[self.colour_seats[c]] += self.used[c].bit_count()
        colours = [
            {"colour": c, "name": COLOUR_NAMES[c], "seat": self.colour_seats[c], "squares_left": self.left[c],
             "pieces_placed": self.used[c].bit_count(), "monomino_last": self.used[c] == ALL_PIECES
             and self.last_piece[c] == MONOMINO, "score": s, "passes": self.passes[c]}
            for c, s in enumerate(self.colour_scores())
        ]
        return Result(placements_from_scores(scores), scores, "no_colour_can_place",
                      stats={"squares_left": left, "pieces_placed": placed, "colours": colours})

    # -- views ------------------------------------------------------------------------------------
    def board_rows(self) -> list[str]:
        """20 strings, top row (row 20) first; ``.`` empty, ``B`` ``Y`` ``R`` ``G`` the colours."""
        rows = []
        for y in range(SIZE - 1, -1, -1):
            chars = []
            for x in range(SIZE):
                b = 1 << bit(x, y)
                ch = "."
                for c in range(COLOURS):
                    if self.own[c] & b:
                        ch = COLOUR_LETTERS[c]
                        break
                chars.append(ch)
            rows.append("".join(chars))
        return rows

    def view(self, seat: int | None) -> dict[str, Any]:
        c = self.current
        v: dict[str, Any] = {
            "game": "blokus",
            "board": self.board_rows(),
            "to_move": None if c is None else {"colour": c, "colour_name": COLOUR_NAMES[c],
                                               "seat": self.colour_seats[c]},
            "colours": [
                {"colour": k, "name": COLOUR_NAMES[k], "seat": self.colour_seats[k],
                 "corner": square_name(CORNER_BITS[k].bit_length() - 1),
                 "pieces_left": [PIECE_NAMES[p] for p in range(len(PIECE_NAMES))
                                 if not self.used[k] >> p & 1],
                 "squares_left": self.left[k], "pieces_placed": self.used[k].bit_count(),
                 "passes": self.passes[k], "blocked": self.blocked[k], "done": self.done[k]}
                for k in range(COLOURS)
            ],
            "scores": self.seat_scores(),
            "moves": [
                {"colour": k, "piece": None if pid < 0 else PIECE_NAMES[PIECE_OF[pid]],
                 "move": PASS if pid < 0 else MOVE_STRING[pid], **({"timeout": True} if t else {})}
                for k, pid, t in self.moves
            ],
            "pieces": {PIECE_NAMES[p]: [list(cell) for cell in PIECE_SHAPES[p]]
                       for p in range(len(PIECE_NAMES))},
        }
        if seat is not None:
            v["seat"] = seat
            v["my_colours"] = [k for k in range(COLOURS) if self.colour_seats[k] == seat]
        return v

    # -- plumbing ---------------------------------------------------------------------------------
    def clone(self) -> BlokusState:
        c = BlokusState.__new__(BlokusState)
        c.ruleset = self.ruleset
        c.rng = self.rng.copy()
        c.colour_seats = self.colour_seats
        c.own = list(self.own)
        c.used = list(self.used)
        c.left = list(self.left)
        c.last_piece = list(self.last_piece)
        c.done = list(self.done)
        c.blocked = list(self.blocked)
        c.passes = list(self.passes)
        c.current = self.current
        c.moves = list(self.moves)
        c._legal = self._legal
        return c

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "colour_seats": list(self.colour_seats),
            "own": [format(o, "x") for o in self.own],
            "used": list(self.used),
            "left": list(self.left),
            "last_piece": list(self.last_piece),
            "done": list(self.done),
            "blocked": list(self.blocked),
            "passes": list(self.passes),
            "current": self.current,
            "moves": [list(m) for m in self.moves],
        }

    def check_invariants(self) -> None:
        occ = 0
        for c in range(COLOURS):
            assert not self.own[c] & occ, "two colours on one square"
            assert not self.own[c] & ~BOARD, "a square off the board"
            occ |= self.own[c]
            placed = sum(PIECE_SIZES[p] for p in range(len(PIECE_NAMES)) if self.used[c] >> p & 1)
            on_board, by_count = self.own[c].bit_count(), TOTAL_SQUARES - self.left[c]
            assert on_board == placed == by_count, "squares not accounted for"
