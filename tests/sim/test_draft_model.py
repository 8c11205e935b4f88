"""The draft advisor's tables (analytics/draft.py) from a small synthetic dataset whose truth is known:
the planted strong and weak generals come out with intervals away from 0, the planted pair is the only
synergy that passes the test, and the advisor ranks from the tables as the truth says."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

duckdb = pytest.importorskip("duckdb")

from tablesport.analytics.draft import draft_model  # noqa: E402
from tablesport.games.sanguosha.advisor import Tables, advise, parse_request  # noqa: E402

POOL = ["guo_jia", "zhuge_liang", "cao_cao", "xu_chu", "zhang_liao", "liu_bei", "sun_quan", "gan_ning",
        "lu_bu", "zhao_yun", "ma_chao", "huang_gai"]
"""12 of the 2012 pool: 66 pairs, each fielded together a few hundred times in 6,000 games."""
TRUTH = {"guo_jia": 0.8, "zhuge_liang": -0.8}          # log-odds, in any role
COMMANDER_ONLY = {"cao_cao": 0.8}                      # only as the commander
PAIR = ("xu_chu", "zhang_liao")                        # together: +0.8


def synthetic_games(n: int, seed: int = 7) -> list[tuple[Any, ...]]:
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n):
        six = list(rng.choice(POOL, 6, replace=False))
        cold, warm = six[:3], six[3:]

        def value(trio: list[str]) -> float:
            v = sum(TRUTH.get(g, 0.0) for g in trio) + COMMANDER_ONLY.get(trio[0], 0.0)
            return v + (0.8 if set(PAIR) <= set(trio) else 0.0)

        p = 1 / (1 + np.exp(-(0.2 + value(cold) - value(warm))))
        winner = "cold" if rng.random() < p else "warm"
        rows.append(("sgs-3v3-2012", ["cold"] * 3 + ["warm"] * 3, winner, cold, cold[0], warm, warm[0]))
    return rows


@pytest.fixture(scope="module")
def model() -> dict[str, Any]:
    con = duckdb.connect()
    con.execute("""CREATE TABLE games (preset VARCHAR, sides VARCHAR[], winner_side VARCHAR,
                   side_cold_generals VARCHAR[], side_cold_commander_general VARCHAR,
                   side_warm_generals VARCHAR[], side_warm_commander_general VARCHAR)""")
    con.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?)", synthetic_games(6000))
    return draft_model(con, "sgs-3v3-2012")


def test_planted_effects_are_found_with_their_roles(model: dict[str, Any]) -> None:
    g = model["generals"]
    assert model["games"] == 6000 and model["draws"] == 0
    first = model["first_side"]
    assert first["side"] == "cold" and first["logit"] == pytest.approx(0.2, abs=0.1)
    for role in ("commander", "vanguard"):
        assert g["guo_jia"][role]["lo"] > 0 and g["zhuge_liang"][role]["hi"] < 0
    assert g["cao_cao"]["commander"]["lo"] > 0
    assert g["cao_cao"]["vanguard"]["effect"] < g["cao_cao"]["commander"]["effect"] - 0.05
    plain = [name for name in POOL if name not in (*TRUTH, *COMMANDER_ONLY, *PAIR)]
    covered = sum(g[name]["vanguard"]["lo"] <= 0 <= g[name]["vanguard"]["hi"] for name in plain)
    assert covered >= len(plain) - 2          # ~95 % intervals: the generals without an effect mostly cover 0
    for e in g.values():
        assert e["fielded"] == e["commander"]["n"] + e["vanguard"]["n"]


def test_only_the_planted_pair_passes_the_synergy_test(model: dict[str, Any]) -> None:
    test = model["synergy_test"]
    assert test["pairs_tested"] > 0 and test["z_critical"] > 3
    assert [(s["a"], s["b"]) for s in model["synergies"]] == [PAIR]
    s = model["synergies"][0]
    assert s["lo"] > 0 and s["n"] >= 200


def test_the_advisor_ranks_from_the_tables(model: dict[str, Any], tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    path.write_text(json.dumps(model))
    t = Tables.from_json(json.loads(path.read_text()))
    revealed = [*POOL[:2], *POOL[3:], "diao_chan", "hua_tuo", "zhen_ji", "sima_yi", "zhou_tai"]
    req = parse_request({"preset": "sgs-3v3-2012", "generals": revealed, "first_picker": "cold",
                         "picks": {}, "turn": "cold"})
    ranked = [c["general"] for c in advise(req, t)["candidates"]]
    assert ranked[0] == "guo_jia" and ranked[-1] == "zhuge_liang"
    # holding zhang_liao (and facing guo_jia), the side's best next pick is its planted partner
    req = parse_request({"preset": "sgs-3v3-2012", "generals": revealed, "first_picker": "warm",
                         "picks": {"warm": ["guo_jia"], "cold": ["zhang_liao"]}, "turn": "cold"})
    top = advise(req, t)["candidates"][0]
    assert top["general"] == "xu_chu" and top["synergies"][0]["with"] == "zhang_liao"
