"""The terminal view shows the table, the player's own hand only, and the end values."""

from __future__ import annotations

from rich.console import Console

from tablesport.core import Rng
from tablesport.games.monopoly_deal.cards import CARDS
from tablesport.games.monopoly_deal.game import GAME, PRESETS
from tablesport.games.monopoly_deal.render import render


def text(view: dict[str, object], seat: int) -> str:
    console = Console(width=200, record=True)
    console.print(render(view, None, seat))
    return console.export_text()


def test_render_mid_game_and_end() -> None:
    st = GAME.new_state(PRESETS["monopoly-deal-event"], 3)
    rng = Rng(1)
    while (d := st.pending()) is not None:
        st.apply(d.seats[0], st.random_action(d.seats[0], rng))
        if st.turn_no == 8:
            out = text(st.view(0), 0)
            assert "your hand" in out and CARDS[st.hands[0][0]].name in out if st.hands[0] else True
            assert "your hand" not in text(st.view(None), 0)
    res = st.result()
    assert res is not None
    assert "game over (three_sets)" in text(st.view(None), 0)
