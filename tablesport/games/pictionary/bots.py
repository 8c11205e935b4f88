"""A model of a Pictionary team member for simulations and bots-only tables, never a seat beside people.

A bot cannot read a drawing, so ``player`` plays the *part* of a player: as a picturist it draws
strokes (random scribbles in batches, never giving up), as a guesser it names the word with
probability ``skill`` per guess (a plural or a typo now and then) and otherwise a word from the
cards, and it rolls, readies and accepts near misses at once.  ``skill`` sets how quickly a table of
bots moves along the track.  Its guesser reads the card, which no seat may: that is why the game sits
no bot with people (``PictionaryGame.bots_with_people``; the lobby and quick play say so) and nobody
stands in for an away player (``absence.yaml``).  It reports no foul: a bot hears and sees nothing of
the other team's table.
"""

from __future__ import annotations

from typing import Any

from tablesport.core import Action, Bot, BotOption, Decision, Rng, State

from .state import PictionaryState, random_picturist_action


class PlayerBot(Bot):
    name = "player"
    OPTIONS = {"skill": BotOption(0, 1, "chance of guessing a drawn word per attempt")}

    def __init__(self, rng: Rng | None = None, skill: float = 0.25, **options: Any) -> None:
        super().__init__(rng, skill=skill, **options)
        self.skill = float(skill)

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        assert isinstance(state, PictionaryState)
        opts = decision.options_for(seat)
        if opts is not None:
            for pick in ("roll", "ready"):
                if pick in opts:
                    return pick
            accepts = [o for o in opts if isinstance(o, tuple) and o[0] == "accept"]
            return accepts[0] if accepts else opts[self.rng.randrange(len(opts))]
        w = state.word
        team = state.team_of(seat)
        assert w is not None and team is not None
        if team not in w.teams:  # it saw no foul: a report would accuse the other team of nothing
            return ("no_foul",)
        if seat == w.picturists[team]:
            action = random_picturist_action(w, team, self.rng)
            return ("undo",) if action == ("pass",) and w.canvas[team].ops else \
                ("clear",) if action == ("pass",) else action
        r = self.rng.random()
        if r < self.skill:
            return ("guess", state.answer)
        return ("guess", state.wrong_guess(self.rng))


BOTS = {"player": PlayerBot}
