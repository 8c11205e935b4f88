"""Bot specs (``--bots``, a table's seats) may set only the options a bot declares, within their ranges:
what a CLI user or a public server's visitor asks of a bot's effort is bounded."""

from __future__ import annotations

import pytest

from tablesport.bots.registry import BotChoice, BotSpecError, bot_factories, declared_options
from tablesport.core import Rng
from tablesport.games import all_games, get_game


def test_declared_options_are_accepted_at_both_ends_of_their_range() -> None:
    for game in all_games().values():
        for name, factory in bot_factories(game).items():
            for key, option in declared_options(factory).items():
                for value in (option.lo, option.hi):
                    text = str(int(value)) if option.integer else str(value)
                    choice = BotChoice.parse(f"{name}:{key}={text}", bot_factories(game))
                    assert choice.options == {key: value}
                    factory(Rng(1), **choice.options)  # the bot takes what its spec may say


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("mcts:playouts=20001", "playouts='20001': must be a whole number from 1 to 20000"),
        ("mcts:playouts=2.5", "must be a whole number"),
        ("mcts:seconds=nan", "must be a number from 0.01 to 30"),
        ("mcts:seconds=inf", "must be a number from 0.01 to 30"),
        ("mcts:c=abc", "must be a number from 0 to 10"),
        ("mcts:depth=3", "mcts has no option 'depth'; its options: c, playouts, seconds, width"),
        ("random:playouts=3", "random has no option 'playouts'; its options: none"),
        ("mcts:playouts", "must look like key=value"),
        ("grandmaster", "unknown bot 'grandmaster'; known: greedy, ismcts, mcts, random, uct"),
    ],
)
def test_a_spec_outside_what_the_bot_declares_is_refused_with_what_is_allowed(spec: str, says: str) -> None:
    with pytest.raises(BotSpecError) as exc:
        BotChoice.parse(spec, bot_factories(get_game("blokus")))
    assert says in str(exc.value)


def test_a_cli_run_with_an_option_out_of_range_exits_2_with_one_line() -> None:
    from tests.test_cli import run

    r = run("simulate", "blokus-2p", "--games", "1", "--bots", "mcts:playouts=0")
    assert r.returncode == 2 and "from 1 to 20000" in r.stderr and len(r.stderr.strip().splitlines()) == 1
