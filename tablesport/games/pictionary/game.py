"""The Pictionary game: presets for the seed's play-off in two table forms (digital, facilitator)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core import ConformanceBudget, Game, GameInfo, Ruleset

from .state import FOULS, PictionaryState, seats_for
from .words import CATEGORIES, TITLES

SOURCE = "seed 000, Pictionary game rules (Pictionary Play-off)"

BASE: dict[str, Any] = {
    "mode": "digital",
    "team_size": 3,  # §5 "Each team should have 3 participants"
    "lang": "en",
    "cards": None,  # None: the project's own list for lang; or an organiser's list (a list of 5-word cards)
    "board": "published",
    "die_sides": 6,
    "peek_seconds": 5,  # §2 "five seconds to examine and think about their word"
    "draw_seconds": 60,  # §2 "one minute to get their team to guess the word"
    "confirm_seconds": 15,  # a near miss typed in time waits this long for its picturist's ruling
    "roll_seconds": 30,  # a digital team that does not roll has the die rolled for it
    "round_seconds": 2400,  # §4 "The playing time for each round is 40 minutes"; None: the final (§5)
    "card_changes": 1,  # §2 "he can change to another card but only once"
    "first_word_all_play": True,  # §1 "The first word sketched is an AP (All Play) word"
    "max_guesses": 30,  # typed guesses per player and word
    "team_names": ["", ""],  # what the table calls teams A and B (a fixture's entrants); "": Team A / Team B
}


def _preset(name: str, title: str, **params: Any) -> Ruleset:
    p = {**BASE, **params}
    return Ruleset("pictionary", name, seats_for(p["mode"], p["team_size"]), title, ("A", "B"), p, SOURCE)


PRESETS = {rs.preset: rs for rs in (
    _preset("pictionary-event", "Pictionary play-off round, digital: 2 teams of 3, 40 minutes"),
    _preset("pictionary-final", "Pictionary play-off final, digital: 2 teams of 3, to Finish",
            round_seconds=None),
    _preset("pictionary-table", "Pictionary play-off round at a paper table (facilitator): 40 minutes",
            mode="facilitator"),
    _preset("pictionary-table-final", "Pictionary play-off final at a paper table (facilitator): to Finish",
            mode="facilitator", round_seconds=None),
)}


class PictionaryGame(Game):
    info = GameInfo(
        name="pictionary",
        title="Pictionary play-off",
        decision_kinds=frozenset({"roll_off", "peek", "draw", "confirm", "roll"}),
        event_kinds=frozenset({"roll_off", "roll_off_tie", "first_team", "word_start", "your_word",
                     "card_changed", "minute_starts", "guess", "near_ruled", "report", "foul", "team_out",
                     "minute_over", "word_closed", "turn_passes", "rolled", "time_up", "tiebreak", "undone",
                     "game_over"}),
        result_reasons=frozenset({"finish", "time_up", "time_up_tiebreak"}),
        simultaneous=True,
        hidden_information=True,
        chance=True,
        conformance=ConformanceBudget(seeds=6, slow_seeds=300, deep_every=7),
    )
    fouls = FOULS  # the referee's ruling at a live table (seed §2, §3), the drawing team's turn ends
    bots_with_people = False  # a guesser sees strokes, and no bot here reads a drawing (bots.py)

    @property
    def presets(self) -> Mapping[str, Ruleset]:
        return PRESETS

    def seats_to_start(self, ruleset: Ruleset) -> tuple[int, ...] | None:
        return (0,) if ruleset["mode"] == "facilitator" else None  # the facilitator's page runs the table

    def players(self, ruleset: Ruleset) -> int:
        return 2 * int(ruleset["team_size"])  # two teams; a paper table's facilitator page is no player

    def new_state(self, ruleset: Ruleset, seed: int) -> PictionaryState:
        return PictionaryState(ruleset, seed)

    def names(self) -> dict[str, Any]:
        zh = {"P": "人物/地点/动物", "O": "物品", "A": "动作", "D": "难题", "AP": "全体猜"}
        return {"categories": {c: {"name": TITLES[c], "name_zh": zh[c]} for c in CATEGORIES}}

    def warm(self) -> None:
        """Read and check the English list and load the matcher's dictionaries."""
        from .guess_matching import match
        from .words import builtin

        builtin("en")
        match("cat", "cats", "en")
        match("猫", "貓", "zh-Hans")


GAME = PictionaryGame()
