"""Which table cards pay a debt: the cheapest cover (the timeout's payment, and the bots' choice)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .cards import VALUE


def cheapest_cover(cards: Sequence[str], debt: int, cost: Callable[[str], float] | None = None) -> list[str]:
    """The cards whose values add up to at least ``debt`` with the lowest total value (ties: the lowest
    ``cost`` — by default the value itself, so fewer properties is up to the caller's ``cost``), or every
    card when they do not cover the debt.

    A 0/1 knapsack over totals: values are small (at most 10M a card), so this is exact and fast.
    """
    total = sum(VALUE[c] for c in cards)
    if total <= debt:
        return list(cards)
    weigh = cost or (lambda c: 0.0)
    # best[t] = (secondary cost, chosen cards) for a subset with total exactly t; only totals below the
    # debt are extended, so no total exceeds debt + 9
    best: dict[int, tuple[float, tuple[str, ...]]] = {0: (0.0, ())}
    for c in cards:
        v = VALUE[c]
        if v <= 0:
            continue
        w = weigh(c)
        for t, (sc, chosen) in sorted(best.items(), reverse=True):
            if t >= debt:
                continue
            nt = t + v
            cand = (sc + w, (*chosen, c))
            old = best.get(nt)
            if old is None or cand[0] < old[0] or (cand[0] == old[0] and len(cand[1]) < len(old[1])):
                best[nt] = cand
    t = min(t for t in best if t >= debt)
    return list(best[t][1])
