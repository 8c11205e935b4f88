"""The game contract: what every registered game declares, and how bad parameters are refused."""

from __future__ import annotations

import pytest

from tablesport.bots.registry import bot_factories
from tablesport.core import Game, UnknownParameter
from tablesport.games import all_games, start
from tablesport.server.content import i18n


@pytest.mark.parametrize("name", sorted(all_games()))
def test_every_game_declares_itself(name: str) -> None:
    game = all_games()[name]
    assert isinstance(game, Game)
    assert game.info.name == name and game.info.title
    assert game.info.decision_kinds and game.info.event_kinds and game.info.result_reasons
    for preset, rs in game.presets.items():
        assert rs.game == name and rs.preset == preset and rs.seats >= 1
    assert {"random", "ismcts"} <= set(bot_factories(game))
    strings = game.ui_strings()
    assert all(set(texts) == set(i18n.LANGS) for texts in strings.values()), "a UI string misses a language"
    assert all(key.split(".")[0] != key for key in strings), "screen strings are prefixed by the game"


def test_every_shipped_game_has_a_screen_and_a_terminal_view() -> None:
    for name, game in all_games().items():
        assert game.screen() is not None, f"{name} has no screen.js"
        if name != "goofspiel":
            assert game.renderer() is not None, f"{name} has no render.py"


def test_unknown_parameter_names_the_allowed_ones() -> None:
    with pytest.raises(UnknownParameter, match="no parameter cardz; known: bid_seconds, cards"):
        start("goofspiel-2p", 1, cardz=5)
    state = start("goofspiel-2p", 1)
    with pytest.raises(UnknownParameter, match="known: bid_seconds, cards"):
        state.ruleset["nope"]
    assert state.ruleset.get("nope", 3) == 3


def test_catalogue_merges_every_screen_once() -> None:
    cat = i18n.catalogue()
    for game in all_games().values():
        for key in game.ui_strings():
            assert key in cat
