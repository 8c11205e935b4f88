"""The protocol on the worked example: decisions, simultaneous bids, hidden views, illegal actions."""

from __future__ import annotations

import json
from types import MappingProxyType

import pytest

from tablesport.core import RuleError, canon, dumps, placements_from_scores
from tablesport.core.records import Recorder, jsonl
from tablesport.games import find_preset


def new(preset: str = "goofspiel-2p", seed: int = 1):  # type: ignore[no-untyped-def]
    game, rs = find_preset(preset)
    return game.new_state(rs, seed)


def test_simultaneous_decision_hides_the_first_bid() -> None:
    s = new()
    d = s.pending()
    assert d is not None and d.seats == (0, 1) and d.simultaneous
    s.apply(1, 5)
    d2 = s.pending()
    assert d2 is not None and d2.seats == (0,)
    assert "1:5" not in json.dumps(s.view(0)) and "1:5" not in json.dumps(s.view(None))
    assert s.view(1)["my_bid"] == "1:5"
    assert d2.to_json(0)["options"] and "options" not in d2.to_json()


def test_illegal_action_names_rule_and_changes_nothing() -> None:
    s = new()
    s.apply(0, 13)
    h = s.state_hash()
    with pytest.raises(RuleError) as exc:
        s.apply(0, 12)
    assert exc.value.rule == "not_your_turn" and "seats [1]" in str(exc.value)
    with pytest.raises(RuleError, match="bid_from_hand"):
        s.apply(1, 14)
    with pytest.raises(RuleError, match="bid_from_hand"):
        s.apply(1, True)
    assert s.state_hash() == h


def test_timeout_applies_the_ruleset_action() -> None:
    s = new()
    d = s.pending()
    assert d is not None and d.time_limit == 30
    s.timeout(0)
    assert s.view(0)["my_bid"] == "0:1"


def test_clone_is_independent_and_hash_stable() -> None:
    s = new(seed=9)
    c = s.clone()
    assert c.state_hash() == s.state_hash()
    c.apply(0, 3)
    assert c.state_hash() != s.state_hash()


def test_canon_and_placements() -> None:
    assert canon([1, [2, {"a": [3]}]]) == (1, (2, {"a": (3,)}))
    assert placements_from_scores([5, 9, 5, 1]) == (2, 1, 2, 4)


def test_dumps_canonical_and_in_order() -> None:
    value = {"b": (1, frozenset({3, 2})), "a": MappingProxyType({"z": "棋"}), 7: None}
    assert dumps(value) == '{"7":null,"a":{"z":"棋"},"b":[1,[2,3]]}'
    assert dumps(value, canonical=False) == '{"b":[1,[2,3]],"a":{"z":"棋"},"7":null}'
    assert json.loads(dumps(value, canonical=False)) == json.loads(dumps(value))
    with pytest.raises(TypeError):
        dumps({"x": object()}, canonical=False)


def test_record_text_is_one_json_line_per_record_line() -> None:
    rec = Recorder("goofspiel", "goofspiel-2p", 3, ["random", "random"])
    rec.act(0, ("bid", 5))
    text = jsonl(rec.lines)
    assert text == rec.text() and text.endswith("\n")
    assert [json.loads(line) for line in text.splitlines()] == rec.lines


def test_legal_actions_and_is_over() -> None:
    s = new()
    d = s.pending()
    assert d is not None and not s.is_over
    assert list(s.legal_actions(0)) == list(d.options_for(0) or ())
    while (d := s.pending()) is not None:
        s.apply(d.seats[0], s.legal_actions(d.seats[0])[0])
    assert s.is_over and s.legal_actions(0) == ()
