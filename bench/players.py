"""Players' costs on the server: what chat adds to every message of a table's WebSocket, and what rating a
finished table costs.

* **Chat filter**: every table message is first looked at by ``chat.may_be_chat`` (is it a chat frame?);
  baseline in the same run: ``json.loads`` of the same message, which the table does anyway. Messages: a
  short action and a 60 KB Pictionary-like drawing.
* **Rating a table** (SQLite file store): ``ratings.rate`` of a finished 2-seat table and of a 6-seat team
  table (OpenSkill Plackett–Luce, rows read, written, committed); baseline in the same run: the same call
  for a table that is not rated (a bot played: one row written).

    .venv/bin/python -m bench.players [--quick]
"""

from __future__ import annotations

import argparse
import json
import secrets
import tempfile
import time
import timeit
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from bench.machine import machine, save_results
from tablesport.server.live import ratings
from tablesport.server.routes.chat import may_be_chat
from tablesport.store import accounts, players
from tablesport.store.migrate import upgrade
from tablesport.store.tables import FINISHED, WebTable


def per_call(fn: Any, n: int) -> float:
    return min(timeit.repeat(fn, number=n, repeat=5)) / n


def chat_filter(quick: bool) -> dict[str, Any]:
    short = json.dumps({"type": "act", "seq": 12, "action": [3, 4, "place", 17]})
    drawing = json.dumps({"type": "act", "seq": 12, "action": {"stroke": [[i, i + 1] for i in range(6000)]}})
    out = {}
    cases = (("action", short, 20_000 if quick else 200_000), ("drawing", drawing, 200 if quick else 2000))
    for name, msg, n in cases:
        check, parse = per_call(lambda m=msg: may_be_chat(m), n), per_call(lambda m=msg: json.loads(m), n)
        out[name] = {"chars": len(msg), "may_be_chat_ns": round(check * 1e9),
                     "json_loads_ns": round(parse * 1e9), "ratio": round(check / parse, 4)}
    return out


def rating_cost(quick: bool) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as d:
        engine = upgrade(f"sqlite:///{Path(d) / 'b.sqlite3'}")
        with Session(engine) as s:
            ids = [accounts.create_user(s, f"p{i}", "player", "a long enough password", by="bench").id
                   for i in range(6)]
            s.commit()
        tables = 20 if quick else 200

        def run(seats: int, kinds: list[str], result: dict[str, Any]) -> float:
            t = 0.0
            for _ in range(tables):
                with Session(engine) as s:
                    tid = secrets.token_hex(6)
                    now = time.time()
                    s.add(WebTable(id=tid, game="g", preset=f"p{seats}", seed=1, status=FINISHED,
                                   header={"seats": kinds}, footer=None, steps=0, last_h="", timers={},
                                   clock_used=0.0, bot_delay=0.0, created=now, updated=now, result=result))
                    s.flush()
                    for seat in range(seats):
                        players.bind_seat(s, tid, seat, ids[seat])
                    s.commit()
                    t0 = time.perf_counter()
                    ratings.rate(s, tid, "g", f"p{seats}", kinds, result)
                    s.commit()
                    t += time.perf_counter() - t0
            return t / tables

        two = {"placements": [1, 2], "sides": {}}
        team = {"placements": [1, 2, 1, 2, 1, 2], "sides": {"a": {"seats": [0, 2, 4], "placement": 1},
                                                            "b": {"seats": [1, 3, 5], "placement": 2}}}
        base = run(2, ["person", "bot"], two)
        out = {"tables": tables, "unrated_ms": round(base * 1e3, 3)}
        for name, seats, result in (("two_seats", 2, two), ("team_3v3", 6, team)):
            cost = run(seats, ["person"] * seats, result)
            out[name] = {"ms": round(cost * 1e3, 3), "ratio_to_unrated": round(cost / base, 2)}
        engine.dispose()
        return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    out = {"machine": machine(), "chat_filter": chat_filter(args.quick), "rating": rating_cost(args.quick)}
    print(json.dumps(out, indent=2))
    save_results("players", out)


if __name__ == "__main__":
    main()
