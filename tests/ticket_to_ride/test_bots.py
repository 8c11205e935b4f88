"""The bots play legal moves to the end, the same for a seed, reading only what their seat may see."""

from __future__ import annotations

from tablesport.bots.registry import bot_factories
from tablesport.core import RandomBot, Rng
from tablesport.games.ticket_to_ride import GAME
from tablesport.games.ticket_to_ride.bots import PlannerBot, RolloutBot, plan

from .helpers import B, hold, own, rid, started


def play(preset: str, seed: int, makers: list) -> tuple:  # type: ignore[type-arg]
    s = GAME.start(preset, seed)
    bots = [m(Rng(seed * 7 + i)) for i, m in enumerate(makers)]
    while (d := s.pending()) is not None:
        p = d.seats[0]
        s.apply(p, bots[p].act(s, p, d))
    res = s.result()
    assert res is not None
    return res.placements, res.scores


def test_registered() -> None:
    assert {"random", "ismcts", "planner", "rollout"} <= set(bot_factories(GAME))


def test_planner_beats_random_players() -> None:
    """The figure bench/ticket_to_ride_bots.py measures at size: the planner wins against three random."""
    firsts = 0
    for seed in range(6):
        k = seed % 4
        makers = [RandomBot] * 4
        makers[k] = PlannerBot
        placements, _ = play("ttr-event", seed, makers)
        firsts += placements[k] == 1
    assert firsts >= 5


def test_planner_plans_the_cheapest_completion_over_open_routes() -> None:
    s = started("ttr-event", 3)
    seat = s.turn
    hold(s, seat, ("Denver", "El Paso"))
    routes, trains, dropped = plan(s, seat, s.tickets[seat])
    assert set(routes) == {rid("Denver", "Santa Fe"), rid("Santa Fe", "El Paso")}
    assert trains == 4 and not dropped
    own(s, (seat + 1) % 4, rid("Denver", "Santa Fe"))  # blocked: the plan goes round
    routes, trains, _ = plan(s, seat, s.tickets[seat])
    assert rid("Denver", "Santa Fe") not in routes and trains > 4


def test_planner_claims_a_planned_route_it_can_pay_for() -> None:
    from .helpers import give

    s = started("ttr-event", 3)
    seat = s.turn
    hold(s, seat, ("Denver", "El Paso"))
    give(s, seat, blue=2, red=1)
    d = s.pending()
    assert d is not None
    action = PlannerBot(Rng(1)).act(s, seat, d)
    assert action[0] == "claim" and action[1] in {rid("Denver", "Santa Fe"), rid("Santa Fe", "El Paso")}
    assert action[2] == "blue" and action[3] == 0


def test_bots_are_deterministic_and_legal_on_every_preset() -> None:
    for preset in ("ttr-event", "ttr-classic-2p", "ttr-classic-5p"):
        seats = GAME.ruleset(preset).seats
        makers = [PlannerBot, RandomBot, PlannerBot, RandomBot, PlannerBot][:seats]
        assert play(preset, 4, makers) == play(preset, 4, makers)
    fast = lambda r: RolloutBot(r, rollouts=1, endgame=0)  # noqa: E731
    makers = [fast, PlannerBot, PlannerBot, PlannerBot]
    assert play("ttr-event", 5, makers) == play("ttr-event", 5, makers)


def test_rollout_bot_reads_only_a_determinized_world() -> None:
    """The rollout bot's choice does not change when what its seat cannot see is dealt differently."""
    s = started("ttr-event", 12)
    seat = s.turn
    d = s.pending()
    assert d is not None
    bot = RolloutBot(Rng(5), rollouts=2, endgame=45)
    first = bot.act(s, seat, d)
    other = s.determinize(seat, Rng(99))
    d2 = other.pending()
    assert d2 is not None and d2.options_for(seat) == d.options_for(seat)
    assert RolloutBot(Rng(5), rollouts=2, endgame=45).act(other, seat, d2) == first
    assert B.routes  # the board is loaded
