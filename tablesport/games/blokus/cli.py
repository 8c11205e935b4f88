"""``tablesport blokus ...``: the GTP engine (Pentobi's dialect, Classic variant)."""

from __future__ import annotations

import sys
from typing import Any

import typer

from tablesport.core import Bot, Rng
from tablesport.sim.runner import BotChoice, BotSpecError, _parse_value, bot_factories

from .game import GAME
from .gtp import GtpEngine

app = typer.Typer(add_completion=False, no_args_is_help=True)


@app.callback()
def main() -> None:
    """Blokus: game-specific commands."""


def bot_factory(bot: str, level: int | None, budget: list[str], seed: int) -> Any:
    """A factory of the chosen bot: ``--bot mcts:playouts=200``, ``--level`` (MCTS playouts = 50 × level)
    and ``--budget playouts=N`` / ``--budget seconds=S`` (MCTS)."""
    factories = bot_factories(GAME)
    choice = BotChoice.parse(bot, factories)
    options: dict[str, Any] = dict(choice.options)
    if level is not None:
        if not 1 <= level <= 9:
            raise BotSpecError("--level must be 1 to 9")
        options["playouts"] = 50 * level
    for item in budget:
        key, sep, value = item.partition("=")
        if not sep or key not in ("playouts", "seconds"):
            raise BotSpecError(f"--budget takes playouts=N or seconds=S, not {item!r}")
        options[key] = _parse_value(value)
    if choice.name != "mcts" and options:
        raise BotSpecError(f"bot {choice.name!r} takes no level or budget")
    rng = Rng(seed)
    made = 0

    def make() -> Bot:
        nonlocal made
        made += 1
        bot_obj: Bot = factories[choice.name](rng.spawn(made), **options)
        return bot_obj

    make()  # check the options now
    return make


@app.command()
def gtp(
    bot: str = typer.Option("mcts", "--bot", help="random, greedy or mcts (options as mcts:playouts=200)"),
    level: int | None = typer.Option(None, "--level", help="MCTS strength 1-9 (50 playouts per level)"),
    budget: list[str] = typer.Option([], "--budget", help="MCTS budget: playouts=N or seconds=S"),
    seed: int = typer.Option(0, "--seed", help="seed of the bot's random choices"),
    variant: str = typer.Option("classic", "--game", "-g", help="classic (4 players) or classic_2 (2 players)"),
) -> None:
    """Speak the Go Text Protocol (Pentobi's Blokus Classic dialect) on stdin/stdout."""
    try:
        engine = GtpEngine(bot_factory(bot, level, budget, seed), seed, variant)
    except (BotSpecError, ValueError, TypeError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    for line in sys.stdin:
        response = engine.handle(line)
        if response is None:
            continue
        sys.stdout.write(response)
        sys.stdout.flush()
        if engine.quit:
            break
