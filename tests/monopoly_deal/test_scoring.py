"""table_value: the value the 000 league ranks by, from what a referee sees (and the engine agrees)."""

from __future__ import annotations

import pytest

from tablesport.core import RandomBot, Rng
from tablesport.games.monopoly_deal.game import GAME, PRESETS
from tablesport.games.monopoly_deal.scoring import TableError, card_key, table_value


def test_table_value_bank_plus_properties() -> None:
    """000 THE WINNER: each player counts up the value of their Bank and Properties."""
    seen = {"ann": {"bank": ["10M", "just-say-no"],
                    "properties": ["green", "green-2", "wild-any", "house", "hotel"]},
            "bo": {"bank": "1M 2M", "properties": []}, "cy": {}}
    assert table_value(seen) == {"ann": 10 + 4 + 4 + 4 + 0 + 3 + 4, "bo": 3, "cy": 0}


@pytest.mark.parametrize("properties", [
    ["railroad"] * 4 + ["house"],  # never on railroads (nor utilities)
    ["red", "house", "hotel"],  # a lone red is no complete set
    ["red"] * 3 + ["hotel"],  # a Hotel stands on a set with a House
    ["red"] * 3 + ["house"] * 2,  # one House a set
])
def test_a_house_or_hotel_that_cannot_stand_there_is_refused(properties: list[str]) -> None:
    """Issue 41.4; reference/monopoly_deal.md: a House on a complete set, never railroads or utilities; a
    Hotel needs a House. An impossible building would inflate the value the 000 league ranks by."""
    with pytest.raises(TableError, match="complete set"):
        table_value({"a": {"properties": properties}})
    assert table_value({"a": {"properties": ["red"] * 2 + ["wild-red-yellow", "house", "hotel"]}}) == {
        "a": 3 + 3 + 3 + 3 + 4}  # a two-colour wildcard completes the red set


@pytest.mark.parametrize("seen, message", [
    ({"a": {"bank": ["deal-breaker"]}}, "not in play"),
    ({"a": {"bank": ["pink"]}}, "never banked"),
    ({"a": {"properties": ["pass-go"]}}, "belongs in the bank"),
    ({"a": {"bank": ["10M"]}, "b": {"bank": ["money-10"]}}, "than the deck holds"),
    ({"a": {"purse": []}}, "unknown field"),
    ({"a": {"bank": ["11M"]}}, "not a Monopoly Deal card"),
])
def test_impossible_tables_are_refused(seen: dict[str, dict[str, object]], message: str) -> None:
    with pytest.raises(TableError, match=message):
        table_value(seen)  # type: ignore[arg-type]


def test_deal_breakers_count_in_the_published_game() -> None:
    assert table_value({"a": {"bank": ["deal-breaker", "deal-breaker"]}}, deal_breakers=True) == {"a": 10}
    assert card_key("Dark Blue") == "dark_blue" and card_key("money-5-2") == "money-5"


def test_the_engine_and_table_value_agree_on_finished_games() -> None:
    """The result's values (engine) equal table_value of the cards on each player's table."""
    rs = PRESETS["monopoly-deal-event"]
    for seed in range(6):
        st = GAME.new_state(rs, seed)
        bots = [RandomBot(Rng(seed * 10 + i)) for i in range(4)]
        while (d := st.pending()) is not None:
            st.apply(d.seats[0], bots[d.seats[0]].act(st, d.seats[0], d))
        res = st.result()
        assert res is not None
        seen = {str(s): {"bank": list(st.banks[s]),
                         "properties": [c for p in st.piles[s] for c in [*p.cards, p.house, p.hotel] if c]}
                for s in range(4)}
        values = table_value(seen)
        assert [values[str(s)] for s in range(4)] == res.stats["values"] == [int(x) for x in res.scores]
