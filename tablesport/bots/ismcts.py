"""Information-set Monte Carlo tree search that plays any game through the protocol.

Single-observer ISMCTS (Cowling, Powley & Whitehouse, 2012): every iteration samples the hidden
information the bot's seat cannot see (``state.determinize``), descends a tree whose nodes are
keyed by actions, counting for each child how often it was *available* so that actions legal
only in some determinizations are judged fairly (UCB1 with availability counts), expands one new
action, finishes the game with random play, and backs the result up.  Rewards come from the
result's placements: 1 for first, 0 for last, linear in between (ties share).

:class:`ISMCTSSearch` is the search with its hooks (the candidates at a decision, which untried one
to expand, how a playout is played and scored, when time is up); :class:`ISMCTSBot` fills them in
for every game, and a game's own search bot (Monopoly Deal's ``ismcts``) fills them in its way.

Options of ``ismcts``: ``playouts`` (iterations per decision, default 200), ``c`` (exploration, default 0.7),
``rollout_steps`` (a playout longer than this is scored as a draw; default 2,000), ``sample`` (how many
random candidates to draw where a decision does not list its options, default 12).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from tablesport.core import Action, Bot, BotOption, Decision, Result, Rng, State, dumps


def _key(action: Action) -> Any:
    try:
        hash(action)
        return action
    except TypeError:
        return dumps(action)


def _keyed(actions: list[Action]) -> list[tuple[Hashable, Action]]:
    """Each distinct action (by :func:`_key`) with its key, in first-seen order."""
    return list({_key(a): a for a in actions}.items())


def rewards(result: Result, seats: int) -> list[float]:
    if seats == 1:
        return [1.0]
    return [(seats - p) / (seats - 1) for p in result.placements]


class _Node:
    __slots__ = ("action", "seat", "parent", "children", "visits", "avail", "total")

    def __init__(self, action: Action, seat: int, parent: _Node | None) -> None:
        self.action = action
        self.seat = seat  # who chose ``action``
        self.parent = parent
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0


class ISMCTSSearch(Bot):
    """Single-observer ISMCTS with hooks; ``act`` runs ``playouts`` iterations (fewer where
    :meth:`out_of_time` says so) and plays the root child visited most.

    An iteration determinizes the state for the bot's seat, descends the tree choosing among the
    :meth:`candidates` of each decision by UCB1 with availability counts (exploration ``c``),
    expands the untried candidate :meth:`pick_untried` names, and backs up the rewards of
    :meth:`playout` (one per seat) to the nodes it passed."""

    playouts: int
    c: float

    def candidates(self, state: State, seat: int, decision: Decision) -> list[tuple[Hashable, Action]]:
        """The actions the search considers for ``seat`` at ``decision``, each with the key of its
        child node, in the order they are tried."""
        raise NotImplementedError

    def pick_untried(self, untried: list[tuple[Hashable, Action]]) -> tuple[Hashable, Action]:
        """The untried candidate to expand (``untried`` in candidate order)."""
        raise NotImplementedError

    def playout_steps(self) -> int:
        """How many decisions a playout answers at the most before it is scored."""
        raise NotImplementedError

    def playout_action(self, sim: State, seat: int, decision: Decision) -> Action:
        """The answer of ``seat`` to ``decision`` in a playout."""
        raise NotImplementedError

    def score(self, sim: State) -> list[float]:
        """Each seat's reward for where a playout ended."""
        raise NotImplementedError

    def playout(self, sim: State) -> list[float]:
        """Play ``sim`` on from a new leaf (:meth:`playout_action`, at most :meth:`playout_steps`
        decisions) and :meth:`score` it."""
        steps = 0
        limit = self.playout_steps()
        while steps < limit:
            d = sim.pending()
            if d is None:
                break
            actor = d.seats[0]
            sim.apply(actor, self.playout_action(sim, actor, d))
            steps += 1
        return self.score(sim)

    def start_clock(self) -> None:
        """Called as a decision's search starts."""

    def out_of_time(self) -> bool:
        """Whether the search stops before its next iteration."""
        return False

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        root_opts = self.candidates(state, seat, decision)
        if len(root_opts) == 1:
            return root_opts[0][1]
        return self.search(state, seat, root_opts)

    def search(self, state: State, seat: int, root_opts: list[tuple[Hashable, Action]]) -> Action:
        """The action of the root child visited most after the iterations (the first candidate if
        time ran out before the first)."""
        root = _Node(None, seat, None)
        self.start_clock()
        for _ in range(self.playouts):
            if self.out_of_time():
                break
            sim = state.determinize(seat, self.rng)
            node = root
            # selection / expansion
            while True:
                d = sim.pending()
                if d is None:
                    break
                actor = d.seats[0]
                opts = root_opts if node is root else self.candidates(sim, actor, d)
                for k, _a in opts:
                    child = node.children.get(k)
                    if child is not None:
                        child.avail += 1
                untried = [(k, a) for k, a in opts if k not in node.children]
                if untried:
                    k, action = self.pick_untried(untried)
                    child = _Node(action, actor, node)
                    child.avail = 1
                    node.children[k] = child
                    sim.apply(actor, action)
                    node = child
                    break
                best, best_score = None, -1.0
                for k, _a in opts:
                    ch = node.children[k]
                    score = ch.total / ch.visits + self.c * math.sqrt(math.log(max(ch.avail, 1)) / ch.visits)
                    if score > best_score:
                        best, best_score = ch, score
                assert best is not None
                sim.apply(actor, best.action)
                node = best
            reward = self.playout(sim)
            # backpropagation
            up: _Node | None = node
            while up is not None:
                up.visits += 1
                if up.parent is not None:
                    up.total += reward[up.seat]
                up = up.parent
        if not root.children:
            return root_opts[0][1]
        return max(root.children.values(), key=lambda ch: ch.visits).action


class ISMCTSBot(ISMCTSSearch):
    """ISMCTS for every game: the decision's options (or a sample of random actions) as candidates,
    a random untried one expanded, random playouts scored by the result's placements."""

    name = "ismcts"
    OPTIONS = {
        "playouts": BotOption(1, 5000, "playouts per decision", integer=True),
        "c": BotOption(0, 10, "exploration constant"),
        "rollout_steps": BotOption(1, 10000, "steps a playout runs before it is scored", integer=True),
        "sample": BotOption(1, 100, "random actions sampled where a decision lists no options", integer=True),
    }

    def __init__(self, rng: Rng | None = None, playouts: int = 200, c: float = 0.7, rollout_steps: int = 2000,
                 sample: int = 12, **options: Any) -> None:
        super().__init__(rng, **options)
        if playouts < 1:
            raise ValueError("ismcts needs playouts ≥ 1")
        self.playouts = playouts
        self.c = c
        self.rollout_steps = rollout_steps
        self.sample = sample

    def _options(self, state: State, seat: int, decision: Decision) -> list[Action]:
        opts = decision.options_for(seat)
        if opts is not None:
            return list(opts)
        seen: dict[Any, Action] = {}
        for _ in range(self.sample):
            a = state.random_action(seat, self.rng)
            seen.setdefault(_key(a), a)
        return list(seen.values())

    def candidates(self, state: State, seat: int, decision: Decision) -> list[tuple[Hashable, Action]]:
        return _keyed(self._options(state, seat, decision))

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        opts = self._options(state, seat, decision)
        if len(opts) == 1:
            return opts[0]
        return self.search(state, seat, _keyed(opts))

    def pick_untried(self, untried: list[tuple[Hashable, Action]]) -> tuple[Hashable, Action]:
        return untried[self.rng.randrange(len(untried))]

    def playout_steps(self) -> int:
        return self.rollout_steps

    def playout_action(self, sim: State, seat: int, decision: Decision) -> Action:
        return sim.random_action(seat, self.rng)

    def score(self, sim: State) -> list[float]:
        res = sim.result()
        seats = sim.ruleset.seats
        return rewards(res, seats) if res is not None else [0.5] * seats
