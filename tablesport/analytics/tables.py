"""The report's tables: DuckDB queries over a simulation dataset (see docs/simulation.md).

Everything is read from the dataset's columns, so a game added later is reported without a change:

* every preset: games, end reasons, lengths, win rate by seat, of the seat the first decision asked
  (``first_seat``; none for games that start with a simultaneous decision), by side, by bot;
* every side statistic that is a list of names (``side_<side>_<key>``: Sanguosha's ``generals``):
  the win rate of each name per side and role, where a role is a side's string statistic
  ``side_<side>_<role>_<name>`` (``side_cold_commander_general``: the commander; the side's other
  generals take the complementary role of :data:`COMPLEMENT`, else ``other``);
* a side statistic ``picks`` (a draft, in pick order): per name its pick rate, mean pick position and
  the picking side's win rate; per pick position (the side's k-th pick) how often it was fielded (in
  the side's ``generals``) and the win rate of the side when it was; the win rate of the side that
  picked first (``side_<side>_picked_first``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path
from typing import Any

from tablesport.core import TablesportError

from .wilson import rate

COMPLEMENT = {"commander": "vanguard"}
"""The role of a side's other names when a role column names one of them."""


class AnalyticsError(TablesportError):
    pass


def connect(dataset: Path, preset: str | None = None) -> tuple[Any, dict[str, list[str]]]:
    """A DuckDB connection and the dataset's part files by preset (only ``preset``'s if given).

    Each preset is read on its own (:func:`load`), so two games whose statistics share a column
    name with different types never meet in one query."""
    try:
        import duckdb
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise AnalyticsError("analyze needs DuckDB and pyarrow: "
                             "pip install 'tablesport[analytics]'") from None
    files: dict[str, list[str]] = defaultdict(list)
    for path in sorted(dataset.glob("part-*.parquet")) if dataset.is_dir() else []:
        try:
            presets = set(pq.read_table(path, columns=["preset"]).column("preset").to_pylist())
        except (OSError, pa.ArrowException) as exc:
            raise AnalyticsError(f"{path}: not a readable Parquet part ({exc})") from None
        for p in presets:
            files[str(p)].append(str(path))
    if not files:
        raise AnalyticsError(f"{dataset}: no part-*.parquet files (not a simulation dataset?)")
    if preset:
        if preset not in files:
            raise AnalyticsError(f"no games of preset {preset!r} in {dataset}; "
                                 f"presets there: {', '.join(sorted(files))}")
        files = {preset: files[preset]}
    con: Any = duckdb.connect()
    return con, dict(sorted(files.items()))


def load(con: Any, preset: str, files: list[str]) -> None:
    """Make the table ``games`` hold the rows of ``preset`` from ``files``."""
    import duckdb

    try:
        con.execute("CREATE OR REPLACE TABLE games AS SELECT * FROM read_parquet(?, union_by_name=true) "
                    "WHERE preset = ?", [files, preset])
    except duckdb.Error as exc:
        raise AnalyticsError(f"the {preset} rows cannot be read together ({exc})") from None


def _rows(con: Any, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
    cur = con.execute(sql, params or [])
    names = [d[0] for d in cur.description]
    return [dict(zip(names, row, strict=True)) for row in cur.fetchall()]


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _with_rate(rows: list[dict[str, Any]], keys: list[str]) -> list[dict[str, Any]]:
    return [{**{k: r[k] for k in keys}, **rate(int(r["wins"]), int(r["n"]))} for r in rows]


def _columns(con: Any) -> dict[str, str]:
    return {name: kind for name, kind, *_ in con.execute("DESCRIBE games").fetchall()}


def _side_lists(con: Any, preset: str) -> dict[str, dict[str, str]]:
    """key → {side: column} for the side statistics that are lists of names, in this preset."""
    sides = [s for (s,) in con.execute(
        "SELECT DISTINCT s FROM (SELECT unnest(sides) AS s FROM games WHERE preset = ?) WHERE s IS NOT NULL",
        [preset]).fetchall()]
    out: dict[str, dict[str, str]] = defaultdict(dict)
    for name, kind in _columns(con).items():
        if kind != "VARCHAR[]":
            continue
        for side in sides:
            prefix = f"side_{re.sub(r'[^0-9A-Za-z]+', '_', side).strip('_')}_"
            if name.startswith(prefix):
                filled = con.execute(f"SELECT count({_quote(name)}) FROM games WHERE preset = ?",
                                     [preset]).fetchone()[0]
                if filled:
                    out[name[len(prefix):]][side] = name
    return dict(out)


def _roles(columns: dict[str, str], list_column: str, key: str) -> list[tuple[str, str]]:
    """(role, column) for the string columns ``<side prefix><role>_<key without its s>``."""
    prefix = list_column[: -len(key)]
    single = key[:-1] if key.endswith("s") else key
    found = []
    for name, kind in columns.items():
        if kind == "VARCHAR" and name.startswith(prefix) and name.endswith("_" + single):
            role = name[len(prefix): -len(single) - 1]
            if role and "_" not in role:
                found.append((role, name))
    return found


def preset_tables(con: Any, preset: str) -> dict[str, Any]:
    p = [preset]
    head = _rows(con, "SELECT any_value(game) AS game, count(*) AS games, max(seats) AS seats, "
                      "sum(CASE WHEN draw THEN 1 ELSE 0 END) AS draws, count(DISTINCT run) AS runs, "
                      "avg(length) AS mean_length FROM games WHERE preset = ?", p)[0]
    out: dict[str, Any] = {"preset": preset, "game": head["game"], "games": int(head["games"]),
                           "seats": int(head["seats"]), "draws": int(head["draws"]),
                           "runs": int(head["runs"])}
    out["reasons"] = _rows(con, "SELECT reason, count(*) AS n FROM games WHERE preset = ? "
                                "GROUP BY reason ORDER BY n DESC, reason", p)
    lengths = [int(x) for (x,) in con.execute("SELECT length FROM games WHERE preset = ? ORDER BY length",
                                                p).fetchall()]
    out["length"] = {"n": len(lengths), "mean": round(sum(lengths) / len(lengths), 2), "min": lengths[0],
                     "median": lengths[len(lengths) // 2], "p90": lengths[int(len(lengths) * 0.9)],
                     "max": lengths[-1], "values": lengths}
    out["seats_win"] = _with_rate(_rows(con, """
        SELECT seat, count(*) AS n, sum(CASE WHEN list_contains(winner_seats, seat) THEN 1 ELSE 0 END) AS wins
        FROM (SELECT unnest(range(seats)) AS seat, winner_seats FROM games WHERE preset = ?)
        GROUP BY seat ORDER BY seat""", p), ["seat"])
    first = _rows(con, """
        SELECT count(*) AS n,
               sum(CASE WHEN list_contains(winner_seats, first_seat) THEN 1 ELSE 0 END) AS wins,
               avg(CASE WHEN len(list_distinct(sides)) > 0 THEN 1.0 / len(list_distinct(sides))
                        ELSE 1.0 / seats END) AS fair
        FROM games WHERE preset = ? AND first_seat IS NOT NULL""", p)[0]
    if first["n"]:
        out["first_seat"] = {**rate(int(first["wins"]), int(first["n"])),
                             "fair_share": round(first["fair"], 4)}
    out["sides_win"] = _with_rate(_rows(con, """
        SELECT side, count(*) AS n, sum(CASE WHEN winner_side = side THEN 1 ELSE 0 END) AS wins
        FROM (SELECT DISTINCT run, index, unnest(sides) AS side, winner_side FROM games WHERE preset = ?)
        WHERE side IS NOT NULL GROUP BY side ORDER BY side""", p), ["side"])
    out["bots_win"] = _with_rate(_rows(con, """
        SELECT bot, count(*) AS n, sum(CASE WHEN list_contains(winner_seats, seat) THEN 1 ELSE 0 END) AS wins
        FROM (SELECT unnest(bots) AS bot, unnest(range(seats)) AS seat, winner_seats
              FROM games WHERE preset = ?)
        GROUP BY bot ORDER BY bot""", p), ["bot"])
    columns = _columns(con)
    names: dict[str, Any] = {}
    for key, by_side in sorted(_side_lists(con, preset).items()):
        if key == "picks":
            out["draft"] = draft_tables(con, preset, by_side, _side_lists(con, preset).get("generals", {}),
                                        columns)
            continue
        names[key] = name_tables(con, preset, key, by_side, columns)
    out["names"] = names
    return out


def name_tables(con: Any, preset: str, key: str, by_side: dict[str, str],
                columns: dict[str, str]) -> dict[str, Any]:
    """The win rate of each name of the list statistic ``key``: overall, per side, per side and role."""
    parts = []
    for side, column in by_side.items():
        roles = _roles(columns, column, key)
        if roles:
            role_sql = "CASE " + " ".join(f"WHEN name = {_quote(c)} THEN '{r}'" for r, c in roles)
            others = {COMPLEMENT.get(r, "other") for r, _ in roles}
            role_sql += f" ELSE '{others.pop() if len(others) == 1 else 'other'}' END"
            role_cols = ", " + ", ".join(_quote(c) for _, c in roles)
        else:
            role_sql, role_cols = "'all'", ""
        side_lit = side.replace("'", "''")
        parts.append(f"""
            SELECT '{side_lit}' AS side, name, {role_sql} AS role, won FROM (
              SELECT unnest({_quote(column)}) AS name, winner_side = '{side_lit}' AS won{role_cols}
              FROM games WHERE preset = $preset AND {_quote(column)} IS NOT NULL)""")
    con.execute(f"CREATE OR REPLACE TEMP TABLE named AS {' UNION ALL '.join(parts)}", {"preset": preset})
    total = """SELECT name, count(*) AS n, sum(CASE WHEN won THEN 1 ELSE 0 END) AS wins FROM named
               GROUP BY name ORDER BY name"""
    by_side_sql = """SELECT side, name, count(*) AS n, sum(CASE WHEN won THEN 1 ELSE 0 END) AS wins
                     FROM named GROUP BY side, name ORDER BY side, name"""
    by_role = """SELECT side, role, name, count(*) AS n, sum(CASE WHEN won THEN 1 ELSE 0 END) AS wins
                 FROM named GROUP BY side, role, name ORDER BY side, role, name"""
    return {"all": _with_rate(_rows(con, total), ["name"]),
            "by_side": _with_rate(_rows(con, by_side_sql), ["side", "name"]),
            "by_side_role": _with_rate(_rows(con, by_role), ["side", "role", "name"])}


def draft_tables(con: Any, preset: str, picks: dict[str, str], fielded: dict[str, str],
                 columns: dict[str, str]) -> dict[str, Any]:
    """Pick rates, the win rate by pick position, and the first picker's win rate."""
    parts = []
    for side, column in picks.items():
        side_lit = side.replace("'", "''")
        field = _quote(fielded[side]) if side in fielded else "[]"
        parts.append(f"""
            SELECT '{side_lit}' AS side, run, index, name, position, won,
                   list_contains({field}, name) AS fielded
            FROM (SELECT run, index, unnest({_quote(column)}) AS name,
                         unnest(range(1, len({_quote(column)}) + 1)) AS position,
                         winner_side = '{side_lit}' AS won, {field} FROM games
                  WHERE preset = $preset AND {_quote(column)} IS NOT NULL)""")
    con.execute(f"CREATE OR REPLACE TEMP TABLE picked AS {' UNION ALL '.join(parts)}", {"preset": preset})
    drafts = con.execute("SELECT count(DISTINCT (run, index)) FROM picked").fetchone()[0]
    names = _rows(con, """SELECT name, count(*) AS n, sum(CASE WHEN won THEN 1 ELSE 0 END) AS wins,
                                 avg(position) AS mean_position,
                                 sum(CASE WHEN fielded THEN 1 ELSE 0 END) AS fielded
                          FROM picked GROUP BY name ORDER BY name""")
    # every game has a k-th pick on both sides, so the picking side's win rate by position is 1/2 by
    # construction; what differs is how often a k-th pick is fielded and how it does when it is
    positions = _rows(con, """SELECT position, count(*) AS picks,
                                     sum(CASE WHEN fielded THEN 1 ELSE 0 END) AS n,
                                     sum(CASE WHEN fielded AND won THEN 1 ELSE 0 END) AS wins
                              FROM picked GROUP BY position ORDER BY position""")
    out: dict[str, Any] = {
        "drafts": int(drafts),
        "names": [{"name": r["name"], "picks": int(r["n"]), "pick_rate": round(r["n"] / drafts, 4),
                   "mean_position": round(r["mean_position"], 2), "fielded": int(r["fielded"]),
                   **{f"win_{k}": v for k, v in rate(int(r["wins"]), int(r["n"])).items() if k != "n"}}
                  for r in names],
        "positions": [{"position": int(r["position"]), "picks": int(r["picks"]),
                       "fielded_rate": round(r["n"] / r["picks"], 4), **rate(int(r["wins"]), int(r["n"]))}
                      for r in positions],
    }
    first_cols = [(side, f"side_{side}_picked_first") for side in picks
                  if f"side_{side}_picked_first" in columns]
    if first_cols:
        sql = " UNION ALL ".join(
            f"SELECT winner_side = '{side}' AS won FROM games WHERE preset = $preset AND {_quote(c)}"
            for side, c in first_cols)
        n, wins = con.execute(f"SELECT count(*), sum(CASE WHEN won THEN 1 ELSE 0 END) FROM ({sql})",
                              {"preset": preset}).fetchone()
        out["first_picker"] = rate(int(wins or 0), int(n))
    return out
