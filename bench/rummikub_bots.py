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
import sys
import time
from itertools import combinations
from typing import Any

from bench.machine import RESULTS_DIR, machine, save_results
from tablesport.core import Bot, RandomBot, Rng
from tablesport.games.rummikub import GAME
from tablesport.games.rummikub.bots import GreedyBot, PlannerBot, RolloutBot

BOTS: dict[str, type[Bot]] = {"rollout": RolloutBot, "planner": PlannerBot, "greedy": GreedyBot,
                              "random": RandomBot}
OPTIONS: dict[str, dict[str, Any]] = {}
"""Options for a bot of the duels (``--rollouts`` sets the rollout bot's); a bot not named: its defaults."""


def play(seats: list[str], seed: int) -> Any:
    st = GAME.start("rummikub-2018", seed)
    bots = [BOTS[name](Rng(seed * 10 + i), **OPTIONS.get(name, {})) for i, name in enumerate(seats)]
    while (d := st.pending()) is not None:
        s = d.seats[0]
        st.apply(s, bots[s].act(st, s, d))
    return st.result()


def game_record(a: str, b: str, g: int) -> dict[str, Any]:
    """Game ``g`` of the duel a–b: seeds 50,000 + g, seats a b a b (b a b a in odd games)."""
    seats = [a, b, a, b] if g % 2 == 0 else [b, a, b, a]
    res = play(seats, 50_000 + g)
    return {"game": g, "seats": seats, "scores": list(res.scores), "placements": list(res.placements),
            "melded": list(res.stats["melded"]), "reason": res.reason}


def tally(a: str, b: str, records: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """Per bot: games won (a shared first place counts as a fraction), mean score and placement of its
    two seats, games it ended never having melded; the win rate's standard error."""
    games = len(records)
    out = {n: {"wins": 0.0, "score": 0.0, "placement": 0.0, "never_melded": 0} for n in (a, b)}
    reasons: dict[str, int] = {}
    for r in records:
        reasons[r["reason"]] = reasons.get(r["reason"], 0) + 1
        firsts = [s for s, p in enumerate(r["placements"]) if p == 1]
        for s, name in enumerate(r["seats"]):
            t = out[name]
            t["wins"] += (1 / len(firsts)) if s in firsts else 0
            t["score"] += r["scores"][s] / 2
            t["placement"] += r["placements"][s] / 2
            t["never_melded"] += 0 if r["melded"][s] else 1
    for t in out.values():
        rate = t["wins"] / games
        t["win_rate"] = round(rate, 3)
        t["win_rate_standard_error"] = round((rate * (1 - rate) / games) ** 0.5, 4)
        t["mean_score"] = round(t.pop("score") / games, 2)
        t["mean_placement"] = round(t.pop("placement") / games, 3)
    return {"bots": [a, b], "games": games, "results": out, "end_reasons": reasons,
            "seconds": round(seconds, 1)}


def duel(a: str, b: str, games: int, part: int = 0, parts: int = 1, reverse: bool = False) -> dict[str, Any]:
    """The duel's games ``g`` with ``g % parts == part`` (all of them by default; last first with
    ``reverse``), one line each on stderr as it ends."""
    t0 = time.perf_counter()
    records = []
    order = range(part, games, parts)
    for g in reversed(order) if reverse else order:
        records.append(game_record(a, b, g))
        print(json.dumps(records[-1]), file=sys.stderr, flush=True)
    result = tally(a, b, records, time.perf_counter() - t0)
    result["game_records"] = records
    return result


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
    ap.add_argument("--rollouts", type=int,
                    help="sampled deals per decision of the rollout bot (default: its own)")
    ap.add_argument("--out", default="rummikub_bots", help="results file name in bench/results (no .json)")
    ap.add_argument("--part", help="K/N: only the games g with g %% N == K (a share of the run for one "
                                   "process), written to bench/results/OUT.part-K-of-N.json")
    ap.add_argument("--merge", type=int, metavar="N", help="merge the N parts of OUT into OUT.json")
    ap.add_argument("--reverse", action="store_true",
                    help="play the games last first (a second process on a part)")
    ap.add_argument("--merge-lines", nargs="+", metavar="FILE",
                    help="tally OUT.json from game lines (the stderr of parts, duplicates counted once)")
    args = ap.parse_args()
    if args.merge:
        merge(args.out, args.merge)
        return
    if args.merge_lines:
        merge_lines(args.out, args.merge_lines, args.games)
        return
    part, parts = (int(x) for x in args.part.split("/")) if args.part else (0, 1)
    pairs = parse_pairs(args.pairs)
    command = f".venv/bin/python -m bench.rummikub_bots --games {args.games}"
    if args.pairs is not None:
        command += f" --pairs {args.pairs}"
    if args.rollouts is not None:
        OPTIONS["rollout"] = {"rollouts": args.rollouts}
        command += f" --rollouts {args.rollouts}"
    if args.out != "rummikub_bots":
        command += f" --out {args.out}"
    if args.part:
        command += f" --part {args.part}"
    if args.reverse:
        command += " --reverse"
    out = {
        "benchmark": "rummikub_bots",
        "command": command,
        "preset": "rummikub-2018",
        "format": "two seats per bot, alternating; the seat pattern flips every other game",
        "duels": [duel(a, b, args.games, part, parts, args.reverse) for a, b in pairs],
        "machine": machine(),
    }
    if args.part:
        out["part"] = args.part
    save_results(f"{args.out}.part-{part}-of-{parts}" if args.part else args.out, out)
    print(json.dumps(out, indent=2))


def merge(name: str, parts: int) -> None:
    """OUT.json from OUT.part-K-of-N.json (K = 0..N-1): the duels' games pooled and tallied again."""
    paths = [RESULTS_DIR / f"{name}.part-{k}-of-{parts}.json" for k in range(parts)]
    loaded = [json.loads(path.read_text()) for path in paths]
    first = loaded[0]
    duels = []
    for i, d in enumerate(first["duels"]):
        records = sorted((r for part in loaded for r in part["duels"][i]["game_records"]),
                         key=lambda r: r["game"])
        seconds = sum(part["duels"][i]["seconds"] for part in loaded)
        merged = tally(d["bots"][0], d["bots"][1], records, seconds)
        merged["game_records"] = records
        duels.append(merged)
    command = first["command"].split(" --part")[0] + f" (in {parts} parts, then --merge {parts})"
    out = {**first, "command": command, "duels": duels}
    out.pop("part", None)
    save_results(name, out)
    print(json.dumps({d["bots"][0]: d["results"] for d in duels}, indent=2))



def merge_lines(name: str, files: list[str], games: int) -> None:
    """OUT.json from the game lines of processes that played parts of one duel (each game once)."""
    records: dict[int, dict[str, Any]] = {}
    for path in files:
        with open(path) as f:
            for line in f:
                if line.startswith("{"):
                    r = json.loads(line)
                    records[r["game"]] = r
    ordered = [records[g] for g in sorted(records)]
    missing = [g for g in range(games) if g not in records]
    a, b = ordered[0]["seats"][:2] if ordered[0]["game"] % 2 == 0 else ordered[0]["seats"][1::-1]
    duel_out = tally(a, b, ordered, 0.0)
    duel_out.pop("seconds")
    duel_out["game_records"] = ordered
    command = (f".venv/bin/python -m bench.rummikub_bots --games {games} --pairs {a}:{b} in processes of "
               "--part K/N [--reverse], then --merge-lines")
    out = {"benchmark": "rummikub_bots", "command": command, "preset": "rummikub-2018",
           "format": "two seats per bot, alternating; the seat pattern flips every other game",
           "games_missing": missing, "duels": [duel_out], "machine": machine()}
    save_results(name, out)
    summary = {"games": len(ordered), "missing": len(missing), "results": duel_out["results"]}
    print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
