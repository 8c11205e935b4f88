"""Blokus move generation: the fast generator against the naive one, side by side.

Positions come from seeded random games (every position before a decision; the colour to move).
Each generator lists that colour's legal placements; we time each position separately and report
the median and max milliseconds per position and the ratio.  Times are the process's CPU time
(``time.process_time``), so that other programs on a busy machine do not count.  The fast generator caches its
narrowed anchor lists lazily (per anchor square and 3×3 pattern of forbidden squares), so we
report it twice, each time over the same measured positions, timed once each:

* ``fast_cold_cache``: the cache emptied first (every list computed on first use);
* ``fast_steady``: the cache warmed by ``--warmup`` other games (different seeds) first, as in a
  long-running bot or server process.

    .venv/bin/python -m bench.blokus_movegen [--games 40] [--warmup 40] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from bench.blokus_naive import naive_legal_moves
from bench.machine import machine, save_results
from tablesport.core import Rng
from tablesport.games.blokus import GAME, BlokusState, movegen
from tablesport.games.blokus.board import CORNER_BITS, MOVE_STRING, SIZE, bit
from tablesport.games.blokus.pieces import PIECE_NAMES

Position = tuple[int, int, int, int, list[list[int]], set[str]]


def positions(games: int, seed: int) -> list[Position]:
    out: list[Position] = []
    for g in range(games):
        state = GAME.start("blokus-event", seed + g)
        assert isinstance(state, BlokusState)
        rng = Rng(seed * 7919 + g)
        while (d := state.pending()) is not None:
            c = state.current
            assert c is not None
            grid = [[-1] * SIZE for _ in range(SIZE)]
            for k, own in enumerate(state.own):
                for y in range(SIZE):
                    for x in range(SIZE):
                        if own >> bit(x, y) & 1:
                            grid[y][x] = k
            used = {n for p, n in enumerate(PIECE_NAMES) if state.used[c] >> p & 1}
            out.append((c, state.own[c], state.occupied, state.used[c], grid, used))
            state.apply(d.seats[0], state.random_action(d.seats[0], rng))
    return out


def time_fast(pos: list[Position], repeat: int) -> tuple[list[float], list[set[str]]]:
    times: list[float] = []
    found: list[set[str]] = []
    clock = time.process_time
    gen = movegen.legal_placements
    for c, own, occ, used, _, _ in pos:
        best = float("inf")
        for _ in range(repeat):
            t0 = clock()
            ids = gen(own, occ, used, CORNER_BITS[c])
            best = min(best, clock() - t0)
        times.append(best * 1000)
        found.append({MOVE_STRING[i] for i in ids})
    return times, found


def time_naive(pos: list[Position]) -> tuple[list[float], list[set[str]]]:
    times: list[float] = []
    found: list[set[str]] = []
    clock = time.process_time
    for c, _, _, _, grid, used in pos:
        t0 = clock()
        moves = naive_legal_moves(grid, c, used)
        times.append((clock() - t0) * 1000)
        found.append(moves)
    return times, found


def summary(ms: list[float]) -> dict[str, float]:
    return {"median_ms": round(statistics.median(ms), 4), "mean_ms": round(statistics.fmean(ms), 4),
            "max_ms": round(max(ms), 4), "total_ms": round(sum(ms), 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--warmup", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    pos = positions(args.games, args.seed)
    movegen.clear_cache()
    cold, fast_moves = time_fast(pos, repeat=1)
    movegen.clear_cache()
    time_fast(positions(args.warmup, args.seed + 1_000_000), repeat=1)
    warmed_lists = movegen.cached_lists()
    warm, _ = time_fast(pos, repeat=1)
    naive, naive_moves = time_naive(pos)
    mismatches = sum(1 for a, b in zip(fast_moves, naive_moves, strict=True) if a != b)
    naive_counts = [len(m) for m in naive_moves]
    out = {
        "benchmark": "blokus_movegen",
        "what": "legal placements of the colour to move, per position, from seeded random 4-player games",
        "games": args.games,
        "seed": args.seed,
        "positions": len(pos),
        "legal_moves": {"median": statistics.median(naive_counts), "max": max(naive_counts)},
        "positions_where_move_sets_differ": mismatches,
        "naive": summary(naive),
        "fast_cold_cache": summary(cold),
        "fast_steady": summary(warm),
        "warmup_games": args.warmup,
        "ratio_median_cold": round(statistics.median(naive) / statistics.median(cold), 1),
        "ratio_median_steady": round(statistics.median(naive) / statistics.median(warm), 1),
        "ratio_total_cold": round(sum(naive) / sum(cold), 1),
        "ratio_total_steady": round(sum(naive) / sum(warm), 1),
        "anchor_lists_after_warmup": warmed_lists,
        "anchor_lists_after_run": movegen.cached_lists(),
        "machine": machine(),
    }
    save_results("blokus_movegen", out)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
