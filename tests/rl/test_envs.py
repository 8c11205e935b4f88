"""RL environments: PettingZoo's and Gymnasium's own checkers for every game, rewards, refusals, the
example."""

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
from tablesport.core import Result, RuleError, SideResult, UnknownPreset  # noqa: E402
from tablesport.games import all_presets  # noqa: E402
from tablesport.rl.__main__ import describe  # noqa: E402
from tablesport.rl.rewards import rank_rewards  # noqa: E402

from .playouts import play_to_end  # noqa: E402

ONE_PER_GAME = ["goofspiel-3p", "blokus-event", "ttr-event", "monopoly-deal-event", "rummikub-2018",
                "pictionary-event", "sgs-3v3-2012", "sgs-1v1-2014"]
ROOT = Path(__file__).resolve().parents[2]


def quiet_api_test(preset: str, cycles: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")      # its advice to use Box spaces: masked envs use a Dict
        api_test(rl.env(preset), num_cycles=cycles)


def quiet_check_env(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(rl.gym_env(preset, opponent="random"), skip_render_check=True)


@pytest.mark.parametrize("preset", ONE_PER_GAME)
def test_pettingzoo_api_test(preset: str) -> None:
    quiet_api_test(preset, 60)


@pytest.mark.parametrize("preset", ONE_PER_GAME)
def test_gymnasium_check_env(preset: str) -> None:
    quiet_check_env(preset)


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(all_presets()))
def test_checkers_on_every_preset(preset: str) -> None:
    quiet_api_test(preset, 1000)
    quiet_check_env(preset)


def test_every_preset_has_an_environment_and_unknown_ones_are_refused() -> None:
    for preset in all_presets():
        env = rl.env(preset)
        agent = env.possible_agents[0]
        assert env.observation_space(agent)["observation"].shape == (env.encoder.size,)
        assert env.action_space(agent).n == env.encoder.actions
        assert f"{preset}: Discrete({env.encoder.actions}) actions" in describe(preset)
    with pytest.raises(UnknownPreset, match="known: blokus-2p, blokus-event"):
        rl.env("chess-960")


# -- rewards ---------------------------------------------------------------------------------------

def test_rank_rewards() -> None:
    def res(placements: tuple[int, ...], sides: dict[str, SideResult] | None = None) -> Result:
        return Result(placements, (0.0,) * len(placements), "test", sides or {})

    assert rank_rewards(res((1, 2)), 2) == [1.0, -1.0]
    assert rank_rewards(res((1, 1)), 2) == [0.0, 0.0]
    assert rank_rewards(res((2, 4, 1, 3)), 4) == pytest.approx([1 / 3, -1, 1, -1 / 3])
    assert rank_rewards(res((1, 1, 3)), 3) == [0.5, 0.5, -1.0]
    teams = {"A": SideResult((1, 2), 2), "B": SideResult((3, 4), 1)}
    assert rank_rewards(res((0, 2, 2, 1, 1), teams), 5) == [0.0, -1.0, -1.0, 1.0, 1.0]   # seat 0: no side


@pytest.mark.parametrize("preset", ["goofspiel-3p", "monopoly-deal-classic-3p", "pictionary-table-final",
                                    "sgs-1v1-2014"])
def test_rewards_follow_the_result(preset: str) -> None:
    env = rl.env(preset)
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    totals = play_to_end(env, lambda mask: int(rng.choice(np.flatnonzero(mask))))
    res = env.state.result()
    assert res is not None
    assert [totals[a] for a in env.possible_agents] == rank_rewards(res, env.rs.seats)
    assert sum(totals.values()) == pytest.approx(0.0)


# -- refusals --------------------------------------------------------------------------------------

def test_illegal_actions_are_refused_or_lose() -> None:
    env = rl.env("goofspiel-2p")
    env.reset(seed=1)
    before = env.state.state_hash()
    with pytest.raises(RuleError, match="Allowed: 0 .. 12"):
        env.step(99)                      # outside the action space
    for _ in range(2):                    # both bids on the first prize: seat 0 holds 12 cards then
        env.step(int(np.flatnonzero(env.mask(env.acting))[0]))
    played = env.state.state_hash()
    assert played != before
    unmasked = int(np.flatnonzero(env.mask(env.acting) == 0)[0])
    with pytest.raises(RuleError, match="the indexes of the action mask"):
        env.step(unmasked)                # inside the space, outside the mask
    assert env.state.state_hash() == played
    g = rl.gym_env("blokus-2p")
    obs, _ = g.reset(seed=1)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, done, _, info = g.step(bad)
    assert (reward, done) == (-1.0, True) and "action mask" in info["illegal_action"]


# -- the example -----------------------------------------------------------------------------------

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
