"""Rate limits shared by the hosted processes: the same sliding windows as :class:`..web.auth.Window` (table
creation and registration per address, failed sign-ins per address, per address and account and per
device), counted in Redis so that an address gets the limit once, not once per process behind HAProxy.

Each key is a sorted set ``<prefix>:rate:<name>:<key>`` of event times (wall clock, shared by the machines);
a check trims it to the window and counts it.  The calls are short blocking round trips to Redis (these
limits guard rare requests: a new table, a sign-in); when Redis cannot be reached the window falls back to
counting in this process alone, as without hosting, rather than refusing everyone.
"""

from __future__ import annotations

import contextlib
import logging
import secrets
import time
from typing import Any

from ..web.auth import LoginGuard, Window

log = logging.getLogger("tablesport.server.hosted")


class SharedWindow(Window):
    """At most ``limit`` events per key in the last ``seconds``, over every process sharing ``redis``."""

    def __init__(self, redis: Any, name: str, limit: int, seconds: float, prefix: str) -> None:
        super().__init__(limit, seconds)
        self.redis = redis
        self.name = name
        self.prefix = prefix

    def _key(self, key: str) -> str:
        return f"{self.prefix}:rate:{self.name}:{key}"

    def blocked_for(self, key: str) -> int:
        now = time.time()
        try:
            pipe = self.redis.pipeline()
            pipe.zremrangebyscore(self._key(key), "-inf", now - self.seconds)
            pipe.zcard(self._key(key))
            pipe.zrange(self._key(key), 0, 0, withscores=True)
            _, count, first = pipe.execute()
        except Exception as exc:
            log.warning("rate limit %s: Redis out of reach (%s); counting in this process", self.name, exc)
            return super().blocked_for(key)
        if count < self.limit or not first:
            return 0
        return max(1, int(first[0][1] + self.seconds - now) + 1)

    def add(self, key: str) -> None:
        now = time.time()
        try:
            pipe = self.redis.pipeline()
            pipe.zadd(self._key(key), {f"{now:.6f}:{secrets.token_hex(3)}": now})
            pipe.pexpire(self._key(key), int(self.seconds * 1000) + 1000)
            pipe.execute()
        except Exception:
            super().add(key)

    def clear(self, key: str) -> None:
        with contextlib.suppress(Exception):
            self.redis.delete(self._key(key))
        super().clear(key)


def shared_limits(app_state: Any, url: str, prefix: str, tables_per_minute: int) -> None:
    """Put the shared windows where the routes look for theirs (``app.state``)."""
    import redis
    from redis.backoff import NoBackoff
    from redis.retry import Retry

    from ..routes import player_pages
    from ..web import auth

    # no retries: with Redis out of reach a check falls back at once instead of holding the event loop
    client = redis.Redis.from_url(url, socket_timeout=0.5, socket_connect_timeout=0.5,
                                  retry=Retry(NoBackoff(), 0))
    if tables_per_minute > 0:
        app_state.table_window = SharedWindow(client, "tables", tables_per_minute, auth.TABLES_WINDOW, prefix)
    guard = LoginGuard()
    window = auth.LOGIN_WINDOW
    guard.by_address = SharedWindow(client, "login-address", auth.LOGIN_PER_ADDRESS, window, prefix)
    guard.by_pair = SharedWindow(client, "login-pair", auth.LOGIN_PER_ACCOUNT, window, prefix)
    guard.by_device = SharedWindow(client, "login-device", auth.LOGIN_PER_ACCOUNT, window, prefix)
    app_state.login_guard = guard
    app_state.register_window = SharedWindow(client, "register", player_pages.REGISTER_PER_ADDRESS,
                                             player_pages.REGISTER_WINDOW, prefix)
