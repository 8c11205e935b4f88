"""Where a batch of seeded games runs: in this process, a local process pool, or Ray.

Every engine plays the same chunks of game indexes with the same per-game seeds
(:func:`~tablesport.sim.runner.game_seed`), so a run gives the same results whatever engine
played it; only the order in which chunks come back differs.  An engine yields each finished
chunk as a list of ``(index, outcome)`` pairs as soon as it is done, so the caller can stream it
to a dataset (and a killed run loses only the chunks still being played).
"""

from __future__ import annotations

import logging
import multiprocessing as mp
import os
import socket
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablesport.core import TablesportError

from .runner import GameOutcome, SimClock, game_seed, play_one

ENGINES = ("local", "ray")

Chunk = list[tuple[int, GameOutcome]]


@dataclass(frozen=True)
class SimJob:
    """What every game of a run shares: the preset, the run's seed, the bots and the clock."""

    preset: str
    seed: int
    bots: str | None = None
    clock: SimClock | None = None
    record_dir: str | None = None


def play_chunk(job: SimJob, indexes: Sequence[int]) -> Chunk:
    """Play the games ``indexes`` of ``job`` (game ``i`` is seeded ``game_seed(job.seed, i)``)."""
    from tablesport.bots.registry import BotSpec
    from tablesport.games import find_preset

    game, rs = find_preset(job.preset)
    spec = BotSpec.parse(job.bots, game, rs)
    rdir = Path(job.record_dir) if job.record_dir else None
    return [(i, play_one(game, rs, game_seed(job.seed, i), spec, job.clock, rdir, i)) for i in indexes]


def _play_chunk_args(args: tuple[SimJob, Sequence[int]]) -> Chunk:
    return play_chunk(*args)


def chunks_of(indexes: Sequence[int], size: int) -> list[list[int]]:
    """``indexes`` cut into consecutive lists of at most ``size``."""
    size = max(1, size)
    return [list(indexes[i:i + size]) for i in range(0, len(indexes), size)]


def default_chunk(games: int, workers: int) -> int:
    """Games per task: enough tasks to keep every worker busy, at most 50 games per task."""
    return max(1, min(50, games // (max(1, workers) * 4) or 1))


class LocalEngine:
    """This process (``workers=1``) or a pool of forked processes on this machine."""

    name = "local"

    def __init__(self, workers: int = 1) -> None:
        self.workers = max(1, workers)

    def run(self, job: SimJob, chunks: Sequence[list[int]]) -> Iterator[Chunk]:
        if self.workers == 1 or len(chunks) < 2:
            for chunk in chunks:
                yield play_chunk(job, chunk)
            return
        with mp.get_context("fork").Pool(self.workers) as pool:
            yield from pool.imap_unordered(_play_chunk_args, [(job, c) for c in chunks])

    def close(self) -> None:
        return None


def check_reachable(address: str, timeout: float = 5.0) -> None:
    """Refuse at once a Ray address nothing answers at (Ray itself would retry for minutes)."""
    if address == "auto":
        return
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        raise TablesportError(f"--address {address!r}: give HOST:PORT or ray://HOST:PORT (or auto)")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=timeout).close()
    except OSError as exc:
        raise TablesportError(f"--address {address}: no Ray cluster answers there ({exc})") from None


class RayEngine:
    """Ray tasks: a local Ray runtime with ``workers`` CPUs, or the cluster at ``address``.

    A cluster's nodes need this same version of tablesport installed.  Twice as many tasks as
    workers are kept in flight, so a worker never waits for the driver."""

    name = "ray"

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        try:
            import ray as ray_module
        except ImportError:
            raise TablesportError("--engine ray needs Ray: pip install 'tablesport[ray]'") from None
        ray: Any = ray_module
        self._ray = ray
        self.started = not ray.is_initialized()
        if self.started:
            quiet: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False,
                                     "configure_logging": True}
            if address:
                check_reachable(address)
                ray.init(address=address, **quiet)
            else:
                ray.init(num_cpus=workers or os.cpu_count() or 1, include_dashboard=False, **quiet)
        self.workers = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(num_cpus=1, max_retries=2)(play_chunk)

    def run(self, job: SimJob, chunks: Sequence[list[int]]) -> Iterator[Chunk]:
        ray = self._ray
        job_ref = ray.put(job)
        todo = iter(chunks)
        pending: list[Any] = []

        def submit(k: int) -> None:
            for chunk in todo:
                pending.append(self._task.remote(job_ref, chunk))
                k -= 1
                if k == 0:
                    return

        submit(2 * self.workers)
        try:
            while pending:
                done, rest = ray.wait(pending, num_returns=1)
                pending[:] = rest
                for ref in done:
                    yield ray.get(ref)
                submit(len(done))
        finally:
            for ref in pending:
                ray.cancel(ref, force=True)

    def close(self) -> None:
        if self.started:
            self._ray.shutdown()


def make_engine(name: str, workers: int = 1, address: str | None = None) -> LocalEngine | RayEngine:
    """The engine called ``name`` (``local`` or ``ray``); ``address`` is for Ray only."""
    if name == "local":
        if address:
            raise TablesportError("--address is for --engine ray (a Ray cluster's address)")
        return LocalEngine(workers)
    if name == "ray":
        return RayEngine(workers, address or None)
    raise TablesportError(f"unknown engine {name!r}; known: {', '.join(ENGINES)}")
