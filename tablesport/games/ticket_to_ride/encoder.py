"""Ticket to Ride (USA map).

Actions: draw the face-up card of slot 0–4, draw blind, draw tickets, pass; keep the offered tickets
named by a subset of their positions in the offer (bit ``i``: the ``i``-th ticket offered); claim a
route with one colour and 0–5 locomotives (route × colour × locomotives), or with locomotives only.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from tablesport.core import Action, Decision, Ruleset
from tablesport.encoding.choices import Path
from tablesport.encoding.encoder import Encoder, Question, Slots, flat
from tablesport.encoding.features import Features, Vector, one_hot, relative

PHASES = ("setup", "turn", "second", "keep", "over")


class TicketToRideEncoder(Encoder):
    def __init__(self, rs: Ruleset) -> None:
        from .state import BOARD

        self.board = BOARD
        self.seats = n = rs.seats
        self.cards = BOARD.cards                       # eight colours, then the locomotive
        self.routes = sorted(BOARD.routes)
        self.route_index = {rid: i for i, rid in enumerate(self.routes)}
        self.tickets = {t.id: t.index for t in BOARD.tickets}
        longest = max(r.length for r in BOARD.routes.values())
        self.offer = max(int(rs["start_tickets"]), int(rs["more_tickets"]))
        slots = self.slots = Slots()
        for i in range(BOARD.faceup):
            slots.add(("faceup", i))
        slots.add(("blind",))
        slots.add(("tickets",))
        slots.add(("pass",))
        for bits in range(2 ** self.offer):
            slots.add(("keep", bits))
        for rid, colour, locos in product(self.routes, self.cards[:-1], range(longest)):
            slots.add(("claim", rid, colour, locos))
        for rid in self.routes:
            slots.add(("claim", rid, "locomotive", BOARD.routes[rid].length))
        self.actions = len(slots)
        nt, nr = len(BOARD.tickets), len(self.routes)
        self.features = Features([
            ("hand", (9,), "own train cards per colour (then locomotives) / 12"),
            ("faceup", (9,), "face-up cards per colour / 5"),
            ("piles", (3,), "draw pile / 110, discard pile / 110, tickets left / 30"),
            ("discards", (9,), "discard pile per colour / 12"),
            ("routes", (nr, n + 1), "per route (by id): free, or its owner from the observer on"),
            ("tickets", (nt,), "own tickets"),
            ("completed", (nt,), "own tickets already completed"),
            ("offered", (nt,), "tickets offered to this seat now"),
            ("offer_order", (self.offer, nt), "the offered tickets by position (what keep's bits name)"),
            ("players", (n, 7), "per seat from the observer on: trains / 45, cards / 40, tickets / 10, "
                                "tickets being chosen / 3, route points / 100, longest path / 50, "
                                "holds the longest"),
            ("turn", (n,), "the seat on turn, from the observer on"),
            ("phase", (len(PHASES),), "setup, turn, second card, keep tickets, over"),
            ("last_round", (2,), "the last round is on, turns left / seats"),
        ])

    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        n, me = self.seats, int(view["seat"])
        obs = self.features.new()
        cards = {c: i for i, c in enumerate(self.cards)}
        for c, k in view["hand"].items():
            obs["hand"][cards[c]] = k / 12
        for c in view["faceup"]:
            if c is not None:
                obs["faceup"][cards[c]] += 1 / 5
        obs["piles"][:] = (view["deck"] / 110, view["discard"] / 110, view["tickets_left"] / 30)
        for c, k in view["discards"].items():
            obs["discards"][cards[c]] = k / 12
        routes = obs["routes"]
        routes[:, 0] = 1
        for rid, s in view["claimed"]:
            i = self.route_index[rid]
            routes[i, 0] = 0
            routes[i, 1 + relative(s, me, n)] = 1
        for t in view["tickets"]:
            obs["tickets"][self.tickets[t["id"]]] = 1
            obs["completed"][self.tickets[t["id"]]] = 1 if t["completed"] else 0
        for pos, t in enumerate(view["offered"]):
            obs["offered"][self.tickets[t["id"]]] = 1
            obs["offer_order"][pos, self.tickets[t["id"]]] = 1
        for p in view["players"]:
            obs["players"][relative(p["seat"], me, n)] = (
                p["trains"] / 45, p["cards"] / 40, p["tickets"] / 10, p["choosing"] / 3,
                p["route_points"] / 100, p["longest"] / 50, 1 if p["has_longest"] else 0)
        if view["turn"] is not None:
            one_hot(obs["turn"], relative(view["turn"], me, n))
        one_hot(obs["phase"], PHASES.index(view["phase"]))
        obs["last_round"][:] = (1 if view["last_round"] else 0, (view["turns_left"] or 0) / n)
        return obs.vector()

    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        offered = [t["id"] for t in view["offered"]]

        def key(option: Action) -> Any:
            if option[0] == "keep":
                return ("keep", sum(1 << offered.index(t) for t in option[1]))
            return option

        return flat(self.slots, key, decision.options_for(seat))

    def describe(self, index: int) -> str:
        key = self.slots.keys[index]
        assert isinstance(key, tuple)
        if key[0] == "keep":
            return "keep the offered tickets at positions " + \
                str([i for i in range(self.offer) if key[1] >> i & 1])
        if key[0] == "claim":
            return f"claim route {key[1]} with {key[2]}" + (f" and {key[3]} locomotive(s)"
                                                             if key[2] != "locomotive" else "s")
        return self.slots.name(index)


ENCODER = TicketToRideEncoder
