"""A PettingZoo AEC environment for a tablesport preset (``tablesport.rl.env(preset)``).

Agents are ``seat_0`` .. ``seat_{n-1}``.  The agent to act is the (first) seat the game's pending
decision asks; a simultaneous decision (Goofspiel's bids) is answered seat by seat, and no seat sees
another's hidden answer because observations come from ``view(seat)`` only.  Each observation is
``{"observation": float32 vector, "action_mask": int8 vector}``; the action space is ``Discrete``
over the game's fixed index space.  Rewards come at the end, from the result: +1 for the winning
seats, -1 for the others, 0 for everyone when no single seat or side wins.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tablesport.core import RuleError, State, TablesportError
from tablesport.games import all_presets, find_preset

from .encoders import ENCODERS, Encoder


def encoder_for(preset: str) -> tuple[Any, Any, Encoder]:
    """(game, ruleset, encoder) of ``preset``; a clear error for a game without an environment."""
    game, rs = find_preset(preset)
    make = ENCODERS.get(game.name)
    if make is None:
        covered = sorted(p for p, (g, _) in all_presets().items() if g.name in ENCODERS)
        raise TablesportError(f"{game.name} has no RL environment yet; presets with one: "
                              f"{', '.join(covered)}")
    return game, rs, make(rs)


def final_rewards(state: State, seats: int) -> list[float]:
    res = state.result()
    assert res is not None
    winners = set(res.winner_seats)
    if not winners:
        return [0.0] * seats
    return [1.0 if s in winners else -1.0 for s in range(seats)]


class TablesportAEC(AECEnv):  # type: ignore[misc]
    metadata = {"render_modes": ["ansi"], "name": "tablesport", "is_parallelizable": False}

    def __init__(self, preset: str, render_mode: str | None = None) -> None:
        super().__init__()
        self.game, self.rs, self.encoder = encoder_for(preset)
        self.preset = preset
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{s}" for s in range(self.rs.seats)]
        self.agents = list(self.possible_agents)
        n, size = self.encoder.actions, self.encoder.size
        self._obs_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (n,), np.int8),
        })
        self._act_space = spaces.Discrete(n)
        self._seeds = np.random.default_rng()
        self.state: State = self.game.new_state(self.rs, 0)
        self.metadata = {**self.metadata, "name": f"tablesport_{preset.replace('-', '_')}"}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    @staticmethod
    def seat_of(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    def mask(self, seat: int) -> Any:
        mask = np.zeros(self.encoder.actions, dtype=np.int8)
        decision = self.state.pending()
        if decision is not None and seat in decision.seats:
            for option in decision.options_for(seat) or ():
                mask[self.encoder.index(option)] = 1
        return mask

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.seat_of(agent)
        return {"observation": self.encoder.observe(self.state.view(seat)), "action_mask": self.mask(seat)}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state = self.game.new_state(self.rs, int(self._seeds.integers(2**62)))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        decision = self.state.pending()
        if decision is not None:
            self.agent_selection = f"seat_{decision.seats[0]}"

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of(agent)
        if action is None:
            raise RuleError("action_index", f"{agent} must act", f"0 .. {self.encoder.actions - 1}")
        index = self.encoder._check(int(action))
        if not self.mask(seat)[index]:
            allowed = np.flatnonzero(self.mask(seat)).tolist()
            more = " ..." if len(allowed) > 20 else ""
            raise RuleError("illegal_action", f"action {index} is not legal for {agent} now",
                            f"the indexes of its action mask: {allowed[:20]}{more}")
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(seat, self.encoder.action(index))
        if self.state.pending() is None:
            for a, r in zip(self.possible_agents, final_rewards(self.state, self.rs.seats), strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
        else:
            self.rewards = {a: 0.0 for a in self.agents}
            self._select()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            import json

            return json.dumps(self.state.view(None), ensure_ascii=False, default=str)
        return None

    def close(self) -> None:
        return None
