"""Monopoly Deal: the presets and the game's declaration (the referee is in ``state.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core import ConformanceBudget, Game, GameInfo, Ruleset

from .cards import CARDS, COLOURS
from .state import MonopolyDealState

SEED = "seed 000_367602b2860311e8 (Monopoly Deal game rules, board-game day)"
PUBLISHED = "the published Monopoly Deal rules (../shared/reference/monopoly_deal.md)"


def _params(**over: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "deal_breakers": False,      # 000 Set up 2: both Deal Breakers removed
        "deal": 5,                   # 000 Set up: deal 5 to each player
        "draw": 2,                   # 000 On your turn §1
        "draw_empty": 5,             # ... "if you have no cards left, pick up 5 instead"
        "plays": 3,                  # 000 On your turn §2
        "hand_limit": 7,             # 000 On your turn §3
        "extras_to": "draw_bottom",  # 000: "discard extras to the bottom of the draw pile"
        "sets_to_win": 3,            # 000 THE WINNER: three complete sets of different colours
        "ranking": "value",          # 000 THE WINNER: ranks by bank + property value
        "pass_go_draw": 2,
        "birthday_amount": 2,
        "debt_amount": 5,
        "play_seconds": 30,          # a decision on one's own turn (a play, a card over the hand limit)
        "answer_seconds": 15,        # a Just Say No answer or a payment
        "moves_per_turn": 12,        # rearranging moves per turn: free (no play, no fresh time) but capped
        "ask_everyone": False,       # ask every charged player even without a Just Say No in hand
        "game_minutes": None,        # the optional game clock (000 Match rules estimate 20 minutes)
        "turn_limit": 600,           # a game still going after this many turns ends by value
    }
    unknown = set(over) - set(base)
    assert not unknown, unknown
    return {**base, **over}


CLASSIC = {"deal_breakers": True, "extras_to": "discard", "ranking": "first_then_value"}

PRESETS: dict[str, Ruleset] = {
    "monopoly-deal-event": Ruleset("monopoly-deal", "monopoly-deal-event", 4,
                                   "Monopoly Deal, seed 000 event: 104 cards, 4 players, ranked by value",
                                   params=_params(), source=SEED),
    "monopoly-deal-classic": Ruleset("monopoly-deal", "monopoly-deal-classic", 4,
                                     "Monopoly Deal, published rules: 106 cards, 4 players, first to 3 sets",
                                     params=_params(**CLASSIC), source=PUBLISHED),
}
for _n in (2, 3, 5):
    PRESETS[f"monopoly-deal-classic-{_n}p"] = Ruleset(
        "monopoly-deal", f"monopoly-deal-classic-{_n}p", _n,
        f"Monopoly Deal, published rules: 106 cards, {_n} players, first to 3 sets",
        params=_params(**CLASSIC), source=PUBLISHED)


class MonopolyDealGame(Game):
    info = GameInfo(
        name="monopoly-deal",
        title="Monopoly Deal",
        decision_kinds=frozenset({"play", "respond", "pay", "discard"}),
        event_kinds=frozenset({"turn", "draw", "drew", "reshuffle", "bank", "property", "move", "building",
                               "action", "just_say_no", "accept", "cancelled", "pay", "take", "swap",
                               "deal_breaker", "buildings_to_bank", "end_turn", "hand_limit", "put_back",
                               "timeout", "time_up", "game_over"}),
        result_reasons=frozenset({"three_sets", "time_up", "no_cards", "turn_limit"}),
        hidden_information=True,
        chance=True,
        conformance=ConformanceBudget(seeds=12, slow_seeds=2500, deep_every=7),
    )
    live_params = {"ask_everyone": True}   # people at the table: nobody learns who holds a Just Say No

    @property
    def presets(self) -> Mapping[str, Ruleset]:
        return PRESETS

    def new_state(self, ruleset: Ruleset, seed: int) -> MonopolyDealState:
        return MonopolyDealState(ruleset, seed)

    def names(self) -> dict[str, Any]:
        return {"cards": {cid: {"name": c.name, **c.to_json()} for cid, c in CARDS.items()},
                "colours": {k: {"name": c.title, "size": c.size, "rent": list(c.rent), "value": c.value,
                                "buildings": c.buildings} for k, c in COLOURS.items()}}


GAME = MonopolyDealGame()
