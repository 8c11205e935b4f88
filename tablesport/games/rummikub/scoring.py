"""End-of-game scoring (seed §3 記分方法 and 賽制 3.1/3.2).

* the first player to empty the rack wins; each other player loses the sum of the numbers left on
  the rack, a joker counting 30;
* a player who never made the initial meld loses 100 if those tiles could not have made a
  30-point meld, 200 if they could (decided by the exact solver); these two are never adjusted;
* when a junior (初小) player wins, a senior (高小) loser's points ×1.2; otherwise ×1;
* the winner scores the sum of the losers' points;
* if the pool runs out first, the lowest loss wins (tied lowest share the win and the points).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import penalty

JUNIOR, SENIOR = "junior", "senior"
AGE_GROUPS = (JUNIOR, SENIOR)


@dataclass(frozen=True)
class Loss:
    points: int  # before the age-group adjustment
    rule: str  # "rack", "no_meld_could_not" (−100), "no_meld_could" (−200), "out"
    adjustable: bool


def rack_loss(rack: Sequence[str], melded: bool, could_meld: bool) -> Loss:
    """What a rack of codes costs at the end of the game, before the age-group adjustment."""
    if not rack:
        return Loss(0, "out", False)
    if not melded:
        return Loss(200, "no_meld_could", False) if could_meld else Loss(100, "no_meld_could_not", False)
    return Loss(sum(penalty(c) for c in rack), "rack", True)


def final_scores(losses: Sequence[Loss], groups: Sequence[str], winners: Sequence[int],
                 multiplier: float = 1.2) -> list[float]:
    """Scores per seat: losers minus their (adjusted) loss, winners the losers' total shared."""
    junior_won = all(groups[w] == JUNIOR for w in winners)
    scores = [0.0] * len(losses)
    total = 0.0
    for seat, loss in enumerate(losses):
        if seat in winners:
            continue
        pts = float(loss.points)
        if loss.adjustable and junior_won and groups[seat] == SENIOR:
            pts = round(pts * multiplier, 1)
        scores[seat] = -pts
        total += pts
    for w in winners:
        scores[w] = round(total / len(winners), 1)
    return scores
