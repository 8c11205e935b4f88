"""The rollout Sanguosha bot (``bots/search.py``): registered, legal, honest (it reads only its
seat's view: resampled hidden cards and 1v1 line-ups give the same answer), deterministic for a
seed, instant where there is nothing to search; the heuristic's ranking it starts from; the 1v1
``determinize`` that redraws the face-down generals. Small budgets keep each test to seconds; the
strength figures are the benchmark's (``bench/sanguosha_search.py``)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
import yaml

import tablesport
from tablesport.bots.registry import bot_factories
from tablesport.core import Decision, Rng
from tablesport.games import find_preset, get_game
from tablesport.games.sanguosha.advisor import trio_value
from tablesport.games.sanguosha.bots import DrafterBot, HeuristicBot, RolloutBot
from tablesport.games.sanguosha.bots.search import evaluate, lineup_chance
from tablesport.games.sanguosha.scenario import build
from tablesport.games.sanguosha.state import SgsState
from tests.installed_env import cli


def small(seed: int) -> RolloutBot:
    """A small budget: two candidates, 4 playouts of one turn (the time limit never bites)."""
    return RolloutBot(Rng(seed), playouts=4, candidates=2, horizon=1, seconds=2.0)


def play_until(preset: str, seed: int, decisions: int) -> SgsState:
    """A game of ``preset`` after ``decisions`` heuristic answers (the first turns of play)."""
    game, rs = find_preset(preset)
    g = game.new_state(rs, seed)
    h = HeuristicBot(Rng(seed))
    for _ in range(decisions):
        d = g.pending()
        assert d is not None
        s = d.seats[0]
        g.apply(s, h.act(g, s, d))
    assert isinstance(g, SgsState)
    return g


def searched_points(preset: str, seed: int, want: int) -> list[SgsState]:
    """``want`` positions of a heuristic game where the rollout bot races two or more options."""
    game, rs = find_preset(preset)
    g = game.new_state(rs, seed)
    h = HeuristicBot(Rng(seed))
    probe = small(0)
    out: list[SgsState] = []
    assert isinstance(g, SgsState)
    while (d := g.pending()) is not None and len(out) < want:
        s = d.seats[0]
        if len(probe.choices(g, s, d)) > 1 and g.turn_no % 3 == 1:
            out.append(g.clone())
        g.apply(s, h.act(g, s, d))
    assert len(out) == want
    return out


def test_registered_with_a_name_in_every_language() -> None:
    """``rollout`` is a Sanguosha bot: in the registry, ``tablesport games --json`` and the lobby's
    names (botname.rollout in en, zh-Hans, zh-Hant)."""
    assert bot_factories(get_game("sanguosha"))["rollout"] is RolloutBot
    out = subprocess.run([*cli(), "games", "--json"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    games = {g["game"]: g for g in json.loads(out.stdout)}
    assert "rollout" in games["sanguosha"]["bots"]
    texts = Path(tablesport.__file__).parent / "server/content/texts/flow.yaml"
    flow = yaml.safe_load(texts.read_text(encoding="utf-8"))
    assert set(flow["botname.rollout"]) == {"en", "zh-Hans", "zh-Hant"}


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="seconds"):
        RolloutBot(Rng(1), seconds=3.0)
    with pytest.raises(ValueError, match="candidates"):
        RolloutBot(Rng(1), candidates=1)


def test_heuristic_ranking_starts_with_its_answer() -> None:
    """``HeuristicBot.ranked`` lists every option once, its own answer first (what the search starts from)."""
    for preset in ("sgs-3v3-2012", "sgs-1v1-2014"):
        game, rs = find_preset(preset)
        g = game.new_state(rs, 3)
        h = HeuristicBot(Rng(3))
        steps = 0
        while (d := g.pending()) is not None and steps < 400:
            s = d.seats[0]
            a = h.act(g, s, d)
            ranked = h.ranked(g, s, d)
            assert ranked[0][0] == a
            opts = d.options_for(s) or ()
            if opts:
                assert sorted(map(repr, (o for o, _ in ranked))) == sorted(map(repr, opts))
            g.apply(s, a)
            steps += 1


def test_forced_and_preparation_decisions_are_answered_without_search() -> None:
    """One option (the play phase with nothing left but to end it) and the fielding: no playout; the
    fielding is the draft policy's (the advisor's best trio in 3v3 2012)."""
    g, _ = build({"preset": "sgs-1v1-2014", "players": [
        {"side": "lord", "hand": ["slash S7"]}, {"side": "renegade", "hand": []}]})
    g.run()
    bot = RolloutBot(Rng(1))
    g.apply(0, ("use", g.view(0)["players"][0]["hand"][0], (1,)))
    d = g.pending()
    assert d is not None and d.options_for(0) == (("end",),)
    assert bot.act(g, 0, d) == ("end",)
    s, d = until_kind("sgs-3v3-2012", 1, "field")
    assert bot.act(s, d.seats[0], d) == DrafterBot(Rng(1)).act(s, d.seats[0], d)
    assert bot.spent == 0 and bot.searched == 0


def until_kind(preset: str, seed: int, kind: str) -> tuple[SgsState, Decision]:
    """A game of ``preset`` played by the drafter bot up to its first ``kind`` decision."""
    game, rs = find_preset(preset)
    s = game.new_state(rs, seed)
    assert isinstance(s, SgsState)
    policy = DrafterBot(Rng(seed))
    while (d := s.pending()) is not None and d.kind != kind:
        s.apply(d.seats[0], policy.act(s, d.seats[0], d))
    assert d is not None
    return s, d


def test_the_3v3_draft_is_searched_through_the_rest_of_the_draft() -> None:
    """3v3 2012 (advisor tables): each candidate pick is followed by the rest of the draft and the
    fielding as the drafter plays them for both sides, and the pick whose line-ups the tables' model
    rates best is taken; every pick of a whole draft is legal, and a resampled world (other hands,
    the draw pile) gives the same pick."""
    s, d = until_kind("sgs-3v3-2012", 4, "draft")
    tables = RolloutBot.tables(s)
    assert tables is not None
    policy = DrafterBot(Rng(0))
    rng = Rng(9)
    mine = s.side_of(d.seats[0])
    while d is not None and d.kind == "draft":
        seat = d.seats[0]
        bot = RolloutBot(Rng(3), candidates=3)
        cands = bot.choices(s, seat, d)
        a = bot.act(s, seat, d)
        assert a in (d.options_for(seat) or ())
        if len(cands) > 1:
            assert bot.searched == 1 and bot.spent == len(cands)
            probe = RolloutBot(Rng(3))
            scores = [probe.draft_out(s, seat, c, tables) for c in cands]
            assert a == cands[max(range(len(cands)), key=lambda i: (scores[i], -i))]
            assert RolloutBot(Rng(3), candidates=3).act(s.determinize(seat, rng), seat, d) == a
        s.apply(seat, a)
        while (d := s.pending()) is not None and d.kind == "draft" and s.side_of(d.seats[0]) != mine:
            s.apply(d.seats[0], policy.act(s, d.seats[0], d))
    assert len(s.mode["picks"]["cold"]) + len(s.mode["picks"]["warm"]) == 15     # the whole draft


def test_the_line_up_chance_follows_the_tables() -> None:
    """``lineup_chance``: the two sides' chances add up to 1, and a side whose fielded trio the tables
    rate higher than the other's is the favourite."""
    s, d = until_kind("sgs-3v3-2012", 6, "first_actor")
    tables = RolloutBot.tables(s)
    assert tables is not None
    fielded = s.mode["fielded"]
    cold = next(p.seat for p in s.players if s.side_of(p.seat) == "cold")
    warm = next(p.seat for p in s.players if s.side_of(p.seat) == "warm")
    assert lineup_chance(s, cold, tables) + lineup_chance(s, warm, tables) == pytest.approx(1.0)
    value = {side: trio_value(tables, trio[0], tuple(trio[1:])) for side, trio in fielded.items()}
    assert (lineup_chance(s, cold, tables) > 0.5) == (value["cold"] > value["warm"])
    best = max(tables.effect, key=lambda g: tables.role_effect(g, "commander"))
    worst = min(tables.effect, key=lambda g: tables.role_effect(g, "commander"))
    s.mode["fielded"] = {"cold": (best, *fielded["cold"][1:]), "warm": (worst, *fielded["cold"][1:])}
    assert lineup_chance(s, cold, tables) > 0.5 > lineup_chance(s, warm, tables)


def test_the_1v1_draft_is_raced_by_playouts_to_the_end() -> None:
    """1v1 (no advisor tables): the draft's candidates are raced in sampled worlds (the face-down
    candidates redrawn) by playouts to the end of the game, whatever the horizon; legal, and the same
    pick for the same seed and for a resampled world."""
    s, d = until_kind("sgs-1v1-2014", 2, "draft")
    seat = d.seats[0]
    bot = RolloutBot(Rng(5), playouts=4, candidates=2, horizon=1, seconds=2.0)
    a = bot.act(s, seat, d)
    assert a in (d.options_for(seat) or ())
    assert bot.searched == 1 and bot.spent >= 4
    assert bot.play_out(s.determinize(seat, Rng(6)), seat, a) in (0.0, 0.5, 1.0)   # a finished game's score
    assert RolloutBot(Rng(5), playouts=4, candidates=2, horizon=1, seconds=2.0).act(
        s.determinize(seat, Rng(8)), seat, d) == a


@pytest.mark.parametrize("preset", ["sgs-3v3-2012", "sgs-1v1-2014"])
def test_answers_are_legal_and_the_same_for_the_same_seed(preset: str) -> None:
    for g in searched_points(preset, 5, 4):
        d = g.pending()
        assert d is not None
        s = d.seats[0]
        bot = small(11)
        a = bot.act(g, s, d)
        assert a in (d.options_for(s) or ())
        assert bot.searched == 1 and bot.spent >= 4
        assert small(11).act(g, s, d) == a
        g.apply(s, a)                     # accepted by the engine


@pytest.mark.parametrize("preset", ["sgs-3v3-2012", "sgs-1v1-2014"])
def test_reads_only_its_seats_view(preset: str) -> None:
    """Other hands, the draw pile, the generator and (1v1) the opponent's line-up resampled: the same
    answer from a bot with the same seed."""
    rng = Rng(77)
    for g in searched_points(preset, 8, 3):
        d = g.pending()
        assert d is not None
        s = d.seats[0]
        a = small(21).act(g, s, d)
        other = g.determinize(s, rng)
        assert other.view(s) == g.view(s)
        assert small(21).act(other, s, d) == a


def test_1v1_determinize_redraws_the_hidden_line_up() -> None:
    """D9: the opponent's face-down picks and its line-up after the fielded general are redrawn; the
    seat's own view, its own line-up and the fielded generals stay."""
    g = play_until("sgs-1v1-2014", 2, 40)
    m = g.mode
    assert "lineup" in m
    rng = Rng(5)
    lineups = set()
    for _ in range(20):
        w = g.determinize(0, rng)
        assert w.view(0) == g.view(0)
        assert w.mode["lineup"][0] == m["lineup"][0]
        assert w.mode["lineup"][1][0] == m["lineup"][1][0]
        w.check_invariants()
        lineups.add(w.mode["lineup"][1])
    assert len(lineups) > 1


def test_evaluate_prefers_more_material_and_scores_results() -> None:
    g = play_until("sgs-3v3-2012", 4, 60)
    mine = next(p.seat for p in g.players if g.side_of(p.seat) == "cold")
    base = evaluate(g, mine)
    assert 0.0 < base < 1.0
    hurt = g.clone()
    enemy = next(p for p in hurt.players if g.side_of(p.seat) == "warm" and p.alive and p.hp > 1)
    enemy.hp -= 1
    assert evaluate(hurt, mine) > base
    done = play_until("sgs-1v1-2014", 1, 0)
    h = HeuristicBot(Rng(1))
    while (d := done.pending()) is not None:
        done.apply(d.seats[0], h.act(done, d.seats[0], d))
    res = done.result()
    assert res is not None
    winner = res.placements.index(1)
    assert evaluate(done, winner) == 1.0 and evaluate(done, 1 - winner) == 0.0
