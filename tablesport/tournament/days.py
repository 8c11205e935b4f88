"""The seeds' event days as data: which competitions (formats) each day ran at once, to create an event
from in one step. The formats themselves (scoring, tie-breaks, fees, prizes) are in :mod:`.formats`."""

from __future__ import annotations

from dataclasses import dataclass

from .formats import get_format


@dataclass(frozen=True, slots=True)
class Day:
    key: str
    title: str
    seed: str
    competitions: tuple[tuple[str, str], ...]
    """(competition key, format name) in the order the day lists them."""


DAYS: dict[str, Day] = {d.key: d for d in (
    Day("2011-game-day", "Game day 2011: Sanguosha 3v3, Pictionary, Ticket to Ride, Monopoly Deal, Blokus",
        "000", (("sgs", "sgs-3v3-2011"), ("pictionary", "pictionary-event"), ("ttr", "ttr-event"),
                ("mdeal", "monopoly-deal-event"), ("blokus", "blokus-event"))),
    Day("2012-sanguosha", "Sanguosha 3v3 2012 official rules", "003", (("sgs", "sgs-3v3-2012"),)),
    Day("2014-sanguosha", "Sanguosha school event 2014: 3v3 and 1v1", "001",
        (("sgs", "sgs-3v3-2014"), ("sgs1v1", "sgs-1v1-2014"))),
    Day("2018-rummikub", "Rummikub open play 2018", "002", (("rummikub", "rummikub-2018"),)),
)}

for _day in DAYS.values():  # every format named is a known one (fails at import otherwise)
    for _key, _fmt in _day.competitions:
        get_format(_fmt)
