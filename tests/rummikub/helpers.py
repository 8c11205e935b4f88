from __future__ import annotations

from tablesport.games.rummikub import GAME, RummikubState
from tablesport.games.rummikub.tiles import ALL_IDS


def position(racks: list[list[str]], table: list[list[str]] | None = None, melded: list[bool] | None = None,
             turn: int = 0, pool: list[str] | None = None, preset: str = "rummikub-2018",
             **params: object) -> RummikubState:
    """A state in the turn phase with the given racks and table (tile ids); the rest is the pool."""
    rs = GAME.ruleset(preset)
    st = GAME.new_state(rs.with_params(**params) if params else rs, 1)
    n = rs.seats
    st.phase = "turn"
    st.asking = []
    st.order = list(range(n))
    st.turn = turn
    st.racks = [list(r) for r in racks]
    st.table = [list(s) for s in (table or [])]
    st.melded = list(melded or [False] * n)
    used = {t for r in racks for t in r} | {t for s in st.table for t in s}
    st.pool = [t for t in ALL_IDS if t not in used] if pool is None else list(pool)
    return st
