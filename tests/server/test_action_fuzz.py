"""Mangled actions against the rules of every game, in process: each one a legal option with a part changed
(a leaf replaced by an odd value, an element dropped or added, a wrong type), sent through JSON as a client
would. The rules must refuse it with a :class:`RuleError` (the server's ``illegal_action``, with the rule and
what is allowed) and leave the state as it was, or apply it; no other exception (the WebSocket fuzzer found
unhashable values reaching a set lookup, which closed the client's socket unanswered)."""

from __future__ import annotations

import json
import random

import pytest

from tablesport.core.protocol import RuleError, canon, dumps, to_json
from tablesport.games import start

from .test_ws_fuzz import FUZZED, ODD_VALUES, mangle


def mangled_actions(preset: str, seed: int, steps: int, tries: int) -> tuple[int, int]:
    """Play ``steps`` random legal steps; at each, ``tries`` mangled actions on a clone. (refused, applied)"""
    st = start(preset, seed)
    rng = random.Random(seed)
    refused = applied = 0
    for _ in range(steps):
        d = st.pending()
        if d is None:
            break
        seat = d.seats[0]
        options = d.options_for(seat)
        for _ in range(tries):
            base = to_json(rng.choice(options)) if options else rng.choice(ODD_VALUES)
            action = canon(json.loads(json.dumps(mangle(base, rng))))
            c = st.clone()
            before = dumps(c.snapshot())
            try:
                c.apply(seat, action)
            except RuleError as exc:
                assert exc.to_json()["message"], (preset, action)
                assert dumps(c.snapshot()) == before, f"{preset}: refusing {action!r} changed the state"
                refused += 1
            else:
                applied += 1
        st.apply(seat, st.random_action(seat, rng))
    return refused, applied


@pytest.mark.parametrize("preset", sorted(FUZZED))
def test_mangled_actions_are_refused_by_the_rules_or_applied(preset: str) -> None:
    refused, applied = mangled_actions(preset, seed=7, steps=60, tries=10)
    assert refused > 100, (refused, applied)


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(FUZZED))
def test_mangled_actions_over_many_games(preset: str) -> None:
    for seed in range(40):
        mangled_actions(preset, seed=seed, steps=400, tries=20)
