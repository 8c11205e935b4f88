"""Bad input (issue 3 "Must show"): an illegal card use is rejected with the rule's name and the
state does not change (reference §2.1, §2.3; 2011 seed 二.3.2(d)2)."""

from __future__ import annotations

import pytest

from tablesport.core import RuleError
from tablesport.games.sanguosha.scenario import build, resolve_action

SETUP = {
    "name": "bad input", "rule": "reference §2",
    "players": [{"hand": ["slash S7", "slash S8", "peach H3", "indulgence S6", "snatch S3"]}, {}, {}, {}, {}],
}


@pytest.mark.parametrize("action,rule", [
    (["use", "slash S7", [2]], "attack_range"),                 # out of range
    (["use", "peach H3", []], "peach_needs_wound"),             # Peach at full HP outside dying
    (["use", "indulgence S6", [0]], "target"),                  # a target that cannot be chosen
    (["use", "snatch S3", [2]], "snatch_distance"),             # Snatch beyond distance 1
    (["use", "c999", [1]], "card_token"),                       # not a card
    (["use", "slash S7"], "illegal_answer"),                    # malformed
    (["end", "now"], "illegal_answer"),
])
def test_illegal_use_rejected_with_rule_and_state_unchanged(action: list[object], rule: str) -> None:
    g, cards = build(SETUP)
    g.run()
    before = g.state_hash()
    with pytest.raises(RuleError) as exc:
        g.apply(0, resolve_action(action, cards, g, 0))
    assert exc.value.rule == rule
    assert exc.value.allowed
    assert g.state_hash() == before


def test_second_slash_rejected_state_unchanged() -> None:
    """2011 seed 二.3.2(d)2: one Slash per play phase."""
    g, cards = build(SETUP)
    g.run()
    g.apply(0, resolve_action(["use", "slash S7", [1]], cards, g, 0))
    before = g.state_hash()
    with pytest.raises(RuleError) as exc:
        g.apply(0, resolve_action(["use", "slash S8", [1]], cards, g, 0))
    assert exc.value.rule == "one_slash_per_play_phase"
    assert g.state_hash() == before


def test_answer_from_a_seat_not_asked() -> None:
    g, cards = build(SETUP)
    g.run()
    with pytest.raises(RuleError) as exc:
        g.apply(1, ("end",))
    assert exc.value.rule == "not_your_turn"
