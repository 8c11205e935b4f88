"""The conformance suite itself must catch broken games (a suite that cannot fail checks nothing)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tablesport.core import Event, Rng
from tablesport.core.conformance import ConformanceError, check_game
from tablesport.games.goofspiel.game import GoofspielGame
from tablesport.games.goofspiel.state import GoofspielState, card


class LeakyEvents(GoofspielState):
    """Tells everyone the bid in a public event."""

    __slots__ = ()

    def apply(self, seat: int, action: Any) -> list[Event]:
        events = super().apply(seat, action)
        if self.prize is not None and self.bids[seat] is not None:
            events.append(Event("bid", {"card": card(seat, action)}))
        return events

    def clone(self) -> LeakyEvents:
        c = super().clone()
        c.__class__ = LeakyEvents
        return c


class LeakyView(GoofspielState):
    __slots__ = ()

    def view(self, seat: int | None) -> dict[str, Any]:
        v = super().view(seat)
        v["all_hands"] = [[card(s, r) for r in h] for s, h in enumerate(self.hands)]
        return v


class SharedClone(GoofspielState):
    """A clone that shares its hands with the original."""

    __slots__ = ()

    def clone(self) -> SharedClone:
        c = super().clone()
        c.__class__ = SharedClone
        c.hands = self.hands
        return c


class NoisyDeterminize(GoofspielState):
    __slots__ = ()

    def determinize(self, seat: int, rng: Rng) -> GoofspielState:
        c = super().determinize(seat, rng)
        c.won[seat] += 1
        return c


class AcceptsAnything(GoofspielState):
    __slots__ = ()

    def apply(self, seat: int, action: Any) -> list[Event]:
        if not isinstance(action, int) or isinstance(action, bool):
            return []
        return super().apply(seat, action)


class UndeclaredEvent(GoofspielState):
    __slots__ = ()

    def apply(self, seat: int, action: Any) -> list[Event]:
        return [*super().apply(seat, action), Event("oops")]


class UndeclaredReason(GoofspielState):
    __slots__ = ()

    def result(self) -> Any:
        res = super().result()
        return None if res is None else replace(res, reason="whatever")


class UndeclaredDecision(GoofspielState):
    __slots__ = ()

    def pending(self) -> Any:
        d = super().pending()
        return None if d is None else replace(d, kind="guess")


def _game(cls: type[GoofspielState]) -> GoofspielGame:
    class G(GoofspielGame):
        def new_state(self, ruleset, seed):  # type: ignore[no-untyped-def]
            s = cls(ruleset, seed)
            return s

    return G()


@pytest.mark.parametrize(
    "cls, message",
    [
        (LeakyEvents, "told hidden"),
        (LeakyView, "sees hidden"),
        (SharedClone, "clone changed the original"),
        (NoisyDeterminize, "determinize"),
        (AcceptsAnything, "was accepted"),
        (UndeclaredEvent, "event kind 'oops' is not declared"),
        (UndeclaredReason, "result reason 'whatever' is not declared"),
        (UndeclaredDecision, "decision kind 'guess' is not declared"),
    ],
)
def test_suite_catches_broken_games(cls: type[GoofspielState], message: str) -> None:
    game = _game(cls)
    with pytest.raises(ConformanceError, match=message):
        check_game(game, game.ruleset("goofspiel-2p"), 1)


def test_suite_catches_undeclared_simultaneous_and_hidden() -> None:
    """A game that asks several seats at once, or hides anything, must declare it (GameInfo)."""
    plain = replace(GoofspielGame.info, simultaneous=False)
    quiet = replace(GoofspielGame.info, hidden_information=False)
    for info, message in ((plain, "does not declare simultaneous"), (quiet, "does not declare hidden")):
        class G(GoofspielGame):
            pass

        G.info = info
        with pytest.raises(ConformanceError, match=message):
            check_game(G(), G().ruleset("goofspiel-2p"), 1)
