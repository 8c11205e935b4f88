"""Search speed of the Blokus bots: iterations (tree descent + playout to the end) per CPU second.

The compiled ``uct`` bot (tablesport/games/blokus/fastsearch.py) against the Python ``mcts`` bot,
the baseline, in the same run, on the same positions: a seeded ``blokus-2p`` game played by the
greedy bot, before its moves 1, 9, 25 and 41 (the opening, the early and late middle game, the
end).  CPU time of this process (``time.process_time``), so the machine's load does not count.

    .venv/bin/python -m bench.blokus_search [--uct 2000] [--mcts 40]
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from bench.machine import machine, save_results
from tablesport.core import Bot, Rng
from tablesport.games.blokus import GAME, BlokusState
from tablesport.games.blokus.bots import GreedyBot, MctsBot, UctBot

PLIES = (0, 8, 24, 40)


def position(ply: int) -> BlokusState:
    st = GAME.start("blokus-2p", 0)
    assert isinstance(st, BlokusState)
    greedy = GreedyBot(Rng(2))
    for _ in range(ply):
        d = st.pending()
        assert d is not None
        st.apply(d.seats[0], greedy.act(st, d.seats[0], d))
    return st


def rate(bot: Bot, st: BlokusState, iterations: int) -> float:
    d = st.pending()
    assert d is not None
    t0 = time.process_time()
    bot.act(st, d.seats[0], d)
    return iterations / (time.process_time() - t0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--uct", type=int, default=2000, help="iterations per position for uct")
    ap.add_argument("--mcts", type=int, default=40, help="playouts per position for mcts")
    args = ap.parse_args()
    warm = position(0)
    d = warm.pending()
    assert d is not None
    UctBot(Rng(1), playouts=8).act(warm, 0, d)  # compile / load the compiled code first
    rows: list[dict[str, Any]] = []
    for ply in PLIES:
        st = position(ply)
        uct = rate(UctBot(Rng(1), playouts=args.uct, reuse=0), st, args.uct)
        mcts = rate(MctsBot(Rng(1), playouts=args.mcts), st, args.mcts)
        rows.append({"ply": ply, "legal_moves": len(st.legal_ids()), "uct_per_cpu_s": round(uct),
                     "mcts_per_cpu_s": round(mcts, 1), "ratio": round(uct / mcts, 1)})
        print(json.dumps(rows[-1]), flush=True)
    save_results("blokus_search", {"benchmark": "blokus_search",
                                   "command": f".venv/bin/python -m bench.blokus_search --uct {args.uct} "
                                              f"--mcts {args.mcts}",
                                   "positions": rows, "machine": machine()})


if __name__ == "__main__":
    main()
