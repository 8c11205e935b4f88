"""Blokus bots: greedy (big pieces, new corners, blocking) and MCTS (UCT over the colours' moves).

Blokus has no hidden information, so the bots read the state directly; they pick among the
decision's legal placements by id (``BlokusState.legal_ids``) and answer with the move string.
``random`` (every game's uniform bot) comes from the core.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tablesport.core import Action, Bot, BotOption, Decision, Rng, State

from .board import CORNER_BITS, MASK, MOVE_STRING, SIZE_OF, corner_neighbours, side_neighbours
from .movegen import attach_points
from .state import COLOURS, PASS, BlokusState


def _blokus(state: State) -> BlokusState:
    if not isinstance(state, BlokusState):
        raise TypeError("Blokus bots play Blokus states only")
    return state


class GreedyScorer:
    """Scores a placement: ``size`` per square (big pieces first), ``corners`` per new attach
    point it opens for its colour, ``block`` per attach point of an opponent's colour it covers."""

    def __init__(self, size: float = 10.0, corners: float = 2.0, block: float = 3.0) -> None:
        self.w_size = size
        self.w_corners = corners
        self.w_block = block

    def ranked(self, state: BlokusState, ids: Sequence[int], rng: Rng) -> list[int]:
        """``ids`` best first (ties broken at random)."""
        c = state.current
        assert c is not None
        seat = state.colour_seats[c]
        occ = state.occupied
        own = state.own[c]
        opp = 0
        for k in range(COLOURS):
            if state.colour_seats[k] != seat and not state.done[k]:
                opp |= attach_points(state.own[k], occ, CORNER_BITS[k])
        ws, wc, wb = self.w_size, self.w_corners, self.w_block
        scored = []
        for i in ids:
            m = MASK[i]
            new_own = own | m
            fresh = corner_neighbours(m) & ~(occ | m | side_neighbours(new_own))
            value = ws * SIZE_OF[i] + wc * fresh.bit_count() + wb * (m & opp).bit_count()
            scored.append((value, rng.random(), i))
        scored.sort(reverse=True)
        return [i for _, _, i in scored]


class GreedyBot(Bot):
    """Plays the placement with the best greedy score."""

    name = "greedy"
    OPTIONS = {
        "size": BotOption(-100, 100, "weight per square placed"),
        "corners": BotOption(-100, 100, "weight per new attach point of its colour"),
        "block": BotOption(-100, 100, "weight per opponent's attach point covered"),
    }

    def __init__(self, rng: Rng | None = None, **options: Any) -> None:
        super().__init__(rng, **options)
        self.scorer = GreedyScorer(**{k: float(v) for k, v in options.items()})

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        st = _blokus(state)
        ids = st.legal_ids()
        if not ids:
            return PASS
        return MOVE_STRING[self.scorer.ranked(st, ids, self.rng)[0]]


class _Node:
    __slots__ = ("visits", "value", "children", "untried", "seat")

    def __init__(self, seat: int, untried: list[int]) -> None:
        self.visits = 0
        self.value = 0.0
        self.children: dict[int, _Node] = {}
        self.untried = untried
        self.seat = seat
        """The seat that moves from this node."""


def rank_rewards(scores: Sequence[int]) -> list[float]:
    """Per seat: the share of other seats beaten (ties count half), in [0, 1]."""
    n = len(scores)
    if n < 2:
        return [1.0] * n
    return [(sum(1.0 for o in scores if o < s) + 0.5 * (sum(1 for o in scores if o == s) - 1)) / (n - 1)
            for s in scores]


class MctsBot(Bot):
    """UCT search with one tree over the colours' moves (each node's value for the seat moving).

    Options: ``playouts`` (default 200) or ``seconds`` (a time budget; wins over playouts),
    ``c`` (exploration, default 0.7), ``width`` (tree moves considered per node, best greedy
    moves first, default 16).  Playouts pick at random among the largest pieces that fit.
    """

    name = "mcts"
    OPTIONS = {
        "playouts": BotOption(1, 20000, "playouts per move", integer=True),
        "seconds": BotOption(0.01, 30, "time per move, in place of playouts"),
        "c": BotOption(0, 10, "exploration constant"),
        "width": BotOption(1, 100, "moves considered per tree node", integer=True),
    }

    def __init__(self, rng: Rng | None = None, **options: Any) -> None:
        super().__init__(rng, **options)
        unknown = set(options) - {"playouts", "seconds", "c", "width"}
        if unknown:
            raise ValueError(f"unknown mcts option(s) {sorted(unknown)}; known: playouts, seconds, c, width")
        self.playouts = int(options.get("playouts", 200))
        self.seconds = float(options["seconds"]) if "seconds" in options else None
        self.c = float(options.get("c", 0.7))
        self.width = int(options.get("width", 16))
        self.scorer = GreedyScorer()
        self.last_playouts = 0

    def _candidates(self, st: BlokusState) -> list[int]:
        ids = st.legal_ids()
        if not ids:
            return [-1]
        return self.scorer.ranked(st, ids, self.rng)[: self.width][::-1]

    def _node(self, st: BlokusState) -> _Node:
        assert st.current is not None
        return _Node(st.colour_seats[st.current], self._candidates(st))

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        st = _blokus(state)
        ids = st.legal_ids()
        if not ids:
            return PASS
        if len(ids) == 1:
            return MOVE_STRING[ids[0]]
        root = self._node(st)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        n = 0
        while (n < self.playouts) if deadline is None else (time.perf_counter() < deadline or n == 0):
            self._iterate(root, st.clone())
            n += 1
        self.last_playouts = n
        best = max(root.children.items(), key=lambda kv: (kv[1].visits, kv[1].value))[0]
        return PASS if best < 0 else MOVE_STRING[best]

    def _iterate(self, root: _Node, st: BlokusState) -> None:
        path = [root]
        node = root
        while st.current is not None:
            if node.untried:
                move = node.untried.pop()
                self._play(st, move)
                child = _Node(-1, []) if st.current is None else self._node(st)
                node.children[move] = child
                path.append(child)
                break
            if not node.children:
                break
            log_n = math.log(node.visits + 1)
            c = self.c
            move, node = max(
                node.children.items(),
                key=lambda kv: kv[1].value / (kv[1].visits or 1) + c * math.sqrt(log_n / (kv[1].visits or 1)),
            )
            self._play(st, move)
            path.append(node)
        rewards = rank_rewards(self._playout(st))
        parent_seat = root.seat
        for i, nd in enumerate(path):
            nd.visits += 1
            if i > 0:
                nd.value += rewards[parent_seat]
            parent_seat = nd.seat

    @staticmethod
    def _play(st: BlokusState, move: int) -> None:
        if move < 0:
            st.pass_turn()
        else:
            st.play_id(move)

    def _playout(self, st: BlokusState) -> list[int]:
        rng = self.rng
        while st.current is not None:
            ids = st.legal_ids()
            if not ids:
                st.pass_turn()
                continue
            top = max(SIZE_OF[i] for i in ids)
            big = [i for i in ids if SIZE_OF[i] == top]
            st.play_id(big[rng.randrange(len(big))])
        return st.seat_scores()


class UctBot(Bot):
    """Compiled UCT with prior knowledge and RAVE (:mod:`.fastsearch`), one thread.

    Options: ``seconds`` (time per move, default 1) or ``playouts`` (a fixed number of iterations,
    deterministic for a seed; wins over seconds), and the search parameters of
    :data:`.fastsearch.PARAMS` (``c``, ``width``, ``prior_n``, ``prior_scale``, ``opp``, ``centre``,
    ``rave``, ``margin``, ``local``, ``attach``, ``horizon``, ``h_attach``, ``h_temp``), ``reuse`` and
    ``cpu`` (seconds of this thread's CPU time: on a shared machine the search gets the same effort
    whatever the load).  The tree is kept between
    moves: a search starts from the subtree of the position reached, when the earlier search saw it.
    """

    name = "uct"
    OPTIONS = {
        "seconds": BotOption(0.01, 30, "time per move"),
        "playouts": BotOption(1, 1_000_000, "iterations per move, in place of seconds", integer=True),
        "c": BotOption(0, 10, "exploration constant"),
        "width": BotOption(1, 1000, "moves kept per tree node", integer=True),
        "prior_n": BotOption(0.1, 100, "virtual playouts of a move's prior"),
        "prior_scale": BotOption(0, 1, "prior value per heuristic point below the best move"),
        "opp": BotOption(-10, 10, "heuristic points per opponent attach point covered"),
        "centre": BotOption(-10, 10, "heuristic points per square of distance to the centre (opening)"),
        "rave": BotOption(-1, 10, "RAVE bias (negative: no RAVE)"),
        "margin": BotOption(0, 1, "share of the reward given by the score margin"),
        "local": BotOption(0, 20, "playout tries for a move covering an opponent's attach point",
                           integer=True),
        "attach": BotOption(-10, 10, "heuristic points per attach point a move adds for its colour"),
        "horizon": BotOption(0, 400, "playout moves before a playout is valued (0: to the end)",
                             integer=True),
        "h_attach": BotOption(0, 10, "value per attach point at the playout horizon, in squares"),
        "h_temp": BotOption(0.5, 100, "points of value difference that make the horizon reward 73 %"),
        "reuse": BotOption(0, 1, "keep the tree between moves (1) or not (0)", integer=True),
        "cpu": BotOption(0, 1, "count seconds as this thread's CPU time (1) or wall-clock time (0)",
                         integer=True),
    }
    CHUNK = 32

    def __init__(self, rng: Rng | None = None, **options: Any) -> None:
        super().__init__(rng, **options)
        from . import fastsearch

        self._fs = fastsearch
        opts = dict(options)
        self.seconds = float(opts.pop("seconds", 1.0))
        self.playouts = int(opts["playouts"]) if "playouts" in opts else None
        opts.pop("playouts", None)
        self.reuse = bool(opts.pop("reuse", 1))
        self.clock = time.thread_time if int(opts.pop("cpu", 0)) else time.perf_counter
        self.params = fastsearch.param_vector(**{k: float(v) for k, v in opts.items()})
        self.tree = fastsearch.Tree()
        self.seen: list[tuple[int, int, bool]] | None = None
        self.last_playouts = 0

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        st = _blokus(state)
        ids = st.legal_ids()
        if not ids:
            return PASS
        if len(ids) == 1:
            return MOVE_STRING[ids[0]]
        fs = self._fs
        root = fs.position(st.moves, st.current)
        seat_of = np.array(st.colour_seats, np.int32)
        seats = len(set(st.colour_seats))
        tree = self.tree
        if self.reuse and self.seen is not None and st.moves[:len(self.seen)] == self.seen:
            tree.follow(st.moves[len(self.seen):])
        else:
            tree.reset()
        self.seen = list(st.moves)
        fs.seed_rng(self.rng.randrange(2**31))  # the compiled generator is shared: seed it for this search
        n = 0
        if self.playouts is not None:
            tree.search(root, self.playouts, seat_of, seats, self.params)
            n = self.playouts
        else:
            clock = self.clock
            deadline = clock() + self.seconds
            while n == 0 or clock() < deadline:
                tree.search(root, self.CHUNK, seat_of, seats, self.params)
                n += self.CHUNK
        self.last_playouts = n
        moves = tree.root_moves()
        best = max(moves, key=lambda m: (m[1], m[2]))[0]
        return PASS if best < 0 else MOVE_STRING[best]


BOTS: dict[str, Callable[..., Any]] = {"greedy": GreedyBot, "mcts": MctsBot, "uct": UctBot}
