"""The replay corpus (tests/sanguosha/corpus.py): seeded games of every preset, with the random and the
heuristic bot, timeouts, a running game clock and referee rulings, written as records and replayed;
their final state hashes must be the ones kept in tests/data/sanguosha_corpus.json. A change to the
engine's structure must leave every game as it was; a rules fix that changes games rewrites the file
and says which games changed and why."""

from __future__ import annotations

import hashlib
import json

import pytest

from ..conftest import slow_scale
from . import corpus

KEYS = list(corpus.keys())
CORPUS_DIGEST = "58bf8cb98c2260fb"   # sha256 of the hash file's data, first 16 hex digits


def test_the_file_covers_every_preset_and_bot_with_300_games() -> None:
    want = corpus.load()
    assert sorted(want) == sorted(f"{p}/{b}" for p, b in KEYS)
    assert all(len(v) >= 300 for v in want.values())


@pytest.mark.parametrize("preset,bot", KEYS)
def test_first_games_replay_to_their_recorded_hashes(preset: str, bot: str) -> None:
    want = corpus.load()[f"{preset}/{bot}"]
    for seed in range(12):
        assert corpus.final_hash(preset, bot, seed) == want[seed], (preset, bot, seed)


@pytest.mark.slow
@pytest.mark.parametrize("preset,bot", KEYS)
def test_every_game_replays_to_its_recorded_hash(preset: str, bot: str) -> None:
    want = corpus.load()[f"{preset}/{bot}"]
    n = max(12, int(len(want) * slow_scale()))
    differ = [seed for seed in range(n) if corpus.final_hash(preset, bot, seed) != want[seed]]
    assert not differ, f"{len(differ)} games differ, first seeds {differ[:10]}"


def test_the_file_is_the_recorded_corpus() -> None:
    """The hash of the hash file: editing it by hand (to make a changed game pass) shows here too;
    a deliberate rewrite updates this digest in the same commit."""
    data = json.dumps(corpus.load(), sort_keys=True)
    assert hashlib.sha256(data.encode()).hexdigest()[:16] == CORPUS_DIGEST
