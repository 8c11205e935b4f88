"""A PettingZoo AEC environment for a tablesport preset (``tablesport.rl.env(preset)``).

Agents are ``seat_0`` .. ``seat_{n-1}``.  The agent to act is the (first) seat the game's pending
decision asks; a simultaneous decision (Goofspiel's bids) is answered seat by seat, and no seat sees
another's hidden answer because observations come from ``view(seat)`` only.  Each observation is
``{"observation": float32 vector in [0, 1], "action_mask": int8 vector}``; the action space is
``Discrete`` over the game's fixed index space.  An action is one index in most games and a path of
indexes in Sanguosha (the same agent acts again until the path names an action; see
:mod:`.choices`).  Rewards come at the end, from the result (:mod:`.rewards`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from tablesport.core import Action, Game, RuleError, Ruleset, State, TablesportError
from tablesport.encoding.choices import Choices, Path
from tablesport.games import all_presets, find_preset

from .encoders import Encoder, encoder_of
from .rewards import rank_rewards


def encoder_for(preset: str) -> tuple[Game, Ruleset, Encoder]:
    """(game, ruleset, encoder) of ``preset``; a clear error for a game without an environment."""
    game, rs = find_preset(preset)
    make = encoder_of(game)
    if make is None:
        covered = sorted(p for p, (g, _) in all_presets().items() if encoder_of(g) is not None)
        raise TablesportError(f"{game.name} has no RL environment yet; presets with one: "
                              f"{', '.join(covered)}")
    return game, rs, make(rs)


class Clock:
    """The game time an environment simulates for games whose decisions end by the clock (the
    encoder's ``seconds_per_action``): every answer takes that long; a streamed decision (Pictionary's
    minute) times out once its time limit has passed, and the game clock runs out at its limit."""

    def __init__(self, seconds: float | None) -> None:
        self.seconds = seconds
        self.elapsed = 0.0
        self.in_decision = 0.0
        self.key: tuple[str, str] | None = None
        self.fired: float | None = None

    def tick(self, state: State) -> None:
        if self.seconds is None:
            return
        self.elapsed += self.seconds
        self.in_decision += self.seconds
        self.settle(state)

    def settle(self, state: State) -> None:
        if self.seconds is None:
            return
        while True:
            limit = state.clock_limit()
            if limit is not None and self.elapsed >= limit and self.fired != limit:
                self.fired = limit
                state.time_up()
                continue
            d = state.pending()
            if d is None or not d.stream or d.time_limit is None:
                self.key = None
                return
            key = (d.kind, d.prompt)
            if key != self.key:
                self.key, self.in_decision = key, 0.0
                return
            if self.in_decision < d.time_limit:
                return
            state.timeout(d.seats[0])
            self.key = None


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
        self.clock = Clock(self.encoder.seconds_per_action)
        self.acting: int | None = None
        self.prefix: Path = ()
        self._choices: Choices | None = None
        self._views: dict[int, dict[str, Any]] = {}
        self._question: dict[str, Any] | None = None
        self.metadata = {**self.metadata, "name": f"tablesport_{preset.replace('-', '_')}"}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._act_space

    @staticmethod
    def seat_of(agent: str) -> int:
        return int(agent.rsplit("_", 1)[1])

    # -- what a seat sees ----------------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        v = self._views.get(seat)
        if v is None:
            v = self._views[seat] = self.state.view(seat)
        return v

    def choices(self) -> Choices | None:
        """The legal actions of the seat to act, as paths of indexes (``None`` once the game is over)."""
        if self._choices is None and self.acting is not None:
            d = self.state.pending()
            assert d is not None
            paths = self.encoder.paths(self.view(self.acting), d, self.acting)
            self._choices = Choices(paths, self.encoder.actions, self.encoder.end)
        return self._choices

    def mask(self, seat: int) -> Any:
        choices = self.choices() if seat == self.acting else None
        return choices.mask(self.prefix) if choices is not None else np.zeros(self.encoder.actions, np.int8)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.seat_of(agent)
        prefix = self.prefix if seat == self.acting else ()
        obs = self.encoder.observe(self.view(seat), self._question, prefix)
        return {"observation": obs, "action_mask": self.mask(seat)}

    # -- the game moves on -----------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = np.random.default_rng(seed)
        self.state = self.game.new_state(self.rs, int(self._seeds.integers(2**62)))
        self.clock = Clock(self.encoder.seconds_per_action)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.clock.settle(self.state)
        self._moved()

    def _moved(self) -> None:
        """Forget what was worked out for the previous position and select the seat to act."""
        self._views = {}
        self._choices = None
        self.prefix = ()
        d = self.state.pending()
        self.acting = None if d is None else d.seats[0]
        self._question = None if d is None else d.to_json()
        if self.acting is not None:
            self.agent_selection = f"seat_{self.acting}"

    def apply(self, seat: int, action: Action) -> None:
        """Apply a whole action of ``seat`` (what a bot answers), then let the clock run."""
        self.state.apply(seat, action)
        self.clock.tick(self.state)
        self._moved()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.seat_of(agent)
        if action is None:
            raise RuleError("action_index", f"{agent} must act", f"0 .. {self.encoder.actions - 1}")
        index = self.encoder.check_index(action)
        choices = self.choices()
        assert choices is not None
        prefix, chosen = choices.follow(self.prefix, index)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        if chosen is None:
            self.prefix = prefix
        else:
            self.apply(seat, chosen)
            result = self.state.result()
            if self.state.pending() is None and result is not None:
                for a, r in zip(self.possible_agents, rank_rewards(result, self.rs.seats), strict=True):
                    self.rewards[a] = r
                    self.terminations[a] = True
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            import json

            return json.dumps(self.state.view(None), ensure_ascii=False, default=str)
        return None

    def close(self) -> None:
        return None
