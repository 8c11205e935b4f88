"""The engine's caches are exact: distances, hooked skills and listeners cached with the skills give
the same answers as a fresh computation at every decision of random games (reference §2.1 distance
and attack range; the legal play-phase options)."""

from __future__ import annotations

import pytest

from tablesport.core import Rng, RuleError, State
from tablesport.games import find_preset
from tablesport.games.sanguosha.engine import play_options
from tablesport.games.sanguosha.skill import SKILLS, Skill, load_all
from tablesport.games.sanguosha.state import SgsState


def fresh(g: SgsState) -> SgsState:
    c = g.clone()
    c.skills_changed()      # every cache of the skills, the seats and the distances
    return c


def test_only_general_skills_change_distances() -> None:
    """Equipment changes distance only through the horse slots, so the distance cache is kept
    across equipment changes (state.distance)."""
    load_all()
    for sk in SKILLS.values():
        if sk.kind != "general":
            for hook in ("distance_from", "distance_to"):
                assert getattr(type(sk), hook) is getattr(Skill, hook), (sk.id, hook)


@pytest.mark.parametrize("preset", ["sgs-3v3-2011", "sgs-3v3-2012", "sgs-1v1-2014"])
def test_cached_answers_match_fresh_ones(preset: str) -> None:
    game, rs = find_preset(preset)
    for seed in (3, 4):
        g = game.new_state(rs, seed)
        rng = Rng(seed)
        while (d := g.pending()) is not None:
            seat = d.seats[0]
            if g.current >= 0:
                f = fresh(g)
                for a in range(g.n):
                    for b in range(g.n):
                        assert g.distance(a, b) == f.distance(a, b), (seed, a, b)
                        assert g.may_target(a, b, "slash") == f.may_target(a, b, "slash")
                if d.kind == "play":
                    assert tuple(play_options(fresh(g), seat)) == tuple(d.options)
            g.apply(seat, g.random_action(seat, rng))


@pytest.mark.parametrize("preset", ["sgs-3v3-2012", "sgs-1v1-2014"])
def test_random_action_draws_as_the_protocol_default(preset: str) -> None:
    """SgsState.random_action reads the open question instead of building a Decision: the same
    action from the same generator state as State.random_action, and the same refusal for a seat
    that has nothing to decide."""
    game, rs = find_preset(preset)
    g = game.new_state(rs, 5)
    rng = Rng(5)
    while (d := g.pending()) is not None:
        seat = d.seats[0]
        for other in [s for s in range(g.n) if s not in d.seats][:1]:
            for bad in (g.random_action, lambda s, r: State.random_action(g, s, r)):
                with pytest.raises(RuleError) as err:
                    bad(other, rng.copy())
                assert err.value.rule == "not_your_turn"
        twin = rng.copy()
        action = g.random_action(seat, rng)
        assert action == State.random_action(g, seat, twin) and rng.state == twin.state
        g.apply(seat, action)


def test_events_and_decisions_built_without_their_init_equal_the_constructed_ones() -> None:
    """state.py makes Event and Decision objects with object.__new__ and object.__setattr__ per field: right
    only while neither class defines a __new__ of its own, and the objects must equal what the constructors
    build."""
    from tablesport.core import Decision, Event

    assert Event.__new__ is object.__new__ and Decision.__new__ is object.__new__
    game, rs = find_preset("sgs-1v1-2014")
    s = game.new_state(rs, 3)
    rng = Rng(4)
    seen = 0
    while (d := s.pending()) is not None and seen < 200:
        built = Decision(d.seats, d.kind, d.prompt, d.options, d.time_limit, d.on_timeout, d.data, d.stream)
        assert d == built
        for e in s.apply(d.seats[0], s.random_action(d.seats[0], rng)):
            assert e == Event(e.kind, e.data, e.to)
        seen += 1
    assert seen == 200
