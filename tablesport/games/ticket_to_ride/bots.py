"""Bots for Ticket to Ride: ``planner`` and ``rollout`` (``random`` and ``ismcts`` come with every game).

``planner`` plans the cheapest completion of its tickets over the routes still open to it (one shortest-path
search per ticket, most valuable first, routes planned for one ticket free for the next), collects the colours
those routes need (face-up cards of a needed colour, else a face-up locomotive when much is missing, else
blind), claims a planned route as soon as it can pay for it (the longest first: it is the one most easily
lost), keeps and draws tickets only when it can finish them with the trains it has left, and with nothing left
to connect claims the longest routes it can pay for (points grow faster than length).

``rollout`` plays as the planner except where the game turns: which tickets to keep and whether to draw more.
There it tries each choice in ``rollouts`` sampled deals (``state.determinize``: the deck, the other hands and
the unseen tickets dealt again), plays every deal to the end with planners on all seats, and takes the choice
with the best mean placement (scores break ties) — the same deals for every choice.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Sequence
from typing import Any

from tablesport.core import Action, Bot, BotOption, Decision, Rng, State

from .board import LOCOMOTIVE, board
from .state import CARD_INDEX, TicketToRideState

B = board()
TICKETS = B.tickets
# city → [(route id, other city, length, twin id or 0)]
ADJ: list[list[tuple[int, int, int, int]]] = [[] for _ in B.cities]
for _r in B.routes.values():
    ADJ[_r.ai].append((_r.id, _r.bi, _r.length, _r.double_of or 0))
    ADJ[_r.bi].append((_r.id, _r.ai, _r.length, _r.double_of or 0))
INF = 10**9


def _ttr(state: State) -> TicketToRideState:
    assert isinstance(state, TicketToRideState), "a Ticket to Ride bot plays Ticket to Ride"
    return state


def open_to(state: TicketToRideState, seat: int, rid: int, twin: int) -> int:
    """0: ``seat`` owns the route; 1: it may still claim it; -1: it may not."""
    o = state.owner.get(rid, -1)
    if o == seat:
        return 0
    if o >= 0:
        return -1
    if twin:
        po = state.owner.get(twin, -1)
        if po == seat or (po >= 0 and state.ruleset.seats < state.ruleset["both_doubles_min_seats"]):
            return -1
    return 1


def shortest(state: TicketToRideState, seat: int, a: int, b: int, free: set[int]) -> tuple[int, list[int]]:
    """The fewest trains still to lay to join cities ``a`` and ``b``: routes owned or in ``free`` cost
    nothing. Returns (trains, the routes to claim)."""
    dist = [INF] * len(ADJ)
    via: list[tuple[int, int] | None] = [None] * len(ADJ)
    dist[a] = 0
    heap = [(0, a)]
    while heap:
        d, x = heapq.heappop(heap)
        if x == b:
            break
        if d > dist[x]:
            continue
        for rid, y, length, twin in ADJ[x]:
            if rid in free:
                w = 0
            else:
                st = open_to(state, seat, rid, twin)
                if st < 0:
                    continue
                w = 0 if st == 0 else length
            nd = d + w
            if nd < dist[y]:
                dist[y] = nd
                via[y] = (x, rid)
                heapq.heappush(heap, (nd, y))
    if dist[b] >= INF:
        return INF, []
    path: list[int] = []
    x = b
    while x != a:
        step = via[x]
        assert step is not None
        x, rid = step
        if rid not in state.owner and rid not in free:
            path.append(rid)
    return dist[b], path


def plan(state: TicketToRideState, seat: int, tickets: Sequence[int]) -> tuple[list[int], int, list[int]]:
    """Routes to claim for ``tickets`` (most valuable first), their trains, the tickets it cannot finish."""
    planned: set[int] = set()
    order: list[int] = []
    trains = 0
    left = state.trains[seat]
    dropped: list[int] = []
    comps = state.comps[seat]
    for t in sorted(tickets, key=lambda t: -TICKETS[t].points):
        tk = TICKETS[t]
        if comps.connected(tk.ai, tk.bi):
            continue
        cost, path = shortest(state, seat, tk.ai, tk.bi, planned)
        if cost >= INF or trains + cost > left:
            dropped.append(t)
            continue
        trains += cost
        for rid in path:
            planned.add(rid)
            order.append(rid)
    return order, trains, dropped


class PlannerBot(Bot):
    """Connects its tickets by the cheapest routes still open (see the module doc)."""

    name = "planner"
    OPTIONS = {"greed": BotOption(0, 10, "weight of a ticket's route cost against its points")}

    def __init__(self, rng: Rng | None = None, greed: float = 0.5, **options: Any) -> None:
        super().__init__(rng, **options)
        self.greed = float(greed)
        self._plan_key: tuple[Any, ...] | None = None
        self._plan: tuple[list[int], int, list[int]] = ([], 0, [])

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        s = _ttr(state)
        opts = list(decision.options_for(seat) or ())
        if len(opts) == 1:
            return opts[0]
        if decision.kind == "keep_tickets":
            return self.keep(s, seat, opts)
        routes, _, _ = self.current_plan(s, seat)
        if decision.kind == "second_card":
            return self.draw(s, seat, routes, opts, second=True)
        return self.turn(s, seat, routes, opts)

    # -- the plan ---------------------------------------------------------------------------------
    def current_plan(self, s: TicketToRideState, seat: int) -> tuple[list[int], int, list[int]]:
        key = (id(s), s.turns, seat, len(s.owner), len(s.tickets[seat]))
        if key != self._plan_key:
            self._plan_key = key
            self._plan = plan(s, seat, s.tickets[seat])
        return self._plan

    def needs(self, s: TicketToRideState, seat: int, routes: Sequence[int]) -> list[int]:
        """Cards still missing per colour (index 8: any colour, for grey routes) to pay the planned routes."""
        hand = list(s.hands[seat])
        missing = [0] * 9
        grey = 0
        for rid in routes:
            r = B.routes[rid]
            if r.colour_index >= 0:
                use = min(hand[r.colour_index], r.length)
                hand[r.colour_index] -= use
                missing[r.colour_index] += r.length - use
            else:
                grey += r.length
        spare = sorted((hand[c] for c in range(LOCOMOTIVE)), reverse=True)
        missing[LOCOMOTIVE] = max(0, grey - sum(spare[:2]) - hand[LOCOMOTIVE])
        return missing

    # -- decisions -------------------------------------------------------------------------------
    def keep(self, s: TicketToRideState, seat: int, opts: list[Action]) -> Action:
        best, best_value = opts[0], -float(INF)
        held = list(s.tickets[seat])
        for opt in opts:
            kept = [B.ticket_index[t] for t in opt[1]]
            _, cost, dropped = plan(s, seat, held + kept)
            lost = sum(TICKETS[t].points for t in dropped)
            gain = sum(TICKETS[t].points for t in kept)
            value = gain - 2 * lost - self.greed * cost - (3 * len(kept) if held else 0)
            if value > best_value:
                best, best_value = opt, value
        return best

    def turn(self, s: TicketToRideState, seat: int, routes: list[int], opts: list[Action]) -> Action:
        claims = [a for a in opts if a[0] == "claim"]
        wanted = set(routes)
        mine = [a for a in claims if a[1] in wanted]
        if mine:
            return self.pay(s, seat, max(mine, key=lambda a: (B.routes[a[1]].length, -a[3])), claims, routes)
        if not routes:
            if ("tickets",) in opts and s.trains[seat] >= 16 and s.last_round is None:
                return ("tickets",)
            if claims:
                longest = max(B.routes[a[1]].length for a in claims)
                if longest >= 4 or s.trains[seat] <= 6 or s.last_round is not None:
                    pick = [a for a in claims if B.routes[a[1]].length == longest]
                    return self.pay(s, seat, min(pick, key=lambda a: a[3]), claims, routes)
        elif s.last_round is not None and claims:
            return self.pay(
                s, seat, max(claims, key=lambda a: (B.routes[a[1]].length, -a[3])), claims, routes
            )
        return self.draw(s, seat, routes, opts, second=False)

    def pay(
        self, s: TicketToRideState, seat: int, action: Action, claims: list[Action], routes: list[int]
    ) -> Action:
        """The cheapest payment for the route: fewest locomotives, then a colour the plan needs least."""
        rid = action[1]
        need = self.needs(s, seat, [r for r in routes if r != rid])
        ways = [a for a in claims if a[1] == rid]
        return min(
            ways,
            key=lambda a: (
                a[3],
                need[CARD_INDEX[a[2]]] if a[2] != "locomotive" else 99,
                -s.hands[seat][CARD_INDEX[a[2]]],
            ),
        )

    def draw(
        self, s: TicketToRideState, seat: int, routes: list[int], opts: list[Action], second: bool
    ) -> Action:
        need = self.needs(s, seat, routes)
        hand = s.hands[seat]
        best: Action | None = None
        best_need = 0
        for a in opts:
            if a[0] != "faceup":
                continue
            c = s.faceup[a[1]]
            if c == LOCOMOTIVE:
                continue
            want = need[c] * 2 + (1 if need[LOCOMOTIVE] and hand[c] >= 1 else 0)
            if not routes:
                want = hand[c]  # nothing to connect: build towards long routes
            if want > best_need:
                best, best_need = a, want
        if best is not None:
            return best
        if not second and sum(need) >= 3:
            locos = [a for a in opts if a[0] == "faceup" and s.faceup[a[1]] == LOCOMOTIVE]
            if locos:
                return locos[0]
        if ("blind",) in opts:
            return ("blind",)
        draws = [a for a in opts if a[0] == "faceup"]
        if draws:
            return draws[0]
        claims = [a for a in opts if a[0] == "claim"]
        if claims:
            return max(claims, key=lambda a: (B.routes[a[1]].length, -a[3]))
        return opts[0]


def margin_reward(result_placements: Sequence[int], scores: Sequence[float], seat: int) -> float:
    """1 for first alone, 0 for last, shared places in between, plus the margin over the best other score
    (per 100 points): the margin is far less noisy than the place over a few deals."""
    n = len(result_placements)
    place = result_placements[seat]
    others = [sc for i, sc in enumerate(scores) if i != seat]
    margin = scores[seat] - max(others) if others else 0.0
    return (n - place) / max(1, n - 1) + margin / 100


class RolloutBot(Bot):
    """The planner, with the ticket choices and the end of the game tried in sampled deals (module doc).

    ``rollouts``: deals per decision (the same deals for every candidate); ``endgame``: with this many trains
    or fewer left to some player, every turn is searched (the planner's choice, each route it can claim, a
    blind draw, tickets) — the rollouts are short there; ``seconds``: no new deal is started once a decision
    has taken this long (processor time), so that a decision stays within the table's pace."""

    name = "rollout"
    OPTIONS = {
        "rollouts": BotOption(1, 200, "sampled deals per decision", integer=True),
        "endgame": BotOption(0, 45, "trains left to a player that starts searching every turn", integer=True),
        "seconds": BotOption(0.01, 30, "processor time after which no new deal is started"),
        "max_steps": BotOption(1, 10000, "steps a rollout plays at most", integer=True),
    }

    def __init__(
        self,
        rng: Rng | None = None,
        rollouts: int = 8,
        endgame: int = 12,
        seconds: float = 0.9,
        max_steps: int = 2000,
        **options: Any,
    ) -> None:
        super().__init__(rng, **options)
        self.rollouts = int(rollouts)
        if self.rollouts < 1:
            raise ValueError(f"rollouts must be 1 or more, got {rollouts!r}")
        self.endgame = int(endgame)
        self.seconds = float(seconds)
        self.max_steps = int(max_steps)
        self.policy = PlannerBot()

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        s = _ttr(state)
        opts = list(decision.options_for(seat) or ())
        if len(opts) == 1:
            return opts[0]
        base = self.policy.act(s, seat, decision)
        if decision.kind == "keep_tickets":
            candidates = opts
        elif decision.kind == "turn" and (s.last_round is not None or min(s.trains) <= self.endgame):
            candidates = self._endgame(s, seat, opts, base)
        elif decision.kind == "turn" and ("tickets",) in opts:
            candidates = (
                [base, ("tickets",)] if base != ("tickets",) else [base, self._not_tickets(s, seat, opts)]
            )
        else:
            return base
        if len(candidates) == 1:
            return base
        values = [0.0] * len(candidates)
        start = time.process_time()
        for deals in range(1, self.rollouts + 1):
            world = s.determinize(seat, self.rng)
            for i, cand in enumerate(candidates):
                values[i] += self.play_out(world, seat, cand)
            spent = time.process_time() - start
            if spent + spent / deals > self.seconds:  # one more deal would not fit
                break
        best = max(range(len(candidates)), key=lambda i: (values[i], candidates[i] == base))
        return candidates[best]

    def _endgame(self, s: TicketToRideState, seat: int, opts: list[Action], base: Action) -> list[Action]:
        routes, _, _ = self.policy.current_plan(s, seat)
        claims = [a for a in opts if a[0] == "claim"]
        seen: dict[Any, Action] = {}
        for rid in sorted({a[1] for a in claims}, key=lambda r: -B.routes[r].length)[:6]:
            seen[rid] = self.policy.pay(s, seat, next(a for a in claims if a[1] == rid), claims, routes)
        out = [base, *[a for a in seen.values() if a != base]]
        for extra in (("blind",), ("tickets",)):
            if extra in opts and extra not in out:
                out.append(extra)
        return out

    def _not_tickets(self, s: TicketToRideState, seat: int, opts: list[Action]) -> Action:
        rest = [a for a in opts if a != ("tickets",)]
        routes, _, _ = self.policy.current_plan(s, seat)
        return self.policy.draw(s, seat, routes, rest, second=False) if rest else opts[0]

    def play_out(self, world: TicketToRideState, seat: int, action: Action) -> float:
        w = world.clone()
        w.apply(seat, action)
        policy = PlannerBot()
        steps = 0
        while (d := w.pending()) is not None and steps < self.max_steps:
            p = d.seats[0]
            w.apply(p, policy.act(w, p, d))
            steps += 1
        res = w.result()
        if res is None:
            return 0.5
        return margin_reward(res.placements, res.scores, seat)


BOTS: dict[str, Callable[..., Any]] = {"planner": PlannerBot, "rollout": RolloutBot}
