"""The rollout bot (issue 7, Bots: "a stronger one that plans ... plays to the scoring rules").

It must play legal moves to the end, go out when it can (seed §3: the first to empty the rack
wins), read nothing its seat cannot see, and be deterministic for a seed.
"""

from __future__ import annotations

import pytest

from tablesport.core import Rng
from tablesport.games.rummikub import GAME, RummikubState
from tablesport.games.rummikub.bots import PlannerBot, RolloutBot

from .helpers import position

FAST = {"rollouts": 2, "horizon": 4}


def mid_game(seed: int, turns: int = 6) -> RummikubState:
    """A seeded 4-player game played by planners for ``turns`` turns."""
    st = GAME.start("rummikub-2018", seed)
    planner = PlannerBot()
    while (d := st.pending()) is not None and st.turns < turns:
        st.apply(d.seats[0], planner.act(st, d.seats[0], d))
    assert st.pending() is not None
    return st


def rehide(st: RummikubState, seat: int, rng: Rng) -> RummikubState:
    """The same position as ``seat`` sees it, the hidden tiles (pool, other racks) dealt otherwise."""
    other = st.determinize(seat, rng)
    assert other.view(seat) == st.view(seat)
    return other


@pytest.mark.parametrize("seed", [3, 11])
def test_plays_legal_moves_to_the_end(seed: int) -> None:
    """Two rollout bots and two planners finish a seeded game; the referee accepts every move."""
    st = GAME.start("rummikub-2018", seed)
    bots = [RolloutBot(Rng(seed + s), **FAST) if s % 2 == 0 else PlannerBot() for s in range(4)]
    while (d := st.pending()) is not None:
        s = d.seats[0]
        st.apply(s, bots[s].act(st, s, d))
        st.check_invariants()
    assert st.result() is not None


def test_goes_out_when_it_can() -> None:
    """Seed §3: emptying the rack wins, so a play laying the whole rack is taken at once.

    The rack R7 K7 only goes out by rearranging the table (O7 taken from its run, which stays
    valid); the planner would also hold nothing back here, but the bot must not draw or keep tiles.
    """
    table = [["O4a", "O5a", "O6a", "O7a"], ["B7a", "B8a", "B9a"]]
    st = position([["R7a", "K7a"], ["B1a", "B2a"], ["O1a"], ["K1a"]],
                  table=table, melded=[True] * 4)
    bot = RolloutBot(Rng(1), **FAST)
    action = bot.act(st, 0, st.pending())
    assert action["type"] == "play" and sorted(action["rack"]) == ["K7a", "R7a"]
    st.apply(0, action)
    assert st.result() is not None and st.result().placements[0] == 1


@pytest.mark.parametrize("seed", [5, 8, 21])
def test_choice_does_not_depend_on_hidden_tiles(seed: int) -> None:
    """The others' racks and the pool order are hidden: dealing them otherwise (the bot's view
    unchanged) must not change the bot's choice for the same bot seed."""
    st = mid_game(seed)
    seat = st.pending().seats[0]
    other = rehide(st, seat, Rng(seed * 7 + 1))
    assert other.racks != st.racks or other.pool != st.pool
    a = RolloutBot(Rng(42), rollouts=3, horizon=6).act(st, seat, st.pending())
    b = RolloutBot(Rng(42), rollouts=3, horizon=6).act(other, seat, other.pending())
    assert a == b


def test_sampled_worlds_see_only_the_view() -> None:
    """determinize keeps the seat's view and gives the same deal whatever the hidden order was."""
    st = mid_game(13)
    seat = st.pending().seats[0]
    other = rehide(st, seat, Rng(99))
    w1 = st.determinize(seat, Rng(7))
    w2 = other.determinize(seat, Rng(7))
    assert w1.view(seat) == st.view(seat)
    assert w1.racks == w2.racks and w1.pool == w2.pool
    w1.check_invariants()


def test_deterministic_for_a_seed() -> None:
    """Same bot seed, same position: same action; and a whole game replays identically."""
    st = mid_game(17)
    seat = st.pending().seats[0]
    assert (RolloutBot(Rng(5), **FAST).act(st, seat, st.pending())
            == RolloutBot(Rng(5), **FAST).act(st.clone(), seat, st.pending()))

    def game() -> tuple[float, ...]:
        g = GAME.start("rummikub-2018-2p", 4)
        bots = [RolloutBot(Rng(1), **FAST), PlannerBot()]
        while (d := g.pending()) is not None:
            g.apply(d.seats[0], bots[d.seats[0]].act(g, d.seats[0], d))
        return g.result().scores

    assert game() == game()


def test_bad_parameters_are_rejected() -> None:
    with pytest.raises(ValueError, match="rollouts must be 1 or more"):
        RolloutBot(Rng(0), rollouts=0)


def test_registered_with_the_game() -> None:
    """`--bots rollout` resolves through the game's bot list, like greedy and planner."""
    assert GAME.bots()["rollout"] is RolloutBot


@pytest.mark.parametrize("seed", [5, 21])
def test_default_choice_does_not_depend_on_hidden_tiles(seed: int) -> None:
    """The defaults (rollouts to the end of the game, judged by games won first) read the seat's
    view only: hidden tiles dealt otherwise give the same choice for the same bot seed."""
    st = mid_game(seed)
    seat = st.pending().seats[0]
    other = rehide(st, seat, Rng(seed * 3 + 2))
    a = RolloutBot(Rng(8)).act(st, seat, st.pending())
    assert a == RolloutBot(Rng(8)).act(other, seat, other.pending())


def test_a_rollout_the_seat_wins_counts_the_win_bonus() -> None:
    """Seed §3: the first to empty the rack wins; a finished rollout adds ``win_bonus`` to the
    seat's score when the seat won it (the match is counted in games won), nothing otherwise."""
    table = [["O4a", "O5a", "O6a", "O7a"], ["B7a", "B8a", "B9a"]]
    st = position([["R7a", "K7a"], ["B1a", "B2a"], ["O1a"], ["K1a"]], table=table, melded=[True] * 4)
    going_out = RolloutBot(Rng(1), **FAST).act(st, 0, st.pending())
    after = st.clone()
    after.apply(0, going_out)
    score = after.result().scores[0]
    assert RolloutBot(Rng(1), win_bonus=500).play_out(st, 0, going_out) == score + 500
    assert RolloutBot(Rng(1), win_bonus=0).play_out(st, 0, going_out) == score
