"""Rummikub: a turn is a new table, too many to list, so the actions are macro-actions built on the
exact solver (``tablesport/games/rummikub/solver.py``); each is offered when it lays at least one tile.

* ``most_tiles``: the solver's play that lays the most tiles (before the initial meld: new sets from
  the rack alone worth 30 or more, as every macro);
* ``most_points``: the play that lays the most points (a joker counts 30);
* ``keep_jokers``: the most tiles without laying the rack's jokers;
* ``rack_sets``: new sets made of rack tiles only, the table's sets left as they are;
* ``table_only``: only tiles that join the table (the ``most_tiles`` play without its sets made of
  rack tiles alone, which stay in the rack); after the initial meld only;
* ``draw``; and the two answers to a reshuffle request, ``reshuffle`` and ``keep``.

The limit: a macro-action set does not reach every legal table (laying fewer tiles than the solver's
best to keep particular ones back, other rearrangements of the same tiles).
"""

from __future__ import annotations

from typing import Any

from tablesport.core import Action, Decision, Ruleset
from tablesport.encoding.choices import Path
from tablesport.encoding.encoder import Encoder, Question
from tablesport.encoding.features import Features, Vector, one_hot, relative

ANSWERS = ("reshuffle", "keep", "draw")
MACROS = ("most_tiles", "most_points", "keep_jokers", "rack_sets", "table_only")
PHASES = ("reshuffle", "turn", "over")
LAST = ("play", "draw", "penalty")
Play = dict[str, Any]


class RummikubEncoder(Encoder):
    def __init__(self, rs: Ruleset) -> None:
        from .tiles import CODES

        self.codes = {c: i for i, c in enumerate(CODES)}
        self.seats = n = rs.seats
        self.actions = len(ANSWERS) + len(MACROS)
        self._cache: tuple[Any, dict[str, Play | None]] = (None, {})
        nc = len(CODES)
        self.features = Features([
            ("rack", (nc,), "own rack: tiles per code (R1..K13, then the joker) / 2"),
            ("table", (nc,), "the table: tiles per code / 2"),
            ("table_sets", (1,), "sets on the table / 40"),
            ("racks", (n,), "per seat from the observer on: tiles in rack / 30"),
            ("melded", (n,), "per seat: has made its initial meld"),
            ("pool", (1,), "tiles in the pool / 106"),
            ("turn", (n,), "the seat on turn, from the observer on"),
            ("phase", (len(PHASES),), "reshuffle requests, turns, over"),
            ("last", (n + len(LAST),), "the last turn: its seat (from the observer on); play, draw or "
                                       "penalty"),
            ("macros", (len(MACROS), 2), "on the observer's turn, per macro-action: tiles it lays / 14, "
                                         "points it lays / 100"),
        ])

    # -- the macro-actions ---------------------------------------------------------------------------
    def macros(self, view: dict[str, Any]) -> dict[str, Play | None]:
        """Each macro-action's play for the observer (``None``: it lays nothing), from the view."""
        from .solver import solve
        from .state import codes, play_from_codes
        from .tiles import JOKER

        me = int(view["seat"])
        table_ids, rack_ids, melded = view["table"], view["rack"], bool(view["melded"][me])
        key = (tuple(map(tuple, table_ids)), tuple(rack_ids), melded)
        if self._cache[0] == key:
            return self._cache[1]
        table, rack = [codes(s) for s in table_ids], codes(rack_ids)

        def play(sets: list[list[str]]) -> Play:
            return play_from_codes(table_ids, rack_ids, sets)

        out: dict[str, Play | None] = {}
        best = solve(table, rack, melded, "tiles")
        out["most_tiles"] = play(best.table) if best.tiles_placed else None
        points = solve(table, rack, melded, "value")
        out["most_points"] = play(points.table) if points.tiles_placed else None
        plain = [c for c in rack if c != JOKER]
        held = solve(table, plain, melded, "tiles") if len(plain) < len(rack) else best
        out["keep_jokers"] = play(held.table) if held.tiles_placed else None
        if melded:
            own = solve([], rack, True, "tiles")
            out["rack_sets"] = play(table + own.table) if own.tiles_placed else None
        else:
            out["rack_sets"] = out["most_tiles"]     # an initial meld is made of rack sets already
        out["table_only"] = None
        if melded and out["most_tiles"] is not None:
            move = out["most_tiles"]
            laid = set(move["rack"])
            kept = [s for s in move["table"] if not all(t in laid for t in s)]
            joined = sorted((t for s in kept for t in s if t in laid), key=rack_ids.index)
            if joined:
                out["table_only"] = {"type": "play", "table": kept, "rack": joined}
        self._cache = (key, out)
        return out

    # -- observations ----------------------------------------------------------------------------
    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        from .tiles import code_of, penalty

        n, me = self.seats, int(view["seat"])
        obs = self.features.new()
        for t in view["rack"]:
            obs["rack"][self.codes[code_of(t)]] += 0.5
        for s in view["table"]:
            for t in s:
                obs["table"][self.codes[code_of(t)]] += 0.5
        obs["table_sets"][0] = len(view["table"]) / 40
        for s in range(n):
            obs["racks"][relative(s, me, n)] = view["rack_sizes"][s] / 30
            obs["melded"][relative(s, me, n)] = 1 if view["melded"][s] else 0
        obs["pool"][0] = view["pool"] / 106
        if view["turn"] is not None:
            one_hot(obs["turn"], relative(view["turn"], me, n))
        one_hot(obs["phase"], PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        last = view["last"]
        if last:
            one_hot(obs["last"], relative(last["seat"], me, n))
            one_hot(obs["last"][n:], LAST.index(last["type"]) if last["type"] in LAST else None)
        if view["phase"] == "turn" and view["turn"] == me:
            for i, name in enumerate(MACROS):
                move = self.macros(view)[name]
                if move is not None:
                    laid = [code_of(t) for t in move["rack"]]
                    obs["macros"][i] = (len(laid) / 14, sum(map(penalty, laid)) / 100)
        return obs.vector()

    # -- actions ---------------------------------------------------------------------------------
    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        if decision.kind == "reshuffle":
            return {(ANSWERS.index(a),): a for a in decision.options_for(seat) or ()}
        out: dict[Path, Action] = {(ANSWERS.index("draw"),): {"type": "draw"}}
        for i, name in enumerate(MACROS):
            move = self.macros(view)[name]
            if move is not None:
                out[(len(ANSWERS) + i,)] = move
        return out

    def describe(self, index: int) -> str:
        return ANSWERS[index] if index < len(ANSWERS) else MACROS[index - len(ANSWERS)].replace("_", " ")


ENCODER = RummikubEncoder
