"""Ticket to Ride engine speed: random 4-player ``ttr-event`` games, with the goofspiel baseline measured in
the same run by the same loop (``pending`` → ``random_action`` → ``apply``).

Decisions per second and games per second, per core (processor time of this one process), and the ratio to
goofspiel; plus the exact longest path after every claim, timed on its own: its length (what the engine keeps
after a claim) and the trail itself, its routes in order (what a view shows, worked out when a view asks).
→ bench/results/ticket_to_ride_engine.json

    .venv/bin/python -m bench.ticket_to_ride_engine [--games 200] [--baseline-games 2000] [--rounds 3]
        [--previous DIR]

The rounds alternate the games (and with ``--previous``, ``ttr-event`` on an earlier engine, see
bench/previous.py; its ``longest_trail`` is then timed on the same networks too), and the figures are the
medians of the rounds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from bench.machine import machine, save_results
from bench.previous import load_previous
from tablesport.core import Rng, Ruleset, State
from tablesport.games import find_preset
from tablesport.games.ticket_to_ride.board import board
from tablesport.games.ticket_to_ride.scoring import longest_trail, trail_edges


def run(preset: str, games: int, first_seed: int,
        new_state: Callable[[Ruleset, int], State] | None = None) -> dict[str, float]:
    game, rs = find_preset(preset)
    make = new_state or game.new_state
    decisions = 0
    t0 = time.process_time()
    for seed in range(first_seed, first_seed + games):
        st = make(rs, seed)
        rng = Rng(seed)
        while (d := st.pending()) is not None:
            s = d.seats[0]
            st.apply(s, st.random_action(s, rng))
            decisions += 1
    cpu = time.process_time() - t0
    return {"games": games, "decisions": decisions, "cpu_seconds": round(cpu, 3),
            "decisions_per_second": round(decisions / cpu), "games_per_second": round(games / cpu, 2)}


Finder = Callable[[list[tuple[int, int, int]]], object]


def longest_path_timing(games: int, previous: Finder | None = None) -> dict[str, Any]:
    """The longest path of every player's network after each claim of random games, timed alone (and the
    earlier engine's ``longest_trail`` on the same networks, when given)."""
    game, rs = find_preset("ttr-event")
    b = board()
    nets: list[list[tuple[int, int, int]]] = []
    for seed in range(games):
        st = game.new_state(rs, 70_000 + seed)
        rng = Rng(seed)
        while (d := st.pending()) is not None:
            s = d.seats[0]
            st.apply(s, st.random_action(s, rng))
        for rids in st.claims:  # type: ignore[attr-defined]
            for k in range(1, len(rids) + 1):
                nets.append([(b.routes[r].ai, b.routes[r].bi, b.routes[r].length) for r in rids[:k]])

    def mean_microseconds(find: Finder) -> float:
        t0 = time.process_time()
        for net in nets:
            find(net)
        return round((time.process_time() - t0) / len(nets) * 1e6, 1)

    out = {"networks": len(nets), "largest": max(map(len, nets)),
           "mean_microseconds": mean_microseconds(longest_trail),
           "trail_mean_microseconds": mean_microseconds(trail_edges)}
    if previous is not None:
        out["previous_mean_microseconds"] = mean_microseconds(previous)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--baseline-games", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--previous", help="a directory with an earlier engine (bench/previous.py)")
    args = ap.parse_args()
    package = load_previous(args.previous, "ticket_to_ride") if args.previous else None
    prev = package.TicketToRideState if package else None
    ttr, goof, old = [], [], []
    for r in range(args.rounds):
        goof.append(run("goofspiel-2p", args.baseline_games, 1000 * r))
        ttr.append(run("ttr-event", args.games, 1000 * r))
        if prev is not None:
            old.append(run("ttr-event", args.games, 1000 * r, prev))

    def median(rows: list[dict[str, float]], key: str) -> float:
        return statistics.median(row[key] for row in rows)

    out: dict[str, Any] = {
        "benchmark": "ticket_to_ride_engine",
        "command": f".venv/bin/python -m bench.ticket_to_ride_engine --games {args.games} "
                   f"--baseline-games {args.baseline_games} --rounds {args.rounds}"
                   + (" --previous DIR" if args.previous else ""),
        "ttr_event": {"decisions_per_second": median(ttr, "decisions_per_second"),
                      "games_per_second": median(ttr, "games_per_second"),
                      "decisions_per_game": round(ttr[0]["decisions"] / ttr[0]["games"], 1), "rounds": ttr},
        "goofspiel_2p": {"decisions_per_second": median(goof, "decisions_per_second"),
                         "games_per_second": median(goof, "games_per_second"), "rounds": goof},
        "longest_path": longest_path_timing(max(1, args.games // 10),
                                            package.scoring.longest_trail if package else None),
        "machine": machine(),
    }
    out["ratio_to_goofspiel"] = round(out["ttr_event"]["decisions_per_second"]
                                      / out["goofspiel_2p"]["decisions_per_second"], 3)
    if old:
        out["ttr_event_previous_engine"] = {"decisions_per_second": median(old, "decisions_per_second"),
                                            "games_per_second": median(old, "games_per_second"),
                                            "rounds": old}
        out["speedup_over_previous"] = round(out["ttr_event"]["decisions_per_second"]
                                             / out["ttr_event_previous_engine"]["decisions_per_second"], 3)
    save_results("ticket_to_ride_engine", out)
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
