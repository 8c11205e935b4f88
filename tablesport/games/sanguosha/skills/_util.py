"""Shared helpers of the general skills: own-side seats, and the timings skills fire when a character
plays or discards cards for a skill. (The shapes of whole skills are the families of ../families.py.)"""

from __future__ import annotations

from .. import cards as C
from ..state import SgsState
from ..timing import CARDS_DISCARDED, SKILL_PLAYED

TOKEN = C.TOKEN


def own_side(g: SgsState, seat: int, other: int) -> bool:
    """Is ``other`` on ``seat``'s side (己方, [S12] glossary 16: same identity-card colour)? Outside a
    team mode a character's side is itself."""
    a, b = g.side_of(seat), g.side_of(other)
    if a is None or b is None:
        return seat == other
    return a == b


def allies(g: SgsState, seat: int) -> list[int]:
    """The other living characters of ``seat``'s side, in turn order from ``seat``."""
    return [s for s in g.order_from(seat, include=False) if own_side(g, seat, s)]


def played(g: SgsState, seat: int, cards: tuple[int, ...]) -> None:
    """``seat`` played (打出) ``cards`` for a skill (a retrial card): skills that count played cards
    (Clear Wisdom) hear it at the ``skill_played`` timing."""
    g.fire(SKILL_PLAYED, seat=seat, cards=tuple(cards))


def discard_own(g: SgsState, seat: int, cards: list[int], why: str) -> None:
    """``seat`` discards its own ``cards`` (a skill's cost or forced discard); skills that count a
    character's discards (Clear Wisdom) hear it at the ``cards_discarded`` timing."""
    g.discard(cards, seat, why)
    g.fire(CARDS_DISCARDED, seat=seat, cards=tuple(cards))
