"""Train a small policy for Goofspiel on the CPU, then play it against the random bot.

    python examples/rl_goofspiel.py [--episodes 2000] [--games 200] [--seed 1]

The environment is ``tablesport.rl.gym_env("goofspiel-2p", opponent="random")`` (extra
``tablesport[rl]``): observations from the seat's view, a mask of the legal bids.  The policy is a
linear softmax over the legal actions, reading the prize on the table from the observation (one
weight per prize and card; numpy only),
trained with REINFORCE: after each game every decision's log-probability is pushed up by what that
decision and the later ones brought — the game's reward (+1 win, -1 loss, 0 tie) plus the share of
the prizes won from then on less the opponent's, read from the observations — less its running
average.  Evaluation plays ``--games`` new games with
the most probable legal action and counts the wins (a tie is not a win).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from tablesport.rl import gym_env

PRESET = "goofspiel-2p"


CARDS = 13
"""goofspiel-2p's cards; the observation's slots ``CARDS .. 2 * CARDS`` are the prize on the table."""


def features(obs: dict[str, Any]) -> Any:
    """What the policy reads of the observation: the prize on the table (one-hot)."""
    return obs["observation"][CARDS:2 * CARDS]


def policy(weights: Any, obs: dict[str, Any]) -> Any:
    """The action probabilities: a softmax of ``features @ weights`` over the legal actions."""
    logits = features(obs) @ weights
    logits = np.where(obs["action_mask"] == 1, logits, -np.inf)
    p = np.exp(logits - logits.max())
    return p / p.sum()


def margin(obs: dict[str, Any]) -> float:
    """The observer's share of the prizes less its opponent's, read from the (final) observation."""
    won = obs["observation"][3 * CARDS:3 * CARDS + 2]    # prizes won, the observer first
    return float(won[0] - won[1])


def train(episodes: int, seed: int = 1, lr: float = 0.1) -> Any:
    env = gym_env(PRESET, opponent="random")
    rng = np.random.default_rng(seed)
    weights = np.zeros((CARDS, env.action_space.n))
    baseline = np.zeros(CARDS)                # the average return from each step of a game on
    obs, _ = env.reset(seed=seed)
    for _ in range(episodes):
        steps: list[tuple[Any, float]] = []   # (gradient of log pi, margin before the step)
        done = False
        reward = 0.0
        while not done:
            p = policy(weights, obs)
            action = int(rng.choice(len(p), p=p))
            steps.append((np.outer(features(obs), np.eye(len(p))[action] - p), margin(obs)))
            obs, reward, done, _, _ = env.step(action)
        final = margin(obs)
        for t, (grad, before) in enumerate(steps):
            ret = reward + final - before         # what this step and the later ones brought
            weights += lr * (ret - baseline[t]) * grad
            baseline[t] += 0.05 * (ret - baseline[t])
        obs, _ = env.reset()
    return weights


def evaluate(weights: Any, games: int, seed: int = 1_000_000) -> dict[str, Any]:
    env = gym_env(PRESET, opponent="random")
    wins = ties = 0
    obs, _ = env.reset(seed=seed)
    for _ in range(games):
        done = False
        reward = 0.0
        while not done:
            obs, reward, done, _, _ = env.step(int(np.argmax(policy(weights, obs))))
        wins += reward > 0
        ties += reward == 0
        obs, _ = env.reset()
    return {"games": games, "wins": int(wins), "ties": int(ties), "win_rate": round(wins / games, 4)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--episodes", type=int, default=2000)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = time.perf_counter()
    weights = train(args.episodes, args.seed)
    trained = time.perf_counter() - t0
    out = {"preset": PRESET, "episodes": args.episodes, "train_seconds": round(trained, 1),
           "against_random": evaluate(weights, args.games)}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
