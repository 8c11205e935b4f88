"""Several hosted server processes and HAProxy on this machine (``scripts/run-hosted``, the fault
tests, the benchmark): each process is ``tablesport serve`` on one PostgreSQL store with one Redis.

``Cluster(n, db_url, redis_url, workdir).start()`` starts them on free loopback ports and, with
``haproxy`` (the binary's path), HAProxy in front with the configuration of :mod:`.haproxy`;
``kill(i)`` is a crash (SIGKILL), ``start_one(i)`` brings a process back.  :func:`scratch_schema` gives
a PostgreSQL URL on a schema of its own (tests and benchmarks leave the database as they found it).
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import httpx

from ..process import ServerProcess, free_port
from .haproxy import HEALTH, Options, config


@contextmanager
def scratch_schema(base: str, name: str = "ts_hosted") -> Iterator[str]:
    """``base`` (a PostgreSQL URL) on a fresh schema, dropped afterwards."""
    from sqlalchemy import text

    from tablesport.store.db import make_engine

    schema = f"{name}_{os.getpid()}_{secrets.token_hex(4)}"
    admin = make_engine(base)
    with admin.begin() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    sep = "&" if "?" in base else "?"
    try:
        yield f"{base}{sep}options={quote(f'-csearch_path={schema}')}"
    finally:
        with admin.begin() as conn:
            conn.execute(text(f'DROP SCHEMA "{schema}" CASCADE'))
        admin.dispose()


class Cluster:
    def __init__(self, n: int, db_url: str, redis_url: str, workdir: Path, haproxy: str | None = None,
                 prefix: str | None = None, bot_delay: float = 0.0, port: int | None = None,
                 tables_per_minute: int | None = None) -> None:
        if n < 1:
            raise ValueError("a cluster has at least one process")
        self.workdir = workdir
        self.db_url = db_url
        self.prefix = prefix or f"tablesport-{secrets.token_hex(3)}"
        self.haproxy = haproxy
        self.port = port or free_port()
        self.procs: list[ServerProcess] = []
        for i in range(n):
            env = {"TABLESPORT_REDIS": redis_url, "TABLESPORT_REDIS_PREFIX": self.prefix,
                   "TABLESPORT_NODE": f"{socket.gethostname()}-p{i}"} if redis_url else {}
            if haproxy:  # HAProxy runs on this machine: its X-Forwarded-For names the client
                env["TABLESPORT_TRUSTED_PROXIES"] = "127.0.0.1"
            self.procs.append(ServerProcess(workdir / f"p{i}", bot_delay=bot_delay, db_url=db_url, env=env,
                                            log=workdir / f"p{i}.log", tables_per_minute=tables_per_minute))
        self.proxy: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Where clients go: HAProxy, or the first process when there is no HAProxy."""
        return f"http://127.0.0.1:{self.port}" if self.haproxy else self.procs[0].url

    @property
    def ws_url(self) -> str:
        return self.url.replace("http://", "ws://", 1)

    def start(self, timeout: float = 60.0) -> Cluster:
        from tablesport.store.migrate import upgrade

        self.workdir.mkdir(parents=True, exist_ok=True)
        upgrade(self.db_url).dispose()  # the schema once, here, so that the processes start side by side
        for p in self.procs:
            p.launch()
        for p in self.procs:
            p.wait_ready(timeout)
        if self.haproxy:
            cfg = self.workdir / "haproxy.cfg"
            cfg.write_text(config([f"127.0.0.1:{p.port}" for p in self.procs],
                                  Options(bind=f"127.0.0.1:{self.port}")))
            log = open(self.workdir / "haproxy.log", "ab")  # noqa: SIM115 (kept open for the child)
            self.proxy = subprocess.Popen([self.haproxy, "-db", "-f", str(cfg)], stdout=log,
                                          stderr=subprocess.STDOUT)
            deadline = time.monotonic() + timeout
            while not self.healthy():
                if self.proxy.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError("HAProxy did not start; see " + str(self.workdir / "haproxy.log"))
                time.sleep(0.1)
        return self

    def healthy(self) -> bool:
        try:
            return httpx.get(self.url + HEALTH, timeout=1).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self, i: int) -> None:
        """Process ``i`` crashes (SIGKILL: no shutdown hooks, its leases stay until they expire)."""
        self.procs[i].kill()

    def start_one(self, i: int) -> None:
        self.procs[i].start()

    def stop(self) -> None:
        if self.proxy is not None and self.proxy.poll() is None:
            self.proxy.send_signal(signal.SIGTERM)
            try:
                self.proxy.wait(5)
            except subprocess.TimeoutExpired:
                self.proxy.kill()
                self.proxy.wait(5)
        self.proxy = None
        for p in self.procs:
            p.stop()

    def __enter__(self) -> Cluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def ensure_database(url: str) -> None:
    """Create the PostgreSQL database of ``url`` if it does not exist yet (from the ``postgres`` one)."""
    from sqlalchemy import text
    from sqlalchemy.engine import make_url

    from tablesport.store.db import make_engine

    target = make_url(url)
    probe = make_engine(url)
    try:
        with probe.connect():
            return
    except Exception as exc:
        if "does not exist" not in str(exc):
            raise
    finally:
        probe.dispose()
    admin = make_engine(target.set(database="postgres").render_as_string(hide_password=False))
    try:
        with admin.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.execute(text(f'CREATE DATABASE "{target.database}"'))
    finally:
        admin.dispose()
