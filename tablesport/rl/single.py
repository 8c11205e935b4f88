"""A Gymnasium single-agent environment: one seat learns, a named bot plays the others.

``tablesport.rl.gym_env("goofspiel-2p", seat=0, opponent="random")``.  Observations and the action
space are the AEC environment's (a dict with ``observation`` and ``action_mask``; ``Discrete``).  An
index that only begins an action's path (Sanguosha) gives reward 0 and asks the same seat again.  An
action outside the mask ends the episode as a loss (reward -1, ``info["illegal_action"]`` says what
was allowed): Gymnasium's checker and most learners sample actions without a mask, and an episode that
stopped on such an action would give them nothing to learn from.
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from tablesport.bots.registry import BotSpec, bot_factories
from tablesport.core import Bot, Rng, RuleError, TablesportError

from .aec import TablesportAEC
from .rewards import rank_rewards


class TablesportGym(gym.Env[dict[str, Any], np.int64]):
    metadata = {"render_modes": ["ansi"]}

    def __init__(self, preset: str, seat: int = 0, opponent: str = "random",
                 render_mode: str | None = None) -> None:
        self.aec = TablesportAEC(preset, render_mode)
        rs = self.aec.rs
        if not 0 <= seat < rs.seats:
            raise TablesportError(f"seat must be between 0 and {rs.seats - 1} for {preset}")
        self.seat = seat
        self.bots = BotSpec.parse(opponent, self.aec.game, rs)
        self.opponent = opponent
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(f"seat_{seat}")
        self.action_space = self.aec.action_space(f"seat_{seat}")
        self._bots: dict[int, Bot] = {}

    def _play_others(self) -> None:
        aec = self.aec
        while (d := aec.state.pending()) is not None and aec.acting != self.seat:
            s = d.seats[0]
            aec.apply(s, self._bots[s].act(aec.state, s, d))

    def _obs(self) -> dict[str, Any]:
        return self.aec.observe(f"seat_{self.seat}")

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        self.aec.reset(seed=int(self.np_random.integers(2**62)))
        factories = bot_factories(self.aec.game)
        bot_seed = Rng(int(self.np_random.integers(2**62)))
        self._bots = {s: factories[c.name](bot_seed.spawn(s), **c.options)
                      for s, c in enumerate(self.bots.per_seat) if s != self.seat}
        self._play_others()
        return self._obs(), {}

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        aec = self.aec
        choices = aec.choices()
        if choices is None:
            raise TablesportError("the episode is over: call reset()")
        try:
            prefix, chosen = choices.follow(aec.prefix, int(action))
        except RuleError as exc:
            return self._obs(), -1.0, True, False, {"illegal_action": str(exc)}
        if chosen is None:
            aec.prefix = prefix
            return self._obs(), 0.0, False, False, {}
        aec.apply(self.seat, chosen)
        self._play_others()
        result = aec.state.result()
        if aec.state.pending() is None and result is not None:
            return self._obs(), rank_rewards(result, aec.rs.seats)[self.seat], True, False, {}
        return self._obs(), 0.0, False, False, {}

    def render(self) -> str | None:
        return self.aec.render()
