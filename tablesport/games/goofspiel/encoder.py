"""Goofspiel: action ``i`` bids the card ``i + 1``."""

from __future__ import annotations

from typing import Any

from tablesport.core import Action, Decision, Ruleset
from tablesport.encoding.choices import Path
from tablesport.encoding.encoder import Encoder, Question
from tablesport.encoding.features import Features, Vector, relative


class GoofspielEncoder(Encoder):
    """Seats are listed from the observer on, so the observer is always first."""

    def __init__(self, rs: Ruleset) -> None:
        n, k = int(rs["cards"]), rs.seats
        self.n, self.seats = n, k
        self.actions = n
        self.total = n * (n + 1) / 2
        self.features = Features([
            ("hand", (n,), "the cards in hand, one slot per rank"),
            ("prize", (n,), "the prize on the table (one-hot)"),
            ("to_come", (n,), "the prizes still to come"),
            ("won", (k,), "per seat: prizes won, as a share of all prizes"),
            ("cards_left", (k,), "per seat: cards left / cards"),
            ("has_bid", (k,), "per seat: has bid on this prize"),
            ("played", (k - 1, n), "per other seat: the cards it has played (revealed bids)"),
        ])

    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        n, k = self.n, self.seats
        me = int(view["seat"])
        obs = self.features.new()
        for token in view["hand"]:
            obs["hand"][int(token.split(":")[1]) - 1] = 1
        seen = {int(h["prize"]) for h in view["history"]}
        if view["prize"] is not None:
            obs["prize"][int(view["prize"]) - 1] = 1
            seen.add(int(view["prize"]))
        for rank in range(1, n + 1):
            if rank not in seen:
                obs["to_come"][rank - 1] = 1
        for s in range(k):
            i = relative(s, me, k)
            obs["won"][i] = view["won"][s] / self.total
            obs["cards_left"][i] = view["cards_left"][s] / n
            obs["has_bid"][i] = 1.0 if view["has_bid"][s] else 0.0
        for h in view["history"]:
            for token in h["bids"]:
                s, rank = (int(x) for x in token.split(":"))
                if s != me:
                    obs["played"][relative(s, me, k) - 1, rank - 1] = 1
        return obs.vector()

    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        return {(int(card) - 1,): card for card in decision.options_for(seat) or ()}

    def describe(self, index: int) -> str:
        return f"bid {index + 1}"


ENCODER = GoofspielEncoder
