"""HAProxy in front of hosted processes (tablesport/server/hosted/haproxy.py): the generated configuration
passes HAProxy's own check, and a real HAProxy sends every request naming a table to one process by the
table id (pages, socket and API alike), spreads the rest, and stops sending to a process whose health check
fails."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from tablesport.cli import app
from tablesport.server.hosted.haproxy import HEALTH, Options, config
from tablesport.server.process import free_port


class QuietServer(ThreadingHTTPServer):
    def handle_error(self, request: object, client_address: object) -> None:
        pass  # HAProxy's checks close their connections early: nothing to report


class Backend:
    """A stand-in server process: answers every path with its name; its health check can be failed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.healthy = True
        me = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                ok = me.healthy or self.path != HEALTH
                body = me.name.encode()
                self.send_response(200 if ok else 503)
                self.send_header("content-length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.server = QuietServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


@pytest.fixture
def proxied(tmp_path: Path, haproxy: str) -> Iterator[tuple[str, list[Backend]]]:
    backends = [Backend(f"p{i}") for i in range(3)]
    port = free_port()
    cfg = tmp_path / "haproxy.cfg"
    cfg.write_text(config([f"127.0.0.1:{b.port}" for b in backends],
                          Options(bind=f"127.0.0.1:{port}", check_every_ms=200)))
    proc = subprocess.Popen([haproxy, "-db", "-f", str(cfg)], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                httpx.get(url + "/", timeout=1)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "HAProxy did not start"
                time.sleep(0.05)
        yield url, backends
    finally:
        proc.terminate()
        proc.wait(5)
        for b in backends:
            b.server.shutdown()


def test_the_configuration_passes_haproxys_check(tmp_path: Path, haproxy: str) -> None:
    out = tmp_path / "h.cfg"
    res = CliRunner().invoke(app, ["hosted", "haproxy-config", "127.0.0.1:8001", "10.0.0.2:8002",
                                   "--stats", "127.0.0.1:8404", "-o", str(out)])
    assert res.exit_code == 0, res.output
    done = subprocess.run([haproxy, "-c", "-f", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "hash-type consistent" in out.read_text()


def test_a_bad_server_address_is_refused_with_what_is_allowed() -> None:
    res = CliRunner().invoke(app, ["hosted", "haproxy-config", "db-host"])
    assert res.exit_code == 2 and "host:port" in res.output


def test_every_request_of_a_table_reaches_one_process(proxied: tuple[str, list[Backend]]) -> None:
    url, backends = proxied
    homes = {}
    for k in range(12):
        tid = f"{k * 7919:012x}"
        seen = {httpx.get(url + path, timeout=5).text
                for path in (f"/play/{tid}/tok", f"/watch/{tid}", f"/ws/{tid}?token=x", f"/replay/{tid}",
                             f"/tables/{tid}/join", f"/api/v1/tables/{tid}", f"/api/v1/tables/{tid}/state")}
        assert len(seen) == 1, (tid, seen)
        homes[tid] = seen.pop()
    assert len(set(homes.values())) == 3  # the tables are shared out
    spread = {httpx.get(url + "/", timeout=5).text for _ in range(9)}
    assert len(spread) == 3  # the lobby and the rest: round-robin

    down = backends[0]
    down.healthy = False  # its health check fails: its tables go to the others, the rest stay put
    deadline = time.monotonic() + 10
    while down.name in {httpx.get(url + "/", timeout=5).text for _ in range(6)}:
        assert time.monotonic() < deadline, "HAProxy kept sending to a process whose check fails"
        time.sleep(0.1)
    for tid, home in homes.items():
        now = httpx.get(f"{url}/ws/{tid}", timeout=5).text
        assert now != down.name
        if home != down.name:
            assert now == home  # consistent hashing: only the failed process's tables move
