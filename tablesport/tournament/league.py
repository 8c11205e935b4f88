"""Table assignment for 4-player leagues: fewest repeat opponents, balanced seats.

Seed 000: Ticket to Ride (3 rounds), Monopoly Deal and Blokus (4 rounds), 12 or 16 players at
tables of 4, then a final for the top 4.

``repeat_pairs`` K = Σ over pairs of max(0, c − 1), c = the number of times the pair shares a
table. ``seat_imbalance`` X = the largest, over players, of (most-used seat − least-used seat).

The grouping is found by a seeded tabu search in the manner of the constraint-based local search
for the social golfer problem (Dotú and Van Hentenryck): start from a greedy split (each player
joins the open table where they know the fewest players); each step looks at every swap of two
players at different tables of one round where the first player shares a table with someone they
meet more than once, and makes the swap that lowers K most (ties drawn at random). After a swap,
a player may not return to the table they left in that round for 1–4 steps (a tabu move is
allowed when it beats the best K so far). After ``STABLE`` steps without a new best, a few random
swaps perturb the schedule, after an exact rebuild of one random round (below). The exact rebuild
of a round (N ≤ ``RESOLVE_MAX_PLAYERS``) is a depth-first search for a split of that round where
nobody meets anyone they meet in another round; when it finds one, the round is replaced. It is
tried on every round with a repeat while K is at most ``RESOLVE_AT``. The search stops
when K reaches the lower bound, after ``effort`` evaluated swaps, or after ``GIVE_UP`` moves
without a new best. Seats are then balanced by a
second search that permutes seats inside tables.

Lower bound (``lower_bound``): a player meets Σ(table size − 1) opponents over the rounds but has
only N − 1 different ones, and a pigeonhole count over pairs of rounds (see the function); for
small cases where the search was proved optimal by exhaustion, ``PROVEN_MINIMA`` holds the
minimum (12 players × 4 rounds: K ≥ 13, proved by ``python -m bench.tournament_tables --prove``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from tablesport.core import Rng

from .errors import TournamentError

STABLE = 300
"""Moves without a new best K before the schedule is perturbed: one round is rebuilt
exactly (a random split where nobody meets anyone they meet in another round, when one exists),
then ``KICK`` random swaps."""
KICK = 3
TABU = (1, 4)
"""A player may not return to the table they left for this many steps (drawn uniformly)."""
RESOLVE_AT = 2
"""Rounds are rebuilt exactly when K is at most this."""
RESOLVE_MAX_PLAYERS = 100
RESOLVE_NODES = 20_000
"""Node limit of one exact rebuild of a round."""
DEFAULT_EFFORT = 5_000_000
"""Evaluated swaps (search steps) before the search gives up on reaching the lower bound."""
GIVE_UP = 20_000
"""The search also stops after this many moves without a new best K."""

PROVEN_MINIMA: dict[tuple[int, int, int], int] = {(12, 4, 4): 13}
"""(players, rounds, table size) → the minimum K, proved by exhaustion (bench/tournament_tables.py
``--prove``: round 1 fixed, round 2 one per class under the symmetries of round 1, every round 3
and round 4; the slow test re-runs the proof)."""


@dataclass(frozen=True, slots=True)
class TablePlan:
    rounds: list[list[list[int]]]
    """Players are numbered 0..N−1 here; a table's list is in seat order."""
    repeat_pairs: int
    seat_imbalance: int
    lower_bound: int

    def to_json(self, base: int = 1) -> dict[str, object]:
        return {"rounds": [[[p + base for p in t] for t in rnd] for rnd in self.rounds],
                "repeat_pairs": self.repeat_pairs, "seat_imbalance": self.seat_imbalance}


def table_sizes(n: int, size: int) -> list[int]:
    """Tables of ``size`` and ``size − 1`` (as few short tables as possible)."""
    if size < 2:
        raise TournamentError(f"--size must be at least 2, not {size}")
    if n < size:
        raise TournamentError(f"{n} players cannot fill a table of {size}")
    tables = math.ceil(n / size)
    short = tables * size - n
    if short > tables or (size - 1 < 2 and short):
        raise TournamentError(f"{n} players do not split into tables of {size} and {size - 1}")
    return [size] * (tables - short) + [size - 1] * short


def lower_bound(n: int, rounds: int, size: int) -> int:
    """A proven lower bound on ``repeat_pairs`` (see the module text and docs/tournament.md).

    * Opponent count: Σ over players of max(0, met − (N − 1)), halved.
    * Proved minima of small cases (``PROVEN_MINIMA``).
    * Pigeonhole: for any two rounds r < s, the players of a table of round s sit at the tables of
      round r, so at least Σ C(x_i, 2) of its pairs (x spread as evenly as possible over the
      tables) also met in round r. Summing P over round pairs and tables gives Σ_pairs C(c, 2) ≥ P;
      since a pair's (c − 1) is at least 2/R of its C(c, 2), K ≥ ⌈2P / R⌉.
    """
    sizes = table_sizes(n, size)
    per = max(0, rounds * (min(sizes) - 1) - (n - 1))
    opponents = math.ceil(n * per / 2)
    t = len(sizes)
    per_round = 0
    for s in sizes:
        q, rem = divmod(s, t)
        per_round += rem * (q + 1) * q // 2 + (t - rem) * q * (q - 1) // 2
    p = rounds * (rounds - 1) // 2 * per_round
    pigeon = math.ceil(2 * p / rounds) if rounds > 1 else 0
    return max(opponents, pigeon, PROVEN_MINIMA.get((n, rounds, size), 0))


def repeat_pairs(rounds: Sequence[Sequence[Sequence[int]]], n: int) -> int:
    c = _pair_counts(rounds, n)
    return sum(max(0, c[i][j] - 1) for i in range(n) for j in range(i + 1, n))


def seat_imbalance(rounds: Sequence[Sequence[Sequence[int]]], n: int, size: int) -> int:
    counts = [[0] * size for _ in range(n)]
    for rnd in rounds:
        for t in rnd:
            for s, p in enumerate(t):
                counts[p][s] += 1
    return max((max(c) - min(c) for c in counts), default=0)


def _pair_counts(rounds: Sequence[Sequence[Sequence[int]]], n: int) -> list[list[int]]:
    c = [[0] * n for _ in range(n)]
    for rnd in rounds:
        for t in rnd:
            for i in t:
                for j in t:
                    if i != j:
                        c[i][j] += 1
    return c


def plan_tables(n: int, rounds: int, size: int = 4, seed: int = 0, effort: int = DEFAULT_EFFORT,
                history: Sequence[Sequence[Sequence[int]]] = (), ahead: int = 0) -> TablePlan:
    """Assign ``n`` players to tables for ``rounds`` new rounds after the (fixed) ``history``.

    ``ahead`` more rounds are planned with them but not returned: a league that draws one round at a
    time passes the rounds still to come, so that the rounds it draws can always be completed (with
    zero repeats when the whole league allows it). ``effort`` bounds the work: the number of
    evaluated swaps (an exact rebuild of a round counts ``n`` per search node). The same arguments
    always give the same plan.
    """
    if rounds < 1:
        raise TournamentError(f"--rounds must be at least 1, not {rounds}")
    if n > 2000:
        raise TournamentError("at most 2000 players")
    if effort < 0:
        raise TournamentError(f"--effort must be at least 0, not {effort}")
    if ahead < 0:
        raise TournamentError(f"rounds planned ahead must be at least 0, not {ahead}")
    sizes = table_sizes(n, size)
    for rnd in history:
        seen = [p for t in rnd for p in t]
        if len(seen) != len(set(seen)) or any(not 0 <= p < n for p in seen):
            raise TournamentError(f"a history round must seat each of players 0..{n - 1} at most once")
    earlier = repeat_pairs(history, n)
    complete = all(sum(len(t) for t in rnd) == n for rnd in history)  # else the bound does not apply

    def bound(total: int) -> int:
        return max(0, lower_bound(n, total, size) - earlier) if complete else 0

    lb = bound(rounds + ahead + len(history))
    search = _Search(n, sizes, [[list(t) for t in rnd] for rnd in history], rounds + ahead, Rng(seed))
    best = search.run(lb, effort)[:rounds]
    seated = _balance_seats(best, n, size, search.rng, history)
    full = [*history, *seated]
    return TablePlan(seated, repeat_pairs(full, n) - earlier, seat_imbalance(full, n, size),
                     bound(rounds + len(history)))


class _Search:
    """The tabu search state: the rounds, pair counts and, per player, bit masks of the players met
    at least once (``met1``) and at least twice (``met2``); history rounds are counted, not moved."""

    def __init__(self, n: int, sizes: list[int], history: list[list[list[int]]], rounds: int,
                 rng: Rng) -> None:
        self.n, self.sizes, self.rng = n, sizes, rng
        self.fixed = len(history)
        self.c = [[0] * n for _ in range(n)]
        self.met1 = [0] * n
        self.met2 = [0] * n
        self.plan: list[list[list[int]]] = []
        self.where: list[list[int]] = []
        self.mask: list[list[int]] = []
        for rnd in history:
            self._add_round(rnd)
        self.base = self.cost()
        for _ in range(rounds):
            self._add_round(self._greedy_round())

    def cost(self) -> int:
        """K of all rounds: meetings minus the pairs that met at least once."""
        meetings = sum(len(t) * (len(t) - 1) // 2 for rnd in self.plan for t in rnd)
        return meetings - sum(m.bit_count() for m in self.met1) // 2

    def _pair(self, a: int, b: int, step: int) -> None:
        """Change the count of the pair (a, b) by ``step`` (±1) and keep the masks in step."""
        v = self.c[a][b] + step
        self.c[a][b] = self.c[b][a] = v
        if (step > 0 and v == 1) or (step < 0 and v == 0):
            self.met1[a] ^= 1 << b
            self.met1[b] ^= 1 << a
        elif (step > 0 and v == 2) or (step < 0 and v == 1):
            self.met2[a] ^= 1 << b
            self.met2[b] ^= 1 << a

    def _add_round(self, tables: list[list[int]]) -> None:
        where = [-1] * self.n
        for ti, t in enumerate(tables):
            for i, a in enumerate(t):
                where[a] = ti
                for b in t[i + 1:]:
                    self._pair(a, b, 1)
        self.plan.append(tables)
        self.where.append(where)
        self.mask.append([sum(1 << p for p in t) for t in tables])

    def _set_round(self, r: int, tables: list[list[int]]) -> None:
        for t in self.plan[r]:
            for i, a in enumerate(t):
                for b in t[i + 1:]:
                    self._pair(a, b, -1)
        for ti, t in enumerate(tables):
            for i, a in enumerate(t):
                self.where[r][a] = ti
                for b in t[i + 1:]:
                    self._pair(a, b, 1)
        self.plan[r] = tables
        self.mask[r] = [sum(1 << p for p in t) for t in tables]

    def _greedy_round(self) -> list[list[int]]:
        """Players in random order, each to the open table with the fewest players they have met."""
        order = list(range(self.n))
        self.rng.shuffle(order)
        tables: list[list[int]] = [[] for _ in self.sizes]
        masks = [0] * len(self.sizes)
        open_ = list(range(len(self.sizes)))
        for p in order:
            m1 = self.met1[p]
            best, bi = -1, -1
            for k, ti in enumerate(open_):
                known = (m1 & masks[ti]).bit_count()
                if best < 0 or known < best:
                    best, bi = known, k
                    if known == 0:
                        break
            ti = open_[bi]
            tables[ti].append(p)
            masks[ti] |= 1 << p
            if len(tables[ti]) == self.sizes[ti]:
                open_.pop(bi)
        return tables

    def delta(self, r: int, p: int, q: int) -> int:
        """The change in K if p and q (at different tables of round r) swap."""
        a, b = self.mask[r][self.where[r][p]] ^ (1 << p), self.mask[r][self.where[r][q]] ^ (1 << q)
        return ((self.met1[p] & b).bit_count() - (self.met2[q] & b).bit_count()
                + (self.met1[q] & a).bit_count() - (self.met2[p] & a).bit_count())

    def swap(self, r: int, p: int, q: int) -> None:
        ta, tb = self.where[r][p], self.where[r][q]
        tab_a, tab_b = self.plan[r][ta], self.plan[r][tb]
        for x in tab_a:
            if x != p:
                self._pair(p, x, -1)
                self._pair(q, x, 1)
        for y in tab_b:
            if y != q:
                self._pair(q, y, -1)
                self._pair(p, y, 1)
        tab_a[tab_a.index(p)] = q
        tab_b[tab_b.index(q)] = p
        m = (1 << p) | (1 << q)
        self.mask[r][ta] ^= m
        self.mask[r][tb] ^= m
        self.where[r][p], self.where[r][q] = tb, ta

    def rebuild(self, r: int, limit: int) -> tuple[list[list[int]] | None, int]:
        """A split of round r where nobody meets a player they meet in another round (or None), and
        the number of search nodes used."""
        n = self.n
        everyone = (1 << n) - 1
        free = []
        for p in range(n):
            own = self.mask[r][self.where[r][p]]
            free.append(everyone & ~(self.met2[p] | (self.met1[p] & ~own)) & ~(1 << p))
        nodes = 0
        rng = self.rng

        def cliques(cand: int, need: int, chosen: int, out: list[int]) -> None:
            if need == 0:
                out.append(chosen)
                return
            m = cand
            while m:
                low = m & -m
                m ^= low
                above = cand & ~((low << 1) - 1)
                if above.bit_count() < need - 1:
                    break
                cliques(above & free[low.bit_length() - 1], need - 1, chosen | low, out)

        def split(left: int, sizes: list[int]) -> list[int] | None:
            nonlocal nodes
            if not left:
                return []
            nodes += 1
            if nodes > limit:
                return None
            p, fewest, m = -1, n + 1, left
            while m:  # the player with the fewest possible partners first
                low = m & -m
                m ^= low
                x = low.bit_length() - 1
                k = (free[x] & left).bit_count()
                if k < fewest:
                    p, fewest = x, k
            for s in sorted(set(sizes), reverse=True):
                options: list[int] = []
                cliques(free[p] & left, s - 1, 1 << p, options)
                rng.shuffle(options)
                rest = list(sizes)
                rest.remove(s)
                for t in options:
                    found = split(left & ~t, rest)
                    if found is not None:
                        return [t, *found]
                    if nodes > limit:
                        return None
            return None

        found = split(everyone, list(self.sizes))
        if found is None:
            return None, nodes
        return [[p for p in range(n) if t >> p & 1] for t in found], nodes

    def run(self, target: int, effort: int) -> list[list[list[int]]]:
        n, rng, fixed, rounds = self.n, self.rng, self.fixed, len(self.plan)
        met1, met2, mask, where, plan = self.met1, self.met2, self.mask, self.where, self.plan
        cost = self.cost() - self.base
        best_cost, best = cost, [[list(t) for t in rnd] for rnd in plan[fixed:]]
        tabu: dict[tuple[int, int, int], int] = {}
        steps = step = last_best = best_step = 0
        tables = len(self.sizes)
        while cost > target and steps < effort and tables > 1 and step - best_step < GIVE_UP:
            step += 1
            if cost <= RESOLVE_AT and n <= RESOLVE_MAX_PLAYERS:
                for r in range(fixed, rounds):
                    if not any(met2[p] & mask[r][where[r][p]] for p in range(n)):
                        continue
                    tables_r, nodes = self.rebuild(r, RESOLVE_NODES)
                    steps += nodes * n
                    if tables_r is not None:
                        self._set_round(r, tables_r)
                        cost = self.cost() - self.base
                        break
                if cost < best_cost:
                    best_cost, best, last_best = cost, [[list(t) for t in rnd] for rnd in plan[fixed:]], step
                    best_step = step
                if cost <= target:
                    break
            best_delta = 0
            moves: list[tuple[int, int, int]] = []
            for r in range(fixed, rounds):
                mr, wr = mask[r], where[r]
                for p in range(n):
                    ta = wr[p]
                    a = mr[ta] ^ (1 << p)
                    loss = (met2[p] & a).bit_count()
                    if not loss:
                        continue
                    m1 = met1[p]
                    for tb in range(tables):
                        if tb == ta:
                            continue
                        barred = tabu.get((r, p, tb), 0) > step
                        mb = mr[tb]
                        for q in plan[r][tb]:
                            steps += 1
                            b = mb ^ (1 << q)
                            d = ((m1 & b).bit_count() - (met2[q] & b).bit_count()
                                 + (met1[q] & a).bit_count() - loss)
                            if (barred or tabu.get((r, q, ta), 0) > step) and cost + d >= best_cost:
                                continue
                            if not moves or d < best_delta:
                                best_delta, moves = d, [(r, p, q)]
                            elif d == best_delta:
                                moves.append((r, p, q))
            if not moves:
                break
            r, p, q = moves[rng.randrange(len(moves))]
            ta, tb = where[r][p], where[r][q]
            self.swap(r, p, q)
            cost += best_delta
            tabu[(r, p, ta)] = step + TABU[0] + rng.randrange(TABU[1] - TABU[0] + 1)
            tabu[(r, q, tb)] = step + TABU[0] + rng.randrange(TABU[1] - TABU[0] + 1)
            if cost < best_cost:
                best_cost, best, last_best = cost, [[list(t) for t in rnd] for rnd in plan[fixed:]], step
                best_step = step
            elif step - last_best > STABLE:
                if n <= RESOLVE_MAX_PLAYERS:
                    r = fixed + rng.randrange(rounds - fixed)
                    tables_r, nodes = self.rebuild(r, RESOLVE_NODES)
                    steps += nodes * n
                    if tables_r is not None:
                        self._set_round(r, tables_r)
                        cost = self.cost() - self.base
                for _ in range(KICK):
                    r = fixed + rng.randrange(rounds - fixed)
                    p, q = rng.randrange(n), rng.randrange(n)
                    if where[r][p] != where[r][q]:
                        cost += self.delta(r, p, q)
                        self.swap(r, p, q)
                last_best = step
        return best


def _balance_seats(plan: list[list[list[int]]], n: int, size: int, rng: Rng,
                   history: Sequence[Sequence[Sequence[int]]]) -> list[list[list[int]]]:
    counts = [[0] * size for _ in range(n)]
    for rnd in history:
        for t in rnd:
            for s, p in enumerate(t):
                counts[p][s] += 1
    out: list[list[list[int]]] = []
    for rnd in plan:
        new_round = []
        for t in rnd:
            if len(t) <= 5:
                best_perm = min(permutations(t),
                                key=lambda perm: sum(counts[p][s] for s, p in enumerate(perm)))
            else:
                best_perm = tuple(sorted(t, key=lambda p: counts[p].index(min(counts[p]))))
            for s, p in enumerate(best_perm):
                counts[p][s] += 1
            new_round.append(list(best_perm))
        out.append(new_round)
    # repair: swap seats inside a table when it does not raise Σ counts² (a convex spread measure)
    for _ in range(400 * n):
        r = rng.randrange(len(out))
        t = out[r][rng.randrange(len(out[r]))]
        if len(t) < 2:
            continue
        a, b = rng.randrange(len(t)), rng.randrange(len(t))
        if a == b:
            continue
        p, q = t[a], t[b]
        before = counts[p][a] ** 2 + counts[p][b] ** 2 + counts[q][a] ** 2 + counts[q][b] ** 2
        after = ((counts[p][a] - 1) ** 2 + (counts[p][b] + 1) ** 2 + (counts[q][a] + 1) ** 2
                 + (counts[q][b] - 1) ** 2)
        if after <= before:
            counts[p][a] -= 1
            counts[p][b] += 1
            counts[q][b] -= 1
            counts[q][a] += 1
            t[a], t[b] = q, p
    return out


def final_table(ranked: Sequence[str], size: int = 4) -> list[str]:
    """The final: the top ``size`` of the league (seat order = league rank)."""
    if len(ranked) < size:
        raise TournamentError(f"a final for {size} needs {size} ranked players, not {len(ranked)}")
    return list(ranked[:size])
