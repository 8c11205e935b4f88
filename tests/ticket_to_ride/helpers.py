"""Building Ticket to Ride positions for rule tests."""

from __future__ import annotations

from tablesport.games.ticket_to_ride import GAME, TicketToRideState
from tablesport.games.ticket_to_ride.board import board
from tablesport.games.ticket_to_ride.state import CARD_INDEX

B = board()


def started(preset: str = "ttr-event", seed: int = 1) -> TicketToRideState:
    """A game past the starting tickets (every seat keeps its first allowed choice)."""
    s = GAME.start(preset, seed)
    while (
        (d := s.pending()) is not None
        and d.kind == "keep_tickets"
        and len(d.seats) >= 1
        and s.phase == "setup"
    ):
        seat = d.seats[0]
        s.apply(seat, d.options_for(seat)[0])  # type: ignore[index]
    return s


def rid(a: str, b: str, colour: str | None = None) -> int:
    """The route between two cities (of one colour, for a double)."""
    ids = [r for r in B.route_between(a, b) if colour is None or B.routes[r].colour == colour]
    assert ids, (a, b, colour)
    return ids[0]


def give(s: TicketToRideState, seat: int, **cards: int) -> None:
    """Set ``seat``'s hand (the cards come from / go back to the draw pile, so every card stays counted)."""
    hand = s.hands[seat]
    for c, k in enumerate(hand):
        s.deck.extend([c] * k)
        hand[c] = 0
    for name, k in cards.items():
        c = CARD_INDEX[name]
        for _ in range(k):
            s.deck.remove(c)
        hand[c] = k
    s.edited()


def own(s: TicketToRideState, seat: int, *route_ids: int) -> None:
    """Give ``seat`` routes as if claimed (trains, points, networks and longest path follow)."""
    for r in route_ids:
        s.place_route(seat, r)
    s.edited()


def hold(s: TicketToRideState, seat: int, *pairs: tuple[str, str]) -> None:
    """Set ``seat``'s tickets to these (from the ticket deck)."""
    s.ticket_deck.extend(s.tickets[seat])
    s.tickets[seat] = []
    for a, b in pairs:
        t = next(t for t in B.tickets if {t.a, t.b} == {a, b})
        s.ticket_deck.remove(t.index)
        s.tickets[seat].append(t.index)
    s.edited()


def stack(s: TicketToRideState, *cards: int) -> None:
    """Put these cards (taken from the draw pile) on top of it: the first named is drawn first."""
    for c in cards:
        s.deck.remove(c)
    s.deck.extend(reversed(cards))
    s.edited()


def set_row(s: TicketToRideState, *cards: int) -> None:
    """Lay out the face-up row with these cards (-1: empty), swapped with the draw pile."""
    s.deck.extend(c for c in s.faceup if c >= 0)
    for c in cards:
        if c >= 0:
            s.deck.remove(c)
    s.faceup = list(cards)
    s.edited()
