"""Full Sanguosha games per second on one core, with random bots and with the heuristic bot.

Run: .venv/bin/python -m bench.sanguosha_games [--games N]
Writes bench/results/sanguosha_games.json with the machine it ran on. The baseline measured side by
side in the same run is the random bot on every seat (the engine's own cost plus a trivial
answer); the heuristic rows show what the bot adds. For each row: games and decisions per second
(whole games, from the draft to the result), the time spent inside the bots' ``act`` and the bot's
own decisions per second (its answers alone, the engine excluded).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.core import Bot, RandomBot, Rng
from tablesport.games import find_preset
from tablesport.games.sanguosha.bots import HeuristicBot

PRESETS = ("sgs-3v3-2011", "sgs-3v3-2014", "sgs-3v3-2012", "sgs-1v1-2014")


def play(preset: str, games: int, bots: tuple[type[Bot], type[Bot]]) -> dict[str, Any]:
    """``games`` seeded games; ``bots`` = (first side's bot, second side's bot)."""
    game, rs = find_preset(preset)
    decisions = 0
    in_bots = 0.0
    wins: dict[str, int] = {}
    t0 = time.perf_counter()
    for seed in range(games):
        s = game.new_state(rs, seed)
        players = {k: (bots[0](Rng(seed * 16 + k)), bots[1](Rng(seed * 16 + 8 + k))) for k in range(rs.seats)}
        while (d := s.pending()) is not None:
            seat = d.seats[0]
            side = s.side_of(seat)
            bot = players[seat][0 if side in (None, rs.sides[0]) else 1]
            a0 = time.perf_counter()
            action = bot.act(s, seat, d)
            in_bots += time.perf_counter() - a0
            s.apply(seat, action)
            decisions += 1
        res = s.result()
        assert res is not None
        key = res.winner_side or "draw"
        wins[key] = wins.get(key, 0) + 1
    dt = time.perf_counter() - t0
    return {
        "games": games, "decisions": decisions, "seconds": round(dt, 3),
        "games_per_s": round(games / dt, 2), "decisions_per_s": round(decisions / dt),
        "bot_seconds": round(in_bots, 3), "bot_share": round(in_bots / dt, 3),
        "bot_decisions_per_s": round(decisions / in_bots) if in_bots else None,
        "wins": wins,
    }


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    args = ap.parse_args()
    rows: dict[str, dict[str, Any]] = {}
    for preset in PRESETS:
        n = args.games
        rows[f"{preset} random (baseline)"] = play(preset, n, (RandomBot, RandomBot))
        rows[f"{preset} heuristic"] = play(preset, n, (HeuristicBot, HeuristicBot))
        rows[f"{preset} heuristic vs random"] = play(preset, n, (HeuristicBot, RandomBot))
    for k, v in rows.items():
        print(f"{k:<42} {v['games_per_s']:>7} games/s {v['decisions_per_s']:>7} decisions/s "
              f"bot {v['bot_decisions_per_s']:>7} decisions/s ({v['bot_share']:.0%} of the time)")
    out = {"machine": machine(), "driver": "one process, one core; seeds 0..games-1",
           "games_per_row": args.games, "results": rows}
    save_results("sanguosha_games", out)


if __name__ == "__main__":
    main()
