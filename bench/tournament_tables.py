"""Tournament benchmarks: league table assignment quality and time, and standings at scale.

Table assignment (tables of 4), each case over several seeds at the default effort, side by side
with two baselines measured in the same run: ``random`` (each round a fresh random split, best of
20 tries) and ``greedy`` (each round built player by player at the table with the fewest earlier
meetings). Cases: 16 × 4 (zero repeats exist), 12 × 3 and 12 × 4 (repeats unavoidable; the lower
bound is reported — for 12 × 4 the proved minimum), 64 × 5, and the social golfer instances 16 × 5,
20 × 5, 24 × 6 and 32 × 8 — the anchor: an exhaustive zero-repeat search for 24 players × 6
rounds took 23–29 h.

``--prove`` proves the minimum K of 12 players × 4 rounds at tables of 4 by exhaustion and writes
bench/results/tournament_proof.json. K = (meetings) − (pairs that meet at least once), so the
minimum K is 72 minus the largest number of different pairs four rounds can cover. Relabelling the
players does not change K, so round 1 is fixed; the relabellings that keep round 1 (permuting its
tables and the players inside each table) split the candidate second rounds into classes by the
3 × 3 matrix of how many players each table of round 1 sends to each table of round 2 (up to
permuting rows and columns), and one round 2 per class suffices. For each class every round 3 and
every round 4 is tried: with the pair sets as 0/1 vectors, covered(r3, r4) = |U| + |r4| − r4·U,
U = round 1 ∪ round 2 ∪ r3, one matrix product over all (r3, r4).

Standings: 10,000 entrants and 100,000 results, for a placement league (ttr-event: 100,000 tables
of 4) and for Sanguosha 2012 series (100,000 best-of-3 matches, chain A/B/C with head-to-head),
against a baseline that only sums points and sorts (no validation, no chain).

    .venv/bin/python -m bench.tournament_tables [--quick] [--prove]
"""

from __future__ import annotations

import argparse
import time
from itertools import combinations, permutations
from typing import Any

from bench.machine import machine, save_results
from tablesport.core import Rng
from tablesport.tournament.league import (
    DEFAULT_EFFORT,
    PROVEN_MINIMA,
    lower_bound,
    plan_tables,
    repeat_pairs,
    table_sizes,
)
from tablesport.tournament.standings import standings


def random_baseline(n: int, rounds: int, size: int, seed: int, tries: int = 20) -> int:
    rng = Rng(seed)
    sizes = table_sizes(n, size)
    best = None
    for _ in range(tries):
        plan = []
        for _ in range(rounds):
            order = list(range(n))
            rng.shuffle(order)
            k, tables = 0, []
            for s in sizes:
                tables.append(order[k:k + s])
                k += s
            plan.append(tables)
        k_ = repeat_pairs(plan, n)
        best = k_ if best is None else min(best, k_)
    assert best is not None
    return best


def greedy_baseline(n: int, rounds: int, size: int, seed: int) -> int:
    rng = Rng(seed)
    sizes = table_sizes(n, size)
    met = [[0] * n for _ in range(n)]
    plan = []
    for _ in range(rounds):
        order = list(range(n))
        rng.shuffle(order)
        tables: list[list[int]] = [[] for _ in sizes]
        for p in order:
            free = [i for i, t in enumerate(tables) if len(t) < sizes[i]]
            i = min(free, key=lambda i: (sum(met[p][q] for q in tables[i]), i))
            tables[i].append(p)
        for t in tables:
            for a in t:
                for b in t:
                    if a != b:
                        met[a][b] += 1
        plan.append(tables)
    return repeat_pairs(plan, n)


def table_case(n: int, rounds: int, seeds: int) -> dict[str, Any]:
    per_seed = []
    t0 = time.perf_counter()
    for seed in range(1, seeds + 1):
        t = time.perf_counter()
        plan = plan_tables(n, rounds, 4, seed)
        per_seed.append({"seed": seed, "repeat_pairs": plan.repeat_pairs,
                         "seat_imbalance": plan.seat_imbalance, "seconds": round(time.perf_counter() - t, 3)})
    total = time.perf_counter() - t0
    t = time.perf_counter()
    rnd = random_baseline(n, rounds, 4, 1)
    t_rnd = time.perf_counter() - t
    t = time.perf_counter()
    greedy = greedy_baseline(n, rounds, 4, 1)
    t_greedy = time.perf_counter() - t
    lb = lower_bound(n, rounds, 4)
    ks = [s["repeat_pairs"] for s in per_seed]
    return {"players": n, "rounds": rounds, "size": 4, "effort": DEFAULT_EFFORT, "lower_bound": lb,
            "search": {"best_repeat_pairs": min(ks), "worst_repeat_pairs": max(ks),
                       "seeds_at_lower_bound": sum(k == lb for k in ks), "seeds": seeds,
                       "seconds_total": round(total, 3), "seconds_max": max(s["seconds"] for s in per_seed),
                       "per_seed": per_seed},
            "baseline_random_best_of_20": {"repeat_pairs": rnd, "seconds": round(t_rnd, 3)},
            "baseline_greedy": {"repeat_pairs": greedy, "seconds": round(t_greedy, 3)}}


def partitions(n: int, size: int) -> list[list[list[int]]]:
    """Every split of players 0..n−1 into tables of ``size`` (tables in order of their first player)."""
    def rec(left: list[int]) -> list[list[list[int]]]:
        if not left:
            return [[]]
        first, rest = left[0], left[1:]
        out = []
        for others in combinations(rest, size - 1):
            table = [first, *others]
            remaining = [p for p in rest if p not in others]
            out.extend([table, *tail] for tail in rec(remaining))
        return out
    return rec(list(range(n)))


def prove_minimum(n: int, rounds: int, size: int) -> dict[str, Any]:
    """The minimum K over all schedules of 3 or 4 rounds with equal tables, by exhaustion (see the module
    text)."""
    import numpy as np

    if n % size or rounds not in (3, 4):
        raise ValueError("the proof covers equal tables and 3 or 4 rounds")
    t0 = time.perf_counter()
    parts = partitions(n, size)
    pairs = {pq: i for i, pq in enumerate(combinations(range(n), 2))}
    vec = np.zeros((len(parts), len(pairs)), dtype=np.float32)
    for k, part in enumerate(parts):
        for t in part:
            for pq in combinations(sorted(t), 2):
                vec[k, pairs[pq]] = 1
    first = parts[0]
    tables = range(len(first))

    def klass(part: list[list[int]]) -> tuple[int, ...]:
        m = [[len(set(a) & set(b)) for b in part] for a in first]
        return min(tuple(m[i][j] for i in rp for j in cp)
                   for rp in permutations(tables) for cp in permutations(tables))

    reps: dict[tuple[int, ...], int] = {}
    for k, part in enumerate(parts):
        reps.setdefault(klass(part), k)
    per_round = len(first) * size * (size - 1) // 2
    best, witness = -1, None
    for k2 in reps.values():
        base = np.maximum(vec[0], vec[k2])
        union = np.maximum(vec, base)                       # rounds 1, 2 and each r3
        if rounds == 3:
            covered = union.sum(axis=1)
            j3, j4 = int(covered.argmax()), None
            value = int(covered[j3])
        else:
            overlap = vec @ union.T                          # [r4, r3] = |r4 ∩ U(r3)|
            covered = union.sum(axis=1) + per_round - overlap.min(axis=0)
            j3 = int(covered.argmax())
            j4 = int(overlap[:, j3].argmin())
            value = int(covered[j3])
        if value > best:
            best = value
            witness = [parts[0], parts[k2], parts[j3]] + ([parts[j4]] if j4 is not None else [])
    assert witness is not None
    minimum = rounds * per_round - best
    assert repeat_pairs(witness, n) == minimum
    return {"players": n, "rounds": rounds, "size": size, "minimum_repeat_pairs": minimum,
            "max_different_pairs": best, "splits_per_round": len(parts), "round2_classes": len(reps),
            "schedules_checked": len(reps) * len(parts) ** (rounds - 2), "witness": witness,
            "seconds": round(time.perf_counter() - t0, 3),
            "method": "exhaustive: round 1 fixed, round 2 one per symmetry class, all rounds 3 and 4 "
                      "(numpy matrix product over the pair vectors)"}


def league_doc(entrants: int, results: int, seed: int) -> dict[str, Any]:
    rng = Rng(seed)
    ids = [f"p{i}" for i in range(entrants)]
    res = []
    for _ in range(results):
        players = rng.sample(ids, 4)
        res.append({"scores": {p: rng.randrange(200) for p in players}})
    return {"preset": "ttr-event", "entrants": ids, "results": res}


def series_doc(entrants: int, results: int, seed: int) -> dict[str, Any]:
    rng = Rng(seed)
    ids = [f"t{i}" for i in range(entrants)]
    res = []
    for r in range(results):
        a, b = rng.sample(ids, 2)
        w, lo = (a, b) if rng.randrange(2) else (b, a)
        games = [{"winner": w, "surviving": 1 + rng.randrange(3), "lost_hp": rng.randrange(4)}]
        if rng.randrange(2):
            games.append({"winner": lo, "surviving": 1 + rng.randrange(3), "lost_hp": rng.randrange(4)})
        games.append({"winner": w, "surviving": 1 + rng.randrange(3), "lost_hp": rng.randrange(4)})
        res.append({"a": a, "b": b, "round": r, "games": games})
    return {"preset": "sgs-3v3-2012", "entrants": ids, "results": res}


def naive_points(doc: dict[str, Any]) -> list[tuple[str, float]]:
    pts: dict[str, float] = dict.fromkeys(doc["entrants"], 0)
    for r in doc["results"]:
        if "scores" in r:
            sc = r["scores"]
            for p, v in sc.items():
                place = 1 + sum(1 for o in sc.values() if o > v)
                pts[p] += (10, 7, 5, 3)[place - 1]
        else:
            wa = sum(g["winner"] == r["a"] for g in r["games"])
            wb = len(r["games"]) - wa
            pts[r["a"]] += 3 if wa == 2 and wb == 0 else 2 if wa == 2 else 1 if wb == 2 and wa == 1 else 0
            pts[r["b"]] += 3 if wb == 2 and wa == 0 else 2 if wb == 2 else 1 if wa == 2 and wb == 1 else 0
    return sorted(pts.items(), key=lambda kv: (-kv[1], kv[0]))


def standings_case(kind: str, entrants: int, results: int) -> dict[str, Any]:
    doc = (league_doc if kind == "ttr-event" else series_doc)(entrants, results, 7)
    t = time.perf_counter()
    rows = standings(doc)
    full = time.perf_counter() - t
    t = time.perf_counter()
    naive = naive_points(doc)
    base = time.perf_counter() - t
    assert [r["points"] for r in rows] == [p for _, p in naive]  # same points, the chain only orders ties
    return {"preset": kind, "entrants": entrants, "results": results, "seconds": round(full, 3),
            "results_per_second": round(results / full),
            "needs_decision": sum(r["needs_decision"] for r in rows),
            "baseline_sum_and_sort_seconds": round(base, 3), "ratio_to_baseline": round(full / base, 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="fewer seeds and smaller standings (a smoke run)")
    ap.add_argument("--prove", action="store_true", help="prove the minimum K of 12 players x 4 rounds")
    args = ap.parse_args()
    if args.prove:
        proof = prove_minimum(12, 4, 4)
        assert PROVEN_MINIMA[(12, 4, 4)] == proof["minimum_repeat_pairs"]
        print(f"12 players x 4 rounds: minimum repeat pairs {proof['minimum_repeat_pairs']} "
              f"({proof['round2_classes']} classes of round 2, {proof['schedules_checked']:,} schedules, "
              f"{proof['seconds']} s)")
        path = save_results("tournament_proof",
                            {"benchmark": "tournament_tables --prove", "machine": machine(), **proof})
        print(f"wrote {path}")
        return
    q = args.quick
    cases = [table_case(16, 4, 3), table_case(12, 3, 3), table_case(12, 4, 3), table_case(64, 5, 3),
             table_case(16, 5, 3), table_case(20, 5, 3), table_case(24, 6, 3 if q else 10),
             table_case(32, 8, 1 if q else 3)]
    for c in cases:
        s = c["search"]
        print(f"{c['players']:>3} players × {c['rounds']} rounds: repeats {s['best_repeat_pairs']}–"
              f"{s['worst_repeat_pairs']} over {s['seeds']} seeds, {s['seeds_at_lower_bound']} at the bound "
              f"{c['lower_bound']} (random {c['baseline_random_best_of_20']['repeat_pairs']}, greedy "
              f"{c['baseline_greedy']['repeat_pairs']}), seat imbalance "
              f"{max(x['seat_imbalance'] for x in s['per_seed'])}, at most {s['seconds_max']} s per seed",
              flush=True)
    big = [standings_case("ttr-event", 1000 if q else 10_000, 10_000 if q else 100_000),
           standings_case("sgs-3v3-2012", 1000 if q else 10_000, 10_000 if q else 100_000)]
    for b in big:
        print(f"standings {b['preset']}: {b['entrants']} entrants, {b['results']} results "
              f"in {b['seconds']} s (sum-and-sort baseline {b['baseline_sum_and_sort_seconds']} s)",
              flush=True)
    out = {"benchmark": "tournament_tables", "quick": q, "machine": machine(), "tables": cases,
           "standings": big,
           "anchor": "exhaustive zero-repeat search for 24 players x 6 rounds: 23-29 h"}
    print(f"wrote {save_results('tournament', out)}")


if __name__ == "__main__":
    main()
