"""Monopoly Deal engine speed: random 4-player games, decisions per CPU second on one core, with the goofspiel
baseline measured in the same run under the same random driver.

Run: .venv/bin/python -m bench.monopoly_deal_engine [--games N]
Writes bench/results/monopoly_deal_engine.json with the machine it ran on. Rates are per CPU second of this
process (``time.process_time``), so other work on the machine does not count against them.
"""

from __future__ import annotations

import argparse
import time

from bench.machine import machine, save_results
from tablesport.core import Rng
from tablesport.games import find_preset


def play(preset: str, games: int, bot: str = "random") -> dict[str, float]:
    game, rs = find_preset(preset)
    decisions = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    for seed in range(games):
        s = game.new_state(rs, seed)
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    rows = {
        "monopoly-deal-event": play("monopoly-deal-event", args.games),
        "monopoly-deal-classic": play("monopoly-deal-classic", args.games),
        "monopoly-deal-event (heuristic bots)": play("monopoly-deal-event", max(5, args.games // 10),
                                                     "heuristic"),
        "goofspiel-2p (baseline)": play("goofspiel-2p", args.games * 5),
    }
    base = rows["goofspiel-2p (baseline)"]["decisions_per_s"]
    out = {"machine": machine(), "driver": "random bot, one process, one core", "rate": "per CPU second",
           "results": rows,
           "ratio_to_goofspiel": {k: round(v["decisions_per_s"] / base, 3) for k, v in rows.items()}}
    for k, v in rows.items():
        print(f"{k:<40} {v['games_per_s']:>8} games/s {v['decisions_per_s']:>9} decisions/s")
    save_results("monopoly_deal_engine", out)


if __name__ == "__main__":
    main()
