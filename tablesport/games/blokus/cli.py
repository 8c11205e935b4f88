"""``tablesport blokus ...``: the GTP engine (Pentobi's dialect, Classic variant)."""

from __future__ import annotations

import sys
from typing import Any

import typer

from tablesport.bots.registry import BotChoice, BotSpecError, bot_factories, parse_value
from tablesport.cli_output import echo_json, fail, say_error
from tablesport.core import Bot, Rng

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
        options[key] = parse_value(value)
    if choice.name not in ("mcts", "uct") and options:
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
    bot: str = typer.Option("mcts", "--bot",
                            help="random, greedy, mcts or uct (options as mcts:playouts=200, uct:seconds=1)"),
    level: int | None = typer.Option(None, "--level", help="MCTS strength 1-9 (50 playouts per level)"),
    budget: list[str] = typer.Option([], "--budget", help="MCTS budget: playouts=N or seconds=S"),
    seed: int = typer.Option(0, "--seed", help="seed of the bot's random choices"),
    variant: str = typer.Option("classic", "--game", "-g",
                                help="classic (4 players) or classic_2 (2 players)"),
) -> None:
    """Speak the Go Text Protocol (Pentobi's Blokus Classic dialect) on stdin/stdout."""
    try:
        engine = GtpEngine(bot_factory(bot, level, budget, seed), seed, variant)
    except (BotSpecError, ValueError, TypeError) as exc:
        fail(str(exc))
    for line in sys.stdin:
        response = engine.handle(line)
        if response is None:
            continue
        sys.stdout.write(response)
        sys.stdout.flush()
        if engine.quit:
            break


@app.command()
def match(
    engines: list[str] = typer.Argument(..., help="two or more GTP engine commands, quoted"),
    games: int = typer.Option(4, "--games", help="games to play (colour ownership rotates every game)"),
    colours: str = typer.Option("", "--colours",
                                help="engine index per colour, e.g. 0111 (default: 0111 for two engines in "
                                     "classic, 0101 in classic_2, else one colour each)"),
    variant: str = typer.Option("classic", "--game", "-g",
                                help="classic (4 players) or classic_2 (2 players)"),
    as_json: bool = typer.Option(False, "--json", help="print the summary and every game as JSON"),
) -> None:
    """Referee a match between GTP engines (ours or others such as pentobi-gtp), move by move."""
    from .gtp import VARIANTS
    from .gtp_match import GtpClient, GtpFailure, play_game, rotations, summarise

    if variant not in VARIANTS:
        fail(f"unknown variant {variant!r}; known: classic, classic_2")
    preset = VARIANTS[variant]
    n = len(engines)
    default = {2: "0101" if preset == "blokus-2p" else "0111", 4: "0123"}.get(n, "")
    pattern_text = colours or default
    if len(pattern_text) != 4 or not all(ch.isdigit() and int(ch) < n for ch in pattern_text) \
            or len(set(pattern_text)) != n:
        fail(f"--colours needs 4 digits naming each of the {n} engines (0..{n - 1}) at least once")
    if preset == "blokus-2p" and (pattern_text[0] != pattern_text[2] or pattern_text[1] != pattern_text[3]):
        fail("in classic_2 one engine plays blue and red, the other yellow and green")
    if games < 1:
        fail("--games must be at least 1")
    clients: list[GtpClient] = []
    try:
        try:
            clients = [GtpClient(cmd, f"{k}:{cmd}") for k, cmd in enumerate(engines)]
        except OSError as exc:
            fail(f"cannot start an engine: {exc}")
        records = []
        for g, owners in enumerate(rotations([int(ch) for ch in pattern_text], games)):
            try:
                rec = play_game(clients, owners, preset)
            except GtpFailure as exc:
                say_error(f"game {g + 1}: {exc}")
                raise typer.Exit(1) from None
            records.append(rec)
            if not as_json:
                forfeit = "" if rec.forfeit is None else f" forfeit by engine {rec.forfeit} ({rec.reason})"
                colours = "".join(map(str, owners))
                typer.echo(f"game {g + 1}: colours {colours} scores {rec.colour_scores}{forfeit}")
        summary = summarise(records, engines)
        summary["seconds_thinking"] = [round(c.seconds, 2) for c in clients]
        if as_json:
            summary["game_records"] = [r.to_json() for r in records]
            echo_json(summary)
        else:
            for row in summary["engines"]:
                echo_json(row)
    finally:
        for c in clients:
            c.close()
