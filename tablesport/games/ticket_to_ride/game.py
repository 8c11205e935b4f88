"""Ticket to Ride's registration: what the game declares and its presets (its rules are in ``state.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core import Game, GameInfo, Ruleset
from tablesport.core.protocol import ConformanceBudget

from .presets import PRESETS
from .state import BOARD, CARDS, TicketToRideState


class TicketToRideGame(Game):
    info = GameInfo(
        name="ticket-to-ride",
        title="Ticket to Ride (USA map)",
        decision_kinds=frozenset({"keep_tickets", "turn", "second_card"}),
        event_kinds=frozenset(
            {
                "tickets_kept",
                "my_tickets",
                "drew_faceup",
                "drew_blind",
                "my_card",
                "row",
                "faceup_reset",
                "reshuffled",
                "no_second_card",
                "claimed",
                "drew_tickets",
                "offered_tickets",
                "passed",
                "last_round",
                "game_over",
                "timeout",
                "time_up",
            }
        ),
        result_reasons=frozenset({"last_round", "time_up", "no_moves"}),
        simultaneous=True,
        hidden_information=True,
        chance=True,
        conformance=ConformanceBudget(seeds=4, slow_seeds=1000, deep_every=4),
        cli_name="ttr",
    )

    @property
    def presets(self) -> Mapping[str, Ruleset]:
        return PRESETS

    def new_state(self, ruleset: Ruleset, seed: int) -> TicketToRideState:
        return TicketToRideState(ruleset, seed)

    def names(self) -> dict[str, Any]:
        """Cities (with their coordinates, for the map), routes and tickets by id, and the card colours."""
        return {
            "cities": {
                c.name: {"name": c.name, "name_zh": c.name_zh, "lat": c.lat, "lon": c.lon}
                for c in BOARD.cities
            },
            "routes": {
                str(r.id): {
                    "a": r.a,
                    "b": r.b,
                    "length": r.length,
                    "colour": r.colour,
                    "double_of": r.double_of,
                }
                for r in BOARD.routes.values()
            },
            "tickets": {t.id: {"a": t.a, "b": t.b, "points": t.points} for t in BOARD.tickets},
            "colours": list(CARDS),
        }


GAME = TicketToRideGame()
