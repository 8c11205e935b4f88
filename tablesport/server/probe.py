"""The collector's policy for a server process, and where its time goes while it runs.

Python's cyclic garbage collector stops the whole process while it runs, every table with it.
A full collection walks every object alive: with a thousand tables (and their WebSocket
connections) that was the longest pause of the server by far (``bench.server_load``: one pause of
0.3 s of CPU, 0.5 s of wall time on the shared machine, the whole p99).  So:

* everything that survives a collection of the middle generation is frozen (``gc.freeze``: the
  collector no longer walks it): the oldest generation stays empty and no automatic full
  collection ever walks the whole heap; the young collections stay as they are (short);
* frozen objects freed by their reference count go as usual, but frozen objects that later become
  cyclic garbage (a finished table, a closed connection) are kept until a *complete* collection
  (``gc.unfreeze(); gc.collect()``), run when the frozen set has doubled since the last one: the
  garbage kept stays below what is alive, and the one long pause comes once per doubling instead
  of each time the heap grew by a quarter.  Counting the frozen set walks all of it, so it is
  counted only after the young collections have frozen as many objects as the last complete
  collection left alive (most of them are freed again by their reference count).

The probe counts the collector's runs, pauses and CPU by generation, and how late a 50 ms tick of
the event loop fires (anything holding up the loop delays every table).  ``/api/v1/stats`` shows it.

``TABLESPORT_PROFILE=<file>`` makes :func:`tablesport.server.app.serve` run the whole server under
:mod:`cProfile` and write the statistics to that file when it stops (``python -m pstats <file>``).
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

TICK = 0.05
LAG_BUCKETS_MS = (5, 10, 50, 100, 500)


class Probe:
    def __init__(self, manage_collector: bool = True) -> None:
        self.manage = manage_collector
        self.gc_runs = [0, 0, 0]
        self.gc_seconds = [0.0, 0.0, 0.0]
        self.gc_cpu = [0.0, 0.0, 0.0]
        self.gc_max = 0.0
        self.gc_cpu_max = 0.0
        self.complete = 0
        self.alive_after_complete = 0  # objects frozen by the last complete collection
        self.frozen_since = 0  # objects frozen by the young collections since
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
        if g >= 1 and self.manage:
            # the oldest generation holds just what this collection kept: count it, freeze it
            self.frozen_since += len(gc.get_objects(2))
            gc.freeze()  # what survived two young collections is not walked again

    def collect_completely(self) -> None:
        """Unfreeze and collect everything: the frozen objects that became garbage go too."""
        gc.unfreeze()
        gc.collect()  # its survivors are frozen by the callback
        self.complete += 1
        self.alive_after_complete = gc.get_freeze_count()
        self.frozen_since = 0

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
        # the young collections froze as many objects as the last complete collection left alive:
        # count the frozen set (a walk over all of it, so only now) and collect completely if it
        # has doubled (what was frozen since is still there: alive, or cyclic garbage)
        if self.manage and self.frozen_since > max(self.alive_after_complete, 10_000):
            self.frozen_since = 0
            if gc.get_freeze_count() > 2 * self.alive_after_complete:
                self.collect_completely()
        self._handle = self._loop.call_at(now + TICK, self._tick, now + TICK)

    def start(self) -> None:
        gc.callbacks.append(self._on_gc)
        if self.manage:
            self.collect_completely()  # what the start-up made is frozen
        self._loop = asyncio.get_running_loop()
        self._handle = self._loop.call_at(self._loop.time() + TICK, self._tick, self._loop.time() + TICK)

    async def stop(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        if self._on_gc in gc.callbacks:
            gc.callbacks.remove(self._on_gc)
        if self.manage:
            gc.unfreeze()

    def to_json(self) -> dict[str, Any]:
        return {
            "gc_runs": list(self.gc_runs),
            "gc_seconds": [round(s, 6) for s in self.gc_seconds],
            "gc_cpu_seconds": [round(s, 6) for s in self.gc_cpu],
            "gc_max_ms": round(1000 * self.gc_max, 3),
            "gc_max_cpu_ms": round(1000 * self.gc_cpu_max, 3),
            "gc_frozen": gc.get_freeze_count(),
            "gc_complete_collections": self.complete,
            "loop_ticks": self.ticks,
            "loop_lag_max_ms": round(1000 * self.lag_max, 3),
            "loop_lag_over_ms": {str(k): v for k, v in self.lag_over.items()},
        }
