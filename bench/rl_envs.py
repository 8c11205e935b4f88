"""RL environment speed: decisions per CPU second through ``tablesport.rl.env`` (random legal indexes,
observations of the acting seat and masks at every step, as a learner sees them) against the game's own
engine under the random bot (``state.random_action``), measured in the same run.

Run: .venv/bin/python -m bench.rl_envs [--decisions N] [--rounds R]

Each measurement plays games of one preset until ``--decisions`` actions have been applied; the figures
are the medians of the rounds (the rounds alternate the presets). A Sanguosha action takes several
environment steps (its path of indexes), so its steps are counted too. Rates are per CPU second of this
process (``time.process_time``). Writes bench/results/rl_envs.json with the machine it ran on.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from bench.machine import machine, save_results
from tablesport.core import Rng
from tablesport.games import find_preset
from tablesport.rl import env as rl_env

PRESETS = ["goofspiel-2p", "blokus-2p", "ttr-classic", "monopoly-deal-classic", "rummikub-2018",
           "pictionary-event", "sgs-3v3-2012", "sgs-1v1-2014"]


def engine(preset: str, decisions: int) -> dict[str, float]:
    game, rs = find_preset(preset)
    done, seed = 0, 0
    c0 = time.process_time()
    while done < decisions:
        state = game.new_state(rs, seed)
        rng = Rng(seed + 1)
        while done < decisions and (d := state.pending()) is not None:
            seat = d.seats[0]
            state.apply(seat, state.random_action(seat, rng))
            done += 1
        seed += 1
    cpu = time.process_time() - c0
    return {"decisions": done, "cpu_seconds": round(cpu, 3), "decisions_per_s": round(done / cpu, 1)}


def environment(preset: str, decisions: int) -> dict[str, float]:
    env = rl_env(preset)
    rng = np.random.default_rng(1)
    done = steps = seed = 0
    c0 = time.process_time()
    while done < decisions:
        env.reset(seed=seed)
        while done < decisions and env.acting is not None:
            obs = env.observe(env.agent_selection)
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
            done += 0 if env.prefix else 1       # the path is complete: an action was applied
        seed += 1
    cpu = time.process_time() - c0
    return {"decisions": done, "steps": steps, "cpu_seconds": round(cpu, 3),
            "decisions_per_s": round(done / cpu, 1), "steps_per_s": round(steps / cpu, 1)}


def median(rows: list[dict[str, float]]) -> dict[str, Any]:
    ordered = sorted(rows, key=lambda r: r["decisions_per_s"])
    return {**ordered[len(ordered) // 2], "rounds": [r["decisions_per_s"] for r in rows]}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--decisions", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    rounds: dict[str, dict[str, list[dict[str, float]]]] = {p: {"engine": [], "env": []} for p in PRESETS}
    for _ in range(args.rounds):
        for p in PRESETS:
            rounds[p]["engine"].append(engine(p, args.decisions))
            rounds[p]["env"].append(environment(p, args.decisions))
    rows: dict[str, Any] = {}
    for p in PRESETS:
        eng, env = median(rounds[p]["engine"]), median(rounds[p]["env"])
        rows[p] = {"engine": eng, "env": env,
                   "env_over_engine": round(env["decisions_per_s"] / eng["decisions_per_s"], 3)}
        print(f"{p:<24} engine {eng['decisions_per_s']:>9.0f}/s  env {env['decisions_per_s']:>8.0f}/s  "
              f"ratio {rows[p]['env_over_engine']:.3f}", flush=True)
    out = {"machine": machine(), "rate": "decisions per CPU second, one process",
           "command": f".venv/bin/python -m bench.rl_envs --decisions {args.decisions} "
                      f"--rounds {args.rounds}",
           "presets": rows}
    print(save_results("rl_envs", out))


if __name__ == "__main__":
    main()
