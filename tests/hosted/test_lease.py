"""Table leases in Redis (tablesport/server/hosted/lease.py): one holder at a time, fences that only grow,
renewal and release only by the holder, expiry hands the table to the next taker."""

from __future__ import annotations

import asyncio
import secrets
from typing import Any

from tablesport.server.hosted.lease import Leases

from .conftest import run_async


def run(coro: Any) -> Any:
    return run_async(coro)


async def _leases(url: str, *nodes: str, ttl: float = 3.0) -> tuple[Any, list[Leases]]:
    import redis.asyncio as aioredis

    r = aioredis.Redis.from_url(url)
    prefix = f"tslease-test-{secrets.token_hex(4)}"
    return r, [Leases(r, n, ttl=ttl, margin=ttl / 6, prefix=prefix) for n in nodes]


def test_one_holder_at_a_time_and_only_the_holder_renews_or_releases(redis_url: str) -> None:
    async def go() -> None:
        r, (a, b) = await _leases(redis_url, "a", "b")
        try:
            la = await a.acquire("t1")
            assert la is not None and la.valid()
            assert await b.acquire("t1") is None  # held: nobody else gets it
            assert await b.owner("t1") == ("a", la.fence)
            forged = type(la)("t1", "b", la.fence, la.valid_until, la.key)  # b pretending to hold it
            assert await b.renew([forged]) == [forged]
            assert not await b.release(forged)
            assert await a.renew([la]) == []
            assert await a.release(la)
            assert not la.valid()  # released: its holder may not act any more
            lb = await b.acquire("t1")
            assert lb is not None and lb.fence > la.fence  # a newer holder has a larger fence
            assert await a.renew([la]) == [la]  # the old lease is lost for good
            assert await a.held(["t1", "t2"]) == [True, False]
        finally:
            await r.aclose()

    run(go())


def test_an_unrenewed_lease_expires_and_the_next_taker_gets_a_larger_fence(redis_url: str) -> None:
    async def go() -> None:
        r, (a, b) = await _leases(redis_url, "a", "b", ttl=0.3)
        try:
            la = await a.acquire("t")
            assert la is not None
            await asyncio.sleep(0.25)
            assert not la.valid()  # its holder stops acting before Redis lets it go (safety margin)
            assert await b.acquire("t") is None
            await asyncio.sleep(0.15)
            lb = await b.acquire("t")
            assert lb is not None and lb.fence > la.fence
            assert await a.renew([la]) == [la]
        finally:
            await r.aclose()

    run(go())


def test_fences_keep_growing_after_redis_lost_its_counter(redis_url: str) -> None:
    async def go() -> None:
        r, (a,) = await _leases(redis_url, "a")
        try:
            first = await a.acquire("x")
            assert first is not None
            await r.delete(f"{a.prefix}:fence", a.key("x"))  # as after a restart without persistence
            await asyncio.sleep(0.01)
            again = await a.acquire("x")
            assert again is not None and again.fence > first.fence
        finally:
            await r.aclose()

    run(go())
