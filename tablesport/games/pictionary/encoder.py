"""Pictionary: drawing and guessing as a fixed set of macro-actions.

* A picturist draws with straight strokes between the points of a 5 × 5 lattice on the paper
  (300 strokes, black pen of size 2), may undo, clear, give the word up (``pass``) and rule on its
  team's near misses (accept or reject the first one waiting);
* a guesser names a word of the current category from the table's word cards (one action per card:
  the card's word in that category) — the candidate words every player may know, since the list is
  the table's published data;
* the other team's players, while one team draws, may report a foul (letters, talking, signs);
* the rolls, the peek (ready, change the card) and, at a paper table, the facilitator's buttons
  (a die value, guessed by A or B, not guessed, a foul of A or B) are one action each.

The limits: strokes are straight lines on the lattice (no free drawing, one pen), guesses are only the
words of the cards (a guess outside the list, a plural or a typo is never made), and only the first
near miss waiting can be ruled on (the others follow once it is).  Time: every answer takes one
second of game time, so the minute ends after 60 answers of the seats asked and the round clock after
2,400 (docs/rl.md).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from tablesport.core import Action, Decision, Ruleset
from tablesport.encoding.choices import Path
from tablesport.encoding.encoder import Encoder, Question, Slots
from tablesport.encoding.features import Features, Vector, one_hot

ROLES = ("picturist", "guesser", "watcher", "facilitator", "spectator")
PHASES = ("roll_off", "peek", "draw", "confirm", "roll", "over")
LATTICE = 5
CELL = 20          # canvas units per observation cell: 800 × 600 → 40 × 30


class PictionaryEncoder(Encoder):
    seconds_per_action = 1.0

    def __init__(self, rs: Ruleset) -> None:
        from .drawing import HEIGHT, MAX_OPS, MAX_POINTS, WIDTH
        from .state import FOULS, TEAMS, word_cards
        from .words import CATEGORIES

        self.cards = word_cards(rs)
        self.categories = CATEGORIES
        self.word_index = [{card[k]: i for i, card in enumerate(self.cards)} for k in range(len(CATEGORIES))]
        self.teams, self.fouls = TEAMS, FOULS
        self.max_ops, self.max_points = MAX_OPS, MAX_POINTS
        self.rows, self.cols = HEIGHT // CELL, WIDTH // CELL
        xs = [WIDTH * (2 * i + 1) // (2 * LATTICE) for i in range(LATTICE)]
        ys = [HEIGHT * (2 * j + 1) // (2 * LATTICE) for j in range(LATTICE)]
        points = [(x, y) for y in ys for x in xs]
        self.strokes = list(combinations(points, 2))
        slots = self.slots = Slots()
        for key in ("roll", "ready", "change", "pass", "undo", "clear", "accept_first", "reject_first"):
            slots.add((key,))
        for foul in FOULS:
            slots.add(("report", foul))
        for n in range(1, int(rs["die_sides"]) + 1):
            slots.add(("die", n))
        for team in TEAMS:
            slots.add(("guessed", team))
        for team in TEAMS:
            for foul in FOULS:
                slots.add(("foul", team, foul))
        self.first_stroke = len(slots)
        for i in range(len(self.strokes)):
            slots.add(("stroke", i))
        self.first_guess = len(slots)
        for i in range(len(self.cards)):
            slots.add(("guess", i))
        self.actions = len(slots)
        nc = len(self.cards)
        self.features = Features([
            ("role", (len(ROLES),), "picturist, guesser, watcher, facilitator, spectator"),
            ("phase", (len(PHASES),), "roll-off, peek, draw, confirm, roll, over"),
            ("teams", (2, 5), "own team then the other (the facilitator: A then B): square / finish, "
                              "words guessed / 30, fouls / 5, reports / 10, in turn"),
            ("flags", (4,), "die / 6, time up, tie-break, final (no round clock)"),
            ("category", (len(CATEGORIES),), "the word's category: P, O, A, D, AP"),
            ("word", (7,), "All Play, open, own team draws it, the other team draws it, cards changed, "
                           "own team's guesses / 60, own near misses waiting / 10"),
            ("answer", (nc,), "the word, by card (the picturist's, and everyone's once the word is over)"),
            ("guessed_words", (nc,), "the words own team has guessed at this word, by card"),
            ("ink", (2,), "own team's paper: strokes / 400, points / 6000"),
            ("paper", (2, self.rows, self.cols), "own team's drawing and the other team's (when shown), "
                                                 "inked cells of 20 × 20 units"),
        ])

    # -- observations ----------------------------------------------------------------------------
    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        obs = self.features.new()
        you = view["you"]
        one_hot(obs["role"], ROLES.index(you["role"]))
        one_hot(obs["phase"], PHASES.index(view["phase"]))
        mine = you["team"] or "A"
        order = [mine, "B" if mine == "A" else "A"]
        teams = {t["team"]: t for t in view["teams"]}
        for row, name in enumerate(order):
            t = teams[name]
            obs["teams"][row] = (t["pos"] / view["finish"], t["words"] / 30, t["fouls"] / 5,
                                 t["reports"] / 10, 1 if view["turn"] == name else 0)
        obs["flags"][:] = ((view["die"] or 0) / 6, view["time_up"], view["tiebreak"], view["final"])
        w = view["word"]
        if w is None:
            return obs.vector()
        k = self.categories.index(w["category"])
        obs["category"][k] = 1
        drawing = [t for t in w["teams"] if t not in w["out"]]
        near = w.get("near", [])
        obs["word"][:] = (w["all_play"], w["open"], order[0] in drawing, order[1] in drawing, w["changes"],
                          len(w["guesses"]) / 60, len(near) / 10)
        if "answer" in w:
            one_hot(obs["answer"], self.word_index[k].get(w["answer"]))
        for g in w["guesses"]:
            if g["team"] == order[0]:
                one_hot(obs["guessed_words"], self.word_index[k].get(g["text"]))
        ops = w["drawings"].get(order[0], [])
        obs["ink"][:] = (len(ops) / self.max_ops, self._points(ops) / self.max_points)
        for row, team in enumerate(order):
            self._raster(w["drawings"].get(team, []), obs["paper"][row])
        return obs.vector()

    @staticmethod
    def _points(ops: list[list[int]]) -> int:
        return sum((len(op) - 2) // 2 for op in ops if len(op) > 1)

    def _raster(self, ops: list[list[int]], paper: Any) -> None:
        """Ink the cells the strokes pass through (the eraser, colour 0, clears them; a clear, everything)."""
        for op in ops:
            if len(op) < 2:
                paper[:] = 0
                continue
            ink = 0.0 if op[0] == 0 else 1.0
            xs, ys = np.array(op[2::2], dtype=np.float64), np.array(op[3::2], dtype=np.float64)
            if len(xs) > 1:
                steps = int(max(np.abs(np.diff(xs)).max(), np.abs(np.diff(ys)).max()) // (CELL / 2)) + 2
                t = np.linspace(0.0, 1.0, steps)
                xs = np.concatenate([x0 + (x1 - x0) * t for x0, x1 in zip(xs[:-1], xs[1:], strict=True)])
                ys = np.concatenate([y0 + (y1 - y0) * t for y0, y1 in zip(ys[:-1], ys[1:], strict=True)])
            rows = np.clip((ys // CELL).astype(int), 0, self.rows - 1)
            cols = np.clip((xs // CELL).astype(int), 0, self.cols - 1)
            paper[rows, cols] = ink

    # -- actions ---------------------------------------------------------------------------------
    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        index = self.slots.index
        options = decision.options_for(seat)
        if options is None:
            return self._minute(view)
        out: dict[Path, Action] = {}
        firsts: set[str] = set()
        for option in options:
            if isinstance(option, str):
                out[(index[(option,)],)] = option
            elif option[0] in ("accept", "reject"):
                if option[0] not in firsts:              # the first near miss waiting (see the module)
                    firsts.add(option[0])
                    out[(index[(f"{option[0]}_first",)],)] = option
            else:
                out[(self.slots.of(tuple(option), option),)] = option
        return out

    def _minute(self, view: dict[str, Any]) -> dict[Path, Action]:
        """The digital minute: what the seat may do by its role."""
        index = self.slots.index
        w = view["word"]
        role = view["you"]["role"]
        out: dict[Path, Action] = {}
        if role == "watcher":
            for foul in self.fouls:
                out[(index[("report", foul)],)] = ("report", foul)
            return out
        if role == "guesser":
            k = self.categories.index(w["category"])
            for i, card in enumerate(self.cards):
                out[(self.first_guess + i,)] = ("guess", card[k])
            return out
        ops = w["drawings"].get(view["you"]["team"], [])
        if len(ops) < self.max_ops and self._points(ops) + 2 <= self.max_points:
            for i, ((x0, y0), (x1, y1)) in enumerate(self.strokes):
                out[(self.first_stroke + i,)] = ("line", 1, 2, x0, y0, x1, y1)
        if ops:
            out[(index[("undo",)],)] = ("undo",)
        if len(ops) < self.max_ops:
            out[(index[("clear",)],)] = ("clear",)
        out[(index[("pass",)],)] = ("pass",)
        near = w.get("near", [])
        if near:
            out[(index[("accept_first",)],)] = ("accept", near[0]["id"])
            out[(index[("reject_first",)],)] = ("reject", near[0]["id"])
        return out

    def describe(self, index: int) -> str:
        key = self.slots.keys[index]
        assert isinstance(key, tuple)
        if key[0] == "stroke":
            (x0, y0), (x1, y1) = self.strokes[key[1]]
            return f"draw a stroke from ({x0}, {y0}) to ({x1}, {y1})"
        if key[0] == "guess":
            return f"guess the word of card {key[1]} in the current category"
        return self.slots.name(index)


ENCODER = PictionaryEncoder
