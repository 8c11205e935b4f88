"""RL environments: PettingZoo's and Gymnasium's own checkers, observations from views, masks, rewards."""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import tablesport.rl as rl  # noqa: E402
from tablesport.core import Rng, RuleError, TablesportError  # noqa: E402
from tablesport.rl.encoders import ENCODERS  # noqa: E402

COVERED = ["goofspiel-2p", "goofspiel-3p", "blokus-2p", "blokus-event"]
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("preset", COVERED)
def test_pettingzoo_api_test(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # its advice to use Box spaces: masked envs use a Dict
        api_test(rl.env(preset), num_cycles=400)


@pytest.mark.parametrize("preset", COVERED)
def test_gymnasium_check_env(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.gym_env(preset, opponent="random"), skip_render_check=True)


@pytest.mark.parametrize("preset", ["goofspiel-3p", "blokus-2p"])
def test_observations_come_from_the_seats_view_and_masks_from_its_options(preset: str) -> None:
    env = rl.env(preset)
    env.reset(seed=3)
    steps = 0
    for agent in env.agent_iter(max_iter=200):
        obs, reward, term, trunc, _ = env.last()
        if term or trunc:
            env.step(None)
            continue
        seat = env.seat_of(agent)
        state = env.state
        want = env.encoder.observe(state.view(seat))
        assert np.array_equal(obs["observation"], want)
        legal = {env.encoder.index(a) for a in state.pending().options_for(seat)}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        # another seat's hidden cards do not change this seat's observation
        if preset.startswith("goofspiel"):
            other = state.determinize(seat, Rng(steps))
            assert np.array_equal(env.encoder.observe(other.view(seat)), want)
        env.step(int(min(legal)))
        steps += 1
    assert steps > 10


def test_rewards_follow_the_result() -> None:
    env = rl.env("goofspiel-2p")
    env.reset(seed=5)
    totals = {a: 0.0 for a in env.possible_agents}
    for agent in env.agent_iter():
        obs, reward, term, trunc, _ = env.last()
        totals[agent] += reward
        env.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[-1]))
    res = env.state.result()
    assert res is not None
    for seat, agent in enumerate(env.possible_agents):
        want = 0.0 if res.is_draw else (1.0 if seat in res.winner_seats else -1.0)
        assert totals[agent] == want


def test_illegal_actions_are_refused_or_lose() -> None:
    env = rl.env("goofspiel-2p")
    env.reset(seed=1)
    before = env.state.state_hash()
    with pytest.raises(RuleError, match="Allowed: 0 .. 12"):
        env.step(99)                      # outside the action space
    assert env.state.state_hash() == before
    g = rl.gym_env("blokus-2p")
    obs, _ = g.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = g.step(bad)
    assert (reward, done) == (-1.0, True) and "action mask" in info["illegal_action"]


def test_games_without_an_encoder_say_which_presets_have_one() -> None:
    from tablesport.games import all_presets

    missing = sorted(p for p, (g, _) in all_presets().items() if g.name not in ENCODERS)
    assert missing, "every game has an environment: update docs/rl.md"
    with pytest.raises(TablesportError, match="presets with one: blokus-2p"):
        rl.env(missing[0])


def load_example() -> Any:
    spec = importlib.util.spec_from_file_location("rl_goofspiel", ROOT / "examples" / "rl_goofspiel.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_learns_to_beat_random() -> None:
    """A shortened run of examples/rl_goofspiel.py: 300 games of training (the full run: 2,000),
    100 of evaluation (the full run: 200). The policy before training (every weight 0: always the
    lowest card) wins about half."""
    ex = load_example()
    untrained = ex.evaluate(np.zeros((ex.CARDS, ex.CARDS)), 100)
    trained = ex.evaluate(ex.train(300, seed=1), 100)
    assert untrained["win_rate"] < 0.6
    assert trained["win_rate"] >= 0.8
