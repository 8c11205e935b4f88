"""The draft advisor's tables: what each name fielded adds to its side's chance, and which pairs do
better together than apart (see docs/advisor.md).

Read from a simulation dataset whose results carry, per side, a list of fielded names
(``side_<side>_generals``) and the name in one role (``side_<side>_commander_general``); the side's
other names take the complementary role (:data:`~tablesport.analytics.tables.COMPLEMENT`). Two
sides, one winner per game (draws are left out and counted).

**The model.** A logistic regression of "the first side won" on the fielded names of both sides::

    logit P(first side wins) = a + Σ_first (b[name] + c[name]·[in the role]) − Σ_second (same)

``b`` is a name's effect in the complementary role (vanguard), ``b + c`` in the role (commander);
``a`` is the first side's advantage. Each side fields one name in the role and the rest beside it, so
the effects are known only up to a shift per role: they are reported against the average name
fielded in that role (the mean over fieldings is 0), with standard errors of those centred values
(the covariance of the fit, projected). A small ridge penalty (``RIDGE``, and ``RIDGE_ROLE`` on
``c``, which pulls a rarely seen role towards the name's other role) keeps a name with few games
finite; with the random drafts of a balance run (``heuristic:explore=1``) every name is fielded in
both roles thousands of times and the penalty changes nothing that shows.

**Synergies.** For every pair of names fielded together, the pair's side won ``O`` times where the
model (which knows no pairs) expected ``E = Σ p``; the excess ``(O − E) / n`` is a pair effect in
win-rate points, with ``z = (O − E) / √Σ p(1 − p)``. Only pairs with at least ``MIN_PAIR`` games
whose ``|z|`` passes a Bonferroni-corrected two-sided 5 % test over all the pairs tested are kept:
the rest are noise at this sample size and the advisor ignores them.
"""

from __future__ import annotations

import math
from statistics import NormalDist
from typing import Any

import numpy as np

from .tables import COMPLEMENT, AnalyticsError

RIDGE = 1.0
RIDGE_ROLE = 4.0
RIDGE_SIDE = 0.01
"""A token penalty on the first side's advantage: finite when one side won every game of a tiny run."""
MIN_PAIR = 200
Z95 = 1.959963984540054


def _sigmoid(x: Any) -> Any:
    return 1.0 / (1.0 + np.exp(-x))


def fit_logistic(x: np.ndarray, y: np.ndarray, penalty: np.ndarray,
                 iterations: int = 50) -> tuple[np.ndarray, np.ndarray]:
    """Ridge-penalised logistic regression by Newton's method: (coefficients, covariance)."""
    w = np.zeros(x.shape[1])
    pen = np.diag(penalty)
    for _ in range(iterations):
        p = _sigmoid(x @ w)
        grad = x.T @ (y - p) - penalty * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + pen
        step = np.linalg.solve(hess, grad)
        w += step
        if float(np.max(np.abs(step))) < 1e-9:
            break
    p = _sigmoid(x @ w)
    hess = (x * (p * (1 - p))[:, None]).T @ x + pen
    return w, np.linalg.inv(hess)


def _games(con: Any, preset: str, key: str, role: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    """The two sides and, per decided game, (winner, first side's names, role name, second's, role)."""
    sides = [s for (s,) in con.execute(
        "SELECT DISTINCT s FROM (SELECT unnest(sides) AS s FROM games WHERE preset = ?) "
        "WHERE s IS NOT NULL ORDER BY s", [preset]).fetchall()]
    if len(sides) != 2:
        raise AnalyticsError(f"{preset}: the draft model needs two sides, the games have {sides}")
    single = key[:-1] if key.endswith("s") else key
    cols = []
    columns = {name for (name, *_) in con.execute("DESCRIBE games").fetchall()}
    for side in sides:
        names, role_col = f"side_{side}_{key}", f"side_{side}_{role}_{single}"
        if names not in columns or role_col not in columns:
            raise AnalyticsError(f"{preset}: no columns {names} and {role_col} (results without a draft?)")
        cols += [names, role_col]
    rows = con.execute(f"SELECT winner_side, {', '.join(cols)} FROM games WHERE preset = ? "
                       f"AND {cols[0]} IS NOT NULL AND {cols[2]} IS NOT NULL", [preset]).fetchall()
    return sides, rows


def draft_model(con: Any, preset: str, key: str = "generals", role: str = "commander") -> dict[str, Any]:
    """The advisor's tables for ``preset`` (the ``games`` table of :func:`tables.load` must hold it)."""
    sides, rows = _games(con, preset, key, role)
    other = COMPLEMENT.get(role, "other")
    decided = [r for r in rows if r[0] in sides]
    draws = len(rows) - len(decided)
    if not decided:
        raise AnalyticsError(f"{preset}: no decided games with fielded {key}")
    names = sorted({n for r in decided for lst in (r[1], r[3]) for n in lst})
    idx = {n: i for i, n in enumerate(names)}
    k = len(names)
    n = len(decided)
    x = np.zeros((n, 1 + 2 * k))
    y = np.zeros(n)
    x[:, 0] = 1.0
    for g, (winner, first, first_role, second, second_role) in enumerate(decided):
        y[g] = 1.0 if winner == sides[0] else 0.0
        for sign, lst, lead in ((1.0, first, first_role), (-1.0, second, second_role)):
            for name in lst:
                x[g, 1 + idx[name]] += sign
            x[g, 1 + k + idx[lead]] += sign
    penalty = np.concatenate([[RIDGE_SIDE], np.full(k, RIDGE), np.full(k, RIDGE_ROLE)])
    try:
        w, cov = fit_logistic(x, y, penalty)
    except np.linalg.LinAlgError:
        raise AnalyticsError(f"{preset}: the draft model cannot be fitted on {n} games") from None

    # centre each role's effects on the mean over its fieldings (the identified contrasts)
    lead_count = np.zeros(k)
    beside_count = np.zeros(k)
    for _, first, first_role, second, second_role in decided:
        for lst, lead in ((first, first_role), (second, second_role)):
            lead_count[idx[lead]] += 1
            for name in lst:
                if name != lead:
                    beside_count[idx[name]] += 1
    # role effects as linear maps of w: beside = b, lead = b + c
    m_beside = np.zeros((k, 1 + 2 * k))
    m_lead = np.zeros((k, 1 + 2 * k))
    for i in range(k):
        m_beside[i, 1 + i] = 1.0
        m_lead[i, 1 + i] = 1.0
        m_lead[i, 1 + k + i] = 1.0

    def centred(m: np.ndarray, weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        centre = m - (weights / weights.sum()) @ m
        est = centre @ w
        se = np.sqrt(np.maximum(np.einsum("ij,jk,ik->i", centre, cov, centre), 0.0))
        return est, se

    lead_est, lead_se = centred(m_lead, lead_count)
    beside_est, beside_se = centred(m_beside, beside_count)

    fielded_wins = np.zeros(k)
    fielded_n = np.zeros(k)
    p_first = _sigmoid(x @ w)
    pairs: dict[tuple[str, str], list[float]] = {}
    for g, (winner, first, _, second, _) in enumerate(decided):
        pg = float(p_first[g])
        for side, lst, p in ((sides[0], first, pg), (sides[1], second, 1 - pg)):
            won = 1.0 if winner == side else 0.0
            for name in lst:
                fielded_n[idx[name]] += 1
                fielded_wins[idx[name]] += won
            srt = sorted(lst)
            for i in range(len(srt)):
                for j in range(i + 1, len(srt)):
                    acc = pairs.setdefault((srt[i], srt[j]), [0.0, 0.0, 0.0, 0.0])
                    acc[0] += 1
                    acc[1] += won
                    acc[2] += p
                    acc[3] += p * (1 - p)
    tested = [(pair, acc) for pair, acc in pairs.items() if acc[0] >= MIN_PAIR and acc[3] > 0]
    z_crit = NormalDist().inv_cdf(1 - 0.025 / len(tested)) if tested else math.inf
    synergies = []
    for (a, b), (cnt, won, exp, var) in sorted(tested):
        z = (won - exp) / math.sqrt(var)
        if abs(z) >= z_crit:
            half = Z95 * math.sqrt(var) / cnt
            effect = (won - exp) / cnt
            synergies.append({"a": a, "b": b, "n": int(cnt), "wins": int(won), "expected": round(exp, 2),
                              "effect": round(effect, 4), "lo": round(effect - half, 4),
                              "hi": round(effect + half, 4), "z": round(z, 2)})

    def role_entry(est: float, se: float, count: float) -> dict[str, Any]:
        return {"logit": round(float(est), 4), "se": round(float(se), 4), "n": int(count),
                **win_points(float(est), float(se))}

    generals = {
        name: {role: role_entry(lead_est[i], lead_se[i], lead_count[i]),
               other: role_entry(beside_est[i], beside_se[i], beside_count[i]),
               "fielded": int(fielded_n[i]), "fielded_wins": int(fielded_wins[i])}
        for i, name in enumerate(names)}
    return {
        "preset": preset, "key": key, "roles": [role, other], "sides": sides, "games": n, "draws": draws,
        "first_side": {"side": sides[0], "logit": round(float(w[0]), 4),
                       "se": round(float(math.sqrt(cov[0, 0])), 4)},
        "model": f"logistic: logit P({sides[0]} wins) = a + effects of its fielded names - {sides[1]}'s; "
                 "effects per role, centred on the average name fielded in that role",
        "ridge": {"effect": RIDGE, "role": RIDGE_ROLE},
        "generals": generals,
        "synergy_test": {"pairs_tested": len(tested), "min_games": MIN_PAIR,
                         "z_critical": round(z_crit, 3) if tested else None,
                         "rule": "two-sided 5 %, Bonferroni over the pairs tested"},
        "synergies": synergies,
    }


def win_points(logit: float, se: float) -> dict[str, float]:
    """A logit effect as win-rate points at an even game: σ(x) − ½, with its 95 % interval."""
    def pts(v: float) -> float:
        return round(1.0 / (1.0 + math.exp(-v)) - 0.5, 4)

    return {"effect": pts(logit), "lo": pts(logit - Z95 * se), "hi": pts(logit + Z95 * se)}
