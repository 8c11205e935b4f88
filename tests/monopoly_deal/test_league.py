"""A digital Monopoly Deal game's result feeds the monopoly-deal-event league (000: 10/7/5/3 by value)."""

from __future__ import annotations

from tablesport.core import RandomBot, Rng
from tablesport.games import find_preset
from tablesport.tournament.digital import table_entry
from tablesport.tournament.standings import standings


def test_a_digital_game_feeds_the_monopoly_deal_league() -> None:
    """000 THE WINNER: the highest bank + property value gets 10, then 7, 5, 3 (not who finished)."""
    game, rs = find_preset("monopoly-deal-event")
    players = ["ann", "bob", "cy", "di"]
    entries, games = [], []
    for seed in (3, 4):
        state = game.new_state(rs, seed)
        bots = [RandomBot(Rng(seed * 7 + i)) for i in range(4)]
        while (d := state.pending()) is not None:
            state.apply(d.seats[0], bots[d.seats[0]].act(state, d.seats[0], d))
        res = state.result()
        assert res is not None and res.stats["values"] == [int(s) for s in res.scores]
        entry = table_entry(res, players)
        assert entry["scores"] == dict(zip(players, res.stats["values"], strict=True))
        assert entry["places"] == dict(zip(players, res.placements, strict=True))
        assert {p: entry["stats"][p]["values"] for p in players} == entry["scores"]
        entries.append({"round": seed - 2, **entry})
        games.append(res)
    rows = {r["entrant"]: r for r in standings({"preset": "monopoly-deal-event", "entrants": players,
                                                 "results": entries})}
    points = {p: 0 for p in players}
    for res in games:
        for i, p in enumerate(players):
            # competition ranking by value; shared places take the better place's points
            place = 1 + sum(1 for v in res.stats["values"] if v > res.stats["values"][i])
            points[p] += (10, 7, 5, 3)[place - 1]
    assert {p: rows[p]["points"] for p in players} == points
