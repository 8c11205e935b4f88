"""Rummikub bots head to head: rollout, planner, greedy and random-legal, two seats each, over seeded games.

For every pair of bots, ``--games`` seeded 4-player games are played with the two bots in
alternating seats (the pattern flips every other game, so each bot sits first as often).  Per bot:
games won (a shared first place counts ½), mean score (the seed's scoring), mean placement and
how often a game ended with that bot never having melded.  → bench/results/rummikub_bots.json

    .venv/bin/python -m bench.rummikub_bots [--games 200] [--pairs rollout:planner,rollout:greedy]

``--pairs`` picks the duels (default: every pair of bots); the rollout bot's duels take most of
the time (~0.1 s per rollout decision against ~1 ms for the others).
"""

from __future__ import annotations

import argparse
import json
import time
from itertools import combinations
from typing import Any

from bench.machine import machine, save_results
from tablesport.core import Bot, RandomBot, Rng
from tablesport.games.rummikub import GAME
from tablesport.games.rummikub.bots import GreedyBot, PlannerBot, RolloutBot

BOTS: dict[str, type[Bot]] = {"rollout": RolloutBot, "planner": PlannerBot, "greedy": GreedyBot,
                              "random": RandomBot}


def play(seats: list[str], seed: int) -> Any:
    st = GAME.start("rummikub-2018", seed)
    bots = [BOTS[name](Rng(seed * 10 + i)) for i, name in enumerate(seats)]
    while (d := st.pending()) is not None:
        s = d.seats[0]
        st.apply(s, bots[s].act(st, s, d))
    return st.result()


def duel(a: str, b: str, games: int) -> dict[str, Any]:
    tally = {n: {"wins": 0.0, "score": 0.0, "placement": 0.0, "never_melded": 0} for n in (a, b)}
    reasons: dict[str, int] = {}
    t0 = time.perf_counter()
    for g in range(games):
        seats = [a, b, a, b] if g % 2 == 0 else [b, a, b, a]
        res = play(seats, 50_000 + g)
        reasons[res.reason] = reasons.get(res.reason, 0) + 1
        firsts = [s for s, p in enumerate(res.placements) if p == 1]
        for s, name in enumerate(seats):
            t = tally[name]
            t["wins"] += (1 / len(firsts)) if s in firsts else 0
            t["score"] += res.scores[s] / 2
            t["placement"] += res.placements[s] / 2
            t["never_melded"] += 0 if res.stats["melded"][s] else 1
    for t in tally.values():
        t["win_rate"] = round(t["wins"] / games, 3)
        t["mean_score"] = round(t.pop("score") / games, 2)
        t["mean_placement"] = round(t.pop("placement") / games, 3)
    return {"bots": [a, b], "games": games, "results": tally, "end_reasons": reasons,
            "seconds": round(time.perf_counter() - t0, 1)}


def parse_pairs(text: str | None) -> list[tuple[str, str]]:
    """``a:b,c:d`` → [(a, b), (c, d)]; None → every pair of bots."""
    if text is None:
        return list(combinations(BOTS, 2))
    pairs = []
    for item in text.split(","):
        names = item.strip().split(":")
        if len(names) != 2 or any(n not in BOTS for n in names) or names[0] == names[1]:
            raise SystemExit(f"--pairs: {item!r} is not two different bots a:b from {', '.join(BOTS)}")
        pairs.append((names[0], names[1]))
    return pairs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--pairs", help="duels to run, e.g. rollout:planner,rollout:greedy (default: every pair)")
    args = ap.parse_args()
    pairs = parse_pairs(args.pairs)
    command = f".venv/bin/python -m bench.rummikub_bots --games {args.games}"
    if args.pairs is not None:
        command += f" --pairs {args.pairs}"
    out = {
        "benchmark": "rummikub_bots",
        "command": command,
        "preset": "rummikub-2018",
        "format": "two seats per bot, alternating; the seat pattern flips every other game",
        "duels": [duel(a, b, args.games) for a, b in pairs],
        "machine": machine(),
    }
    save_results("rummikub_bots", out)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
