"""The action masks name exactly the legal actions, and observations depend only on the seat's view.

Over random playouts through each environment's index space, at every decision:

* the masks are walked exhaustively (every allowed index followed to the end of its path);
* where the game lists its options, the complete paths name exactly those options, each once (the
  documented exception: Pictionary's rulings on near misses offer the first one waiting);
* where it does not (a Rummikub turn, a Monopoly Deal payment, Pictionary's minute), the actions the
  paths name are accepted by the game (applied to a copy of the state: four spread over the
  paths in the default tier, sixty in the ``slow`` tier — all of a Rummikub turn's or a payment's —
  and sixteen of Pictionary's strokes and guesses, whose matching is slow);
* the observation and the paths of a seat are the same after ``state.determinize(seat, rng)`` redraws
  everything the seat cannot see.
"""

from __future__ import annotations

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import numpy as np  # noqa: E402

import tablesport.rl as rl  # noqa: E402
from tablesport.core import Rng  # noqa: E402
from tablesport.games import all_presets  # noqa: E402

from .playouts import decisions, key, walk  # noqa: E402

# one preset per game for the default tier: (preset, games, steps per game)
DEFAULT = [
    ("goofspiel-3p", 3, 100),
    ("blokus-2p", 1, 60),
    ("ttr-classic-3p", 2, 400),
    ("monopoly-deal-classic-3p", 3, 600),
    ("rummikub-2018-3p", 2, 120),
    ("pictionary-event", 1, 300),
    ("pictionary-table", 1, 300),
    ("sgs-3v3-2012", 2, 1500),
    ("sgs-1v1-2014", 2, 1500),
]


def check_decision(env: object, seat: int, sample: int) -> None:
    """``sample``: how many of an unlisted decision's actions are applied to copies (spread evenly)."""
    state = env.state  # type: ignore[attr-defined]
    decision = state.pending()
    options = decision.options_for(seat)
    reached = walk(env.choices())  # type: ignore[attr-defined]
    assert reached, f"{decision.kind}: no action reachable"
    if options is None:
        step = max(1, len(reached) // sample)
        for _, action in reached[::step]:
            state.clone().apply(seat, action)      # raises RuleError if the game refuses it
        return
    legal = [key(o) for o in options]
    got = [key(a) for _, a in reached]
    assert set(got) <= set(legal), f"{decision.kind}: a path names an illegal action"
    if env.game.name == "pictionary" and decision.kind == "confirm":  # type: ignore[attr-defined]
        assert {a[0] for _, a in reached} == {"accept", "reject"}
        return
    assert sorted(got) == sorted(legal), f"{decision.kind}: the masks do not reach every legal option once"


def check_hidden(env: object, seat: int, rng: Rng) -> None:
    """The acting seat and the next one: each one's observation (and the acting seat's paths) after
    ``determinize`` for that seat equal those before."""
    state = env.state  # type: ignore[attr-defined]
    encoder = env.encoder  # type: ignore[attr-defined]
    question = state.pending().to_json()
    for s in {seat, (seat + 1) % env.rs.seats}:  # type: ignore[attr-defined]
        other = state.determinize(s, rng)
        assert other.pending().to_json() == question
        want = encoder.observe(state.view(s), question)
        assert np.array_equal(encoder.observe(other.view(s), question), want), \
            f"seat {s}'s observation changed when what it cannot see was redrawn"
        if s == seat:
            assert encoder.paths(other.view(s), other.pending(), s) == \
                encoder.paths(state.view(s), state.pending(), s)


def run(preset: str, games: int, steps: int, seed: int = 1, sample: int = 4, masks: bool = True,
        hidden: bool = True) -> int:
    env = rl.env(preset)
    rng = Rng(seed)
    seen = 0
    for seat in decisions(env, games, seed, steps):
        if masks:
            check_decision(env, seat, sample)
        if hidden:
            check_hidden(env, seat, rng.spawn(seen))
        seen += 1
    return seen


@pytest.mark.parametrize(("preset", "games", "steps"), DEFAULT)
def test_masks_name_exactly_the_legal_actions(preset: str, games: int, steps: int) -> None:
    assert run(preset, games, steps, hidden=False) > 20


@pytest.mark.parametrize(("preset", "games", "steps"), DEFAULT)
def test_observations_do_not_change_when_what_the_seat_cannot_see_is_redrawn(preset: str, games: int,
                                                                              steps: int) -> None:
    assert run(preset, games, steps, seed=2, masks=False) > 20


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(all_presets()))
def test_masks_and_observations_over_many_games(preset: str) -> None:
    # a guess costs the word matcher a few milliseconds: Pictionary's digital minute is sampled thinner
    digital = preset in ("pictionary-event", "pictionary-final")
    games, steps, sample = (4, 1200, 16) if digital else (20, 3000, 60)
    assert run(preset, games, steps, seed=100, sample=sample) > 100
