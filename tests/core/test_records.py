"""Game records: replay reproduces the game bit for bit; tampering and truncation are rejected."""

from __future__ import annotations

import json

import pytest

from tablesport.bots.registry import BotSpec
from tablesport.core.records import Recorder, RecordError, replay
from tablesport.games import find_preset, start_for_record
from tablesport.sim.runner import Table


def _record(seed: int = 11) -> tuple[list[str], str]:
    game, rs = find_preset("goofspiel-3p")
    table = Table(game, rs, seed, BotSpec.parse("random", game, rs), record=True)
    table.run()
    assert table.recorder is not None
    return table.recorder.text().splitlines(), table.state.state_hash()


def test_replay_reproduces_final_hash() -> None:
    lines, final = _record()
    rep = replay(lines, start_for_record)
    assert rep.final_hash == final
    assert rep.result is not None and rep.steps == len(lines) - 2


def test_truncated_record_is_rejected() -> None:
    lines, _ = _record()
    with pytest.raises(RecordError, match="truncated"):
        replay(lines[:-1], start_for_record)
    with pytest.raises(RecordError, match="truncated"):
        replay(lines[:5], start_for_record)


def test_edited_line_is_rejected_with_its_number() -> None:
    lines, _ = _record()
    obj = json.loads(lines[3])
    obj["seat"] = (obj["seat"] + 1) % 3
    lines[3] = json.dumps(obj)
    with pytest.raises(RecordError, match="line 4"):
        replay(lines, start_for_record)


def test_rechained_illegal_action_is_rejected() -> None:
    """A forger who recomputes the chain still fails: the action is checked by the rules."""
    game, rs = find_preset("goofspiel-2p")
    rec = Recorder("goofspiel", "goofspiel-2p", 3, ["x", "y"])
    rec.act(0, 99)
    state = game.new_state(rs, 3)
    rec.finish(state)
    with pytest.raises(RecordError, match="bid_from_hand"):
        replay(rec.text().splitlines(), start_for_record)


def test_rechained_different_game_fails_on_final_hash() -> None:
    game, rs = find_preset("goofspiel-2p")
    state = game.new_state(rs, 3)
    rec = Recorder("goofspiel", "goofspiel-2p", 3, ["x", "y"])
    rec.act(0, 1)
    state.apply(0, 1)
    other = game.new_state(rs, 3)
    other.apply(0, 2)
    rec.finish(other)
    with pytest.raises(RecordError, match="final state hash"):
        replay(rec.text().splitlines(), start_for_record)


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "empty record"),
        ("not json\n", "not JSON"),
        ('{"record": "other"}\n', "not a tablesport record"),
        ('[1,2]\n', "expected a JSON object"),
    ],
)
def test_garbage_records(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        replay(text.splitlines(), start_for_record)


def test_unknown_preset_in_header() -> None:
    rec = Recorder("goofspiel", "no-such-preset", 1, [])
    with pytest.raises(RecordError, match="unknown preset"):
        replay(rec.text().splitlines(), start_for_record)


def test_params_overrides_are_recorded_and_replayed() -> None:
    """A game run with a preset parameter changed replays with the same change."""
    game, rs = find_preset("goofspiel-2p")
    fast = rs.with_params(cards=5)
    table = Table(game, fast, 4, BotSpec.parse("random", game, fast), record=True)
    table.run()
    assert table.recorder is not None
    lines = table.recorder.text().splitlines()
    assert json.loads(lines[0])["params"] == {"cards": 5}
    rep = replay(lines, start_for_record)
    assert rep.steps == 10 and rep.final_hash == table.state.state_hash()


def test_unknown_param_is_refused() -> None:
    _, rs = find_preset("goofspiel-2p")
    with pytest.raises(KeyError, match="no parameter"):
        rs.with_params(colour="red")
