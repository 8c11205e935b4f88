"""Table ownership leases in Redis: exactly one server process referees a table at a time.

A lease is the key ``<prefix>:lease:<table>`` holding ``<node>:<fence>``, set with ``NX`` and an
expiry (``PX``).  The fence is a number that only grows (``<prefix>:fence``, raised to the clock's
milliseconds when it is behind them, so that it keeps growing after Redis lost its data): a newer
owner always holds a larger fence than every owner before it.  Renewal and release compare the value
first (a Lua script each), so a process can only extend or drop a lease that is still its own.

A holder counts its lease as valid until ``valid_until`` (monotonic): the moment it *sent* the last
successful renewal plus the lease's time to live less a safety margin.  Past that moment it must stop
acting on the table even if Redis cannot be reached to tell it so; the lease in Redis expires only
later, and only then may another process take the table.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

ACQUIRE = """
if redis.call('EXISTS', KEYS[1]) == 1 then return {0, redis.call('GET', KEYS[1])} end
local f = redis.call('INCR', KEYS[2])
local t = tonumber(ARGV[3])
if f < t then redis.call('SET', KEYS[2], t); f = t end
local v = ARGV[1] .. ':' .. f
if redis.call('SET', KEYS[1], v, 'NX', 'PX', ARGV[2]) then return {1, v} end
return {0, redis.call('GET', KEYS[1])}
"""

RENEW = """
local lost = {}
for i, k in ipairs(KEYS) do
  if redis.call('GET', k) == ARGV[i + 1] then redis.call('PEXPIRE', k, ARGV[1])
  else table.insert(lost, i) end
end
return lost
"""

RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


@dataclass
class Lease:
    """A lease this process holds: the table, its fence, and until when (monotonic) it may act on it;
    ``key`` and ``value`` are its key and value in Redis (each renewal sends them all again)."""

    table: str
    node: str
    fence: int
    valid_until: float
    key: str
    value: str = field(init=False, compare=False)

    def __post_init__(self) -> None:
        self.value = f"{self.node}:{self.fence}"

    def valid(self, now: float | None = None) -> bool:
        return (time.monotonic() if now is None else now) < self.valid_until


def parse_owner(value: str | bytes | None) -> tuple[str, int] | None:
    """``(node, fence)`` from a lease's stored value (``None`` for no lease)."""
    if value is None:
        return None
    text = value.decode() if isinstance(value, bytes) else value
    node, _, fence = text.rpartition(":")
    return node, int(fence)


class Leases:
    """Acquire, renew and release table leases for the process ``node`` (redis.asyncio client)."""

    def __init__(self, redis: Any, node: str, ttl: float = 3.0, margin: float = 0.5,
                 prefix: str = "tablesport") -> None:
        if margin >= ttl:
            raise ValueError("the safety margin must be shorter than the lease's time to live")
        self.redis = redis
        self.node = node
        self.ttl = ttl
        self.margin = margin
        self.prefix = prefix
        self._acquire = redis.register_script(ACQUIRE)
        self._renew = redis.register_script(RENEW)
        self._release = redis.register_script(RELEASE)

    def key(self, table: str) -> str:
        return f"{self.prefix}:lease:{table}"

    @property
    def ttl_ms(self) -> int:
        return int(self.ttl * 1000)

    async def acquire(self, table: str) -> Lease | None:
        """The lease of ``table`` if nobody holds it now (``None`` if someone does)."""
        sent = time.monotonic()
        got, value = await self._acquire(keys=[self.key(table), f"{self.prefix}:fence"],
                                         args=[self.node, self.ttl_ms, int(time.time() * 1000)])
        if not got:
            return None
        owner = parse_owner(value)
        assert owner is not None
        return Lease(table, self.node, owner[1], sent + self.ttl - self.margin, key=self.key(table))

    async def renew(self, leases: list[Lease]) -> list[Lease]:
        """Extend every lease that is still ours; returns the ones that are not (lost: stop acting)."""
        if not leases:
            return []
        sent = time.monotonic()
        lost_idx = await self._renew(keys=[x.key for x in leases],
                                     args=[self.ttl_ms, *(x.value for x in leases)])
        lost = [leases[int(i) - 1] for i in lost_idx]
        gone = {id(x) for x in lost}
        for x in leases:
            if id(x) not in gone:
                x.valid_until = sent + self.ttl - self.margin
        return lost

    async def release(self, lease: Lease) -> bool:
        """Give the lease up (only if it is still ours); another process may take the table at once."""
        lease.valid_until = 0.0
        return bool(await self._release(keys=[lease.key], args=[lease.value]))

    async def owner(self, table: str) -> tuple[str, int] | None:
        """Who holds ``table`` now: ``(node, fence)``, or ``None``."""
        return parse_owner(await self.redis.get(self.key(table)))

    async def held(self, tables: list[str]) -> list[bool]:
        """Whether each of ``tables`` has a lease now (one round trip)."""
        if not tables:
            return []
        values = await self.redis.mget([self.key(t) for t in tables])
        return [v is not None for v in values]
