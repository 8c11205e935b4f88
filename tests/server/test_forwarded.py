"""Issue 37 item 10: ``X-Forwarded-For`` is believed only from the configured proxies, so a local process
cannot claim a new address per request and open tables past the per-address limit; behind a trusted proxy
the client's own address is the one counted."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tablesport.server.app import create_app
from tablesport.server.process import ServerProcess
from tablesport.server.web import proxies

BODY = {"preset": "goofspiel-2p", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}


def test_a_real_server_ignores_forwarded_for_from_an_untrusted_peer(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path / "xff.sqlite3", tables_per_minute=2).start(timeout=90)
    try:
        codes = [
            httpx.post(
                server.url + "/api/v1/tables",
                json=BODY,
                timeout=30,
                headers={"x-forwarded-for": f"203.0.113.{i}"},
            ).status_code
            for i in range(4)
        ]
        assert codes == [201, 201, 429, 429]
    finally:
        server.stop()


def test_a_trusted_proxy_names_the_client(tmp_path: Path) -> None:
    app = create_app(
        f"sqlite:///{tmp_path / 'web.sqlite3'}",
        bot_delay=0.0,
        tables_per_minute=1,
        trusted_proxies="10.0.0.9",
    )
    with TestClient(app, client=("10.0.0.9", 5000)) as haproxy:
        # HAProxy appends the address it saw; what the client wrote stands to its left and is not believed
        one = {"x-forwarded-for": "198.51.100.1, 203.0.113.5"}
        assert haproxy.post("/api/v1/tables", json=BODY, headers=one).status_code == 201
        assert haproxy.post("/api/v1/tables", json=BODY, headers=one).status_code == 429
        two = {"x-forwarded-for": "198.51.100.1, 203.0.113.6"}
        assert haproxy.post("/api/v1/tables", json=BODY, headers=two).status_code == 201
    with TestClient(app, client=("10.0.0.10", 5000)) as other:  # not the proxy: its header is ignored
        assert (
            other.post("/api/v1/tables", json=BODY, headers={"x-forwarded-for": "203.0.113.7"}).status_code
            == 201
        )
        assert (
            other.post("/api/v1/tables", json=BODY, headers={"x-forwarded-for": "203.0.113.8"}).status_code
            == 429
        )


def test_the_proxy_setting_is_checked() -> None:
    assert proxies.client_of("10.0.0.9", "1.2.3.4, 10.0.0.8", proxies.parse("10.0.0.0/24")) == "1.2.3.4"
    assert proxies.client_of("127.0.0.1", "1.2.3.4", ()) == "127.0.0.1"
    assert proxies.client_of("10.0.0.9", "not-an-ip", proxies.parse("10.0.0.9")) == "10.0.0.9"
    with pytest.raises(ValueError, match="not an address"):
        proxies.parse("127.0.0.1, haproxy")
