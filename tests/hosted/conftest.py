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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
