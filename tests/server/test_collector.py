"""The collector's policy (web/collector.py): a complete collection is due when the garbage kept frozen may
be as large as what is alive, what is alive estimated from the last complete collection and the
live tables."""

from __future__ import annotations

import gc

import pytest

from tablesport.server.web import collector as probe_module
from tablesport.server.web.collector import MIN_GARBAGE, Probe, live_objects


class Table:
    def __init__(self, clients: int) -> None:
        self.clients = set(range(clients))


def test_live_objects_counts_tables_and_their_connections() -> None:
    tables = [Table(2), Table(0)]
    per_table, per_connection = probe_module.OBJECTS_PER_TABLE, probe_module.OBJECTS_PER_CONNECTION
    assert live_objects(tables) == 2 * per_table + 2 * per_connection


@pytest.mark.parametrize(("live_now", "frozen", "due"), [
    (400_000, 600_000, False),  # the server filled up: all of the growth is alive
    (400_000, 1_000_000, False),  # 400,000 of garbage beside 600,000 alive
    (400_000, 1_300_000, True),  # 700,000 of garbage beside 600,000 alive
    (0, 450_000, True),  # the tables finished: what they held is garbage now
    (0, 250_000, False),  # garbage below the floor
])
def test_a_complete_collection_is_due_when_the_garbage_may_match_what_is_alive(
        monkeypatch: pytest.MonkeyPatch, live_now: int, frozen: int, due: bool) -> None:
    p = Probe(live=lambda: live_now)
    p.alive_after_complete, p.live_at_complete = 200_000, 0
    monkeypatch.setattr(gc, "get_freeze_count", lambda: frozen)
    assert MIN_GARBAGE == 100_000
    assert p.complete_due() is due


@pytest.mark.parametrize(("grown", "live_now", "counted"), [
    (40_000, 0, False),  # the memory barely moved: no garbage worth a count can be in it
    (60_000, 0, True),  # half the floor of garbage
    (90_000, 200_000, False),  # what is alive is larger: half of it is the mark
    (120_000, 200_000, True),
])
def test_the_frozen_set_is_counted_only_once_the_memory_grew(
        monkeypatch: pytest.MonkeyPatch, grown: int, live_now: int, counted: bool) -> None:
    """Counting the frozen set walks all of it (the loop waits): it waits until the allocator's blocks grew by
    half the garbage a complete collection waits for (max(alive, MIN_GARBAGE)); a count resets the mark."""
    p = Probe(live=lambda: live_now)
    p.alive_after_complete, p.live_at_complete = 0, 0
    p.blocks_at_count = 1_000_000
    monkeypatch.setattr(probe_module.sys, "getallocatedblocks", lambda: 1_000_000 + grown)
    monkeypatch.setattr(gc, "get_freeze_count", lambda: 0)
    assert p.count_due() is counted
    assert p.complete_due() is False and p.counts == 1
    assert p.count_due() is False  # counted at this size: the mark moved up to it
