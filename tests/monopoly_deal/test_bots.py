"""The Monopoly Deal bots play legal games; the heuristic beats random play (fixed seeds)."""

from __future__ import annotations

from tablesport.bots.registry import bot_factories
from tablesport.core import RandomBot, Rng
from tablesport.games.monopoly_deal.bots import HeuristicBot, SearchBot
from tablesport.games.monopoly_deal.game import GAME, PRESETS


def play(preset: str, bots: list[object], seed: int) -> tuple[int, ...]:
    st = GAME.new_state(PRESETS[preset], seed)
    while (d := st.pending()) is not None:
        s = d.seats[0]
        st.apply(s, bots[s].act(st, s, d))  # type: ignore[attr-defined]
    res = st.result()
    assert res is not None
    return res.placements


def test_the_game_registers_its_bots() -> None:
    names = bot_factories(GAME)
    assert names["heuristic"] is HeuristicBot and names["ismcts"] is SearchBot


def test_heuristic_takes_most_first_places_against_random() -> None:
    firsts = 0
    for seed in range(16):
        me = seed % 4
        bots = [HeuristicBot(Rng(seed)) if s == me else RandomBot(Rng(seed * 10 + s)) for s in range(4)]
        firsts += play("monopoly-deal-event", bots, seed)[me] == 1
    assert firsts >= 13


def test_search_bot_plays_whole_games_in_both_presets() -> None:
    for preset in ("monopoly-deal-event", "monopoly-deal-classic-3p"):
        n = PRESETS[preset].seats
        bots = [SearchBot(Rng(1), playouts=3, horizon=10)] + [HeuristicBot(Rng(s)) for s in range(1, n)]
        assert len(play(preset, bots, 7)) == n
