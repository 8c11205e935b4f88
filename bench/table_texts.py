"""What the table's words cost the server: per step of a Sanguosha 3v3 game played by random bots (the
live tables' parameters), the time to put the step's events and the next decision into words of one
language (texts.py), and to tell whether a seat's concession would be taken (absence.may_give_up, done
once per seat and step for the give-up button) by the engine's rule (``referee_allowed``, what the server
does) and, as before it, by trying it on a copy of the state, next to the engine's own time for that step
(``apply`` and ``pending``) as the baseline measured in the same run.

    .venv/bin/python -m bench.table_texts [--games 3] [--preset sgs-3v3-2011]

writes bench/results/table_texts.json.
"""

from __future__ import annotations

import argparse
import contextlib
import time

from bench.machine import machine, save_results
from tablesport.core import RuleError
from tablesport.core.rng import Rng
from tablesport.games import find_preset
from tablesport.server.content.texts import decision_text, event_text, warm


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--preset", default="sgs-3v3-2011")
    args = ap.parse_args()
    warm()  # what a server loads at start-up: not part of a step
    game, rs = find_preset(args.preset)
    rs = rs.with_params(**game.live_params) if game.live_params else rs
    engine = words = concede = check = 0.0
    steps = events = 0
    for seed in range(args.games):
        state = game.new_state(rs, seed)
        rng = Rng(seed)
        while (d := state.pending()) is not None and steps < 100_000:
            seat = d.seats[0]
            action = state.random_action(seat, rng)
            t0 = time.perf_counter()
            evs = state.apply(seat, action)
            nxt = state.pending()
            t1 = time.perf_counter()
            for ev in evs:
                event_text(game.name, ev, "zh-Hans")
            if nxt is not None:
                decision_text(game.name, nxt, "zh-Hans")
            t2 = time.perf_counter()
            with contextlib.suppress(RuleError):
                state.clone().referee(("concede", seat))
            t3 = time.perf_counter()
            state.referee_allowed(("concede", seat))
            t4 = time.perf_counter()
            engine += t1 - t0
            words += t2 - t1
            concede += t3 - t2
            check += t4 - t3
            steps += 1
            events += len(evs)
    per = {name: round(total / steps * 1e6, 2) for name, total in
           (("engine_step_us", engine), ("words_per_step_us", words), ("concede_try_per_seat_us", concede),
            ("concede_check_per_seat_us", check))}
    out = {"bench": "table_texts", "preset": args.preset, "games": args.games, "steps": steps,
           "events": events, **per, "words_vs_engine": round(words / engine, 2),
           "concede_try_vs_engine": round(concede / engine, 2),
           "concede_check_vs_engine": round(check / engine, 3), "machine": machine()}
    print(out)
    print("wrote", save_results("table_texts", out))


if __name__ == "__main__":
    main()
