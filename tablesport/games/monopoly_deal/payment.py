"""Which table cards pay a debt: the cover that costs least (the timeout's payment, and the bots' choice)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import VALUE


def cheapest_cover(cards: Sequence[str], debt: int, cost: Callable[[str], float] | None = None) -> list[str]:
    """The cards worth at least ``debt`` whose total ``cost`` is lowest (by default the value itself: the
    lowest-value cover), fewer cards on a tie; every card when they do not cover the debt.

    A 0/1 knapsack over totals capped at the debt (values are at most 10M), so it is exact and fast."""
    if sum(VALUE[c] for c in cards) <= debt:
        return list(cards)
    weigh: Callable[[str], float] = cost or (lambda c: float(VALUE[c]))
    best: dict[int, tuple[float, int, tuple[str, ...]]] = {0: (0.0, 0, ())}
    for c in cards:
        v = VALUE[c]
        if v <= 0:
            continue
        w = weigh(c)
        for t, (sc, k, chosen) in list(best.items()):
            if t >= debt:
                continue
            nt = min(t + v, debt)
            cand = (sc + w, k + 1, (*chosen, c))
            old = best.get(nt)
            if old is None or cand[:2] < old[:2]:
                best[nt] = cand
    return list(best[debt][2])
