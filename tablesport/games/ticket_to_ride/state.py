# Over 500 lines: one referee class: every part of a turn changes the same state.
"""The Ticket to Ride referee (USA map).

A turn is one decision ``turn`` (draw a card, claim a route, draw tickets, or pass when nothing is
legal); drawing a first card that is not a face-up locomotive asks ``second_card``; drawing tickets asks
``keep_tickets``. At the start every seat keeps tickets at once (one simultaneous ``keep_tickets``).

Actions (JSON arrays): ``["faceup", slot]``, ``["blind"]``, ``["claim", route_id, card, locomotives]``
(``card``: the colour paid with, or ``"locomotive"`` when only locomotives pay), ``["tickets"]``,
``["keep", [ticket_id, ...]]``, ``["pass"]``.

Cards are counted per colour (a hand is nine counts); ticket ids (``t01``..``t30``) are the hidden tokens.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import Any

from tablesport.core import Action, Decision, Event, Result, Rng, RuleError, Ruleset, State

from .board import LOCOMOTIVE, Board, board
from .scoring import Components, add_bonus, longest_path, network_trail, placements, score_row, ticket_rows

BOARD: Board = board()
CARDS = BOARD.cards
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
NCITIES = len(BOARD.cities)
ROUTE_IDS = frozenset(BOARD.routes)
EDGES = {r.id: (r.ai, r.bi, r.length) for r in BOARD.routes.values()}
Claims = tuple[tuple[int, int, int, int, tuple[tuple[Action, ...], ...], Action], ...]
# the claim actions of every route, shortest routes first: (id, length, twin id or 0, colour index or -1,
# per colour (the claims with 0, 1, ... length-1 locomotives), the claim paid with locomotives only)
CLAIMS: Claims = tuple(
    (
        r.id,
        r.length,
        r.double_of or 0,
        r.colour_index,
        tuple(tuple(("claim", r.id, CARDS[c], k) for k in range(r.length)) for c in range(LOCOMOTIVE)),
        ("claim", r.id, "locomotive", r.length),
    )
    for r in sorted(BOARD.routes.values(), key=lambda r: r.length)
)
CLAIM_OF = {entry[0]: entry for entry in CLAIMS}
TICKETS = BOARD.tickets
POINTS = BOARD.route_points

SETUP, TURN, SECOND, KEEP, OVER = "setup", "turn", "second", "keep", "over"
PASS = ("pass",)
BLIND = ("blind",)
DRAW_TICKETS = ("tickets",)
FACEUP: tuple[Action, ...] = tuple(("faceup", i) for i in range(BOARD.faceup))


class Rules:
    """The ruleset parameters the engine reads at every turn, looked up once per game."""

    __slots__ = ("both_doubles", "tickets_only_when_completed", "last_round_trains", "decision_seconds")

    def __init__(self, ruleset: Ruleset) -> None:
        self.both_doubles: bool = ruleset.seats >= ruleset["both_doubles_min_seats"]
        """Both routes of a double may be claimed (by two players)."""
        self.tickets_only_when_completed: bool = ruleset["tickets_only_when_completed"]
        self.last_round_trains: int = ruleset["last_round_trains"]
        self.decision_seconds: float | None = ruleset["decision_seconds"]


class TicketToRideState(State):
    __slots__ = (
        "ruleset",
        "rules",
        "rng",
        "deck",
        "discard",
        "faceup",
        "hands",
        "tickets",
        "offered",
        "ticket_deck",
        "owner",
        "claims",
        "comps",
        "longest",
        "route_points",
        "trains",
        "turn",
        "phase",
        "last_round",
        "passes",
        "free",
        "clock_over",
        "reason",
        "turns",
        "_decision",
        "_result",
    )

    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        n = ruleset.seats
        self.ruleset = ruleset
        self.rules = Rules(ruleset)
        self.rng = Rng(seed)
        self.deck: list[int] = [c for c in range(8) for _ in range(BOARD.cards_per_colour)]
        self.deck += [LOCOMOTIVE] * BOARD.locomotives
        self.rng.shuffle(self.deck)
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[0] * 9 for _ in range(n)]
        for s in range(n):
            for _ in range(BOARD.start_cards):
                self.hands[s][self.deck.pop()] += 1
        self.faceup: list[int] = [self.deck.pop() for _ in range(BOARD.faceup)]
        self.ticket_deck: list[int] = list(range(len(TICKETS)))
        self.rng.shuffle(self.ticket_deck)
        self.tickets: list[list[int]] = [[] for _ in range(n)]
        self.offered: list[list[int]] = [self._deal_tickets(ruleset["start_tickets"]) for _ in range(n)]
        self.owner: dict[int, int] = {}
        self.free: Claims = CLAIMS  # the routes nobody can claim any more are left out
        self.claims: list[list[int]] = [[] for _ in range(n)]
        self.comps = [Components(NCITIES) for _ in range(n)]
        self.longest = [0] * n
        self.route_points = [0] * n
        self.trains = [BOARD.trains] * n
        self.turn = 0
        self.phase = SETUP
        self.last_round: int | None = None
        self.passes = 0
        self.clock_over = False
        self.reason = ""
        self.turns = 0
        self._decision: Decision | None = None
        self._result: Result | None = None
        self._reset_faceup([])

    # -- cards ---------------------------------------------------------------------------------
    def _deal_tickets(self, k: int) -> list[int]:
        out = self.ticket_deck[-k:] if k else []
        del self.ticket_deck[len(self.ticket_deck) - len(out) :]
        return out[::-1]

    def _take(self, events: list[Event]) -> int:
        """The top card of the draw pile (the discards reshuffled in when it runs out), or -1."""
        if not self.deck:
            if not self.discard:
                return -1
            self.deck = self.discard
            self.discard = []
            self.rng.shuffle(self.deck)
            events.append(Event("reshuffled", {"cards": len(self.deck)}))
        return self.deck.pop()

    def _refill(self, events: list[Event]) -> None:
        faceup = self.faceup
        for i in range(len(faceup)):
            if faceup[i] < 0:
                faceup[i] = self._take(events)
        self._reset_faceup(events)

    def _reset_faceup(self, events: list[Event]) -> None:
        """Three face-up locomotives: all five are discarded and replaced, again while it happens — unless the
        cards left could never give a row with fewer than three locomotives."""
        while self.faceup.count(LOCOMOTIVE) >= 3:
            supply = self.deck + self.discard + [c for c in self.faceup if c >= 0]
            if sum(1 for c in supply if c != LOCOMOTIVE) < 3:
                return
            old = [CARDS[c] for c in self.faceup if c >= 0]
            self.discard.extend(c for c in self.faceup if c >= 0)
            self.faceup = [-1] * len(self.faceup)
            for i in range(len(self.faceup)):
                self.faceup[i] = self._take(events)
            events.append(Event("faceup_reset", {"discarded": old, "row": self._row()}))

    def _row(self) -> list[str | None]:
        return [CARDS[c] if c >= 0 else None for c in self.faceup]

    def _can_blind(self) -> bool:
        return bool(self.deck or self.discard)

    # -- the decision --------------------------------------------------------------------------
    def pending(self) -> Decision | None:
        if self._decision is None and self.phase != OVER:
            self._decision = self._decide()
        return self._decision

    def _keep_options(self, offered: Sequence[int], lo: int, hi: int) -> list[Action]:
        ids = [TICKETS[t].id for t in offered]
        lo = min(lo, len(ids))
        hi = min(hi, len(ids))
        return [("keep", combo) for k in range(lo, hi + 1) for combo in combinations(ids, k)]

    def _decide(self) -> Decision:
        rs = self.ruleset
        limit = self.rules.decision_seconds
        if self.phase == SETUP:
            seats = tuple(s for s in range(rs.seats) if self.offered[s])
            return Decision(
                seats,
                "keep_tickets",
                "Choose the destination tickets to keep",
                {
                    s: self._keep_options(self.offered[s], rs["start_keep_min"], rs["start_keep_max"])
                    for s in seats
                },
                limit,
                "the first tickets offered are kept",
                {"start": True, "keep_min": rs["start_keep_min"], "keep_max": rs["start_keep_max"]},
            )
        seat = self.turn
        if self.phase == KEEP:
            return Decision(
                (seat,),
                "keep_tickets",
                "Choose the destination tickets to keep",
                self._keep_options(self.offered[seat], rs["more_keep_min"], rs["more_keep_max"]),
                limit,
                "the first tickets offered are kept",
                {"start": False, "keep_min": rs["more_keep_min"], "keep_max": rs["more_keep_max"]},
            )
        if self.phase == SECOND:
            return Decision(
                (seat,),
                "second_card",
                "Draw a second train card (not a face-up locomotive)",
                self._second_options(),
                limit,
                "a blind card is drawn",
            )
        opts: list[Action] = [FACEUP[i] for i, c in enumerate(self.faceup) if c >= 0]
        if self.deck or self.discard:
            opts.append(BLIND)
        if self._may_draw_tickets(seat):
            opts.append(DRAW_TICKETS)
        opts += self._claims(seat)
        return Decision(
            (seat,),
            "turn",
            "Draw train cards, claim a route or draw destination tickets",
            opts or [PASS],
            limit,
            "two blind cards are drawn (a pass if no card can be drawn)",
            {"last_round": self.last_round is not None},
        )

    def _second_options(self) -> list[Action]:
        opts: list[Action] = [FACEUP[i] for i, c in enumerate(self.faceup) if 0 <= c < LOCOMOTIVE]
        if self.deck or self.discard:
            opts.append(BLIND)
        return opts

    def _may_draw_tickets(self, seat: int) -> bool:
        if not self.ticket_deck:
            return False
        if self.rules.tickets_only_when_completed:
            find = self.comps[seat].find
            for t in self.tickets[seat]:
                ticket = TICKETS[t]
                if find(ticket.ai) != find(ticket.bi):
                    return False
        return True

    def _double_closed(self, seat: int, partner: int) -> bool:
        po = self.owner.get(partner, -1)
        if po < 0:
            return False
        return po == seat or self.ruleset.seats < self.ruleset["both_doubles_min_seats"]

    def _claims(self, seat: int) -> list[Action]:
        """Every legal claim of ``seat``: each free route it may take, each colour and locomotive count."""
        hand = self.hands[seat]
        locos = hand[LOCOMOTIVE]
        cap = max(hand[:LOCOMOTIVE]) + locos
        if cap > self.trains[seat]:
            cap = self.trains[seat]
        out: list[Action] = []
        if not cap:
            return out
        held = [c for c in range(LOCOMOTIVE) if hand[c]]
        owner = self.owner
        both = self.rules.both_doubles
        end = locos + 1  # a colour claim holds at most ``locos`` locomotives and at most length - 1
        for _, length, partner, ci, actions, all_locos in self.free:
            if length > cap:
                break
            if partner:
                po = owner.get(partner, -1)
                if po >= 0 and (po == seat or not both):
                    continue
            if ci >= 0:
                have = hand[ci]
                if have and have + locos >= length:
                    lo = length - have
                    out.extend(actions[ci][lo if lo > 0 else 0 : end if end < length else length])
            else:
                for c in held:
                    have = hand[c]
                    if have + locos >= length:
                        lo = length - have
                        out.extend(actions[c][lo if lo > 0 else 0 : end if end < length else length])
            if locos >= length:
                out.append(all_locos)
        return out

    # -- answers -------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        d = self.pending()
        if d is None:
            raise RuleError("game_over", "the game is over")
        if seat not in d.seats:
            raise RuleError("not_your_turn", f"seat {seat} is not asked now", f"seats {list(d.seats)}")
        opts = d.options
        if type(opts) is not list:  # the setup's choice holds one list per seat
            opts = d.options_for(seat) or ()
        if action not in opts:
            self._refuse(seat, action, d)
        self._decision = None
        verb = action[0]
        if verb == "keep":
            return self._keep(seat, action[1])
        if verb == "faceup":
            return self._draw_faceup(seat, action[1])
        if verb == "blind":
            return self._draw_blind(seat)
        if verb == "claim":
            return self._claim(seat, action[1], action[2], action[3])
        if verb == "tickets":
            return self._draw_tickets(seat)
        self.passes += 1
        return [Event("passed", {"seat": seat}), *self._end_turn(seat)]

    def _refuse(self, seat: int, action: Action, d: Decision) -> None:
        """Raise the RuleError that names the rule ``action`` breaks (it is not among the legal options)."""
        allowed = sorted({str(a[0]) for a in (d.options_for(seat) or ())})
        shape = "one of " + ", ".join(f"[{a!r}, ...]" for a in allowed)
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise RuleError("action_shape", f"{action!r} is not an action", shape)
        verb = action[0]
        if d.kind == "keep_tickets":
            offered = [TICKETS[t].id for t in self.offered[seat]]
            lo, hi = d.data["keep_min"], d.data["keep_max"]
            lo, hi = min(lo, len(offered)), min(hi, len(offered))
            if verb == "keep" and len(action) == 2 and isinstance(action[1], tuple):
                unknown = [t for t in action[1] if t not in offered]
                if unknown or len(set(action[1])) != len(action[1]):
                    raise RuleError(
                        "keep_offered",
                        f"{list(action[1])} are not distinct tickets offered to you",
                        f"tickets from {offered}",
                    )
                if len(action[1]) < lo:
                    what = "exactly" if lo == hi else "at least"
                    raise RuleError(
                        "keep_tickets",
                        f"keeping {len(action[1])} ticket(s) is too few; keep {what} {lo} of {len(offered)}",
                        f"{lo}..{hi} of {offered}",
                    )
                if len(action[1]) > hi:
                    raise RuleError(
                        "keep_tickets",
                        f"keeping {len(action[1])} tickets is too many",
                        f"{lo}..{hi} of {offered}",
                    )
            raise RuleError(
                "keep_tickets",
                f"{action!r}: choose the tickets to keep",
                f'["keep", [ticket ids]] with {lo}..{hi} of {offered}',
            )
        if verb == "faceup":
            slot = action[1] if len(action) == 2 else None
            if isinstance(slot, int) and not isinstance(slot, bool) and 0 <= slot < len(self.faceup):
                card = self.faceup[slot]
                if card == LOCOMOTIVE and d.kind == "second_card":
                    raise RuleError(
                        "faceup_locomotive_second",
                        "a face-up locomotive cannot be the second card",
                        "a blind card or a face-up colour card",
                    )
                if card < 0:
                    raise RuleError("faceup_empty", f"face-up slot {slot} is empty", self._draws(d, seat))
            raise RuleError("faceup_slot", f"{slot!r} is not a face-up slot", self._draws(d, seat))
        if d.kind == "second_card":
            raise RuleError(
                "second_card", "the turn continues with a second train card", self._draws(d, seat)
            )
        if verb == "blind":
            raise RuleError("blind_empty", "the draw pile and the discards are empty", self._draws(d, seat))
        if verb == "tickets":
            if not self.ticket_deck:
                raise RuleError("tickets_empty", "no destination tickets are left")
            raise RuleError(
                "tickets_after_completion",
                "more tickets may be drawn only when every ticket you hold is completed (seed 000 item 2)",
                "draw cards or claim a route",
            )
        if verb == "claim":
            self._refuse_claim(seat, action)
        if verb == "pass":
            raise RuleError("pass", "a player may pass only when nothing else is legal", shape)
        raise RuleError("action_shape", f"{action!r} is not an action", shape)

    def _draws(self, d: Decision, seat: int) -> str:
        return ", ".join(repr(list(a)) for a in (d.options_for(seat) or ()) if a[0] in ("faceup", "blind"))

    def _refuse_claim(self, seat: int, action: tuple[Any, ...]) -> None:
        if len(action) != 4:
            raise RuleError("claim_shape", f"{action!r}", '["claim", route_id, card, locomotives]')
        _, rid, card, k = action
        if not isinstance(rid, int) or isinstance(rid, bool) or rid not in ROUTE_IDS:
            raise RuleError("claim_route", f"{rid!r} is not a route", "a route id 1..100")
        route = BOARD.routes[rid]
        if rid in self.owner:
            raise RuleError(
                "route_taken",
                f"route {rid} {route.a}–{route.b} is already claimed by seat {self.owner[rid]}",
                "a free route",
            )
        partner = route.double_of
        if partner and self.owner.get(partner, -1) == seat:
            raise RuleError(
                "double_both",
                f"you already hold the other route of the double {route.a}–{route.b}; "
                "no player may claim both",
                "a route that is not the twin of one of yours",
            )
        if partner and self._double_closed(seat, partner):
            raise RuleError(
                "double_closed",
                f"with {self.ruleset.seats} players only one route of the double "
                f"{route.a}–{route.b} may be used",
                f"both only with {self.ruleset['both_doubles_min_seats']}+ players",
            )
        if route.length > self.trains[seat]:
            raise RuleError(
                "not_enough_trains",
                f"route {rid} needs {route.length} trains; you have {self.trains[seat]}",
                f"a route of length ≤ {self.trains[seat]}",
            )
        hand = self.hands[seat]
        fits = [a for a in self._claims(seat) if a[1] == rid]
        options = (
            "; ".join(
                f"{a[3]} locomotive(s) + {route.length - a[3]} {a[2]}"
                if a[2] != "locomotive"
                else f"{a[3]} locomotives"
                for a in fits
            )
            or "none with your hand"
        )
        if (
            not isinstance(card, str)
            or card not in CARD_INDEX
            or not isinstance(k, int)
            or isinstance(k, bool)
            or not 0 <= k <= route.length
        ):
            raise RuleError(
                "claim_cards",
                f"{card!r} with {k!r} locomotives is not a payment",
                f"for route {rid}: {options}",
            )
        ci = CARD_INDEX[card]
        if ci != LOCOMOTIVE and route.colour_index >= 0 and ci != route.colour_index:
            raise RuleError(
                "claim_colour",
                f"route {rid} is {route.colour}; {card} cards do not pay it",
                f"{route.colour} cards and locomotives",
            )
        need = {ci: route.length - k} if ci != LOCOMOTIVE else {}
        need[LOCOMOTIVE] = need.get(LOCOMOTIVE, 0) + (k if ci != LOCOMOTIVE else route.length)
        short = [f"{n} {CARDS[c]} (you have {hand[c]})" for c, n in need.items() if hand[c] < n]
        if short or (ci == LOCOMOTIVE and k != route.length):
            raise RuleError(
                "claim_cards",
                f"route {rid} needs exactly {route.length} cards: "
                + (", ".join(short) if short else "all locomotives"),
                f"for route {rid}: {options}",
            )
        raise RuleError(
            "claim_cards", f"{list(action)} is not a payment for route {rid}", f"for route {rid}: {options}"
        )

    def _keep(self, seat: int, ids: tuple[str, ...]) -> list[Event]:
        offered = self.offered[seat]
        kept = [t for t in offered if TICKETS[t].id in ids]
        back = [t for t in offered if TICKETS[t].id not in ids]
        self.tickets[seat].extend(kept)
        self.offered[seat] = []
        self.ticket_deck[0:0] = back[::-1]  # returned to the bottom
        events = [
            Event("tickets_kept", {"seat": seat, "kept": len(kept), "returned": len(back)}),
            Event(
                "my_tickets",
                {
                    "seat": seat,
                    "kept": [TICKETS[t].id for t in kept],
                    "returned": [TICKETS[t].id for t in back],
                },
                frozenset({seat}),
            ),
        ]
        if self.phase == SETUP:
            if not any(self.offered):
                self.phase = TURN
                if self.last_round is None and self.clock_over:
                    self.last_round = self.ruleset.seats
            return events
        self.passes = 0
        return events + self._end_turn(seat)

    def _draw_faceup(self, seat: int, slot: int) -> list[Event]:
        card = self.faceup[slot]
        self.hands[seat][card] += 1
        self.faceup[slot] = -1
        events = [Event("drew_faceup", {"seat": seat, "card": CARDS[card], "slot": slot})]
        self._refill(events)
        events.append(
            Event("row", {"row": self._row(), "deck": len(self.deck), "discard": len(self.discard)})
        )
        self.passes = 0
        if self.phase == SECOND or card == LOCOMOTIVE:
            return events + self._end_turn(seat)
        return events + self._after_first(seat)

    def _draw_blind(self, seat: int) -> list[Event]:
        events: list[Event] = []
        card = self._take(events)
        self.hands[seat][card] += 1
        events.append(Event("drew_blind", {"seat": seat}))
        events.append(Event("my_card", {"seat": seat, "card": CARDS[card]}, frozenset({seat})))
        self.passes = 0
        if self.phase == SECOND:
            return events + self._end_turn(seat)
        return events + self._after_first(seat)

    def _after_first(self, seat: int) -> list[Event]:
        self.phase = SECOND
        if self.deck or self.discard or any(0 <= c < LOCOMOTIVE for c in self.faceup):  # a second card
            return []
        return [Event("no_second_card", {"seat": seat}), *self._end_turn(seat)]

    def place_route(self, seat: int, rid: int) -> int:
        """Put ``seat``'s trains on route ``rid`` (owner, trains, points, network, longest path)."""
        route = BOARD.routes[rid]
        self.owner[rid] = seat
        twin = route.double_of if not self.rules.both_doubles else None
        free = list(self.free)
        for gone in (rid, twin):
            entry = CLAIM_OF.get(gone) if gone else None
            if entry is not None and entry in free:  # found by identity: no deep comparison
                free.remove(entry)
        self.free = tuple(free)
        self.claims[seat].append(rid)
        self.comps[seat].join(route.ai, route.bi)
        self.trains[seat] -= route.length
        points = POINTS[route.length]
        self.route_points[seat] += points
        # a new route changes only its own network: the longest path elsewhere stays as it was
        comps = self.comps[seat]
        root = comps.find(route.ai)
        net = [EDGES[r] for r in self.claims[seat] if comps.find(EDGES[r][0]) == root]
        found = network_trail(net)
        if found > self.longest[seat]:
            self.longest[seat] = found
        self._decision = None
        return points

    def _claim(self, seat: int, rid: int, card: str, k: int) -> list[Event]:
        route = BOARD.routes[rid]
        ci = CARD_INDEX[card]
        hand = self.hands[seat]
        paid = [ci] * (route.length - k) if ci != LOCOMOTIVE else []
        paid += [LOCOMOTIVE] * (k if ci != LOCOMOTIVE else route.length)
        for c in paid:
            hand[c] -= 1
        self.discard.extend(paid)
        points = self.place_route(seat, rid)
        events = [
            Event(
                "claimed",
                {
                    "seat": seat,
                    "route": rid,
                    "a": route.a,
                    "b": route.b,
                    "cards": [CARDS[c] for c in paid],
                    "points": points,
                    "trains": self.trains[seat],
                    "longest": self.longest[seat],
                },
            )
        ]
        if any(c < 0 for c in self.faceup):
            self._refill(events)
            events.append(
                Event("row", {"row": self._row(), "deck": len(self.deck), "discard": len(self.discard)})
            )
        self.passes = 0
        return events + self._end_turn(seat)

    def _draw_tickets(self, seat: int) -> list[Event]:
        self.offered[seat] = self._deal_tickets(self.ruleset["more_tickets"])
        self.phase = KEEP
        self.passes = 0
        return [
            Event("drew_tickets", {"seat": seat, "count": len(self.offered[seat])}),
            Event(
                "offered_tickets",
                {"seat": seat, "tickets": [TICKETS[t].id for t in self.offered[seat]]},
                frozenset({seat}),
            ),
        ]

    def _end_turn(self, seat: int) -> list[Event]:
        n = self.ruleset.seats
        self.turns += 1
        self.phase = TURN
        events: list[Event] = []
        if self.last_round is not None:
            self.last_round -= 1
        elif self.trains[seat] <= self.rules.last_round_trains:
            self.last_round = n
            events.append(Event("last_round", {"seat": seat, "trains": self.trains[seat]}))
        if self.last_round == 0:
            return events + self._finish("last_round" if not self.clock_over else "time_up")
        if self.passes >= n:
            return events + self._finish("no_moves")
        self.turn = (seat + 1) % n
        return events

    def _finish(self, reason: str) -> list[Event]:
        self.phase = OVER
        self.reason = reason
        self._decision = None
        table = self.scores()
        return [
            Event("game_over", {"reason": reason, "scores": table, "placements": list(placements(table))})
        ]

    def edited(self) -> None:
        """Forget the cached decision after the state was changed outside the rules (a test, a tool)."""
        self._decision = None
        self._result = None

    # -- timers ----------------------------------------------------------------------------------
    def timeout(self, seat: int) -> list[Event]:
        d = self.pending()
        if d is None or seat not in d.seats:
            raise RuleError("timeout", f"seat {seat} has no decision pending")
        opts = list(d.options_for(seat) or ())
        if d.kind == "keep_tickets":
            action: Action = opts[0]
        elif BLIND in opts:
            action = BLIND
        else:
            draws = [a for a in opts if a[0] == "faceup" and self.faceup[a[1]] != LOCOMOTIVE]
            action = draws[0] if draws else PASS
        events = [Event("timeout", {"seat": seat})]
        if action == PASS and action not in opts:
            # the timeout never claims: a seat that can only claim or take tickets loses its turn
            self._decision = None
            self.passes += 1
            return events + [Event("passed", {"seat": seat}), *self._end_turn(seat)]
        events += self.apply(seat, action)
        if d.kind == "turn" and self.phase == SECOND and self.turn == seat:
            second = self._second_options()
            events += self.apply(seat, BLIND if BLIND in second else second[0])
        return events

    def clock_limit(self) -> float | None:
        minutes = self.ruleset["game_clock_minutes"]
        if minutes is None or self.clock_over or self.phase == OVER:
            return None
        return float(minutes) * 60

    def time_up(self) -> list[Event]:
        if self.clock_limit() is None:
            raise RuleError("time_up", "no game clock is running")
        self.clock_over = True
        if self.last_round is None:
            # the turn under way finishes, then every player has one more turn
            self.last_round = self.ruleset.seats + (0 if self.phase == SETUP else 1)
        self._decision = None
        return [Event("time_up", {"turns_left": self.last_round})]

    # -- what seats may know -----------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        n = self.ruleset.seats
        top = max(self.longest)
        paths = [longest_path(frozenset(self.claims[s])) for s in range(n)]
        v: dict[str, Any] = {
            "game": "ticket-to-ride",
            "preset": self.ruleset.preset,
            "phase": self.phase,
            "turn": self.turn if self.phase != SETUP else None,
            "faceup": self._row(),
            "deck": len(self.deck),
            "discard": len(self.discard),
            "discards": {CARDS[c]: self.discard.count(c) for c in range(9) if c in self.discard},
            "tickets_left": len(self.ticket_deck),
            "claimed": [[rid, s] for rid, s in self.owner.items()],
            "players": [
                {
                    "seat": s,
                    "trains": self.trains[s],
                    "cards": sum(self.hands[s]),
                    "tickets": len(self.tickets[s]),
                    "choosing": len(self.offered[s]),
                    "route_points": self.route_points[s],
                    "longest": self.longest[s],
                    "has_longest": top > 0 and self.longest[s] == top,
                    "longest_routes": list(paths[s][0]),
                    "longest_cities": list(paths[s][1]),
                }
                for s in range(n)
            ],
            "longest": top,
            "last_round": self.last_round is not None,
            "turns_left": self.last_round,
            "rules": {
                "last_round_trains": self.ruleset["last_round_trains"],
                "tickets_only_when_completed": self.ruleset["tickets_only_when_completed"],
                "both_doubles_min_seats": self.ruleset["both_doubles_min_seats"],
            },
        }
        if seat is not None:
            v["seat"] = seat
            v["hand"] = {CARDS[c]: k for c, k in enumerate(self.hands[seat]) if k}
            v["tickets"] = ticket_rows(self.comps[seat], self.tickets[seat], BOARD)
            v["offered"] = ticket_rows(self.comps[seat], self.offered[seat], BOARD)
        if self.phase == OVER:
            table = self.scores()
            v["reason"] = self.reason
            v["final"] = [
                {**row, "seat": s, "place": p}
                for s, (row, p) in enumerate(zip(table, placements(table), strict=True))
            ]
        return v

    def hidden_from(self, viewer: int | None) -> set[str]:
        hidden = {TICKETS[t].id for t in self.ticket_deck}
        for s in range(self.ruleset.seats):
            if s != viewer:
                hidden.update(TICKETS[t].id for t in self.offered[s])
                if self.phase != OVER:
                    hidden.update(TICKETS[t].id for t in self.tickets[s])
        return hidden

    def determinize(self, seat: int, rng: Rng) -> TicketToRideState:
        """The draw pile, the other hands and the tickets ``seat`` has not seen, dealt again at random (sizes
        kept; the discards, the face-up row and the board are public). The deal depends only on what ``seat``
        knows and on ``rng``: the unseen cards and tickets are sorted before they are shuffled, and the
        state's own generator (which would fix future shuffles) is replaced by one drawn from ``rng``."""
        c = self.clone()
        c.rng = Rng(rng.next64())
        others = [s for s in range(self.ruleset.seats) if s != seat]
        pool = list(c.deck)
        for s in others:
            for card, k in enumerate(c.hands[s]):
                pool += [card] * k
        pool.sort()
        rng.shuffle(pool)
        for s in others:
            size = sum(c.hands[s])
            hand = [0] * 9
            for card in pool[len(pool) - size :]:
                hand[card] += 1
            del pool[len(pool) - size :]
            c.hands[s] = hand
        c.deck = pool
        tpool = list(c.ticket_deck)
        for s in others:
            tpool += c.tickets[s] + c.offered[s]
        tpool.sort()
        rng.shuffle(tpool)
        for s in others:
            k = len(c.tickets[s])
            c.tickets[s] = tpool[len(tpool) - k :] if k else []
            del tpool[len(tpool) - k :]
            k = len(c.offered[s])
            c.offered[s] = tpool[len(tpool) - k :] if k else []
            del tpool[len(tpool) - k :]
        c.ticket_deck = tpool
        c._decision = None
        return c

    # -- plumbing ----------------------------------------------------------------------------------
    def clone(self) -> TicketToRideState:
        c = TicketToRideState.__new__(TicketToRideState)
        c.ruleset = self.ruleset
        c.rules = self.rules
        c.rng = self.rng.copy()
        c.deck = list(self.deck)
        c.discard = list(self.discard)
        c.faceup = list(self.faceup)
        c.hands = [list(h) for h in self.hands]
        c.tickets = [list(t) for t in self.tickets]
        c.offered = [list(t) for t in self.offered]
        c.ticket_deck = list(self.ticket_deck)
        c.owner = dict(self.owner)
        c.free = self.free
        c.claims = [list(r) for r in self.claims]
        c.comps = [x.copy() for x in self.comps]
        c.longest = list(self.longest)
        c.route_points = list(self.route_points)
        c.trains = list(self.trains)
        c.turn = self.turn
        c.phase = self.phase
        c.last_round = self.last_round
        c.passes = self.passes
        c.clock_over = self.clock_over
        c.reason = self.reason
        c.turns = self.turns
        c._decision = self._decision
        c._result = self._result
        return c

    def scores(self) -> list[dict[str, Any]]:
        """The final scoring table, one row per seat (route points, tickets, longest path, bonus, total)."""
        rows = [
            score_row(
                self.route_points[s],
                ticket_rows(self.comps[s], self.tickets[s], BOARD),
                self.longest[s],
                trains_left=self.trains[s],
            )
            for s in range(self.ruleset.seats)
        ]
        return add_bonus(rows, BOARD.longest_bonus)

    def result(self) -> Result | None:
        if self.phase != OVER:
            return None
        if self._result is None:
            table = self.scores()
            stats = {
                "route_points": [r["route_points"] for r in table],
                "ticket_points": [r["ticket_points"] for r in table],
                "tickets_completed": [sum(1 for t in r["tickets"] if t["completed"]) for r in table],
                "tickets_failed": [sum(1 for t in r["tickets"] if not t["completed"]) for r in table],
                "longest": [r["longest"] for r in table],
                "longest_bonus": [r["longest_bonus"] for r in table],
                "trains_left": [r["trains_left"] for r in table],
                "turns": self.turns,
            }
            self._result = Result(
                placements(table), tuple(float(r["total"]) for r in table), self.reason, stats=stats
            )
        return self._result

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "deck": self.deck,
            "discard": self.discard,
            "faceup": self.faceup,
            "hands": self.hands,
            "tickets": self.tickets,
            "offered": self.offered,
            "ticket_deck": self.ticket_deck,
            "owner": sorted(self.owner.items()),
            "trains": self.trains,
            "turn": self.turn,
            "phase": self.phase,
            "last_round": self.last_round,
            "passes": self.passes,
            "clock_over": self.clock_over,
            "reason": self.reason,
            "turns": self.turns,
        }

    def check_invariants(self) -> None:
        counts = [0] * 9
        for c in self.deck + self.discard + [c for c in self.faceup if c >= 0]:
            counts[c] += 1
        for h in self.hands:
            assert min(h) >= 0, f"negative hand {h}"
            for c, k in enumerate(h):
                counts[c] += k
        used = [0] * 9
        for s, rids in enumerate(self.claims):
            assert self.trains[s] + sum(BOARD.routes[r].length for r in rids) == BOARD.trains, "trains"
        assert counts[:8] == [BOARD.cards_per_colour] * 8 and counts[8] == BOARD.locomotives, (
            f"cards not accounted for: {counts} {used}"
        )
        all_tickets = (
            self.ticket_deck + [t for ts in self.tickets for t in ts] + [t for ts in self.offered for t in ts]
        )
        assert sorted(all_tickets) == list(range(len(TICKETS))), "tickets not accounted for"
        for rid, s in self.owner.items():
            partner = BOARD.routes[rid].double_of
            assert not partner or self.owner.get(partner, -1) != s, f"seat {s} holds both routes of a double"
