"""Tournament benchmarks: league table assignment quality and time, and standings at scale.

Table assignment (tables of 4), each case side by side with two baselines measured in the same run:
``random`` (each round a fresh random split, best of 20 tries) and ``greedy`` (each round built
player by player at the table with the fewest earlier meetings). Cases: 16 × 4 (zero repeats
exist), 12 × 4 (repeats unavoidable; the proven lower bound is reported), 64 × 5, and 24 × 6 —
the anchor: an exhaustive zero-repeat search for 24 players × 6 rounds took 23–29 h.

Standings: 10,000 entrants and 100,000 results, for a placement league (ttr-event: 100,000 tables
of 4) and for Sanguosha 2012 series (100,000 best-of-3 matches, chain A/B/C with head-to-head),
against a baseline that only sums points and sorts (no validation, no chain).

    .venv/bin/python -m bench.tournament_tables [--quick]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path
from typing import Any

from bench.machine import machine
from tablesport.core import Rng
from tablesport.tournament.league import lower_bound, plan_tables, repeat_pairs, seat_imbalance, table_sizes
from tablesport.tournament.standings import standings

RESULTS = Path(__file__).parent / "results" / "tournament.json"


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


def table_case(n: int, rounds: int, effort: int, seeds: int) -> dict[str, Any]:
    best: dict[str, Any] | None = None
    t0 = time.perf_counter()
    per_seed = []
    for seed in range(1, seeds + 1):
        t = time.perf_counter()
        plan = plan_tables(n, rounds, 4, seed, effort)
        per_seed.append({"seed": seed, "repeat_pairs": plan.repeat_pairs, "seconds": round(time.perf_counter() - t, 3)})
        if best is None or plan.repeat_pairs < best["repeat_pairs"]:
            best = {"repeat_pairs": plan.repeat_pairs, "seat_imbalance": seat_imbalance(plan.rounds, n, 4),
                    "seed": seed}
    assert best is not None
    t = time.perf_counter()
    rnd = random_baseline(n, rounds, 4, 1)
    t_rnd = time.perf_counter() - t
    t = time.perf_counter()
    greedy = greedy_baseline(n, rounds, 4, 1)
    t_greedy = time.perf_counter() - t
    return {"players": n, "rounds": rounds, "size": 4, "effort": effort, "lower_bound": lower_bound(n, rounds, 4),
            "search": {**best, "seconds_total": round(time.perf_counter() - t0 - t_rnd - t_greedy, 3),
                       "per_seed": per_seed},
            "baseline_random_best_of_20": {"repeat_pairs": rnd, "seconds": round(t_rnd, 3)},
            "baseline_greedy": {"repeat_pairs": greedy, "seconds": round(t_greedy, 3)}}


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
            "results_per_second": round(results / full), "needs_decision": sum(r["needs_decision"] for r in rows),
            "baseline_sum_and_sort_seconds": round(base, 3), "ratio_to_baseline": round(full / base, 2)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="small efforts (a smoke run)")
    args = ap.parse_args()
    q = args.quick
    cases = [table_case(16, 4, 200_000, 3), table_case(12, 4, 100_000 if q else 1_000_000, 2 if q else 5),
             table_case(64, 5, 200_000, 2 if q else 3), table_case(24, 6, 300_000 if q else 2_000_000, 1 if q else 3)]
    for c in cases:
        print(f"{c['players']:>3} players × {c['rounds']} rounds: repeats {c['search']['repeat_pairs']} "
              f"(bound {c['lower_bound']}, random {c['baseline_random_best_of_20']['repeat_pairs']}, greedy "
              f"{c['baseline_greedy']['repeat_pairs']}), seat imbalance {c['search']['seat_imbalance']}, "
              f"{c['search']['seconds_total']} s", flush=True)
    big = [standings_case("ttr-event", 1000 if q else 10_000, 10_000 if q else 100_000),
           standings_case("sgs-3v3-2012", 1000 if q else 10_000, 10_000 if q else 100_000)]
    for b in big:
        print(f"standings {b['preset']}: {b['entrants']} entrants, {b['results']} results in {b['seconds']} s "
              f"(sum-and-sort baseline {b['baseline_sum_and_sort_seconds']} s)", flush=True)
    out = {"benchmark": "tournament_tables", "quick": q, "machine": machine(), "tables": cases, "standings": big,
           "anchor": "exhaustive zero-repeat search for 24 players x 6 rounds: 23-29 h"}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(out, indent=2) + "\n")
    print(f"wrote {RESULTS}")


if __name__ == "__main__":
    main()
