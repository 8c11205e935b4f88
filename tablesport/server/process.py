"""A real tablesport web server in its own process on a free loopback port (tests, benchmarks)."""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


STARTUP = 180.0
"""Seconds a server start-up may take: over a minute on a machine loaded with other test runs."""


class ServerProcess:
    """``tablesport serve`` on ``db`` (a SQLite file); ``kill()`` is a hard stop (SIGKILL).
    ``tables_per_minute``: new tables one address may open a minute (0: no limit, for load tests and
    fuzzing; default: the server's own limit).  ``db_url``: another store than the file ``db`` (whose
    name then only places the log); ``env``: more environment (hosted mode: ``TABLESPORT_REDIS``...).
    ``python``: the interpreter whose installed ``tablesport serve`` runs (default:
    ``TABLESPORT_SERVER_PYTHON``, else this one); ``-P`` keeps the current folder off its path, so an
    installed wheel is tested as installed even when started from a source tree."""

    def __init__(self, db: Path, port: int | None = None, bot_delay: float = 0.0,
                 log: Path | None = None, tables_per_minute: int | None = None, db_url: str | None = None,
                 env: dict[str, str] | None = None, python: str | None = None) -> None:
        self.db = db
        self.python = python or os.environ.get("TABLESPORT_SERVER_PYTHON") or sys.executable
        self.db_url = db_url or f"sqlite:///{db}"
        self.env = env or {}
        self.tables_per_minute = tables_per_minute
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.log_path = log or db.with_suffix(".log")
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = STARTUP) -> ServerProcess:
        self.launch()
        return self.wait_ready(timeout)

    def launch(self) -> None:
        """Start the process without waiting for it (:meth:`wait_ready` waits)."""
        env = {**os.environ, "PYTHONUNBUFFERED": "1", **self.env}
        if self.tables_per_minute is not None:
            env["TABLESPORT_TABLES_PER_MINUTE"] = str(self.tables_per_minute)
            if self.tables_per_minute == 0:  # no per-address limits: nor on the sockets that watch
                env.setdefault("TABLESPORT_WATCHERS_PER_ADDRESS", "0")
        logf = open(self.log_path, "ab")  # noqa: SIM115 (kept open for the child)
        cmd = [self.python, "-P", "-m", "tablesport.cli", "serve", "--host", "127.0.0.1",
               "--port", str(self.port), "--db", self.db_url, "--bot-delay", str(self.bot_delay)]
        self.proc = subprocess.Popen(cmd, stdout=logf, stderr=subprocess.STDOUT, env=env)

    def wait_ready(self, timeout: float = STARTUP) -> ServerProcess:
        """Wait until the launched process answers (RuntimeError with its log's end if it exits)."""
        assert self.proc is not None, "launch() first"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                tail = self.log_path.read_text(errors="replace")[-3000:]
                raise RuntimeError(f"server exited early:\n{tail}")
            try:
                if httpx.get(self.url + "/api/v1/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server did not answer within {timeout}s")

    def children(self) -> dict[int, list[str]]:
        """The server's child processes now (its bot workers) and their command lines (Linux's /proc)."""
        out: dict[int, list[str]] = {}
        if self.proc is None:
            return out
        for task in Path(f"/proc/{self.proc.pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                with contextlib.suppress(FileNotFoundError):  # it has just ended
                    out[int(child)] = Path(f"/proc/{child}/cmdline").read_text().split("\0")[:-1]
        return out

    def kill(self) -> None:
        """A crash: no shutdown hooks run."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        self.proc = None

    def create(self, preset: str, seats: list[dict[str, object]], **extra: object) -> dict[str, object]:
        r = httpx.post(self.url + "/api/v1/tables", json={"preset": preset, "seats": seats, **extra},
                       timeout=10)
        r.raise_for_status()
        data: dict[str, object] = r.json()
        return data


class ServerThread:
    """The web app served by uvicorn in a thread of this process, optionally on a
    :class:`~tablesport.server.live.clock.ManualClock` that the test moves with :meth:`advance`; without
    per-address limits (a test's many tables from one address)."""

    def __init__(self, db: Path, bot_delay: float = 0.0, clock: object | None = None,
                 port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.bot_delay = bot_delay
        self.clock = clock
        self.loop: object | None = None
        self.thread: object | None = None
        self.server: object | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> ServerThread:
        import asyncio
        import threading

        import uvicorn

        from .app import create_app
        from .live.clock import Clock
        from .live.socket_limits import WS_MAX_SIZE
        from .web.proxies import UVICORN

        clock = self.clock if isinstance(self.clock, Clock) else None
        app = create_app(f"sqlite:///{self.db}", self.bot_delay, clock, tables_per_minute=0)
        config = uvicorn.Config(app, host="127.0.0.1",
                                port=self.port, log_level="warning", ws_max_size=WS_MAX_SIZE,
                                ws_per_message_deflate=False, **UVICORN)
        server = self.server = uvicorn.Server(config)

        async def serve() -> None:
            self.loop = asyncio.get_running_loop()
            await server.serve()

        thread = self.thread = threading.Thread(target=asyncio.run, args=(serve(),), daemon=True)
        thread.start()
        deadline = time.monotonic() + timeout
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                raise RuntimeError("the server thread did not start")
            time.sleep(0.05)
        return self

    def advance(self, seconds: float) -> int:
        """Move the server's ManualClock ``seconds`` forward (its due timers fire on the server's loop)."""
        from .live.clock import ManualClock

        assert isinstance(self.clock, ManualClock) and self.loop is not None
        return self.clock.advance_from_thread(self.loop, seconds)  # type: ignore[arg-type]

    def stop(self) -> None:
        if self.server is not None:
            self.server.should_exit = True  # type: ignore[attr-defined]
        if self.thread is not None:
            self.thread.join(15)  # type: ignore[attr-defined]

    def create(self, preset: str, seats: list[dict[str, object]], **extra: object) -> dict[str, object]:
        body = {"preset": preset, "seats": seats, **extra}
        r = httpx.post(self.url + "/api/v1/tables", json=body, timeout=10)
        r.raise_for_status()
        data: dict[str, object] = r.json()
        return data
