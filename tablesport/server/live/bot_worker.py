"""One bot worker process: ``python -m tablesport.server.live.bot_worker``, started by the server's
:class:`.bot_processes.ProcessBotPool`. It answers one :class:`Ask` at a time with a bot's move.

Game states do not cross processes: a table's state is rebuilt here from its record (the header names the
preset, parameters and seed; the steps are the answers, time-outs and rulings), and kept for the next
question of the same table, so that a later :class:`Ask` carries only the steps since. The bot gets what it
gets in the server itself, the state and its seat's decision, and sees the hidden part only through
``state.determinize(seat)`` as everywhere else; its random generator is the table's, sent with the question
and sent back advanced, so that a table's bots play the same moves here as in a thread.

Frames on the pipes: a 4-byte big-endian length, then a pickle (the two ends are the same program). The
worker first sends :data:`READY` once its modules are imported. Its one argument lowers its scheduling
priority by that much (``nice``). Its standard output carries the frames
only: anything a bot prints goes to standard error.
"""

from __future__ import annotations

import os
import pickle
import signal
import struct
import sys
from collections import OrderedDict
from dataclasses import dataclass
from typing import IO, Any

from tablesport.bots.registry import BotChoice, bot_factories
from tablesport.core import Bot, Game, Rng, State, canon, to_json
from tablesport.core.records import apply_step
from tablesport.games import get_game, start_for_record

READY = "ready"
RESYNC = "resync"
"""The answer to an :class:`Ask` whose ``base`` this worker does not hold: send the whole record."""
TABLES_KEPT = 32
"""Tables whose states a worker keeps between questions (the least recently asked are let go)."""
HEADER = struct.Struct(">I")


@dataclass(frozen=True)
class Ask:
    """A bot's question: the table's record past what the worker is thought to hold, and whose move."""

    table: str
    header: dict[str, Any]
    base: int
    """The steps the worker is thought to hold already (0: rebuild from the header)."""
    base_h: str
    """The chain hash of step ``base`` (of the header when 0): the worker's copy must end there."""
    steps: list[dict[str, Any]]
    """Record steps ``base + 1`` … now."""
    seat: int
    bot: str
    rng: int
    """The bot's random generator's state; the answer carries it on."""
    seconds: float
    """The table's time budget for the move: a ``seconds`` option above it is cut to it."""


@dataclass
class Held:
    """A table as this worker holds it: its state after ``steps`` steps, ending at hash ``h``."""

    game: Game
    state: State
    steps: int
    h: str
    bots: dict[tuple[int, str, float], Bot]


def budgeted(choice: BotChoice, seconds: float) -> dict[str, Any]:
    """The bot's options with a ``seconds`` option above the table's budget cut to it."""
    options = dict(choice.options)
    if float(options.get("seconds", 0)) > seconds:
        options["seconds"] = seconds
    return options


def answer(held: OrderedDict[str, Held], ask: Ask) -> tuple[Any, ...]:
    """``("move", action as JSON, the generator's state)`` or ``(RESYNC,)``; a bot's error is raised."""
    entry = held.get(ask.table)
    if ask.base == 0:
        game = get_game(str(ask.header["game"]))
        state = start_for_record(
            game.name,
            str(ask.header["preset"]),
            int(ask.header["seed"]),
            canon(ask.header.get("params") or {}),
        )
        entry = Held(game, state, 0, str(ask.header["h"]), {})
    elif entry is None or entry.steps != ask.base or entry.h != ask.base_h:
        held.pop(ask.table, None)
        return (RESYNC,)
    held[ask.table] = entry
    held.move_to_end(ask.table)
    while len(held) > TABLES_KEPT:
        held.popitem(last=False)
    try:
        for step in ask.steps:
            apply_step(entry.state, step)
            entry.steps, entry.h = entry.steps + 1, str(step["h"])
    except Exception:
        held.pop(ask.table, None)
        raise
    decision = entry.state.pending()
    if decision is None or ask.seat not in decision.seats:
        raise ValueError(f"table {ask.table}: seat {ask.seat} has nothing to decide at step {entry.steps}")
    key = (ask.seat, ask.bot, ask.seconds)
    bot = entry.bots.get(key)
    if bot is None:  # kept between moves where the bot keeps something (a search tree)
        factories = bot_factories(entry.game)
        choice = BotChoice.parse(ask.bot, factories)
        bot = factories[choice.name](Rng(ask.rng), **budgeted(choice, ask.seconds))
        entry.bots[key] = bot
    bot.rng.state = ask.rng
    action = bot.act(entry.state, ask.seat, decision)
    return ("move", to_json(action), bot.rng.state)


def read_frame(stream: IO[bytes]) -> Any:
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        raise EOFError
    body = stream.read(HEADER.unpack(head)[0])
    return pickle.loads(body)


def write_frame(stream: IO[bytes], obj: Any) -> None:
    body = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(HEADER.pack(len(body)) + body)
    stream.flush()


def main(nice: int = 0) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server stops its workers itself
    if nice:
        os.nice(nice)  # the server's pages go first
    out = os.fdopen(os.dup(1), "wb")
    os.dup2(2, 1)  # a bot's print() must not break the frames
    sys.stdout = sys.stderr
    inp = os.fdopen(0, "rb")
    held: OrderedDict[str, Held] = OrderedDict()
    write_frame(out, READY)
    while True:
        try:
            ask = read_frame(inp)
        except EOFError:
            return
        if ask is None:
            return
        try:
            reply = answer(held, ask)
        except Exception as exc:
            reply = ("error", f"{type(exc).__name__}: {exc}")
        write_frame(out, reply)


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
