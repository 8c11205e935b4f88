"""The scenario format (docs/sanguosha-scenarios.md): every check can fail, and a file that asks for
something the format does not know is refused before it runs."""

from __future__ import annotations

from typing import Any

import pytest
import yaml

from tablesport.games.sanguosha.scenario import ScenarioError, run_spec

BASE = """
name: probe
rule: "reference §2.3 Slash"
players:
  - {hand: [slash S7, slash S8, peach H3], hp: 3}
  - {hand: [dodge D2]}
"""


def spec(extra: str) -> dict[str, Any]:
    data = yaml.safe_load(BASE + extra)
    assert isinstance(data, dict)
    return data


def failures(extra: str) -> list[str]:
    rep = run_spec(spec(extra))
    return rep.failures


def test_a_refused_step_passes_and_the_script_goes_on() -> None:
    assert failures("""
actions:
  - [0, [use, slash S7, [1]]]
  - [1, [pass]]
  - {act: [0, [use, slash S8, [1]]], refused: one_slash_per_play_phase}
  - [0, [end]]
expect: {state: {current: 1}}
""") == []


def test_a_refusal_with_another_rule_fails() -> None:
    got = failures("""
actions:
  - [0, [use, slash S7, [1]]]
  - [1, [pass]]
  - {act: [0, [use, slash S8, [1]]], refused: attack_range}
""")
    assert len(got) == 1 and "expected refusal 'attack_range', got 'one_slash_per_play_phase'" in got[0]


def test_an_accepted_step_expected_refused_fails() -> None:
    got = failures("""
actions:
  - {act: [0, [use, slash S7, [1]]], refused: one_slash_per_play_phase}
""")
    assert len(got) == 1 and "was accepted" in got[0]


def test_exact_cards_are_compared_by_suit_and_rank() -> None:
    assert failures("expect: {state: {players: {0: {hand: [slash, slash, peach]}}}}") == []
    assert failures("expect: {state: {players: {0: {hand: [slash S8, slash S7, peach H3]}}}}") == []
    got = failures("expect: {state: {players: {0: {hand: [slash S9, slash S7, peach H3]}}}}")
    assert len(got) == 1 and "seat 0 hand" in got[0] and "slash S8" in got[0]


def test_a_check_after_a_step_names_the_step() -> None:
    got = failures("""
actions:
  - [0, [use, slash S7, [1]]]
  - {expect: {pending: {seat: 1, kind: play}}}
""")
    assert got == ["step 1: pending kind: expected play, got respond"]


def test_events_are_checked_in_the_window_since_the_previous_check() -> None:
    text = """
actions:
  - [0, [use, slash S7, [1]]]
  - [1, [pass]]
  - {expect: {events: [{kind: damage, seat: 1}]}}
  - [0, [end]]
expect: {%s}
"""
    assert failures(text % "no_events: [damage]") == []
    assert failures(text % "events: [damage]") == ["expected event damage not found (in order)"]


def test_counts_of_events_and_decisions() -> None:
    text = """
actions:
  - [0, [use, slash S7, [1]]]
  - [1, [pass]]
expect:
  counts:
    events: [{kind: damage, seat: 1, count: %d}]
    decisions: [{kind: respond, seat: 1, need: dodge, count: %d}, {kind: invoke, count: 0}]
"""
    assert failures(text % (1, 1)) == []
    got = failures(text % (2, 0))
    assert len(got) == 2 and "expected 2, got 1" in got[0] and "expected 0 asked, got 1" in got[1]


def test_card_specs_match_the_tokens_of_events() -> None:
    text = """
actions:
  - [0, [use, slash S7, [1]]]
expect: {events: [{kind: use, seat: 0, cards: [%s]}]}
"""
    assert failures(text % "slash S7") == []
    assert failures(text % "slash") == []
    assert failures(text % "slash S8") != []


def test_parts_share_the_setup_and_report_by_part() -> None:
    rep = run_spec(spec("""
parts:
  - name: hit
    actions: [[0, [use, slash S7, [1]]], [1, [pass]]]
    expect: {state: {players: {1: {hp: 3}}}}
  - name: wrong
    actions: [[0, [use, slash S7, [1]]], [1, [card, dodge D2]]]
    expect: {state: {players: {1: {hp: 3}}}}
"""))
    assert not rep.ok and [p.ok for p in rep.parts] == [True, False]
    assert rep.failures == ["[probe — wrong] seat 1 hp: expected 3, got 4"]


def test_result_is_checked_only_once_the_game_is_over() -> None:
    assert failures("expect: {state: {result: {reason: concession}}}") == ["result: the game is not over"]


@pytest.mark.parametrize("extra,message", [
    ("actions: [{act: [0, [end]], refuse: x}]", "unknown key(s) ['refuse']"),
    ("actions: [{refused: x}]", "'refused' needs the 'act'"),
    ("actions: [{act: [0]}]", "write [seat, action]"),
    ("expect: {counts: {prompts: []}}", "unknown key(s) ['prompts']"),
    ("expect: {counts: {events: [{kind: damage}]}}", "integer 'count'"),
    ("expect: {state: {players: {0: {hands: []}}}}", "unknown key(s) ['hands']"),
    ("expect: {pending: {seat: 0, option: []}}", "unknown key(s) ['option']"),
    ("mode: {kind: 2v2}", "mode.kind must be one of"),
    ("mode: {kind: 3v3, colde: 1}", "unknown key(s) ['colde']"),
    ("mode: {kind: 3v3}", "a 3v3 position has 6 players, not 2"),
    ("mode: {kind: 1v1, lord: 0, lineup: [[guan_yu]]}", "mode.lineup is two lists of three generals"),
    ("mode: {kind: 1v1, lord: 3}", "mode.lord is the Lord's seat"),
    ("parts: [{name: a}]\nactions: []", "keeps its actions and expectations in the parts"),
    ("parts: [{rule: x}]", "needs a name"),
    ("start: unit", "is a 3v3 position"),
    ("current: 5", "current must be a seat"),
    ("params: {kill_rewards: 2}", "unknown parameter(s) ['kill_rewards']"),
    ("draw_pile: [slash X7]", "bad card spec 'slash X7'"),
    ("draw_pile: [no_card]", "no card is called 'no_card'"),
])
def test_what_the_format_does_not_know_is_refused(extra: str, message: str) -> None:
    with pytest.raises(ScenarioError) as exc:
        run_spec(spec(extra))
    assert message in str(exc.value)


def test_a_3v3_position_gives_sides_and_commanders_itself() -> None:
    players = "\n".join("  - {}" for _ in range(6))
    text = f"""
name: probe
rule: "2011 seed 二.3.1"
preset: sgs-3v3-2011
mode: {{kind: 3v3, cold: 1}}
players:
{players}
  """
    data = yaml.safe_load(text)
    data["commanders"] = {"cold": 3}
    with pytest.raises(ScenarioError, match="the mode gives the sides and commanders"):
        run_spec(data)
    data.pop("commanders")
    data["preset"] = "sgs-1v1-2014"
    with pytest.raises(ScenarioError, match="a 3v3 position needs a 3v3 preset"):
        run_spec(data)
