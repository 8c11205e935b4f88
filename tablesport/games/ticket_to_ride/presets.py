"""The presets: the seed's event (000 "Ticket to Ride game rules") and the published game for 2-5 players.

Every difference between them is a parameter here; the engine reads nothing else.

* ``last_round_trains``: the last round starts when a player has this many trains or fewer (seed 000 item 4:
  "3 trains or less"; published: 0, 1 or 2).
* ``start_tickets`` / ``start_keep_min`` / ``start_keep_max``: the starting tickets (seed item 1 "chooses 2":
  dealt 3, keep exactly 2; published: keep at least 2).
* ``more_tickets`` / ``more_keep_min`` / ``more_keep_max``: a ticket draw during play (published: 3, keep
  at least 1; the seed says nothing about how many are kept, so the published numbers stay).
* ``tickets_only_when_completed``: more tickets may be drawn only when every held ticket is completed
  (seed item 2).
* ``both_doubles_min_seats``: both routes of a double may be claimed (by two different players) only with at
  least this many players (published: 4).
* ``draw_rule``: how the seed's item 2 ("collect 2 railway car cards in single color, collect 1 Locomotive
  card") is read: as the published draw — two cards, blind or face up, a face-up locomotive being the whole
  draw and never the second card.
* ``decision_seconds`` (the seed gives none; 60 s, timeout: two blind cards, or keep the first tickets
  offered), ``game_clock_minutes`` (the seed's "one game typically lasts for 1 hour"; off unless the
  organiser sets it; when it runs out the last round starts).
"""

from __future__ import annotations

from typing import Any

from tablesport.core import Ruleset

DRAW_RULE = (
    "published: two train cards, blind or face up; a face-up locomotive is the whole draw and never "
    "the second card (seed 000 item 2 'collect 2 railway car cards ..., collect 1 Locomotive card' "
    "read this way)"
)

SEED = "seed 000 Ticket to Ride game rules"
PUBLISHED = "published Ticket to Ride rules (USA), as summarised in the reference"


def _params(**changes: Any) -> dict[str, Any]:
    params: dict[str, Any] = {
        "last_round_trains": 2,
        "start_tickets": 3,
        "start_keep_min": 2,
        "start_keep_max": 3,
        "more_tickets": 3,
        "more_keep_min": 1,
        "more_keep_max": 3,
        "tickets_only_when_completed": False,
        "both_doubles_min_seats": 4,
        "draw_rule": DRAW_RULE,
        "decision_seconds": 60,
        "game_clock_minutes": None,
    }
    unknown = set(changes) - set(params)
    assert not unknown, unknown
    params.update(changes)
    return params


EVENT = _params(last_round_trains=3, start_keep_min=2, start_keep_max=2, tickets_only_when_completed=True)

PRESETS: dict[str, Ruleset] = {
    "ttr-event": Ruleset(
        "ticket-to-ride",
        "ttr-event",
        4,
        "Ticket to Ride, seed 000 event: 4 players, keep 2 tickets, last round at 3 trains",
        params=EVENT,
        source=SEED,
    ),
    "ttr-classic": Ruleset(
        "ticket-to-ride",
        "ttr-classic",
        4,
        "Ticket to Ride, published rules, 4 players",
        params=_params(),
        source=PUBLISHED,
    ),
    **{
        f"ttr-classic-{n}p": Ruleset(
            "ticket-to-ride",
            f"ttr-classic-{n}p",
            n,
            f"Ticket to Ride, published rules, {n} players",
            params=_params(),
            source=PUBLISHED,
        )
        for n in (2, 3, 5)
    },
}
