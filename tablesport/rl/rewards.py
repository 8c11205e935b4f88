"""Rewards from a game's result: a rank reward, zero-sum, in [-1, 1].

The seats are ranked by ``Result.placements`` — or, in a team game, the sides by their placement,
every seat of a side sharing its side's reward.  A seat (or side) among ``k`` ranked gets

    (number ranked below it − number ranked above it) / (k − 1)

so two players: +1 win, −1 loss, 0 tie; four players in order: +1, +1/3, −1/3, −1; equal placements
share the same reward.  A seat outside every side (Pictionary's facilitator) gets 0.
"""

from __future__ import annotations

from tablesport.core import Result


def rank_rewards(result: Result, seats: int) -> list[float]:
    if result.sides:
        ranked = [(side.placement, tuple(side.seats)) for side in result.sides.values()]
    else:
        ranked = [(p, (s,)) for s, p in enumerate(result.placements)]
    out = [0.0] * seats
    k = len(ranked)
    if k < 2:
        return out
    for place, group in ranked:
        below = sum(1 for other, _ in ranked if other > place)
        above = sum(1 for other, _ in ranked if other < place)
        for s in group:
            out[s] = (below - above) / (k - 1)
    return out
