"""Results desk benchmarks: the cost of an entry as a stored event fills up.

* **Rummikub hall morning** (seed 002): N players check in at 09:30 on T tables; games end at the tables in
  turn (random racks, random winner), full sheets are handed in at the desk, until every player has filled
  ``sheets`` sheets. Each entry goes through the store (``EventStore.hall``, SQLite file): the hall is
  replayed from its entries, the new entry checked, stored, the standings recomputed. Baseline measured in the
  same run: the same games stored without the hall (``enter_result(comp, None, game)``: each game checked and
  stored, the standings recomputed, no queue kept), and the entries applied to the pure hall in memory
  (``OpenPlay``). Reported: milliseconds per entry over the first and the last tenth of the morning, and the
  ratio of the last tenth to the games stored without the hall.
* **Sanguosha group day** (2012 preset): 16 teams in 4 groups; every series entered game by game
  (``EventStore.series.enter_game``) against the same series entered whole (``enter_result``) in the same
  run.

    .venv/bin/python -m bench.results_desk [--quick]
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from bench.machine import machine, save_results
from tablesport.core import Rng
from tablesport.store.entry_facts import Facts
from tablesport.store.migrate import upgrade
from tablesport.store.service import EventStore
from tablesport.tournament.rummikub import OpenPlay, PlayerCard, clock, minutes


def hall_ops(n: int, tables: int, sheets: int,
             seed: int) -> tuple[list[tuple[str, Any, str]], dict[str, str]]:
    """A morning as a list of (kind, argument, HH:MM), found by playing it on the pure hall."""
    rng = Rng(seed)
    divisions = {f"p{i:03d}": ("junior" if i % 2 else "senior") for i in range(n)}
    hall = OpenPlay({p: PlayerCard(p, d) for p, d in divisions.items()}, tables, cutoff=minutes("23:00"),
                    auto_hand_in=False)
    ops: list[tuple[str, Any, str]] = []
    t = minutes("09:30")
    for p in divisions:
        hall.arrive(p, t)
        ops.append(("arrive", p, clock(t)))
    hall.fill()
    handed = dict.fromkeys(divisions, 0)
    while True:
        playing = [x for x in hall.tables if x.playing]
        if not playing:
            break
        for tb in playing:
            t += 1
            seated = list(tb.seated)
            winner = seated[rng.randrange(4)]
            racks = {p: 1 + rng.randrange(59) for p in seated if p != winner}
            hall.finish(tb.number, racks, winner, t)
            ops.append(("game", (tb.number, {"winner": winner, "racks": racks}), clock(t)))
            for p in list(hall.desk):
                handed[p] += 1
                if handed[p] >= sheets:
                    hall.desk.remove(p)  # goes home with the sheet
                    ops.append(("leave", p, clock(t)))
                    continue
                hall.hand_in(p, t)
                ops.append(("hand_in", p, clock(t)))
            hall.fill()
    return ops, divisions


def bench_hall(n: int, tables: int, sheets: int) -> dict[str, Any]:
    ops, divisions = hall_ops(n, tables, sheets, 7)
    t0 = time.perf_counter()
    hall = OpenPlay({p: PlayerCard(p, d) for p, d in divisions.items()}, tables, cutoff=minutes("23:00"),
                    auto_hand_in=False)
    for kind, arg, at in ops:
        if kind == "arrive":
            hall.arrive(arg, minutes(at))
        elif kind == "game":
            hall.finish(arg[0], arg[1]["racks"], arg[1]["winner"], minutes(at))
        elif kind == "hand_in":
            hall.hand_in(arg, minutes(at))
        elif hall.where(arg) == "desk":
            hall.desk.remove(arg)  # goes home with the full sheet
        else:
            hall.leave(arg)
        hall.fill()
    base = (time.perf_counter() - t0) / len(ops)
    with tempfile.TemporaryDirectory() as tmp:
        engine = upgrade(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
        times: list[float] = []
        with Session(engine) as s:
            st = EventStore(s)
            st.create_event({"event": "bench",
                             "competitions": [{"key": "rk", "preset": "rummikub-2018", "tables": tables,
                                               "cutoff": "23:00",
                                               "entrants": [{"id": p, "division": d}
                                                            for p, d in divisions.items()]}]},
                            "bench")
            comp = st.competition("bench", "rk")
            for kind, arg, at in ops:
                f = Facts("bench", at=at)
                t1 = time.perf_counter()
                if kind == "arrive":
                    st.hall.arrive(comp, arg, f)
                elif kind == "game":
                    st.hall.game(comp, arg[0], arg[1], f)
                elif kind == "hand_in":
                    st.hall.hand_in(comp, arg, f)
                else:
                    st.hall.leave(comp, arg, f)
                s.commit()
                times.append(time.perf_counter() - t1)
        engine.dispose()
        plain: list[float] = []
        engine = upgrade(f"sqlite:///{Path(tmp) / 'plain.sqlite3'}")
        with Session(engine) as s:
            st = EventStore(s)
            st.create_event({"event": "plain",
                             "competitions": [{"key": "rk", "preset": "rummikub-2018", "cutoff": "23:00",
                                               "entrants": [{"id": p, "division": d}
                                                            for p, d in divisions.items()]}]},
                            "bench")
            comp = st.competition("plain", "rk")
            for kind, arg, at in ops:
                if kind != "game":
                    continue
                seated = [arg[1]["winner"], *arg[1]["racks"]]
                t1 = time.perf_counter()
                st.enter_result(comp, None, {"players": seated, **arg[1], "at": at}, "bench")
                s.commit()
                plain.append(time.perf_counter() - t1)
        engine.dispose()
    k = max(1, len(times) // 10)
    first, last = sum(times[:k]) / k, sum(times[-k:]) / k
    kp = max(1, len(plain) // 10)
    plain_last = sum(plain[-kp:]) / kp
    return {"players": n, "tables": tables, "sheets_each": sheets, "entries": len(ops),
            "games": sum(1 for o in ops if o[0] == "game"), "store_ms_first_tenth": round(first * 1000, 2),
            "store_ms_last_tenth": round(last * 1000, 2),
            "store_ms_mean": round(sum(times) / len(times) * 1000, 2),
            "games_without_hall_ms_last_tenth": round(plain_last * 1000, 2),
            "ratio_last_tenth_to_games_without_hall": round(last / plain_last, 2),
            "pure_hall_ms": round(base * 1000, 4)}


def bench_series(teams: int) -> dict[str, Any]:
    rng = Rng(3)
    out: dict[str, Any] = {"teams": teams}
    for mode in ("whole", "game_by_game"):
        with tempfile.TemporaryDirectory() as tmp:
            engine = upgrade(f"sqlite:///{Path(tmp) / 'bench.sqlite3'}")
            with Session(engine) as s:
                st = EventStore(s)
                ents = [{"id": f"T{i:02d}", "members": [f"T{i:02d}.{k}" for k in "abc"]}
                        for i in range(teams)]
                st.create_event({"event": "bench",
                                 "competitions": [{"key": "sgs", "preset": "sgs-3v3-2012",
                                                   "groups": teams // 4, "entrants": ents}]},
                                "bench")
                comp = st.competition("bench", "sgs")
                st.draw(comp, "bench")
                s.commit()
                t0 = time.perf_counter()
                games = 0
                for fx in st.fixtures(comp):
                    a, b = fx.entrants
                    wins = [a, a] if rng.random() < 0.5 else [b, a, a]
                    series = [{"winner": w, "surviving": 1 + rng.randrange(3)} for w in wins]
                    games += len(series)
                    if mode == "whole":
                        st.enter_result(comp, fx.key, {"games": series}, "bench")
                    else:
                        for g in series:
                            st.series.enter_game(comp, fx.key, g, Facts("bench"))
                    s.commit()
                out[f"{mode}_ms_per_game"] = round((time.perf_counter() - t0) / games * 1000, 2)
            engine.dispose()
    out["ratio_game_by_game_to_whole"] = round(out["game_by_game_ms_per_game"] / out["whole_ms_per_game"], 2)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    hall_cases = [(24, 4, 2)] if args.quick else [(24, 4, 2), (100, 16, 3)]
    out: dict[str, Any] = {"machine": machine(),
                           "hall": [bench_hall(*c) for c in hall_cases],
                           "series": bench_series(8 if args.quick else 16)}
    for h in out["hall"]:
        print(f"hall {h['players']} players, {h['tables']} tables, {h['entries']} entries "
              f"({h['games']} games): {h['store_ms_first_tenth']} ms per entry at first, "
              f"{h['store_ms_last_tenth']} ms at the end "
              f"(games stored without the hall: {h['games_without_hall_ms_last_tenth']} ms, "
              f"×{h['ratio_last_tenth_to_games_without_hall']}; "
              f"the pure hall in memory {h['pure_hall_ms']} ms)")
    se = out["series"]
    print(f"series {se['teams']} teams: {se['whole_ms_per_game']} ms per game entered whole, "
          f"{se['game_by_game_ms_per_game']} ms game by game (×{se['ratio_game_by_game_to_whole']})")
    if not args.quick:
        print(f"wrote {save_results('results_desk', out)}")


if __name__ == "__main__":
    main()
