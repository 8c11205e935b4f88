
from __future__ import annotations

from typing import Any

from tablesport.core import (
    Action,
    Decision,
    Event,
    Result,
    Rng,
    RuleError,
    Ruleset,
    State,
    placements_from_scores,
)


def card(seat: int, rank: int) -> str:
    """A seat's card token, e.g. ``"1:7"`` for seat 1's seven."""
    return f"{seat}:{rank}"


class GoofspielState(State):
    __slots__ = ("ruleset", "rng", "hands", "prizes", "prize", "bids", "won", "history")


    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.ruleset = ruleset
        self.rng = Rng(seed)
        n = ruleset["cards"]
        self.hands: list[list[int]] = [list(range(1, n + 1)) for _ in range(ruleset.seats)]
        self.prizes: list[int] = list(range(1, n + 1))
        self.rng.shuffle(self.prizes)
        self.prize: int | None = self.prizes.pop()
        self.bids: list[int | None] = [None] * ruleset.seats
        self.won: list[int] = [0] * ruleset.seats
        self.history: list[tuple[int, tuple[int, ...], int | None]] = []

    # -- protocol -----------------------------------------------------------------------------
    def pending(self) -> Decision | None:
        if self.prize is None:
            return None
        seats = tuple(s for s, b in enumerate(self.bids) if b is None)
        return Decision(
            seats=seats,
            kind="bid",
            prompt=f"Bid one card for the prize {self.prize}",
            options={s: tuple(self.hands[s]) for s in seats},
            time_limit=self.ruleset["bid_seconds"],
            on_timeout="your lowest card is bid",
            data={"prize": self.prize},
        )

    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.prize is None:
            raise RuleError("game_over", "the game is over")
        if not 0 <= seat < self.ruleset.seats or self.bids[seat] is not None:
            waiting = [s for s, b in enumerate(self.bids) if b is None]
            raise RuleError("not_your_turn", f"seat {seat} has no bid to make", f"seats {waiting}")
        if isinstance(action, bool) or not isinstance(action, int) or action not in self.hands[seat]:
            raise RuleError("bid_from_hand", f"{action!r} is not a card in your hand",
                            f"one of {self.hands[seat]}")
        self.bids[seat] = action
        self.hands[seat].remove(action)
        events = [Event("bid", {"seat": seat}),
                  Event("my_bid", {"seat": seat, "card": card(seat, action)}, frozenset({seat}))]
        if all(b is not None for b in self.bids):
            events += self._reveal()
        return events

    def timeout(self, seat: int) -> list[Event]:
        if self.prize is None or not 0 <= seat < self.ruleset.seats or self.bids[seat] is not None:
            raise RuleError("timeout", f"seat {seat} has no bid pending")
        return [Event("timeout", {"seat": seat}), *self.apply(seat, min(self.hands[seat]))]

    def _reveal(self) -> list[Event]:
        bids = tuple(b for b in self.bids if b is not None)
        top = max(bids)
        winners = [s for s, b in enumerate(bids) if b == top]
        winner = winners[0] if len(winners) == 1 else None
        assert self.prize is not None
        if winner is not None:
            self.won[winner] += self.prize
        self.history.append((self.prize, bids, winner))
        ev = Event("reveal", {"prize": self.prize, "bids": [card(s, b) for s, b in enumerate(bids)],
                              "winner": winner})
        self.bids = [None] * self.ruleset.seats
        self.prize = self.prizes.pop() if self.prizes else None
        return [ev]

    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "game": "goofspiel",
            "prize": self.prize,
            "prizes_left": len(self.prizes),
            "won": list(self.won),
            "cards_left": [len(h) for h in self.hands],
            "has_bid": [b is not None for b in self.bids],
            "history": [
                {"prize": p, "bids": [card(s, b) for s, b in enumerate(bids)], "winner": w}
                for p, bids, w in self.history
            ],
        }
        if seat is not None:
            v["seat"] = seat
            v["hand"] = [card(seat, r) for r in self.hands[seat]]
            b = self.bids[seat]
            v["my_bid"] = None if b is None else card(seat, b)
        return v

    def hidden_from(self, viewer: int | None) -> set[str]:
        hidden: set[str] = set()
        for s in range(self.ruleset.seats):
            if s == viewer:
                continue
            hidden.update(card(s, r) for r in self.hands[s])
            b = self.bids[s]
            if b is not None:
                hidden.add(card(s, b))
        return hidden

    def determinize(self, seat: int, rng: Rng) -> GoofspielState:
        c = self.clone()
        rng.shuffle(c.prizes)
        for s, b in enumerate(c.bids):
            if s != seat and b is not None:
                c.hands[s].append(b)
                c.bids[s] = c.hands[s].pop(rng.randrange(len(c.hands[s])))
        return c

    def clone(self) -> GoofspielState:
        c = GoofspielState.__new__(GoofspielState)
        c.ruleset = self.ruleset
        c.rng = self.rng.copy()
        c.hands = [list(h) for h in self.hands]
        c.prizes = list(self.prizes)
        c.prize = self.prize
        c.bids = list(self.bids)
        c.won = list(self.won)
        c.history = list(self.history)
        return c

    def result(self) -> Result | None:
        if self.prize is not None:
            return None
        scores = tuple(float(w) for w in self.won)
        return Result(placements_from_scores(scores), scores, "all_prizes_taken",
                      stats={"prizes_won": list(self.won)})

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "hands": self.hands,
            "prizes": self.prizes,
            "prize": self.prize,
            "bids": self.bids,
            "won": self.won,
            "history": self.history,
        }
