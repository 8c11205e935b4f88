"""Results from a digital referee become result entries (no typing for digital tables)."""

from __future__ import annotations

import pytest

from tablesport.core import Result, SideResult
from tablesport.games import find_preset
from tablesport.tournament.digital import rummikub_entry, series_game, table_entry
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.standings import standings


def test_a_real_digital_game_feeds_a_table_league() -> None:
    """A finished goofspiel game (3 seats) through the protocol: its scores become a table entry."""
    from tablesport.core import RandomBot, Rng

    game, _ = find_preset("goofspiel-3p")
    state = game.start("goofspiel-3p", 11)
    bots = [RandomBot(Rng(3 + i)) for i in range(3)]
    while (d := state.pending()) is not None:
        for seat in d.seats:
            state.apply(seat, bots[seat].act(state, seat, d))
    res = state.result()
    assert res is not None
    entry = table_entry(res, ["ann", "bob", "cy"])
    rows = standings({"preset": "ttr-event", "entrants": ["ann", "bob", "cy"], "results": [entry]})
    by_score = sorted(zip(res.scores, ["ann", "bob", "cy"], strict=True), reverse=True)
    points = {r["entrant"]: r["points"] for r in rows}
    assert points[by_score[0][1]] == 10 and all(points[p] <= 10 for p in points)
    assert points[by_score[2][1]] in (5, 7, 10)


def test_sanguosha_game_from_the_referee_result() -> None:
    """003 §4.1: the referee reports the winner's surviving generals and lost HP; the loser counts 0."""
    res = Result((1, 2, 1, 2, 1, 2), (1.0, 0.0) * 3, "time_up_surviving", {
        "warm": SideResult((0, 2, 4), 1, 1.0, {"surviving": 2, "lost_hp": 3, "technical_points": 1,
                                                 "commander": {"seat": 2, "general": "x"}}),
        "cold": SideResult((1, 3, 5), 2, 0.0, {"surviving": 0, "lost_hp": 0, "commander": {"seat": 3}})})
    g = series_game(res, {"warm": "Tigers", "cold": "Dragons"}, {2: "Ann", 3: "Di"})
    assert g == {"winner": "Tigers", "how": "time", "surviving": 2, "lost_hp": 3, "technical": {"Tigers": 1},
                 "commanders": {"Tigers": "Ann", "Dragons": "Di"}}
    with pytest.raises(TournamentError, match="cannot score"):
        series_game(Result((1, 2), (1.0, 0.0), "eight_diagrams", res.sides), {"warm": "T", "cold": "D"})


def test_rummikub_scores_from_the_referee_are_checked() -> None:
    res = Result((1, 2, 2, 2), (42.0, -10.0, -12.0, -20.0), "went_out")
    e = rummikub_entry(res, ["j1", "j2", "s1", "s2"], "10:00")
    rows = standings({"preset": "rummikub-2018", "entrants": ["j1", "j2", "s1", "s2"], "results": [e]})
    assert rows[0]["entrant"] == "j1" and rows[0]["points"] == 42
    e["scores"]["j1"] = 50
    with pytest.raises(TournamentError, match="contradictory scores"):
        standings({"preset": "rummikub-2018", "entrants": ["j1", "j2", "s1", "s2"], "results": [e]})


def test_digital_sanguosha_games_make_a_2012_series() -> None:
    """003 §4.1: real 3v3 games played by the referee (random bots) become a best-of-3 series and its match
    points."""
    from tablesport.core import RandomBot, Rng

    game, _ = find_preset("sgs-3v3-2012")
    games, wins, seed = [], {"Tigers": 0, "Dragons": 0}, 21
    while max(wins.values()) < 2:
        state = game.start("sgs-3v3-2012", seed)
        bots = [RandomBot(Rng(seed * 10 + i)) for i in range(6)]
        while (d := state.pending()) is not None:
            for seat in d.seats:
                state.apply(seat, bots[seat].act(state, seat, d))
        res = state.result()
        assert res is not None
        entry = series_game(res, {"warm": "Tigers", "cold": "Dragons"})
        assert entry["surviving"] == res.sides[[s for s, r in res.sides.items()
                                                if r.placement == 1][0]].stats["surviving"]
        games.append(entry)
        wins[entry["winner"]] += 1
        seed += 1
    rows = {r["entrant"]: r
            for r in standings({"preset": "sgs-3v3-2012", "entrants": ["Tigers", "Dragons"],
                                "results": [{"a": "Tigers", "b": "Dragons", "games": games}]})}
    expected = {2: (3, 0), 3: (2, 1)}[len(games)]
    winner = max(wins, key=lambda k: wins[k])
    loser = "Dragons" if winner == "Tigers" else "Tigers"
    assert (rows[winner]["points"], rows[loser]["points"]) == expected
    assert rows[winner]["tiebreaks"]["surviving_generals"] == sum(g["surviving"] for g in games
                                                                  if g["winner"] == winner)
