"""The collector's policy for a server process, and where its time goes while it runs.

Python's cyclic garbage collector stops the whole process while it runs, every table with it.
A full collection walks every object alive: with a thousand tables (and their WebSocket
connections) that was the longest pause of the server by far (``bench.server_load``: one pause of
0.3 s of CPU, 0.5 s of wall time on the shared machine, the whole p99).  So:

* everything that survives a collection is frozen (``gc.freeze``: the collector no longer walks
  it): the older generations stay empty, so no automatic collection walks more than what was made
  since the last one.  A thousand tables' waiting seats hold some 25,000 objects that live for a
  think (coroutines, futures, timers); frozen only after a middle-generation collection they were
  walked by each one, every two seconds: 15–35 ms of the loop held up, the largest pauses left;
* frozen objects freed by their reference count go as usual, but frozen objects that later become
  cyclic garbage (a finished table, a closed connection) are kept until a *complete* collection
  (``gc.unfreeze(); gc.collect()``), run when the garbage kept may have grown as large as what is
  alive.  The frozen set is what is alive plus that garbage; what is alive is estimated from the
  last complete collection and the live tables and connections since (``live``: the room's
  :func:`live_objects`, at ``OBJECTS_PER_TABLE`` and ``OBJECTS_PER_CONNECTION``, measured with
  ``bench.server_memory`` and rounded down, so that an error brings the collection forward, never
  back).  So a server filling up with tables (a thousand tables and their two thousand connections
  are 400,000 objects) does not collect completely on the way (it did, at each doubling of the
  frozen set: the one long pause, 0.3–0.7 s at a thousand tables); it does once finished tables and
  closed connections have left as much garbage as there is alive.  Counting the frozen set walks
  all of it (45–100 ms at a thousand tables, the loop held up all that time), so it is counted only
  when two cheap signs say the garbage may have grown: the young collections have frozen as many
  objects as the last complete collection left alive (most of them are freed again by their
  reference count), and the blocks the allocator holds (``sys.getallocatedblocks``, a walk over its
  arenas: under a millisecond) have grown since the last count by half the garbage a complete
  collection waits for.  Garbage kept is memory kept, so while the blocks stay level the count is
  not needed: a server whose tables finish without new ones holds its garbage within the memory it
  already had, until new tables make it grow again.

The probe counts the collector's runs, pauses and CPU by generation, and how late a 50 ms tick of
the event loop fires (anything holding up the loop delays every table).  ``/api/v1/stats`` shows it.

``TABLESPORT_CENSUS=<file>``: on ``SIGUSR2`` the server collects completely and writes to that file what
is alive (objects by type, the collection's CPU time, the process's resident memory): ``bench.server_memory``.

``TABLESPORT_PROFILE=<file>`` makes :func:`tablesport.server.app.serve` run the whole server under
:mod:`cProfile` and write the statistics to that file when it stops (``python -m pstats <file>``).
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

TICK = 0.05
LAG_BUCKETS_MS = (5, 10, 50, 100, 500)
PAUSE_BUCKETS_MS = (10, 50, 100)
"""The collector's pauses are counted by generation past these many ms of CPU."""
OBJECTS_PER_TABLE = 25
"""Objects tracked by the collector per live table (an open goofspiel table: 31)."""
OBJECTS_PER_CONNECTION = 150
"""Per WebSocket connection (a seated goofspiel table with two: 368, the table included)."""
MIN_GARBAGE = 100_000
"""Garbage kept before a complete collection however little is alive."""
GROWTH_TO_COUNT = 0.5
"""The frozen set is counted once the allocator's blocks grew, since the last count, by this share of
the garbage a complete collection waits for (``max(alive, MIN_GARBAGE)``)."""


def live_objects(tables: Iterable[Any]) -> int:
    """At least the objects that ``tables`` (the room's live tables, with their ``clients``) keep alive."""
    return sum(OBJECTS_PER_TABLE + OBJECTS_PER_CONNECTION * len(t.clients) for t in tables)


class Probe:
    def __init__(self, manage_collector: bool = True, live: Callable[[], int] | None = None) -> None:
        self.manage = manage_collector
        self.live = live or (lambda: 0)
        self.live_at_complete = 0  # live() at the last complete collection
        self.garbage_found = 0  # unreachable objects the last complete collection freed
        self.gc_runs = [0, 0, 0]
        self.gc_seconds = [0.0, 0.0, 0.0]
        self.gc_cpu = [0.0, 0.0, 0.0]
        self.gc_max = 0.0
        self.gc_cpu_max = 0.0
        self.gc_cpu_over = {b: [0, 0, 0] for b in PAUSE_BUCKETS_MS}
        self.complete = 0
        self.alive_after_complete = 0  # objects frozen by the last complete collection
        self.frozen_since = 0  # objects frozen by the young collections since
        self.blocks_at_count = 0  # the allocator's blocks when the frozen set was last counted
        self.counts = 0  # how many times the frozen set was counted (a walk over it)
        self.lag_max = 0.0
        self.lag_over = dict.fromkeys(LAG_BUCKETS_MS, 0)
        self.ticks = 0
        self._t0 = 0.0
        self._cpu0 = 0.0
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handle: asyncio.TimerHandle | None = None

    # -- the collector ----------------------------------------------------------------------
    def _on_gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._t0 = time.perf_counter()
            self._cpu0 = time.thread_time()
            return
        g = info["generation"]
        took = time.perf_counter() - self._t0
        cpu = time.thread_time() - self._cpu0
        self.gc_runs[g] += 1
        self.gc_seconds[g] += took
        self.gc_cpu[g] += cpu
        self.gc_max = max(self.gc_max, took)
        self.gc_cpu_max = max(self.gc_cpu_max, cpu)
        for b in PAUSE_BUCKETS_MS:
            if cpu * 1000 > b:
                self.gc_cpu_over[b][g] += 1
        if self.manage:
            # the older generations hold just what this collection kept: count it, freeze it
            self.frozen_since += len(gc.get_objects(1)) + len(gc.get_objects(2))
            gc.freeze()  # what survived a collection is not walked again

    def collect_completely(self) -> None:
        """Unfreeze and collect everything: the frozen objects that became garbage go too."""
        gc.unfreeze()
        self.garbage_found = gc.collect()  # its survivors are frozen by the callback
        self.complete += 1
        self.alive_after_complete = gc.get_freeze_count()
        self.live_at_complete = self.live()
        self.frozen_since = 0
        self.blocks_at_count = sys.getallocatedblocks()

    def alive(self) -> int:
        """What is alive in the frozen set, estimated: what the last complete collection kept, and the
        objects of the tables and connections that came (or went) since."""
        return max(0, self.alive_after_complete + self.live() - self.live_at_complete)

    def count_due(self) -> bool:
        """Whether the memory grew enough since the last count to count the frozen set (see above)."""
        grown = sys.getallocatedblocks() - self.blocks_at_count
        return grown > GROWTH_TO_COUNT * max(self.alive(), MIN_GARBAGE)

    def complete_due(self) -> bool:
        """Whether the garbage kept frozen may have grown as large as what is alive (see above): counts the
        frozen set."""
        self.counts += 1
        self.blocks_at_count = sys.getallocatedblocks()
        alive = self.alive()
        return gc.get_freeze_count() - alive > max(alive, MIN_GARBAGE)

    # -- the loop's lag ---------------------------------------------------------------------
    def _tick(self, due: float) -> None:
        assert self._loop is not None
        now = self._loop.time()
        lag = now - due
        self.ticks += 1
        self.lag_max = max(self.lag_max, lag)
        for b in LAG_BUCKETS_MS:
            if lag * 1000 > b:
                self.lag_over[b] += 1
        # the young collections froze as many objects as the last complete collection left alive and
        # the memory grew: count the frozen set (a walk over all of it, so only now) and collect
        # completely if the garbage in it may be as large as what is alive
        if self.manage and self.frozen_since > max(self.alive_after_complete, 10_000):
            self.frozen_since = 0
            if self.count_due() and self.complete_due():
                self.collect_completely()
        self._handle = self._loop.call_at(now + TICK, self._tick, now + TICK)

    def start(self) -> None:
        gc.callbacks.append(self._on_gc)
        if self.manage:
            self.collect_completely()  # what the start-up made is frozen
        self._loop = asyncio.get_running_loop()
        census_to = os.environ.get("TABLESPORT_CENSUS")
        if census_to:
            self._loop.add_signal_handler(signal.SIGUSR2, self.write_census, Path(census_to))
        self._handle = self._loop.call_at(self._loop.time() + TICK, self._tick, self._loop.time() + TICK)

    async def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self.manage:
            gc.unfreeze()

    def census(self, top: int = 25) -> dict[str, Any]:
        """What is alive after a complete collection: objects (tracked by the collector) by type, that
        collection's CPU time, the resident memory."""
        cpu0 = time.thread_time()
        if self.manage:
            self.collect_completely()
        else:
            gc.collect()
        cpu = time.thread_time() - cpu0
        gc.unfreeze()  # counted from the generations, then frozen again as they were
        objects = gc.get_objects()
        by_type = Counter(type(o).__qualname__ for o in objects)
        if self.manage:
            gc.freeze()
        del objects
        return {
            "objects": sum(by_type.values()),
            "garbage_found": self.garbage_found if self.manage else None,
            "complete_collection_cpu_ms": round(1000 * cpu, 3),
            "rss_bytes": resident_bytes(),
            "by_type": dict(by_type.most_common(top)),
        }

    def write_census(self, to: Path) -> None:
        to.write_text(json.dumps(self.census()) + "\n")

    def to_json(self) -> dict[str, Any]:
        return {
            "gc_runs": list(self.gc_runs),
            "gc_seconds": [round(s, 6) for s in self.gc_seconds],
            "gc_cpu_seconds": [round(s, 6) for s in self.gc_cpu],
            "gc_max_ms": round(1000 * self.gc_max, 3),
            "gc_max_cpu_ms": round(1000 * self.gc_cpu_max, 3),
            "gc_cpu_over_ms_by_generation": {str(b): list(v) for b, v in self.gc_cpu_over.items()},
            "gc_frozen": gc.get_freeze_count(),
            "gc_complete_collections": self.complete,
            "gc_frozen_counts": self.counts,
            "gc_complete_garbage_found": self.garbage_found,
            "loop_ticks": self.ticks,
            "loop_lag_max_ms": round(1000 * self.lag_max, 3),
            "loop_lag_over_ms": {str(k): v for k, v in self.lag_over.items()},
        }


def resident_bytes(pid: int | str = "self") -> int:
    """The resident memory of a process (Linux ``/proc``; 0 elsewhere)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0
