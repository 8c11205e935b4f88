"""The replay corpus: seeded Sanguosha games whose final state hashes are kept in
tests/data/sanguosha_corpus.json, so that a change to the engine's structure is shown to leave every
game exactly as it was.

A game is fixed by (preset, bot, seed): the bots (``random`` or the ``heuristic`` bot on every seat)
answer, and a driver generator of its own times out some timed decisions (3 %), runs a simulated
game clock on two games in three (so time-up, adjudication and overtimes happen), and now and then
enters a referee ruling (technical points, 2014 penalty points, rarely a concession). Every game is
written as a record (:class:`~tablesport.core.records.Recorder`) and replayed from that record
(:func:`~tablesport.core.records.replay`) before its final hash is compared.

Write the file (only when a change is meant to change games; say which and why in the commit)::

    .venv/bin/python -m tests.sanguosha.corpus --write [--games 300]

Check every game (in the build this process loads: the compiled engine where scripts/build-compiled
built it, the Python source with ``TABLESPORT_PURE=1``; the first line says which)::

    .venv/bin/python -m tests.sanguosha.corpus --check [--first N]
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from tablesport.core import Rng, RuleError, State
from tablesport.core.records import Recorder, replay
from tablesport.games import find_preset
from tablesport.games.sanguosha import GAME, PRESETS
from tablesport.games.sanguosha.bots import HeuristicBot

DATA = Path(__file__).parent.parent / "data" / "sanguosha_corpus.json"
BOTS = ("random", "heuristic")
CLOCKS = (None, 10.0, 25.0)        # simulated seconds per decision, by seed % 3
TIMEOUT_RATE = 0.03
REFEREE_RATE = 0.005
CONCEDE_SHARE = 0.1


def _referee_action(state: State, rng: Rng) -> Any:
    rs = state.ruleset
    side = rs.sides[rng.randrange(len(rs.sides))]
    roll = rng.random()
    if roll < CONCEDE_SHARE:
        cur = getattr(state, "current", -1)
        own = state.side_of(cur) if cur >= 0 and rng.random() < 0.5 else None
        return ("concede", own or side)
    if rs.get("penalty_points") and roll < 0.55:
        return ("penalty", rng.randrange(rs.seats), 1 if rng.random() < 0.8 else 3, "stalling")
    return ("technical", side, 1)


def play(preset: str, bot: str, seed: int, *, check: bool = False, timeout_rate: float = TIMEOUT_RATE,
         clock: float | None | str = "by_seed") -> tuple[Recorder, State]:
    """Play one corpus game; returns its record (finished) and the final state. ``check``: the state's
    invariants after every step; ``clock``: seconds per decision (default: by seed, ``CLOCKS``)."""
    game, rs = find_preset(preset)
    state = game.new_state(rs, seed)
    drv = Rng(seed).spawn(4242)
    pick = Rng(seed).spawn(17)
    bots = [HeuristicBot(Rng(seed * 10 + k)) for k in range(rs.seats)] if bot == "heuristic" else None
    rec = Recorder(game.name, preset, seed, [bot] * rs.seats)
    per = CLOCKS[seed % len(CLOCKS)] if clock == "by_seed" else clock
    elapsed, fired = 0.0, None
    for _ in range(200_000):
        limit = state.clock_limit()
        if per is not None and limit is not None and elapsed >= limit and fired != limit:
            fired = limit
            state.time_up()
            rec.time_up()
            if check:
                state.check_invariants()
            continue
        d = state.pending()
        if d is None:
            break
        if drv.random() < REFEREE_RATE:
            action = _referee_action(state, drv)
            try:
                state.referee(action)
            except RuleError:
                pass
            else:
                rec.referee(action)
                if check:
                    state.check_invariants()
                continue
        seat = d.seats[0]
        if d.time_limit is not None and drv.random() < timeout_rate:
            state.timeout(seat)
            rec.timeout(seat)
        else:
            action = bots[seat].act(state, seat, d) if bots else state.random_action(seat, pick)
            state.apply(seat, action)
            rec.act(seat, action)
        if check:
            state.check_invariants()
        if per is not None and limit is not None:
            elapsed += float(per)
    else:
        raise AssertionError(f"{preset} {bot} seed {seed}: no end")
    rec.finish(state)
    return rec, state


def _start(g: str, preset: str, seed: int, params: dict[str, Any]) -> State:
    return GAME.new_state(GAME.ruleset(preset).with_params(**params), seed)


def final_hash(preset: str, bot: str, seed: int) -> str:
    """The game's final hash (first 16 hex digits) and step count, ``"hash:steps"``, after checking
    that its record replays to the same final state."""
    rec, state = play(preset, bot, seed)
    again = replay(rec.text().splitlines(), _start)
    assert again.final_hash == state.state_hash(), f"{preset} {bot} {seed}: the record does not replay"
    return f"{again.final_hash[:16]}:{again.steps}"


def keys() -> Iterator[tuple[str, str]]:
    for preset in sorted(PRESETS):
        for bot in BOTS:
            yield preset, bot


def load() -> dict[str, list[str]]:
    data: dict[str, list[str]] = json.loads(DATA.read_text(encoding="utf-8"))
    return data


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--write", action="store_true", help="write tests/data/sanguosha_corpus.json")
    ap.add_argument("--games", type=int, default=300, help="games per preset and bot")
    ap.add_argument("--check", action="store_true", help="compare every game with the file")
    ap.add_argument("--first", type=int, help="with --check: only the first N games of each preset and bot")
    args = ap.parse_args()
    if args.check:
        from tablesport.games.sanguosha import compiled

        print(f"build: {'compiled' if compiled() else 'pure Python'}", flush=True)
        want = load()
        bad = 0
        for preset, bot in keys():
            for seed, h in enumerate(want[f"{preset}/{bot}"][:args.first]):
                got = final_hash(preset, bot, seed)
                if got != h:
                    bad += 1
                    print(f"DIFFERS {preset} {bot} seed {seed}: {h} -> {got}", flush=True)
            print(f"{preset} {bot}: checked", flush=True)
        print("all games unchanged" if not bad else f"{bad} games differ")
        raise SystemExit(1 if bad else 0)
    out = {f"{p}/{b}": [final_hash(p, b, s) for s in range(args.games)] for p, b in keys()}
    if args.write:
        DATA.parent.mkdir(parents=True, exist_ok=True)
        DATA.write_text(json.dumps(out, indent=0) + "\n", encoding="utf-8")
    print(json.dumps({k: len(v) for k, v in out.items()}))


if __name__ == "__main__":
    main()
