"""Monopoly Deal bots.

* ``heuristic``: completes sets first, banks money sensibly, aims rent and steals at the leader, keeps Just
  Say No for what matters, pays with the cards that hurt least, puts back the least useful cards. It reads
  only what its seat may know: the table (banks, sets, counts) and its own hand.
* ``ismcts``: information-set search through ``determinize``: each iteration samples the hidden cards
  (hands, draw pile), descends a tree over the heuristic's best few options (UCB1 with availability
  counts), plays the rest of the round with the heuristic and scores the position reached with
  :func:`evaluate`. Options: ``playouts`` (default 60), ``width`` (options kept per node, 5), ``horizon``
  (decisions simulated after the tree, 40), ``c`` (1.0), ``seconds`` (a budget of processor time per decision
  that stops the iterations early, so a machine busy with other work does not shrink the search; default
  none).
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from typing import Any

from tablesport.bots.ismcts import ISMCTSSearch
from tablesport.core import Action, Bot, BotOption, Decision, RandomBot, Rng, State

from .cards import CARD_COLOURS, KIND, MULTI_WILD, SIZE, VALUE
from .payment import cheapest_cover
from .state import MonopolyDealState

# -- reading the table --------------------------------------------------------------------------------


def _near(st: MonopolyDealState, seat: int) -> dict[str, int]:
    """Per colour: the most cards in one of ``seat``'s part sets (0 when none)."""
    out: dict[str, int] = {}
    for p in st.piles[seat]:
        if not p.complete:
            out[p.colour] = max(out.get(p.colour, 0), len(p.cards))
    return out


def _payable_total(st: MonopolyDealState, seat: int) -> int:
    return sum(VALUE[c] for c in st.payable(seat))


def evaluate(st: MonopolyDealState, seat: int) -> float:
    """A seat's standing: complete sets (three end the game), progress, value."""
    if st.phase == "over":
        res = st.result()
        assert res is not None
        n = st.n
        return (n - res.placements[seat]) / (n - 1) if n > 1 else 1.0
    score = []
    for s in range(st.n):
        done = len(st.complete_colours(s))
        prog = sum(k / SIZE[c] for c, k in _near(st, s).items())
        score.append(done * 12 + prog * 4 + st.value(s) * 0.35 + 0.4 * len(st.hands[s]))
    mine = score[seat]
    best_other = max(v for s, v in enumerate(score) if s != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best_other) / 8.0))


def _completes(st: MonopolyDealState, seat: int, colour: str) -> bool:
    """Would one more card of ``colour`` complete a set of a colour not yet complete?"""
    if colour in st.complete_colours(seat):
        return False
    return _near(st, seat).get(colour, 0) == SIZE[colour] - 1


class Table:
    """What the heuristic reads of the table, worked out once per decision."""

    __slots__ = ("near", "done", "paying", "leader", "left")

    def __init__(self, st: MonopolyDealState, seat: int) -> None:
        n = st.n
        self.near = [_near(st, s) for s in range(n)]
        self.done = [st.complete_colours(s) for s in range(n)]
        self.paying = [_payable_total(st, s) for s in range(n)]
        threat = [len(self.done[s]) * 10 + sum(1 for c, k in self.near[s].items() if k == SIZE[c] - 1) * 3
                  + st.value(s) * 0.2 for s in range(n)]
        self.leader = max((s for s in range(n) if s != seat), key=lambda s: threat[s])
        self.left = int(st.ruleset["plays"]) - st.plays

    def completes(self, seat: int, colour: str) -> bool:
        return colour not in self.done[seat] and self.near[seat].get(colour, 0) == SIZE[colour] - 1


# -- the heuristic ------------------------------------------------------------------------------------


def _card_colour_on_table(st: MonopolyDealState, card: str) -> tuple[int, str, bool]:
    where = st.owner_of(card)
    assert where is not None
    p = st.piles[where[0]][where[1]]
    return where[0], p.colour, p.complete


def score_play(st: MonopolyDealState, seat: int, a: tuple[Any, ...], t: Table) -> float:
    verb = a[0]
    if verb == "end":
        return 0.0
    others = [s for s in range(st.n) if s != seat]
    leader = t.leader
    left = t.left
    hand = st.hands[seat]
    if verb == "move":
        card, colour = a[1], a[2]
        i = st.find_pile(seat, card)
        assert i is not None
        src = st.piles[seat][i]
        if src.complete:
            return -1.0
        return 45.0 if t.completes(seat, colour) else -1.0
    card = a[1]
    kind = KIND[card]
    if verb == "property":
        colour = a[2]
        if t.completes(seat, colour):
            return 60.0
        have = t.near[seat].get(colour, 0)
        if card in MULTI_WILD:
            return 2.0 + have
        return 14.0 + 6.0 * have / SIZE[colour] + VALUE[card] * 0.3
    if verb == "bank":
        bank = sum(VALUE[c] for c in st.banks[seat])
        if kind == "money":
            return 9.0 + VALUE[card] * 0.4 - (3.0 if bank > 15 else 0.0)
        if kind == "just_say_no":
            return 1.0 if len(hand) > 6 else -5.0
        if kind in ("pass_go", "double_rent"):
            return 1.0 + VALUE[card] * 0.3
        if kind == "rent":
            usable = any(p.colour in CARD_COLOURS[card] for p in st.piles[seat])
            return -1.0 if usable else 3.0 + VALUE[card] * 0.3
        return 2.0 + VALUE[card] * 0.3
    if verb == "pass_go":
        return 30.0 if left >= 2 else 6.0
    if verb in ("house", "hotel"):
        return 25.0
    if verb == "birthday":
        got = sum(min(2, t.paying[s]) for s in others)
        return 3.0 + 2.5 * got
    if verb == "debt_collector":
        got = min(5, t.paying[a[2]])
        return 3.0 + 2.5 * float(got) + (3.0 if a[2] == leader else 0.0)
    if verb == "rent":
        colour, target, doubles = a[2], a[3], a[4]
        amount = st.rent_of(seat, colour) * 2 ** len(doubles)
        targets = others if target is None else [target]
        got = sum(min(amount, t.paying[s]) for s in targets)
        bonus = 3.0 if target is not None and target == leader else 0.0
        return 2.0 + 2.5 * got + bonus - 6.0 * len(doubles)
    if verb == "sly_deal":
        owner, colour, _ = _card_colour_on_table(st, a[2])
        s = 12.0 + VALUE[a[2]] + (4.0 if owner == leader else 0.0)
        if t.completes(seat, colour):
            s += 45.0
        if t.completes(owner, colour):
            s += 10.0
        return s
    if verb == "forced_deal":
        owner, colour, _ = _card_colour_on_table(st, a[3])
        _, my_colour, _ = _card_colour_on_table(st, a[2])
        s = 4.0 + VALUE[a[3]] - VALUE[a[2]]
        if t.completes(seat, colour):
            s += 45.0
        if t.near[seat].get(my_colour, 0) >= 2:
            s -= 10.0
        if t.completes(owner, my_colour):
            s -= 30.0
        return s
    if verb == "deal_breaker":
        p = st.piles[a[2]][a[3]]
        return 70.0 + float(p.value()) + (10.0 if p.colour not in t.done[seat] else 0.0)
    return 0.0


def importance(st: MonopolyDealState, seat: int) -> float:
    """What the action being resolved means to ``seat`` (the charged player or the actor)."""
    act = st.act
    assert act is not None
    target = act.targets[0]
    if act.kind == "deal_breaker":
        return 50.0
    if act.kind in ("sly_deal", "forced_deal"):
        assert act.take is not None
        owner, colour, _ = _card_colour_on_table(st, act.take)
        mine = seat == act.actor
        k = _near(st, target).get(colour, 0)
        s = VALUE[act.take] + 3.0 * k
        if mine and _completes(st, act.actor, colour):
            s += 20.0
        if not mine and k == SIZE[colour] - 1:
            s += 10.0
        return s
    return float(min(act.amount, _payable_total(st, target)))


def choose_payment(st: MonopolyDealState, seat: int, debt: int) -> list[str]:
    """The cover that hurts least: bank cards at their value; properties dearer, most of all in near or
    complete sets."""
    near = _near(st, seat)
    complete_cards = {c for p in st.piles[seat] if p.complete for c in p.cards}
    props: dict[str, str] = {c: p.colour for p in st.piles[seat] for c in p.cards}

    def cost(c: str) -> float:
        if c in props:
            colour = props[c]
            return VALUE[c] + 4.0 + (14.0 if c in complete_cards else 3.0 * near.get(colour, 0))
        if KIND[c] in ("house", "hotel") and c not in st.banks[seat]:
            return VALUE[c] + 6.0
        return float(VALUE[c])

    return cheapest_cover(st.payable(seat), debt, cost)


def keep_value(st: MonopolyDealState, seat: int, card: str) -> float:
    kind = KIND[card]
    if kind in ("property", "wild"):
        return 20.0 + (10.0 if any(_completes(st, seat, c) for c in CARD_COLOURS[card]) else 0.0)
    if kind in ("just_say_no", "deal_breaker"):
        return 18.0
    if kind in ("sly_deal", "forced_deal"):
        return 12.0
    if kind == "rent":
        return 8.0 if any(p.colour in CARD_COLOURS[card] for p in st.piles[seat]) else 3.0
    return float(VALUE[card])


def heuristic_action(st: MonopolyDealState, seat: int, d: Decision) -> Action:
    if d.kind == "play":
        opts = d.options_for(seat) or ()
        best, best_s = ("end",), 0.0
        t = Table(st, seat)
        for a in opts:
            s = score_play(st, seat, a, t)
            if s > best_s:
                best, best_s = a, s
        return best
    if d.kind == "respond":
        opts = d.options_for(seat) or ()
        if ("just_say_no",) in opts and importance(st, seat) >= 4.0:
            return ("just_say_no",)
        return ("accept",)
    if d.kind == "pay":
        act = st.act
        assert act is not None
        return ("pay", tuple(choose_payment(st, seat, act.amount)))
    hand = st.hands[seat]
    return ("discard", min(hand, key=lambda c: (keep_value(st, seat, c), c)))


def ranked_options(st: MonopolyDealState, seat: int, d: Decision, width: int) -> list[Action]:
    """The heuristic's best ``width`` options (the search's candidates)."""
    if d.kind == "play":
        opts = list(d.options_for(seat) or ())
        t = Table(st, seat)
        opts.sort(key=lambda a: -score_play(st, seat, a, t))
        return opts[:width]
    if d.kind == "respond":
        return list(d.options_for(seat) or ())
    if d.kind == "pay":
        act = st.act
        assert act is not None
        cands = [("pay", tuple(choose_payment(st, seat, act.amount))),
                 ("pay", tuple(cheapest_cover(st.payable(seat), act.amount)))]
        out: list[Action] = []
        for c in cands:
            if c not in out:
                out.append(c)
        return out
    return [heuristic_action(st, seat, d)]


class HeuristicBot(Bot):
    name = "heuristic"

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        assert isinstance(state, MonopolyDealState)
        return heuristic_action(state, seat, decision)


class SearchBot(ISMCTSSearch):
    """Single-observer ISMCTS (:class:`~tablesport.bots.ismcts.ISMCTSSearch`) over the heuristic's best
    options, tried in the heuristic's order, heuristic playouts, :func:`evaluate` at the horizon."""

    name = "ismcts"
    OPTIONS = {
        "playouts": BotOption(1, 2000, "playouts per decision", integer=True),
        "width": BotOption(1, 30, "the heuristic's best options searched per node", integer=True),
        "horizon": BotOption(1, 400, "plays a playout runs before it is evaluated", integer=True),
        "c": BotOption(0, 10, "exploration constant"),
        "seconds": BotOption(0.01, 30, "processor time per decision"),
    }

    def __init__(self, rng: Rng | None = None, playouts: int = 60, width: int = 5, horizon: int = 40,
                 c: float = 1.0, seconds: float | None = None, **options: Any) -> None:
        super().__init__(rng, **options)
        self.playouts = playouts
        self.width = width
        self.horizon = horizon
        self.c = c
        self.seconds = seconds
        self._deadline: float | None = None

    def candidates(self, state: State, seat: int, decision: Decision) -> list[tuple[Hashable, Action]]:
        assert isinstance(state, MonopolyDealState)
        return [(a, a) for a in ranked_options(state, seat, decision, self.width)]

    def pick_untried(self, untried: list[tuple[Hashable, Action]]) -> tuple[Hashable, Action]:
        return untried[0]   # in the heuristic's order

    def playout_steps(self) -> int:
        return self.horizon

    def playout_action(self, sim: State, seat: int, decision: Decision) -> Action:
        assert isinstance(sim, MonopolyDealState)
        return heuristic_action(sim, seat, decision)

    def score(self, sim: State) -> list[float]:
        assert isinstance(sim, MonopolyDealState)
        return [evaluate(sim, s) for s in range(sim.n)]

    def start_clock(self) -> None:
        self._deadline = None if self.seconds is None else time.process_time() + self.seconds

    def out_of_time(self) -> bool:
        return self._deadline is not None and time.process_time() > self._deadline


BOTS = {"random": RandomBot, "heuristic": HeuristicBot, "ismcts": SearchBot}
