"""A WebSocket fuzzer against a real server process: 100 clients at once on tables of every game send
malformed, oversized, out-of-order, wrong-seat, replayed and mangled frames, among legal ones, while
honest players finish games at tables of their own.

Each frame a client sends is followed by a ``ping``; the server reads one connection's messages in order,
so everything it answers to the frame comes before the ``pong``. Every frame must be answered: an error
with its ``code`` and ``message``, a ``pong``, or (an action) applied. That no applied action goes
unnoticed is checked by count: the actions the clients saw applied are exactly those the server counts.
Frames past the size limits close the socket with 1009 (a ``too_large`` error first when the text could
be read); the client reconnects and goes on. Connections with a wrong token or table are refused with
their reason. Afterwards the honest tables have finished with records that replay, every fuzzed table
still answers and replays so far, and the server's log holds no traceback.

``make test``: 90 fuzzing clients × 20 frames; ``-m slow``: 90 × 300 frames (27,000)."""

from __future__ import annotations

import asyncio
import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tablesport.core.records import replay
from tablesport.games import start_for_record
from tablesport.server.live import socket_limits as guard
from tablesport.server.process import ServerProcess

from .helpers import run_loop
from .test_live import record_of

PING = '{"type":"ping"}'
FUZZED = {"blokus-2p": 2, "goofspiel-3p": 3, "monopoly-deal-classic-2p": 2, "pictionary-event": 6,
          "rummikub-2018-2p": 2, "sgs-1v1-2014": 2, "ttr-classic-2p": 2}
"""A table of every game and its seats (76 seats at four of each)."""
COPIES = 4
HONEST = 3  # goofspiel-2p tables played to the end by honest clients (6 clients)
SPECTATORS = 14
BAD_LINKS = 4
ODD_VALUES: tuple[Any, ...] = (None, True, False, 0, -1, 1.5, 2**63, -(2**70), "", "x" * 300, "\u0000\u202e",
                               [], {}, [[[]]], {"a": [1, {"b": None}]}, "seat", 1e308)


@dataclass
class Tally:
    frames: int = 0
    applied: int = 0  # actions the clients saw applied (no error, a newer step)
    codes: Counter[str] = field(default_factory=Counter)
    closes: Counter[int] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)


class Unanswered(AssertionError):
    pass


def mangle(value: Any, rng: random.Random) -> Any:
    """A legal option with one part changed: a leaf replaced, an element dropped or added, a wrong type."""
    if isinstance(value, list) and value and rng.random() < 0.7:
        out = list(value)
        i = rng.randrange(len(out))
        roll = rng.random()
        if roll < 0.5:
            out[i] = mangle(out[i], rng)
        elif roll < 0.75:
            del out[i]
        else:
            out.insert(i, rng.choice(ODD_VALUES))
        return out
    if isinstance(value, dict) and value and rng.random() < 0.7:
        out2 = dict(value)
        key = rng.choice(sorted(out2))
        if rng.random() < 0.6:
            out2[key] = mangle(out2[key], rng)
        else:
            out2[rng.choice(("", "extra", key + "_"))] = rng.choice(ODD_VALUES)
        return out2
    if isinstance(value, int) and not isinstance(value, bool) and rng.random() < 0.5:
        return value + rng.choice((-1, 1, 1000, -(10**6)))
    return rng.choice(ODD_VALUES)


def malformed(rng: random.Random, seq: int) -> str | bytes:
    """A frame the protocol does not accept, of every kind a careless or hostile client sends."""
    kinds: list[str | bytes] = [
        "", "{", "}", "[]", "null", "42", '"act"', "{'type': 'act'}", "\ufeff{}",
        '{"type":"act"}', '{"type":"act","seq":"1","action":1}', '{"type":"act","seq":true,"action":1}',
        f'{{"type":"act","seq":{seq}.5,"action":1}}', f'{{"type":"act","seq":{seq}}}', '{"type":"fly"}',
        '{"type":null}', '{"type":["act"]}', '{"type":{"act":1}}', '{"type":"act","seq":NaN,"action":1}',
        f'{{"type":"act","seq":{seq},"action":Infinity}}', f'{{"type":"act","seq":{seq},"action":[NaN]}}',
        '{"type":"act","seq":' + "9" * 5000 + ',"action":1}',
        f'{{"type":"act","seq":{seq},"action":' + "1" * 5000 + "}",
        '{"type":"act","seq":0,"action":' + "[" * 30_000 + "]" * 30_000 + "}",
        "[" * 20_000, '{"a":' * 10_000 + "1" + "}" * 10_000,
        f'{{"type":"act","seq":{seq},"action":"\\ud800"}}',
        f'{{"type":"act","type":"ping","seq":{seq}}}',
        json.dumps({"type": "act", "seq": seq, "action": {"k" * 1000: list(range(2000))}}),
        bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))),
        b'{"type":"ping"}',
    ]
    return rng.choice(kinds)


def is_ping(raw: str | bytes) -> bool:
    """Whether the server reads ``raw`` as a ping (answered with a pong, not an error)."""
    if isinstance(raw, bytes):
        return False
    try:
        msg = json.loads(raw)
    except (ValueError, RecursionError):
        return False
    return isinstance(msg, dict) and msg.get("type") == "ping"


class FuzzClient:
    """One connection to a table (a seat's link, or none: a spectator), sending frames one at a time."""

    def __init__(self, server: ServerProcess, tid: str, token: str | None, seat: int | None,
                 rng: random.Random, tally: Tally) -> None:
        self.server, self.tid, self.token, self.seat = server, tid, token, seat
        self.rng, self.tally = rng, tally
        self.ws: Any = None
        self.last: dict[str, Any] | None = None
        self.accepted: list[str] = []  # frames that were applied (replayed later)

    async def connect(self) -> None:
        q = f"?token={self.token}" if self.token else ""
        self.ws = await websockets.connect(f"{self.server.ws_url}/ws/{self.tid}{q}", max_size=1 << 23,
                                           ping_interval=None)
        frame = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
        assert frame["type"] == "hello", frame
        self.last = frame

    @property
    def seq(self) -> int:
        return int(self.last["seq"]) if self.last else 0

    def _note(self, frame: dict[str, Any]) -> None:
        if frame["type"] in ("hello", "step") and (self.last is None or frame["seq"] >= self.last["seq"]):
            self.last = frame

    def choose(self) -> tuple[str, str | bytes]:
        """The next frame to send and what kind it is."""
        rng, seq = self.rng, self.seq
        d = (self.last or {}).get("decision") or {}
        options = d.get("options") if d.get("mine") else None
        option = rng.choice(options) if options else rng.choice(ODD_VALUES)
        roll = rng.random()
        if roll < 0.25:
            return "legal", json.dumps({"type": "act", "seq": seq, "action": option})
        if roll < 0.40:
            return "mangled", json.dumps({"type": "act", "seq": seq, "action": mangle(option, rng)})
        if roll < 0.50:
            return "malformed", malformed(rng, seq)
        if roll < 0.58:
            behind = rng.choice((-1, -2, -(10**9), -(2**63)))
            return "out_of_order", json.dumps({"type": "act", "seq": seq + behind, "action": option})
        if roll < 0.66:
            ahead = rng.choice((1, 2, 10**9, 2**63))
            return "out_of_order", json.dumps({"type": "act", "seq": seq + ahead, "action": option})
        if roll < 0.74:
            other = rng.choice(((self.seat or 0) + 1, -1, 99, None, "0", 2**64, [0]))
            return "wrong_seat", json.dumps({"type": "act", "seq": seq, "seat": other, "action": option})
        if roll < 0.82 and self.accepted:
            return "replayed", rng.choice(self.accepted)
        if roll < 0.86:
            return "ping", PING
        if roll < 0.90:
            return "extra_fields", json.dumps({"type": "act", "seq": seq, "action": option,
                                               "extra": rng.choice(ODD_VALUES), "id": rng.random()})
        if roll < 0.93:
            return "random_json", json.dumps(rng.choice(ODD_VALUES))
        if roll < 0.955:
            big = "x" * (guard.MAX_MESSAGE + 10)
            return "oversized", json.dumps({"type": "act", "seq": seq, "action": big})
        if roll < 0.97:
            return "oversized_frame", "y" * (guard.WS_MAX_SIZE + 10)
        return "legal", json.dumps({"type": "act", "seq": seq, "action": option})

    async def exchange(self, kind: str, raw: str | bytes) -> None:
        """Send ``raw`` and a ``ping``; check that ``raw`` was answered before the ``pong``."""
        tally = self.tally
        tally.frames += 1
        seq_before = self.seq
        answers: list[dict[str, Any]] = []
        try:
            await self.ws.send(raw)
            if kind not in ("oversized", "oversized_frame"):
                await self.ws.send(PING)
            stepped = False
            pongs = 0
            expect_pongs = 2 if is_ping(raw) else 1
            while pongs < expect_pongs:
                text = await asyncio.wait_for(self.ws.recv(), 30)
                frame = json.loads(text)
                self._note(frame)
                if frame["type"] == "pong":
                    pongs += 1
                elif frame["type"] == "error":
                    answers.append(frame)
                elif frame["type"] == "step" and frame["seq"] > seq_before:
                    stepped = True
        except websockets.ConnectionClosed as exc:
            code = exc.rcvd.code if exc.rcvd is not None else -1
            tally.closes[code] += 1
            tally.codes.update(a["code"] for a in answers)
            if kind not in ("oversized", "oversized_frame") or code != guard.CLOSE_TOO_BIG:
                raise Unanswered(f"{kind} {str(raw)[:120]!r}: socket closed with {code}") from exc
            await self.connect()
            return
        except TimeoutError as exc:
            raise Unanswered(f"{kind} {str(raw)[:120]!r}: nothing answered in 30 s") from exc
        if kind in ("oversized", "oversized_frame"):
            raise Unanswered(f"{kind}: the socket stayed open")
        if len(answers) > 1:
            raise Unanswered(f"{kind} {str(raw)[:120]!r}: {len(answers)} answers {answers}")
        if answers:
            err = answers[0]
            if not (isinstance(err.get("code"), str) and err["code"] and isinstance(err.get("message"), str)
                    and err["message"]):
                raise Unanswered(f"{kind}: an error without its reason {err}")
            tally.codes[err["code"]] += 1
            return
        if is_ping(raw):
            tally.codes["pong"] += 1
            return
        if not stepped:
            raise Unanswered(f"{kind} {str(raw)[:200]!r}: neither refused nor applied")
        tally.applied += 1
        tally.codes["applied"] += 1
        assert isinstance(raw, str)
        self.accepted.append(raw)

    async def run(self, frames: int) -> None:
        await self.connect()
        for _ in range(frames):
            kind, raw = self.choose()
            await self.exchange(kind, raw)
            await asyncio.sleep(self.rng.uniform(0.02, 0.06))  # under the connection's rate limit
        await self.ws.close()


async def bad_link(server: ServerProcess, tid: str, tally: Tally, rng: random.Random, tries: int) -> None:
    """Connections to a table that does not exist and with a token that is not the table's."""
    for _ in range(tries):
        wrong_table = rng.random() < 0.5
        path = f"/ws/{'nosuch' + str(rng.randrange(10**6))}" if wrong_table else f"/ws/{tid}?token=forged"
        async with websockets.connect(server.ws_url + path) as ws:
            frame = json.loads(await asyncio.wait_for(ws.recv(), 30))
            try:
                await asyncio.wait_for(ws.recv(), 30)
            except websockets.ConnectionClosed as exc:
                code = exc.rcvd.code if exc.rcvd is not None else -1
            expected = ("no_table", 4404) if wrong_table else ("bad_token", 4403)
            assert (frame["code"], code) == expected and frame["message"], (frame, code)
            tally.codes[frame["code"]] += 1
            tally.closes[code] += 1
        await asyncio.sleep(rng.uniform(0.05, 0.2))


async def honest(server: ServerProcess, tid: str, tokens: list[str], tally: Tally) -> None:
    """Both seats of a goofspiel table answer their decisions with a listed option to the end."""
    rng = random.Random(tid)

    async def seat(i: int, token: str) -> None:
        c = FuzzClient(server, tid, token, i, rng, tally)
        await c.connect()
        acted = -1
        while True:
            f = c.last
            assert f is not None
            if f["decision"] is None:
                break
            d = f["decision"]
            if d["mine"] and d["asked"] != acted:
                acted = d["asked"]
                action = rng.choice(d["options"])
                await c.ws.send(json.dumps({"type": "act", "seq": f["seq"], "action": action}))
                tally.applied += 1  # refused only as stale (checked below), which is then not counted
            g = json.loads(await asyncio.wait_for(c.ws.recv(), 30))
            c._note(g)
            if g["type"] == "error":
                assert g["code"] == "stale", g  # an honest seat is never refused otherwise
                tally.applied -= 1
            await asyncio.sleep(rng.uniform(0.0, 0.05))
        await c.ws.close()

    await asyncio.gather(*(seat(i, t) for i, t in enumerate(tokens)))


def handled(server: ServerProcess) -> int:
    stats = httpx.get(server.url + "/api/v1/stats", timeout=30).json()
    return int(sum(stats["handled_ms"]))


@pytest.fixture
def fuzz_server(tmp_path: Path) -> Iterator[ServerProcess]:
    proc = ServerProcess(tmp_path / "wsfuzz.sqlite3", bot_delay=0.0, tables_per_minute=0).start()
    try:
        yield proc
    finally:
        proc.stop()


def fuzz(server: ServerProcess, frames: int, seed: int = 0) -> Tally:
    rng = random.Random(seed)
    tally = Tally()
    fuzzed: list[dict[str, Any]] = [server.create(p, [{"kind": "person"}] * n, seed=rng.randrange(10**6))
                                    for p, n in FUZZED.items() for _ in range(COPIES)]
    witnesses: list[dict[str, Any]] = [server.create("goofspiel-2p", [{"kind": "person"}] * 2, seed=100 + i)
                                       for i in range(HONEST)]
    before = handled(server)

    async def main() -> None:
        clients = [FuzzClient(server, t["id"], s["token"], i, random.Random(rng.random()), tally)
                   for t in fuzzed for i, s in enumerate(t["seats"])]
        clients += [FuzzClient(server, fuzzed[i % len(fuzzed)]["id"], None, None, random.Random(rng.random()),
                               tally) for i in range(SPECTATORS)]
        jobs = [c.run(frames) for c in clients]
        jobs += [bad_link(server, fuzzed[i]["id"], tally, random.Random(i), max(2, frames // 5))
                 for i in range(BAD_LINKS)]
        jobs += [honest(server, w["id"], [s["token"] for s in w["seats"]], tally) for w in witnesses]
        assert len(clients) + BAD_LINKS + 2 * HONEST == 100
        await asyncio.gather(*jobs)

    run_loop(main())
    # every action a client saw applied is one the server applied, and no other
    assert handled(server) - before == tally.applied, (handled(server) - before, tally.applied)
    for w in witnesses:  # the honest tables played to their end, untouched
        assert replay(record_of(server, w["id"]), start_for_record).steps == 26
    for t in fuzzed:  # every fuzzed table still answers
        r = httpx.get(f"{server.url}/api/v1/tables/{t['id']}", timeout=30)
        assert r.status_code == 200, r.text
    log = server.log_path.read_text(errors="replace")
    assert "Traceback" not in log and "socket failed" not in log, log[-3000:]
    return tally


def report(tally: Tally) -> str:
    return (f"{tally.frames} frames: {tally.applied} applied; answers {dict(tally.codes.most_common())}; "
            f"closes {dict(tally.closes)}")


def test_100_clients_fuzzing_every_game(fuzz_server: ServerProcess) -> None:
    tally = fuzz(fuzz_server, frames=20)
    print(report(tally))
    assert tally.frames >= 1800
    for code in ("malformed", "stale", "not_your_seat", "spectator", "applied", "no_table", "bad_token"):
        assert tally.codes[code] > 0, report(tally)


@pytest.mark.slow
def test_100_clients_fuzzing_every_game_long(fuzz_server: ServerProcess) -> None:
    tally = fuzz(fuzz_server, frames=300, seed=1)
    print(report(tally))
    assert tally.frames >= 27_000
