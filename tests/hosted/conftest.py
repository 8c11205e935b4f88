"""Hosted mode's services: PostgreSQL (a schema of its own per test), Redis (keys and channels under a
prefix of its own) and HAProxy (scripts/ensure-haproxy). Each test that needs one is skipped, with the
reason printed, when it is absent."""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tablesport.server.hosted.cluster import Cluster
from tablesport.server.hosted.players import Person, check_record

from ..store.conftest import _pg_base_url

ROOT = Path(__file__).resolve().parents[2]
REDIS_URL = os.environ.get("TABLESPORT_TEST_REDIS", "redis://127.0.0.1:6379/0")


def _skip(why: str) -> None:
    print(f"SKIPPED: {why}")
    pytest.skip(why)


@pytest.fixture(scope="session")
def redis_url() -> str:
    try:
        import redis
    except ImportError:
        _skip("hosted tests skipped: the redis package is missing (pip install 'tablesport[hosted]')")
    try:
        redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1, socket_timeout=1).ping()
    except Exception as exc:  # noqa: BLE001 - report why
        _skip(f"hosted tests skipped: no Redis at {REDIS_URL} ({exc}); set TABLESPORT_TEST_REDIS")
    return REDIS_URL


@pytest.fixture(scope="module")
def pg_schema_url() -> Iterator[str]:
    from tablesport.server.hosted.cluster import scratch_schema

    base, why = _pg_base_url()
    if base is None:
        _skip(f"hosted tests skipped: {why}")
    assert base is not None
    with scratch_schema(base) as url:
        yield url


@pytest.fixture(scope="session")
def haproxy() -> str:
    done = subprocess.run([str(ROOT / "scripts" / "ensure-haproxy")], capture_output=True, text=True,
                          timeout=600)
    path = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else ""
    if done.returncode != 0 or not path:
        _skip("hosted tests skipped: " + (done.stderr.strip() or "no haproxy"))
    return path


BOTS = [{"kind": "bot", "bot": "random"}] * 2
PERSON_AND_BOT = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]


class OwnRedis:
    """A Redis of the tests' own on a free port, without persistence, that a test may restart (the shared
    Redis is never restarted)."""

    def __init__(self, binary: str, workdir: Path) -> None:
        from tablesport.server.process import free_port

        self.port = free_port()
        self.cmd = [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
                    "no", "--dir", str(workdir)]
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        import redis

        self.proc = subprocess.Popen(self.cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while True:
            try:
                redis.Redis.from_url(self.url, socket_connect_timeout=0.5).ping()
                return
            except Exception:
                if time.monotonic() > deadline:
                    raise RuntimeError("the tests' own Redis did not start") from None
                time.sleep(0.05)

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(5)
            self.proc = None


@pytest.fixture(scope="module")
def own_redis(tmp_path_factory: pytest.TempPathFactory, redis_url: str) -> Iterator[OwnRedis]:
    binary = shutil.which("redis-server")
    if binary is None:
        _skip("hosted fault tests skipped: no redis-server binary to start a Redis of their own")
    assert binary is not None
    own = OwnRedis(binary, tmp_path_factory.mktemp("redis"))
    own.start()
    try:
        yield own
    finally:
        own.kill()


def run_async(coro: Any) -> Any:
    """Run ``coro`` to its end on a fresh event loop in a thread of its own: a test worker may already run
    a loop in this thread (a browser test's sync API leaves one behind), and ``asyncio.run`` refuses that."""
    out: dict[str, Any] = {}

    def main() -> None:
        try:
            out["value"] = asyncio.run(coro)
        except BaseException as exc:  # noqa: BLE001 - handed to the caller's thread
            out["error"] = exc

    worker = threading.Thread(target=main, name="hosted-test-loop")
    worker.start()
    worker.join()
    if "error" in out:
        raise out["error"]
    return out.get("value")


class CutProxy:
    """A TCP relay to ``host:port`` (PostgreSQL) that a test can cut: :meth:`cut` drops every connection
    through it and refuses new ones until :meth:`restore` — what the store's clients see while PostgreSQL
    restarts (the shared PostgreSQL itself is never restarted by a test)."""

    def __init__(self, host: str, port: int) -> None:
        from tablesport.server.process import free_port

        self.target = (host, port)
        self.port = free_port()
        self.down = False
        self.cuts = 0
        self._links: set[asyncio.StreamWriter] = set()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="pg-cut-proxy", daemon=True)

    def __enter__(self) -> CutProxy:
        self._thread.start()
        asyncio.run_coroutine_threadsafe(self._serve(), self._loop).result(10)
        return self

    def __exit__(self, *exc: object) -> None:
        asyncio.run_coroutine_threadsafe(self._shutdown(), self._loop).result(10)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)
        self._loop.close()

    async def _shutdown(self) -> None:
        self._server.close()
        await self._cut()
        tasks = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def cut(self) -> None:
        asyncio.run_coroutine_threadsafe(self._cut(), self._loop).result(10)

    def restore(self) -> None:
        self.down = False

    async def _serve(self) -> None:
        self._server = await asyncio.start_server(self._accept, "127.0.0.1", self.port)

    async def _cut(self) -> None:
        self.down = True
        self.cuts += 1
        for w in list(self._links):
            w.transport.abort()
        self._links.clear()

    async def _accept(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.down:
            writer.transport.abort()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.transport.abort()
            return
        self._links.update((writer, up_writer))
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            self._links.discard(writer)
            writer.transport.abort()


def create_table(url: str, seats: list[dict[str, str]], seed: int) -> dict[str, object]:
    r = httpx.post(url + "/api/v1/tables", json={"preset": "goofspiel-2p", "seats": seats, "seed": seed},
                   timeout=20)
    r.raise_for_status()
    data: dict[str, object] = r.json()
    return data


def play_through(cluster: Cluster, fault: Callable[[], None], bots: int, persons: int,
                 seed: int) -> list[Person]:
    """``bots`` tables of two bots and ``persons`` tables of a person and a bot; ``fault`` 1.5 s into the
    people's games; then every table must finish and replay."""
    bot_tables = [create_table(cluster.url, BOTS, seed + k) for k in range(bots)]
    person_tables = [create_table(cluster.url, PERSON_AND_BOT, seed + 100 + k) for k in range(persons)]
    people = [Person(cluster.ws_url, str(t["id"]), str(t["seats"][0]["token"]), pause=0.3)  # type: ignore[index]
              for t in person_tables]

    async def play() -> None:
        games = [asyncio.create_task(p.play(limit=50.0)) for p in people]
        await asyncio.sleep(1.5)
        await asyncio.to_thread(fault)
        await asyncio.gather(*games)

    run_async(play())
    deadline = time.monotonic() + 40
    for t in bot_tables:
        while httpx.get(f"{cluster.url}/api/v1/tables/{t['id']}", timeout=20).json()["status"] != "finished":
            assert time.monotonic() < deadline, f"bot table {t['id']} did not finish"
            time.sleep(0.25)
    for t in bot_tables + person_tables:
        check_record(cluster.url, str(t["id"]))
    return people
