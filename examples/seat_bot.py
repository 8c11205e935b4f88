"""Play one seat of a tablesport table over the wire, with a bot from the Python API.

    python examples/seat_bot.py http://127.0.0.1:8000/play/<table>/<token> [--bot greedy] [--seed 1]

The seat link is what the server hands out for a person seat (``POST /api/v1/tables`` → ``seats[i].url``,
or ``POST /api/v1/tables/<table>/join``). The client reads the table's game, preset and parameters from
``GET /api/v1/tables/<table>``, opens the seat's WebSocket ``/ws/<table>?token=<token>`` and answers every
decision that is its own with ``{"type": "act", "seq": <step>, "action": <action>}`` — the frames the
browser sends (docs/websocket.md).

A bot of the Python API (``tablesport.bots.registry.bot_factories``) acts on a ``State``. In a game of
perfect information whose view lists the moves played (Blokus), the client keeps its own copy of the state,
replaying those moves, checks it against the board the server shows, and lets the bot choose. In a game with
hidden information the client sees only its view, so it answers from the decision's listed options (a random
one, drawn from the seed).
"""

from __future__ import annotations

import argparse
import asyncio
import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

import httpx
import websockets

from tablesport.bots.registry import BotChoice, bot_factories
from tablesport.core import Bot, Game, Rng, State, canon, to_json
from tablesport.games import get_game


class Mirror:
    """The client's own copy of a Blokus table, rebuilt from the public list of moves."""

    def __init__(self, game: Game, ruleset: Any) -> None:
        self.state = game.new_state(ruleset, 0)  # Blokus draws nothing: the seed does not matter
        self.applied = 0

    def sync(self, view: dict[str, Any], seat: int) -> State:
        colour_seats = self.state.colour_seats  # type: ignore[attr-defined]
        for move in view["moves"][self.applied :]:
            who = colour_seats[move["colour"]]
            if move.get("timeout"):
                self.state.timeout(who)
            else:
                self.state.apply(who, move["move"])
            self.applied += 1
        if self.state.view(seat)["board"] != view["board"]:
            raise RuntimeError("the client's copy of the board no longer matches the server's")
        return self.state


def parse_link(link: str) -> tuple[str, str, str]:
    """``http://host:port/play/<table>/<token>`` → (base URL, table, token)."""
    parts = urlsplit(link)
    segments = [p for p in parts.path.split("/") if p]
    if len(segments) != 3 or segments[0] != "play":
        raise ValueError(f"a seat link looks like http://host/play/<table>/<token>, not {link!r}")
    return f"{parts.scheme}://{parts.netloc}", segments[1], segments[2]


async def play(
    link: str, bot: str = "greedy", seed: int = 1, log: Callable[[str], None] = print
) -> dict[str, Any]:
    """Play the seat of ``link`` to the end of the game; returns the last frame (with the result)."""
    base, table, token = parse_link(link)
    async with httpx.AsyncClient(base_url=base, timeout=10) as http:
        r = await http.get(f"/api/v1/tables/{table}")
        r.raise_for_status()
        info = r.json()
    game = get_game(info["game"])
    ruleset = game.ruleset(info["preset"])
    if info["params"]:
        ruleset = ruleset.with_params(**canon(info["params"]))
    choice = BotChoice.parse(bot, bot_factories(game))
    player: Bot = bot_factories(game)[choice.name](Rng(seed), **dict(choice.options))
    mirror = Mirror(game, ruleset) if game.name == "blokus" else None
    rng = Rng(seed)
    ws_url = base.replace("http", "ws", 1) + f"/ws/{table}?token={token}"
    answered: int | None = None
    async with websockets.connect(ws_url, max_size=1 << 22) as ws:
        async for text in ws:
            frame = json.loads(text)
            if frame["type"] == "error":
                log(f"refused: {frame['code']}: {frame['message']}")
                if frame["code"] in ("bad_token", "no_table"):
                    raise RuntimeError(frame["message"])
                answered = None  # ask again at the next frame
                continue
            if frame["type"] not in ("hello", "step", "presence"):
                continue
            decision = frame["decision"]
            if decision is None:
                log(f"game over: {frame['result']}")
                return dict(frame)
            if frame["status"] != "running" or not decision.get("mine") or decision.get("asked") == answered:
                continue
            seat = frame["seat"]
            if mirror is not None:
                state = mirror.sync(frame["view"], seat)
                pending = state.pending()
                assert pending is not None and seat in pending.seats
                action = to_json(player.act(state, seat, pending))
            else:
                options = decision.get("options")
                if not options:
                    raise RuntimeError(f"{game.name}: this decision lists no options; write a client for it")
                action = rng.choice(options)
            answered = decision["asked"]
            await ws.send(json.dumps({"type": "act", "seq": frame["seq"], "action": action}))
    raise RuntimeError("the server closed the connection before the game ended")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("link", help="the seat link, http://host/play/<table>/<token>")
    ap.add_argument("--bot", default="greedy", help="a bot of the game, with options (mcts:playouts=200)")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    final = asyncio.run(play(args.link, args.bot, args.seed))
    print(json.dumps(final["result"]))


if __name__ == "__main__":
    main()
