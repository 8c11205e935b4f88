"""The ``tablesport`` command.

Contract commands (names and JSON fields are relied on by other tools): ``games --json``,
``simulate PRESET ... --json``, ``replay FILE --json``, ``play PRESET --seat K``.  Each game may
add its own group (``tablesport blokus ...``) with a ``cli.py`` module exposing ``app``; other
layers add commands through modules in ``tablesport.commands`` exposing ``register(app)``.
Bad input ends with a one-line message and exit code 2.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path
from typing import Any

import typer

from tablesport import __version__
from tablesport.bots.registry import bot_factories
from tablesport.cli_output import echo_json, err, fail, say_error
from tablesport.core import TablesportError
from tablesport.core.records import RecordError, replay
from tablesport.games import all_games, all_presets, find_preset, start_for_record

app = typer.Typer(
    add_completion=False, no_args_is_help=True, help="tablesport: referees, bots and tournaments."
)


def version_line() -> str:
    """The version and which Sanguosha engine runs: the compiled build (a wheel built with a C
    compiler, ``make run``) or the pure Python package (tablesport/compiled_build.py)."""
    from tablesport.games.sanguosha import compiled

    return f"{__version__} (Sanguosha engine: {'compiled' if compiled() else 'pure Python'})"


def _print_version(asked: bool) -> None:
    if asked:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def _options(
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """tablesport: referees, bots and tournaments."""


@app.command()
def version() -> None:
    """Print the version and which Sanguosha engine runs (compiled or pure Python)."""
    typer.echo(version_line())


@app.command()
def games(as_json: bool = typer.Option(False, "--json", help="print JSON")) -> None:
    """List the games and their presets."""
    rows: list[dict[str, Any]] = [
        {
            "game": g.name,
            "title": g.title,
            "presets": sorted(g.presets),
            "seats": sorted({rs.seats for rs in g.presets.values()}),
            "bots": sorted(bot_factories(g)),
            "simultaneous": g.info.simultaneous,
            "hidden_information": g.info.hidden_information,
            "chance": g.info.chance,
            "web_screen": g.screen() is not None,
        }
        for g in all_games().values()
    ]
    if as_json:
        echo_json(rows)
        return
    width = max(len(r["game"]) for r in rows)
    for r in rows:
        typer.echo(
            f"{r['game']:<{width}}  seats {r['seats']}  presets: {', '.join(r['presets'])}  "
            f"bots: {', '.join(r['bots'])}"
        )


@app.command()
def presets(as_json: bool = typer.Option(False, "--json")) -> None:
    """List every preset with its parameters."""
    rows = [rs.to_json() for _, rs in all_presets().values()]
    if as_json:
        echo_json(rows)
    else:
        wp, wg = (max(len(r[k]) for r in rows) for k in ("preset", "game"))
        for r in rows:
            typer.echo(f"{r['preset']:<{wp}}  {r['game']:<{wg}}  {r['seats']} seats  {r['title']}")


def _seed(value: str) -> int:
    try:
        seed = int(value)
    except ValueError:
        fail(f"--seed must be a whole number, not {value!r}")
    if seed < 0:
        fail("--seed must not be negative")
    return seed


@app.command()
def simulate(
    preset: str = typer.Argument(..., help="preset name, e.g. blokus-event"),
    n_games: int = typer.Option(100, "--games", "-n", min=0, help="number of games"),
    seed: str = typer.Option("1", "--seed", help="base seed (each game derives its own)"),
    bots: str = typer.Option(
        "random", "--bots", help="bot, bots per seat (a,b,..) or per side (cold=x,warm=y)"
    ),
    record: Path | None = typer.Option(None, "--record", help="write one record per game into this folder"),
    workers: int = typer.Option(1, "--workers", min=1, help="processes"),
    clock: list[str] = typer.Option(
        [], "--clock", help="simulated clock, e.g. decision=3 (seconds per decision)"
    ),
    as_json: bool = typer.Option(False, "--json"),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="no progress bar"),
    engine: str = typer.Option("local", "--engine", help="local (processes here) or ray (Ray tasks)"),
    address: str = typer.Option("", "--address", help="a Ray cluster's address (default: local Ray)"),
    out: Path | None = typer.Option(None, "--out", help="stream one row per game to this Parquet dataset"),
    resume: bool = typer.Option(False, "--resume", help="with --out: play only the games not in it yet"),
    chunk: int | None = typer.Option(None, "--chunk", min=1, help="games per task (and per part file)"),
) -> None:
    """Play many seeded games between bots and report statistics (or stream them to a dataset)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    from tablesport.sim.batch import simulate as run
    from tablesport.sim.runner import SimClock

    sd = _seed(seed)
    sim_clock = SimClock.parse(clock)
    find_preset(preset)
    if out is None and (resume or chunk):
        fail("--resume and --chunk go with --out DATASET")
    if out is not None and record is not None:
        fail("--record and --out do not go together: write records or a dataset")
    show = not quiet and n_games > 1 and sys.stderr.isatty()
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
        console=err,
        disable=not show,
        transient=True,
    ) as prog:
        task = prog.add_task(preset, total=n_games)
        if out is not None:
            from tablesport.sim.stream import simulate_to_dataset

            report = simulate_to_dataset(
                preset,
                n_games,
                sd,
                out,
                bots,
                sim_clock,
                engine,
                workers,
                address or None,
                resume,
                chunk,
                lambda k: prog.advance(task, k),
            )
        else:
            report = run(
                preset,
                n_games,
                sd,
                bots,
                sim_clock,
                record,
                workers,
                lambda k: prog.advance(task, k),
                engine,
                address or None,
            ).to_json()
    echo_json(report, indent=None if as_json else 2)


@app.command("replay")
def replay_cmd(
    file: Path = typer.Argument(..., help="a game record (.jsonl)"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Replay a game record and check it bit for bit."""
    try:
        rep = replay(file, start_for_record)
    except RecordError as exc:
        if as_json:
            echo_json({"ok": False, "error": str(exc)})
        fail(f"{file}: {exc}")
    out = {
        "ok": True,
        "game": rep.header["game"],
        "preset": rep.header["preset"],
        "steps": rep.steps,
        "final_hash": rep.final_hash,
        "result": rep.result,
    }
    if as_json:
        echo_json(out)
    else:
        typer.echo(f"ok: {rep.steps} steps, final hash {rep.final_hash}")


@app.command()
def play(
    preset: str = typer.Argument(..., help="preset name"),
    seat: int = typer.Option(0, "--seat", help="the seat you play; the others are bots"),
    seed: str = typer.Option("", "--seed", help="seed (random if omitted)"),
    bots: str = typer.Option(
        "", "--bots", help="bots for the other seats (default: the game's strongest quick bot)"
    ),
    no_timer: bool = typer.Option(False, "--no-timer", help="ignore decision time limits"),
    record: Path | None = typer.Option(None, "--record", help="write the game record here"),
) -> None:
    """Play a game in the terminal against bots."""
    from tablesport.terminal import play_terminal

    game, rs = find_preset(preset)
    if not 0 <= seat < rs.seats:
        fail(f"--seat must be between 0 and {rs.seats - 1} for {preset}")
    import secrets

    sd = _seed(seed) if seed else secrets.randbelow(2**31)
    play_terminal(game, rs, seat, sd, bots or None, timer=not no_timer, record=record)


def _register_plugins() -> None:
    for game in all_games().values():
        mod = game.package_module("cli")
        sub = getattr(mod, "app", None)
        if isinstance(sub, typer.Typer):
            app.add_typer(sub, name=game.info.cli_name, help=f"{game.title}: game-specific commands")
    import tablesport.commands as commands

    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        mod = importlib.import_module(f"tablesport.commands.{info.name}")
        register = getattr(mod, "register", None)
        if callable(register):
            register(app)


_register_plugins()


def main() -> None:
    try:
        rc = app(standalone_mode=False)
        if isinstance(rc, int) and rc:
            raise SystemExit(rc)
    except typer.Exit as exc:
        raise SystemExit(exc.exit_code) from None
    except typer.Abort:
        err.print("aborted")
        raise SystemExit(1) from None
    except TablesportError as exc:
        say_error(str(exc))
        raise SystemExit(2) from None
    except typer.TyperException as exc:  # usage errors: an unknown command or option, a bad value
        ctx = getattr(exc, "ctx", None)
        hint = f" (see: {ctx.command_path} --help)" if ctx is not None else ""
        message = exc.format_message() if hasattr(exc, "format_message") else str(exc)
        say_error(f"{message}{hint}")
        raise SystemExit(2) from None


if __name__ == "__main__":
    main()
