"""The rollout Sanguosha bot against the heuristic and random bots, sides swapped every game.

Run (one process, one core; resumable, every finished game is a line of the log):

    .venv/bin/python -m bench.sanguosha_search --games 400 --random-games 50 [--playouts 64]
        [--seconds 1.0] [--horizon 0] [--part K/N] [--log bench/results/sanguosha_search_games.jsonl]
    .venv/bin/python -m bench.sanguosha_search --summary
    .venv/bin/python -m bench.sanguosha_search --draft-only --games 400 --log FILE  (--summary: same --log)

Game ``g`` of a match uses seed ``g``; the rollout bot plays the first side of the preset in even
games and the second side in odd ones (3v3: cold/warm, 1v1: lord/renegade), the opponent plays the
other side. Decisions taken before a seat has a side (the 3v3 identity cards, the 1v1 role chooser)
are the heuristic's whoever sits there. Matches are interleaved game by game, so a run stopped
early has played every match about equally. ``--part K/N`` plays only the games with ``g % N == K``
(several processes, or several sittings). ``--summary`` tallies the log into
``bench/results/sanguosha_search.json``: per match the games played, the rollout bot's win rate
(a draw counts ½) with its standard error √(p(1−p)/n), the rate on each side, and the seconds per
game and per searched decision.

``--draft-only`` measures the draft search alone: the rollout bot's side answers only the draft by
search and every other decision with its draft policy (the drafter bot: the advisor's draft where the
preset has tables, the heuristic's play), against the drafter bot on the other side; only the draft
picks can differ.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

from bench.machine import RESULTS_DIR, machine, save_results
from tablesport.core import Bot, RandomBot, Rng
from tablesport.games import find_preset
from tablesport.games.sanguosha.bots import DrafterBot, HeuristicBot, RolloutBot

PRESETS = ("sgs-3v3-2012", "sgs-1v1-2014")
LOG = RESULTS_DIR / "sanguosha_search_games.jsonl"
OPPONENTS: dict[str, type[Bot]] = {"heuristic": HeuristicBot, "random": RandomBot, "drafter": DrafterBot}


def play_game(preset: str, opponent: str, g: int, options: dict[str, Any],
              draft_only: bool = False) -> dict[str, Any]:
    game, rs = find_preset(preset)
    mine = rs.sides[g % 2]
    state = game.new_state(rs, g)
    search = RolloutBot(Rng(1000 + g), **options)
    other = OPPONENTS[opponent](Rng(2000 + g))
    neutral = HeuristicBot(Rng(3000 + g))
    t0 = time.process_time()
    in_search = 0.0
    while (d := state.pending()) is not None:
        seat = d.seats[0]
        side = state.side_of(seat)
        bot = neutral if side is None else search if side == mine else other
        if bot is search and draft_only and d.kind != "draft":
            bot = search.policy
        a0 = time.process_time()
        action = bot.act(state, seat, d)
        if bot is search:
            in_search += time.process_time() - a0
        state.apply(seat, action)
    res = state.result()
    assert res is not None
    won = 0.5 if res.winner_side is None else float(res.winner_side == mine)
    return {"preset": preset, "opponent": opponent, "game": g, "rollout_side": mine,
            "winner_side": res.winner_side, "reason": res.reason, "score": won,
            "seconds": round(time.process_time() - t0, 3), "search_seconds": round(in_search, 3),
            "searched": search.searched, "playouts": search.spent, "options": options,
            "draft_only": draft_only}


def done_games(log: Path) -> set[tuple[str, str, int]]:
    if not log.exists():
        return set()
    out = set()
    for line in log.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            out.add((r["preset"], r["opponent"], r["game"]))
    return out


def run(args: argparse.Namespace) -> None:
    part, parts = (int(x) for x in args.part.split("/")) if args.part else (0, 1)
    if not 0 <= part < parts:
        raise SystemExit(f"--part K/N needs 0 ≤ K < N, got {args.part}")
    options = {"playouts": args.playouts, "seconds": args.seconds, "horizon": args.horizon,
               "candidates": args.candidates}
    log = Path(args.log)
    done = done_games(log)
    if args.draft_only:
        matches = [(p, "drafter", args.games) for p in PRESETS]
    else:
        matches = [(p, "heuristic", args.games) for p in PRESETS]
        matches += [(p, "random", args.random_games) for p in PRESETS]
    for g in range(part, max(n for _, _, n in matches), parts):
        for preset, opponent, n in matches:
            if g >= n or (preset, opponent, g) in done:
                continue
            r = play_game(preset, opponent, g, options, args.draft_only)
            with log.open("a") as f:
                f.write(json.dumps(r) + "\n")
            print(f"{preset} vs {opponent} game {g}: rollout ({r['rollout_side']}) scored {r['score']} "
                  f"in {r['seconds']} s", flush=True)


def rate(scores: list[float]) -> dict[str, Any]:
    n = len(scores)
    if n == 0:
        return {"games": 0}
    p = sum(scores) / n
    return {"games": n, "win_rate": round(p, 4), "standard_error": round(math.sqrt(p * (1 - p) / n), 4)}


def summary(log: Path) -> dict[str, Any]:
    rows: dict[str, Any] = {}
    lines = [json.loads(x) for x in log.read_text().splitlines() if x.strip()]
    seen: set[tuple[str, str, int]] = set()
    records = []
    for r in lines:
        key = (r["preset"], r["opponent"], r["game"])
        if key not in seen:
            seen.add(key)
            records.append(r)
    for preset in PRESETS:
        for opponent in OPPONENTS:
            rs = [r for r in records if r["preset"] == preset and r["opponent"] == opponent]
            if not rs:
                continue
            sides = sorted({r["rollout_side"] for r in rs})
            searched = sum(r["searched"] for r in rs)
            label = "draft search" if any(r.get("draft_only") for r in rs) else "rollout"
            rows[f"{preset} {label} vs {opponent}"] = {
                **rate([r["score"] for r in rs]),
                "by_rollout_side": {s: rate([r["score"] for r in rs if r["rollout_side"] == s])
                                    for s in sides},
                "seconds_per_game": round(sum(r["seconds"] for r in rs) / len(rs), 2),
                "searched_decisions_per_game": round(searched / len(rs), 1),
                "seconds_per_searched_decision":
                    round(sum(r["search_seconds"] for r in rs) / max(1, searched), 3),
                "playouts_per_searched_decision":
                    round(sum(r["playouts"] for r in rs) / max(1, searched), 1),
                "options": sorted({json.dumps(r["options"], sort_keys=True) for r in rs}),
            }
    return {"machine": machine(),
            "driver": "one process per part, one core each (on a shared machine); game g: seed g, the "
                      "rollout bot on the preset's first side in even games, the second in odd ones",
            "command": "python -m bench.sanguosha_search (see the module doc)",
            "results": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=400, help="games per preset against the heuristic")
    ap.add_argument("--random-games", type=int, default=100, help="games per preset against random")
    ap.add_argument("--playouts", type=int, default=64)
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--horizon", type=int, default=0)
    ap.add_argument("--candidates", type=int, default=4)
    ap.add_argument("--draft-only", action="store_true",
                    help="only the draft searched, against the drafter bot (see the module doc)")
    ap.add_argument("--part", help="K/N: only the games g with g %% N == K")
    ap.add_argument("--log", default=str(LOG), help="the game log (JSON lines) to append to and resume from")
    ap.add_argument("--summary", action="store_true",
                    help="tally the log into bench/results/sanguosha_search.json")
    ap.add_argument("--name", default="sanguosha_search", help="the results file's name (with --summary)")
    args = ap.parse_args()
    if args.summary:
        out = summary(Path(args.log))
        for k, v in out["results"].items():
            print(f"{k:<40} {v['games']:>4} games  "
                  f"{v.get('win_rate', 0):.1%} ± {v.get('standard_error', 0):.1%}")
        save_results(args.name, out)
        return
    run(args)


if __name__ == "__main__":
    main()
