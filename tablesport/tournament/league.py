"""Table assignment for 4-player leagues: fewest repeat opponents, balanced seats.

Seed 000: Ticket to Ride (3 rounds), Monopoly Deal and Blokus (4 rounds), 12 or 16 players at
tables of 4, then a final for the top 4.

The grouping is found by a seeded local search (simulated annealing over swaps of two players
at different tables of the same round) on the cost Σ over pairs of c·(c−1)/2, c = the number
of times the pair shares a table; it stops as soon as the cost reaches the lower bound. Seats
are then balanced by a second search that permutes seats inside tables.

``repeat_pairs`` K = Σ over pairs of max(0, c − 1). Lower bound: a player meets Σ(table size − 1)
opponents over the rounds but has only N − 1 different ones, so each player has at least
max(0, met − (N − 1)) repeat meetings and K ≥ ⌈Σ excess / 2⌉ (12 players × 4 rounds: K ≥ 6).
``seat_imbalance`` X = the largest, over players, of (most-used seat − least-used seat) counts.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import permutations

from tablesport.core import Rng

from .errors import TournamentError


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
    return max(opponents, pigeon)


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


def plan_tables(n: int, rounds: int, size: int = 4, seed: int = 0, effort: int = 200_000,
                history: Sequence[Sequence[Sequence[int]]] = (), temperature: tuple[float, float] = (2.0, 0.02)
                ) -> TablePlan:
    """Assign ``n`` players to tables for ``rounds`` new rounds after the (fixed) ``history``."""
    if rounds < 1:
        raise TournamentError(f"--rounds must be at least 1, not {rounds}")
    if n > 2000:
        raise TournamentError("at most 2000 players")
    sizes = table_sizes(n, size)
    rng = Rng(seed)
    c = _pair_counts(history, n)
    lb = lower_bound(n, rounds + len(history), size) if not history else 0
    base_cost = sum(max(0, x - 1) for row in c for x in row) // 2 if history else 0
    plan: list[list[list[int]]] = []
    pos: list[list[int]] = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        tables, k = [], 0
        for s in sizes:
            tables.append(order[k:k + s])
            k += s
        plan.append(tables)
        where = [0] * n
        for ti, t in enumerate(tables):
            for p in t:
                where[p] = ti
        pos.append(where)
        for t in tables:
            for i in t:
                for j in t:
                    if i != j:
                        c[i][j] += 1
    cost = sum(max(0, x - 1) for row in c for x in row) // 2 - base_cost
    target = lb
    best_cost, best = cost, [[list(t) for t in rnd] for rnd in plan]
    tables_n = len(sizes)
    if tables_n > 1 and cost > target:
        temp0, temp1 = temperature
        for step in range(effort):
            temp = temp0 * (temp1 / temp0) ** (step / effort)
            r = rng.randrange(rounds)
            t1 = rng.randrange(tables_n)
            t2 = rng.randrange(tables_n - 1)
            if t2 >= t1:
                t2 += 1
            tab1, tab2 = plan[r][t1], plan[r][t2]
            i1, i2 = rng.randrange(len(tab1)), rng.randrange(len(tab2))
            p, q = tab1[i1], tab2[i2]
            cp, cq = c[p], c[q]
            delta = 0
            for x in tab1:
                if x != p:
                    delta += (cq[x] >= 1) - (cp[x] >= 2)
            for y in tab2:
                if y != q:
                    delta += (cp[y] >= 1) - (cq[y] >= 2)
            if delta <= 0 or rng.random() < math.exp(-delta / temp):
                for x in tab1:
                    if x != p:
                        cp[x] -= 1
                        c[x][p] -= 1
                        cq[x] += 1
                        c[x][q] += 1
                for y in tab2:
                    if y != q:
                        cq[y] -= 1
                        c[y][q] -= 1
                        cp[y] += 1
                        c[y][p] += 1
                tab1[i1], tab2[i2] = q, p
                pos[r][p], pos[r][q] = t2, t1
                cost += delta
                if cost < best_cost:
                    best_cost, best = cost, [[list(t) for t in rnd] for rnd in plan]
                    if cost <= target:
                        break
    seated = _balance_seats(best, n, size, rng, history)
    full = [*history, *seated]
    return TablePlan(seated, repeat_pairs(full, n) - repeat_pairs(history, n) if history else repeat_pairs(full, n),
                     seat_imbalance(full, n, size), lb)


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
                best_perm = min(permutations(t), key=lambda perm: sum(counts[p][s] for s, p in enumerate(perm)))
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
