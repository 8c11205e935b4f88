"""A real tablesport web server in its own process on a free loopback port (tests, benchmarks)."""

from __future__ import annotations

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


class ServerProcess:
    """``tablesport serve`` on ``db`` (a SQLite file); ``kill()`` is a hard stop (SIGKILL)."""

    def __init__(self, db: Path, port: int | None = None, bot_delay: float = 0.0,
                 log: Path | None = None) -> None:
        self.db = db
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

    def start(self, timeout: float = 30.0) -> ServerProcess:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        code = ("from tablesport.server.app import serve; import sys; "
                "serve('127.0.0.1', int(sys.argv[1]), sys.argv[2], float(sys.argv[3]))")
        logf = open(self.log_path, "ab")  # noqa: SIM115 (kept open for the child)
        self.proc = subprocess.Popen([sys.executable, "-c", code, str(self.port), f"sqlite:///{self.db}",
                                      str(self.bot_delay)], stdout=logf, stderr=subprocess.STDOUT, env=env)
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
