"""Play a game in the terminal against bots (``tablesport play``).

A game may provide ``render.py`` with ``render(view, decision, seat)`` returning a Rich renderable
(:meth:`tablesport.core.Game.renderer`); otherwise the view is shown as a tree.  Each of your
decisions lists its options by number (or takes a JSON action, or plain text as a string action)
and runs the decision's timer: when it runs out, the ruleset's timeout action is applied for you.
"""

from __future__ import annotations

import json
import os
import select
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.panel import Panel
from rich.pretty import Pretty

from tablesport.bots.registry import BotSpec
from tablesport.core import Decision, Event, Game, RuleError, Ruleset, canon, to_json
from tablesport.sim.runner import Table

MAX_LISTED = 60


class LineReader:
    """Reads lines from a file descriptor with a timeout (works for terminals and pipes)."""

    def __init__(self, fd: int = 0) -> None:
        self.fd = fd
        self.buf = b""
        self.eof = False

    def readline(self, timeout: float | None) -> str | None:
        deadline = None if timeout is None else time.monotonic() + timeout
        while b"\n" not in self.buf and not self.eof:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([self.fd], [], [], wait)
            if not ready:
                return None
            chunk = os.read(self.fd, 4096)
            if not chunk:
                self.eof = True
                break
            self.buf += chunk
        if b"\n" in self.buf:
            line, _, self.buf = self.buf.partition(b"\n")
        elif self.buf:
            line, self.buf = self.buf, b""
        else:
            raise EOFError
        return line.decode("utf-8", "replace").strip()


def parse_answer(line: str, opts: Sequence[Any] | None) -> Any:
    """An option number, a JSON action, or else the text itself as a string action (``a20,b20``)."""
    if opts is not None and line.isdigit() and int(line) < len(opts):
        return opts[int(line)]
    try:
        return canon(json.loads(line))
    except json.JSONDecodeError:
        return line


def describe(value: Any) -> str:
    """An action or an event's data as the player reads it (JSON with spaces)."""
    return json.dumps(to_json(value), ensure_ascii=False)


def play_terminal(game: Game, rs: Ruleset, seat: int, seed: int, bots: str | None, *, timer: bool = True,
                  record: Path | None = None, console: Console | None = None,
                  reader: LineReader | None = None) -> None:
    console = console or Console()
    reader = reader or LineReader()
    default_bot = next(iter(game.bots()), "random")
    spec = BotSpec.parse(bots or default_bot, game, rs)
    table = Table(game, rs, seed, spec, record=record is not None)
    state = table.state
    render = game.renderer()
    console.print(Panel(f"{rs.title} — you are seat {seat} — seed {seed}", style="bold"))

    def show(decision: Decision | None) -> None:
        view = state.view(seat)
        console.print(render(view, decision, seat) if render else Pretty(view, max_length=30))

    def log(events: list[Event]) -> None:
        for ev in events:
            if ev.visible_to(seat):
                console.print(f"  · {ev.kind} {describe(ev.data)}", highlight=False)

    while True:
        decision = state.pending()
        if decision is None:
            break
        if seat not in decision.seats:
            d_seat = decision.seats[0]
            action = table.bot_for(d_seat).act(state, d_seat, decision)
            events = state.apply(d_seat, action)
            if table.recorder:
                table.recorder.act(d_seat, action)
            log(events)
            continue
        show(decision)
        opts = decision.options_for(seat)
        console.print(f"[bold]{decision.prompt or decision.kind}[/bold]")
        if opts is not None:
            for i, opt in enumerate(opts[:MAX_LISTED]):
                console.print(f"  [cyan]{i}[/cyan]  {describe(opt)}", highlight=False)
            if len(opts) > MAX_LISTED:
                console.print(f"  … {len(opts) - MAX_LISTED} more: type the action as JSON")
        limit = decision.time_limit if timer else None
        if limit:
            then = decision.on_timeout or "the ruleset decides"
            console.print(f"[yellow]{limit:g} s[/yellow] — on timeout: {then}")
        console.print("number, JSON action, ? (view) or q (quit) > ", end="")
        deadline = None if not limit else time.monotonic() + limit
        while True:
            remaining = None if deadline is None else max(0.0, deadline - time.monotonic())
            try:
                line = reader.readline(remaining)
            except EOFError:
                console.print("\nend of input: leaving the game")
                return
            if line is None:
                console.print("\n[red]time is up[/red]")
                events = state.timeout(seat)
                if table.recorder:
                    table.recorder.timeout(seat)
                log(events)
                break
            if line in ("q", "quit"):
                console.print("you left the game")
                return
            if line == "?":
                show(decision)
                continue
            action = parse_answer(line, opts)
            try:
                events = state.apply(seat, action)
            except RuleError as exc:
                console.print(f"[red]{exc}[/red] > ", end="")
                continue
            if table.recorder:
                table.recorder.act(seat, action)
            log(events)
            break
    res = state.result()
    assert res is not None
    if table.recorder and record is not None:
        table.recorder.finish(state)
        table.recorder.write(record)
    console.print(Panel(Pretty(res.to_json()), title="game over"))
