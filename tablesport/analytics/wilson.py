"""The Wilson score interval of a proportion."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson interval (95 % by default) of ``wins`` successes in ``n`` trials; (0, 1) for n = 0.

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: float, n: int) -> dict[str, float | int]:
    """``{n, wins, rate, lo, hi}``: a win rate with its Wilson 95 % interval (rounded to 4 places)."""
    lo, hi = wilson(wins, n)
    return {"n": n, "wins": wins, "rate": round(wins / n, 4) if n else 0.0, "lo": round(lo, 4),
            "hi": round(hi, 4)}
