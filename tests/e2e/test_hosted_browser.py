"""Hosted mode in a real browser (docs/hosted.md): a person plays goofspiel through HAProxy in front of two
server processes; the process refereeing the table is killed with -9 mid-game; the page reconnects by
itself, the other process has taken the table over from PostgreSQL with the same hand, and the game plays
to its end."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from tablesport.server.hosted.cluster import Cluster

from ..hosted.conftest import haproxy, pg_schema_url, redis_url  # noqa: F401 (fixtures)
from .test_goofspiel_browser import bid_once

pytestmark = pytest.mark.browser


def test_the_page_gets_its_table_back_after_its_process_is_killed(
        page: Any, tmp_path: Path, pg_schema_url: str, redis_url: str, haproxy: str) -> None:  # noqa: F811
    import redis

    with Cluster(2, pg_schema_url, redis_url, tmp_path, haproxy=haproxy, bot_delay=0.05,
                 tables_per_minute=0) as cluster:
        r = httpx.post(cluster.url + "/api/v1/tables", timeout=20, json={
            "preset": "goofspiel-2p", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]})
        r.raise_for_status()
        t = r.json()
        page.goto(cluster.url + t["seats"][0]["url"] + "?lang=en")
        page.wait_for_selector("#table[data-connected='1'][data-seq]")
        for _ in range(4):
            assert bid_once(page)
        page.wait_for_selector("#hand button.playing-card")
        hand = page.inner_text("#hand")
        owner = redis.Redis.from_url(redis_url).get(f"{cluster.prefix}:lease:{t['id']}")
        assert owner is not None
        victim = int(owner.decode().rsplit(":", 1)[0].rsplit("-p", 1)[1])
        cluster.kill(victim)
        t0 = time.monotonic()
        page.wait_for_selector("#banner:not([hidden])")
        assert "reconnecting" in page.inner_text("#banner")
        page.wait_for_selector("#table[data-connected='1'][data-seq]", timeout=30000)
        away = time.monotonic() - t0
        page.wait_for_selector("#hand button.playing-card")
        assert page.inner_text("#hand") == hand
        rounds = 4
        while bid_once(page):
            rounds += 1
        assert rounds == 13
        assert "Game over" in page.inner_text("#result")
        print(f"the page was back {away:.2f} s after its process was killed")
