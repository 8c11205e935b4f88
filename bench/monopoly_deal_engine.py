"""Monopoly Deal engine speed: random 4-player games, decisions per CPU second on one core, with the goofspiel
baseline measured in the same run under the same random driver.

Run: .venv/bin/python -m bench.monopoly_deal_engine [--games N] [--rounds R] [--previous DIR]

The rounds alternate the games (goofspiel, the event preset, the classic preset, and with ``--previous`` the
same two presets on an earlier engine, see bench/previous.py); the figures are the medians of the rounds, so a
change in the machine's load during the run touches every game alike. Rates are per CPU second of this process
(``time.process_time``). Writes bench/results/monopoly_deal_engine.json with the machine it ran on.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

from bench.machine import machine, save_results
from bench.previous import load_previous
from tablesport.core import Rng, Ruleset, State
from tablesport.games import find_preset


def play(preset: str, games: int, bot: str = "random",
         new_state: Callable[[Ruleset, int], State] | None = None) -> dict[str, float]:
    game, rs = find_preset(preset)
    make = new_state or game.new_state
    decisions = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for seed in range(games):
        s = make(rs, seed)
        rng = Rng(seed + 1)
        bots = [game.bots()[bot](Rng(seed * 10 + k)) for k in range(rs.seats)] if bot != "random" else None
        while (d := s.pending()) is not None:
            seat = d.seats[0]
            s.apply(seat, bots[seat].act(s, seat, d) if bots else s.random_action(seat, rng))
            decisions += 1
    dt = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return {"games": games, "decisions": decisions, "seconds": round(dt, 3), "cpu_seconds": round(cpu, 3),
            "games_per_s": round(games / cpu, 1), "decisions_per_s": round(decisions / cpu)}


def median_row(rounds: list[dict[str, float]]) -> dict[str, Any]:
    """The round with the median rate, and every round's rate."""
    ordered = sorted(rounds, key=lambda r: r["decisions_per_s"])
    return {**ordered[len(ordered) // 2], "rounds": [r["decisions_per_s"] for r in rounds]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--previous", help="a directory with an earlier engine (bench/previous.py)")
    args = ap.parse_args()
    runs: dict[str, Callable[[], dict[str, float]]] = {
        "goofspiel-2p (baseline)": lambda: play("goofspiel-2p", args.games * 5),
        "monopoly-deal-event": lambda: play("monopoly-deal-event", args.games),
        "monopoly-deal-classic": lambda: play("monopoly-deal-classic", args.games),
    }
    if args.previous:
        prev = load_previous(args.previous, "monopoly_deal").MonopolyDealState
        runs["monopoly-deal-event (previous engine)"] = lambda: play("monopoly-deal-event", args.games,
                                                                     new_state=prev)
        runs["monopoly-deal-classic (previous engine)"] = lambda: play("monopoly-deal-classic", args.games,
                                                                       new_state=prev)
    rounds: dict[str, list[dict[str, float]]] = {k: [] for k in runs}
    for _ in range(args.rounds):
        for k, run in runs.items():
            rounds[k].append(run())
    rows = {k: median_row(v) for k, v in rounds.items()}
    rows["monopoly-deal-event (heuristic bots)"] = play("monopoly-deal-event", max(5, args.games // 10),
                                                        "heuristic")
    base = rows["goofspiel-2p (baseline)"]["decisions_per_s"]
    out: dict[str, Any] = {
        "machine": machine(), "driver": "random bot, one process, one core", "rate": "per CPU second",
        "command": ".venv/bin/python -m bench.monopoly_deal_engine "
                   f"--games {args.games} --rounds {args.rounds}"
                   + (" --previous DIR" if args.previous else ""),
        "results": rows,
        "ratio_to_goofspiel": {k: round(v["decisions_per_s"] / base, 3) for k, v in rows.items()},
    }
    if args.previous:
        out["speedup_over_previous"] = {
            p: round(rows[p]["decisions_per_s"] / rows[f"{p} (previous engine)"]["decisions_per_s"], 3)
            for p in ("monopoly-deal-event", "monopoly-deal-classic")}
    for k, v in rows.items():
        print(f"{k:<42} {v['games_per_s']:>8} games/s {v['decisions_per_s']:>9} decisions/s")
    save_results("monopoly_deal_engine", out)


if __name__ == "__main__":
    main()
