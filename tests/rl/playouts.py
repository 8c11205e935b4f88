"""Random playouts through an RL environment's index space, and the exhaustive walk of a decision's masks."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from tablesport.core import Action, dumps
from tablesport.encoding.choices import Choices, Path


def walk(choices: Choices) -> list[tuple[Path, Action]]:
    """Every complete path the masks allow (following each allowed index), with the action it names."""
    out: list[tuple[Path, Action]] = []

    def go(prefix: Path) -> None:
        for i in np.flatnonzero(choices.mask(prefix)):
            nxt, action = choices.follow(prefix, int(i))
            if action is None:
                go(nxt)
            else:
                out.append(((*prefix, int(i)), action))

    go(())
    return out


def key(action: Action) -> str:
    return dumps(action)


def decisions(env: Any, games: int, seed: int, max_steps: int = 4000) -> Iterator[int]:
    """Play ``games`` games with uniformly random masked indexes; yield the acting seat at every new
    decision (before its first index), so a caller can inspect ``env`` there."""
    rng = np.random.default_rng(seed)
    for game in range(games):
        env.reset(seed=seed + game)
        steps = 0
        while env.acting is not None and steps < max_steps:
            if not env.prefix:
                yield env.acting
            mask = env.mask(env.acting)
            env.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1


def play_to_end(env: Any, pick: Callable[[Any], int], max_steps: int = 100_000) -> dict[str, float]:
    """Play one game with ``pick(mask) → index`` for every agent; the rewards each agent collected."""
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter(max_iter=max_steps):
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else pick(obs["action_mask"]))
    return totals
