"""Abuse of a table's WebSocket: floods, oversized and binary frames, clients that never read.

The live tests run against a real uvicorn process (its frame size limit included)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from typing import Any

import pytest
import websockets

from tablesport.core.records import replay
from tablesport.games import start_for_record
from tablesport.server.live import socket_limits as guard
from tablesport.server.live.client import Client
from tablesport.server.process import ServerProcess

from .helpers import Seat, run_loop
from .test_live import play_randomly, record_of


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_throttle_lets_a_burst_through_then_the_rate() -> None:
    clock = FakeClock()
    t = guard.Throttle(rate=10, burst=5, clock=clock)
    assert [t.take() for _ in range(5)] == [guard.Verdict.ACCEPT] * 5
    assert t.take() is guard.Verdict.WARN  # the first one over the limit is answered
    assert t.take() is guard.Verdict.DROP  # the next ones are dropped quietly
    clock.now += 0.1  # one message's worth of time
    assert t.take() is guard.Verdict.ACCEPT
    assert t.take() is guard.Verdict.DROP  # still the same episode: told once
    clock.now += 10.0  # quiet: the bucket refills to the burst, not beyond, and the episode is over
    assert [t.take() for _ in range(6)] == [guard.Verdict.ACCEPT] * 5 + [guard.Verdict.WARN]


def test_throttle_closes_a_client_that_keeps_flooding_after_the_warning() -> None:
    clock = FakeClock()
    t = guard.Throttle(rate=10, burst=3, clock=clock)
    verdicts = [t.take() for _ in range(3 + 1 + 2)]
    assert verdicts == [guard.Verdict.ACCEPT] * 3 + [guard.Verdict.WARN] + [guard.Verdict.DROP] * 2
    clock.now += 0.1  # a message at the rate now and then does not end the episode
    assert t.take() is guard.Verdict.ACCEPT
    assert t.take() is guard.Verdict.CLOSE  # the fourth dropped since the warning's episode began


def test_throttle_refuses_a_bad_setting() -> None:
    with pytest.raises(ValueError, match="rate must be positive"):
        guard.Throttle(rate=0, burst=1)
    with pytest.raises(ValueError, match="burst at least 1"):
        guard.Throttle(rate=1, burst=0)


def test_a_client_that_never_reads_is_cut_off() -> None:
    async def main() -> tuple[int, bool, int]:
        stuck = asyncio.Event()
        cut: list[bool] = []

        async def send(text: str) -> None:
            await stuck.wait()  # the socket's buffers are full: a send never returns

        c = Client(0, send, lambda: cut.append(True))
        c.start()
        for n in range(guard.MAX_BACKLOG + 50):
            c.put(f"frame {n}")
            await asyncio.sleep(0)
        queued = c.queue.qsize()
        await c.close()
        return len(cut), c.cut, queued

    calls, was_cut, queued = run_loop(main())
    assert calls == 1 and was_cut
    assert queued <= guard.MAX_BACKLOG


async def _closed_code(ws: Any, timeout: float = 10.0) -> tuple[list[dict[str, Any]], int | None]:
    """Every frame until the server closes the socket, and the close code."""
    frames = []
    try:
        while True:
            frames.append(json.loads(await asyncio.wait_for(ws.recv(), timeout)))
    except websockets.ConnectionClosed as exc:
        return frames, exc.rcvd.code if exc.rcvd is not None else None


def test_a_flood_is_throttled_then_closed_while_other_tables_play_on(server: ServerProcess) -> None:
    victim: dict[str, Any] = server.create("goofspiel-2p", [{"kind": "person"}] * 2, seed=31)
    other: dict[str, Any] = server.create("goofspiel-2p", [{"kind": "person"}] * 2, seed=32)
    sent = 3000

    async def flood() -> tuple[list[dict[str, Any]], int | None]:
        token = victim["seats"][0]["token"]
        ws = await websockets.connect(f"{server.ws_url}/ws/{victim['id']}?token={token}")
        ping = json.dumps({"type": "ping"})
        try:
            for _ in range(sent):
                await ws.send(ping)
        except websockets.ConnectionClosed:
            pass
        return await _closed_code(ws)

    async def main() -> tuple[tuple[list[dict[str, Any]], int | None], list[Seat]]:
        tokens = [s["token"] for s in other["seats"]]
        flooded, seats = await asyncio.gather(flood(),
                                              play_randomly(server, other["id"], tokens, random.Random(5)))
        for s in seats:
            await s.close()
        return flooded, seats

    (frames, code), seats = run_loop(main())
    errors = [f for f in frames if f["type"] == "error"]
    assert [e["code"] for e in errors] == ["rate_limited", "flood"], errors  # told once, then closed
    assert all(e["message"] for e in errors)
    assert code == guard.CLOSE_POLICY
    pongs = sum(f["type"] == "pong" for f in frames)
    assert 0 < pongs < sent
    # the other table played to its end, and its record replays
    assert all(s.last is not None and s.last["decision"] is None for s in seats)
    assert replay(record_of(server, other["id"]), start_for_record).steps == 26

    async def back() -> dict[str, Any]:
        # the flooded seat comes back on a new connection and plays (once its opponent has joined)
        s = await Seat.open(server.ws_url, victim["id"], victim["seats"][0]["token"], 0)
        opponent = await Seat.open(server.ws_url, victim["id"], victim["seats"][1]["token"], 1)
        f = await s.until(lambda f: f["type"] == "presence" and f["status"] == "running")
        await s.send({"type": "act", "seq": f["seq"], "action": f["decision"]["options"][0]})
        f = await s.until(lambda f: f["type"] in ("step", "error"))
        for x in (s, opponent):
            await x.close()
        return f

    assert run_loop(back())["type"] == "step"


def test_an_oversized_message_gets_an_error_and_the_socket_closes(server: ServerProcess) -> None:
    t: dict[str, Any] = server.create("goofspiel-2p", [{"kind": "person"}] * 2, seed=33)
    url = f"{server.ws_url}/ws/{t['id']}?token={t['seats'][0]['token']}"

    async def main() -> tuple[list[dict[str, Any]], int | None, int | None]:
        ws = await websockets.connect(url)
        await ws.send("x" * (guard.MAX_MESSAGE + 1))
        frames, code = await _closed_code(ws)
        # past the WebSocket layer's own limit the frame is not even read
        huge = await websockets.connect(url, max_size=None)
        with contextlib.suppress(websockets.ConnectionClosed):
            await huge.send("y" * (guard.WS_MAX_SIZE + 1))
        _, huge_code = await _closed_code(huge)
        return frames, code, huge_code

    frames, code, huge_code = run_loop(main())
    errors = [f for f in frames if f["type"] == "error"]
    assert [e["code"] for e in errors] == ["too_large"]
    assert str(guard.MAX_MESSAGE) in errors[0]["message"]
    assert code == guard.CLOSE_TOO_BIG
    assert huge_code == guard.CLOSE_TOO_BIG


def test_a_binary_frame_gets_an_error_and_changes_nothing(server: ServerProcess) -> None:
    t: dict[str, Any] = server.create("goofspiel-2p", [{"kind": "person"}] * 2, seed=34)

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        s = await Seat.open(server.ws_url, t["id"], t["seats"][0]["token"], 0)
        await s.ws.send(b"\x00\x01")
        err = await s.until(lambda f: f["type"] == "error")
        await s.send({"type": "ping"})
        pong = await s.until(lambda f: f["type"] == "pong")
        await s.close()
        return err, pong

    err, pong = run_loop(main())
    assert err["code"] == "malformed" and "text frames" in err["message"]
    assert pong["seq"] == 0


@pytest.mark.parametrize(("raw", "says"), [
    ("{", "not JSON"),
    ("[" * 20_000, "nested too deeply"),
    ('{"type":"act","seq":0,"action":' + "[" * 40 + "]" * 40 + "}", "nested too deeply"),
    ('{"type":"act","seq":NaN}', "NaN is not a JSON number"),
    ('{"type":"act","seq":0,"action":[-Infinity]}', "-Infinity is not a JSON number"),
    ('{"type":"act","seq":' + "9" * 5000 + "}", "too many digits"),
    ('{"type":"act","seq":0,"action":"\\ud800"}', "lone surrogate"),
    ('{"\\udfff":1}', "lone surrogate"),
])
def test_a_message_that_is_not_plain_json_is_refused_with_what_is_wrong(raw: str, says: str) -> None:
    with pytest.raises(guard.Malformed, match=says):
        guard.read_message(raw)


def test_plain_json_is_read() -> None:
    deep = "[" * guard.MAX_DEPTH + "]" * guard.MAX_DEPTH
    assert guard.read_message('{"type":"act","seq":3,"action":["say","\\u00e9t\\u00e9 \\ud83d\\ude00"]}') == {
        "type": "act", "seq": 3, "action": ["say", "été 😀"]}
    assert guard.read_message(deep) is not None


def test_a_closed_client_goes_with_its_last_reference_not_with_the_collector() -> None:
    """Its cancelled sender kept a cycle through the client (and so the whole connection) that only a
    complete collection reclaims once frozen (web/collector.py); closing breaks it."""
    import gc
    import weakref

    async def main() -> weakref.ref[Client]:
        async def send(text: str) -> None:
            await asyncio.sleep(0)

        c = Client(0, send)
        c.start()
        c.put("frame")
        await asyncio.sleep(0.01)
        await c.close()
        return weakref.ref(c)

    gc.disable()
    try:
        ref = run_loop(main())
        assert ref() is None
    finally:
        gc.enable()
