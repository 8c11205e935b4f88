"""Rate limits shared by the hosted processes through Redis (tablesport/server/hosted/limits.py): an address
gets the limit once across the processes, not once per process; without Redis each process counts alone."""

from __future__ import annotations

import secrets

from tablesport.server.hosted.limits import SharedWindow
from tablesport.server.process import free_port


def test_the_processes_count_one_window(redis_url: str) -> None:
    import redis

    prefix = f"tslimit-test-{secrets.token_hex(4)}"
    p0 = SharedWindow(redis.Redis.from_url(redis_url), "tables", 3, 60.0, prefix)
    p1 = SharedWindow(redis.Redis.from_url(redis_url), "tables", 3, 60.0, prefix)
    for w in (p0, p1, p0):
        assert w.blocked_for("10.0.0.1") == 0
        w.add("10.0.0.1")
    assert 1 <= p1.blocked_for("10.0.0.1") <= 61  # the third table of the minute came through p0
    assert p0.blocked_for("10.0.0.1") >= 1
    assert p1.blocked_for("10.0.0.2") == 0  # another address is not held back
    p1.clear("10.0.0.1")
    assert p0.blocked_for("10.0.0.1") == 0


def test_without_redis_each_process_counts_alone() -> None:
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    gone = redis.Redis(host="127.0.0.1", port=free_port(), socket_connect_timeout=0.2, socket_timeout=0.2,
                       retry=Retry(NoBackoff(), 0))
    w = SharedWindow(gone, "tables", 2, 60.0, "tslimit-test")
    w.add("a")
    assert w.blocked_for("a") == 0
    w.add("a")
    assert w.blocked_for("a") >= 1  # refused past the limit, as a single process would
