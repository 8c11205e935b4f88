"""The example client examples/seat_bot.py plays a whole Blokus game against a real server: it joins by
its seat link, keeps its own copy of the board from the public moves and lets the Python API's greedy bot
choose, against three of the server's bots; the finished record replays."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

from tablesport.core.records import replay
from tablesport.games import start_for_record
from tablesport.server.process import ServerProcess

from .helpers import run_loop

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "seat_bot.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("seat_bot", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_client_plays_a_whole_blokus_game(server: ServerProcess) -> None:
    import httpx

    example = load_example()
    t = server.create("blokus-event", [{"kind": "person"}] + [{"kind": "bot", "bot": "greedy"}] * 3, seed=17)
    link = f"{server.url}{t['seats'][0]['url']}"  # type: ignore[index]
    said: list[str] = []
    final = run_loop(example.play(link, "greedy", 3, said.append))
    assert final["status"] == "finished" and final["result"] is not None
    mine = [m for m in final["view"]["moves"] if m["colour"] == 0 and m["move"] != "pass"]
    assert len(mine) >= 10  # the client's colour placed its pieces
    assert not [s for s in said if s.startswith("refused")], said
    record = httpx.get(f"{server.url}/api/v1/tables/{t['id']}/record.jsonl", timeout=10).text
    rep = replay(record.splitlines(), start_for_record)
    assert rep.result == final["result"]
