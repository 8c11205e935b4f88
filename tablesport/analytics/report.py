"""``tablesport analyze DATASET --out DIR``: report.json, report.html and the SVG figures it shows."""

from __future__ import annotations

import json
from html import escape
from pathlib import Path
from typing import Any

from . import figures
from .tables import AnalyticsError, connect, load, preset_tables

MOST = 15
"""A figure of names shows the MOST best and MOST worst (by win rate) of those with enough games."""


def report_tables(con: Any, files: dict[str, list[str]]) -> dict[str, Any]:
    """Every preset's tables (:func:`~tablesport.analytics.tables.preset_tables`), with the draft
    advisor's model where the results carry a draft and a role."""
    from .draft import draft_model

    out: dict[str, Any] = {}
    for preset, paths in files.items():
        load(con, preset, paths)
        out[preset] = preset_tables(con, preset)
        if "draft" in out[preset] and "generals" in out[preset]["names"]:
            # the draft advisor's tables (analytics/draft.py): where the results carry a draft and a role
            try:
                model = draft_model(con, preset)
            except AnalyticsError:
                continue
            model["source"] = {"runs": [r for (r,) in con.execute(
                                   "SELECT DISTINCT run FROM games ORDER BY run").fetchall()],
                               "bots": sorted({b for (bs,) in con.execute(
                                   "SELECT DISTINCT bots FROM games").fetchall() for b in bs})}
            out[preset]["model"] = model
    return {"presets": out}


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "-" for c in text).strip("-")


def _pct(r: dict[str, Any]) -> str:
    return f"{100 * r['rate']:.1f} % [{100 * r['lo']:.1f}, {100 * r['hi']:.1f}]"


def _extremes(rows: list[dict[str, Any]], min_games: int) -> list[dict[str, Any]]:
    rows = sorted((r for r in rows if r["n"] >= min_games), key=lambda r: (-r["rate"], r["name"]))
    return rows if len(rows) <= 2 * MOST else rows[:MOST] + rows[-MOST:]


def preset_figures(out: Path, t: dict[str, Any], min_games: int) -> list[tuple[str, str]]:
    """(caption, file) of each figure of one preset."""
    p, n = t["preset"], t["games"]
    slug = _slug(p)
    figs: list[tuple[str, str]] = []
    reasons = t["reasons"]
    figs.append(("End reasons", figures.count_bars(
        out / f"{slug}-reasons.svg", f"{p}: end reasons\n(n = {n} games)",
        [r["reason"] for r in reasons], [int(r["n"]) for r in reasons])))
    figs.append(("Game length", figures.histogram(
        out / f"{slug}-length.svg", f"{p}: decisions per game\n(n = {n} games)", t["length"]["values"],
        "decisions")))
    seats = t["seats_win"]
    figs.append(("Win rate by seat", figures.rate_bars(
        out / f"{slug}-seats.svg", f"{p}: win rate by seat\n(n = {n} games)",
        [f"seat {r['seat']}" for r in seats], seats, 1 / t["seats"] if not t["sides_win"] else None)))
    if t["sides_win"]:
        figs.append(("Win rate by side", figures.rate_bars(
            out / f"{slug}-sides.svg", f"{p}: win rate by side\n(n = {n} games)",
            [r["side"] for r in t["sides_win"]], t["sides_win"], 1 / len(t["sides_win"]))))
    if len(t["bots_win"]) > 1:
        figs.append(("Win rate by bot (per seat played)", figures.rate_bars(
            out / f"{slug}-bots.svg", f"{p}: win rate by bot\n(n = {n} games)",
            [r["bot"] for r in t["bots_win"]], t["bots_win"])))
    for key, tables in t["names"].items():
        rows = _extremes(tables["all"], min_games)
        if rows:
            figs.append((f"Win rate by {key}", figures.rate_bars(
                out / f"{slug}-{_slug(key)}.svg",
                f"{p}: win rate of the side fielding each of {key}\n"
                f"(n = {n} games; names with ≥ {min_games})",
                [r["name"] for r in rows], rows)))
        for side_role in sorted({(r["side"], r["role"]) for r in tables["by_side_role"]}):
            rows = _extremes([r for r in tables["by_side_role"] if (r["side"], r["role"]) == side_role],
                             min_games)
            if rows:
                side, role = side_role
                figs.append((f"Win rate by {key}: {side}, {role}", figures.rate_bars(
                    out / f"{slug}-{_slug(key)}-{_slug(side)}-{_slug(role)}.svg",
                    f"{p}: {key} as {side} {role}\n(n = {n} games; names with ≥ {min_games})",
                    [r["name"] for r in rows], rows)))
    draft = t.get("draft")
    if draft and draft["positions"]:
        figs.append(("Draft: win rate by pick position", figures.position_plot(
            out / f"{slug}-pick-position.svg",
            f"{p}: the side's n-th pick, fielded and winning\n(n = {draft['drafts']} drafts)",
            draft["positions"])))
    model = t.get("model")
    if model:
        lead, beside = model["roles"]
        ranked = sorted(model["generals"].items(), key=lambda kv: -kv[1][beside]["effect"])
        figs.append(("Draft model: each general's effect by role", figures.effect_plot(
            out / f"{slug}-model.svg",
            f"{p}: effect of fielding each general, by role (logistic model)\n"
            f"(n = {model['games']} games; n per general: fieldings)",
            [name for name, _ in ranked],
            {role: [{**e[role], "n": e["fielded"]} for _, e in ranked] for role in (beside, lead)})))
    return figs


def findings(model: dict[str, Any]) -> dict[str, list[dict[str, Any]]]:
    """Over- and under-powered names: an interval above (below) 0 in one role and not below (above)
    it in the other; each with its strongest (weakest) role, ordered by that effect."""
    over, under = [], []
    for name, e in model["generals"].items():
        roles = [r for r in model["roles"] if e[r]["n"]]
        up = [r for r in roles if e[r]["lo"] > 0]
        down = [r for r in roles if e[r]["hi"] < 0]
        if up and not down:
            role = max(up, key=lambda r: e[r]["effect"])
            over.append({"name": name, "role": role, **e[role], "roles": {r: e[r] for r in model["roles"]}})
        elif down and not up:
            role = min(down, key=lambda r: e[r]["effect"])
            under.append({"name": name, "role": role, **e[role], "roles": {r: e[r] for r in model["roles"]}})
    over.sort(key=lambda r: -r["effect"])
    under.sort(key=lambda r: r["effect"])
    return {"over": over, "under": under}


def findings_md(t: dict[str, Any]) -> str:
    """The draft model's findings as Markdown (``<preset>-findings.md``), numbers as in the tables."""
    model = t["model"]
    lead, beside = model["roles"]
    f = model["first_side"]
    side = next((r for r in t["sides_win"] if r["side"] == f["side"]), None)
    lines = [f"# {t['preset']}: findings from {t['games']} games", "",
             f"Bots: {', '.join(model.get('source', {}).get('bots', [])) or '?'}; "
             f"runs: {', '.join(model.get('source', {}).get('runs', [])) or '?'}; "
             f"decided games in the model: {model['games']} ({model['draws']} draws left out).", ""]
    if side:
        lines += [f"* The {f['side']} side won {_pct(side)} of {side['n']} games "
                  f"(model: log-odds {f['logit']:+.3f} ± {1.96 * f['se']:.3f}).", ""]
    for label, key in (("Over-powered", "over"), ("Under-powered", "under")):
        lines.append(f"## {label} (effect on the side's win rate in points, 95 % interval away from 0)")
        lines.append("")
        for r in model["findings"][key]:
            other = lead if r["role"] == beside else beside
            lines.append(f"* {r['name']}: as {r['role']} {_pts(r)} (n = {r['n']}); "
                         f"as {other} {_pts(r['roles'][other])} (n = {r['roles'][other]['n']})")
        if not model["findings"][key]:
            lines.append("* none")
        lines.append("")
    st = model["synergy_test"]
    lines += [f"## Pairs ({st['pairs_tested']} tested with ≥ {st['min_games']} games together; "
              f"{st['rule']}, |z| ≥ {st['z_critical'] or '—'})", ""]
    lines += [f"* {s['a']} + {s['b']}: {_pts(s)} beside what the single effects predict "
              f"(n = {s['n']}, z = {s['z']})" for s in sorted(model["synergies"], key=lambda s: -s["effect"])]
    if not model["synergies"]:
        lines.append("* none passes the test")
    return "\n".join(lines) + "\n"


def _pts(e: dict[str, Any]) -> str:
    return f"{100 * e['effect']:+.1f} [{100 * e['lo']:+.1f}, {100 * e['hi']:+.1f}]"


def model_html(model: dict[str, Any]) -> str:
    lead, beside = model["roles"]
    f = model["first_side"]
    parts = [f"<h3>Draft model: what fielding each name is worth ({model['games']} decided games)</h3>",
             f"<p>{escape(model['model'])}. Effects in win-rate points at an even game with 95 % "
             f"intervals; the {escape(f['side'])} side's own advantage: log-odds {f['logit']:+.3f} "
             f"(± {1.96 * f['se']:.3f}).</p>"]
    fnd = model["findings"]
    for label, key in (("Over-powered", "over"), ("Under-powered", "under")):
        items = ", ".join(f"{escape(r['name'])} ({escape(r['role'])} {_pts(r)})" for r in fnd[key])
        parts.append(f"<p><b>{label}</b>: {items or 'none whose interval excludes 0'}.</p>")
    rows = sorted(model["generals"].items(), key=lambda kv: -kv[1][beside]["effect"])
    parts.append(_table(["name", "fielded", f"as {lead}: n", "effect [95 %]", f"as {beside}: n",
                         "effect [95 %]", "raw win rate when fielded"],
                        [[n, e["fielded"], e[lead]["n"], _pts(e[lead]), e[beside]["n"], _pts(e[beside]),
                          f"{100 * e['fielded_wins'] / e['fielded']:.1f} %" if e["fielded"] else "—"]
                         for n, e in rows]))
    st = model["synergy_test"]
    parts.append(f"<p>Pairs fielded together: {st['pairs_tested']} with ≥ {st['min_games']} games tested "
                 f"against the model ({escape(st['rule'])}, |z| ≥ {st['z_critical'] or '—'}); "
                 f"{len(model['synergies'])} pass.</p>")
    if model["synergies"]:
        parts.append(_table(["pair", "games", "wins", "expected", "excess [95 %]", "z"],
                            [[f"{s['a']} + {s['b']}", s["n"], s["wins"], s["expected"], _pts(s), s["z"]]
                             for s in sorted(model["synergies"], key=lambda s: -s["effect"])]))
    return "\n".join(parts)


def _table(head: list[str], rows: list[list[Any]]) -> str:
    h = "".join(f"<th>{escape(str(c))}</th>" for c in head)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return f"<table><tr>{h}</tr>{body}</table>"


def preset_html(t: dict[str, Any], figs: list[tuple[str, str]], min_games: int) -> str:
    parts = [f"<h2>{escape(t['preset'])} ({escape(t['game'])}): {t['games']} games</h2>",
             f"<p>{t['seats']} seats; {t['draws']} without a single winner; runs: {t['runs']}; "
             f"mean length {t['length']['mean']} decisions (median {t['length']['median']}, "
             f"max {t['length']['max']}).</p>"]
    if "first_seat" in t:
        f = t["first_seat"]
        parts.append(f"<p>The seat the first decision asked won {_pct(f)} of {f['n']} games "
                     f"(fair share {100 * f['fair_share']:.1f} %).</p>")
    parts.append(_table(["seat", "games", "win rate [95 %]"],
                        [[r["seat"], r["n"], _pct(r)] for r in t["seats_win"]]))
    if t["sides_win"]:
        parts.append(_table(["side", "games", "win rate [95 %]"],
                            [[r["side"], r["n"], _pct(r)] for r in t["sides_win"]]))
    parts.append(_table(["bot", "seat-games", "win rate [95 %]"],
                        [[r["bot"], r["n"], _pct(r)] for r in t["bots_win"]]))
    parts.append(_table(["end reason", "games"], [[r["reason"], r["n"]] for r in t["reasons"]]))
    for key, tables in t["names"].items():
        rows = _extremes(tables["all"], min_games)
        parts.append(f"<h3>{escape(key)}: win rate of the side fielding each (≥ {min_games} games)</h3>")
        parts.append(_table(["name", "games", "win rate [95 %]"],
                            [[r["name"], r["n"], _pct(r)] for r in rows]))
    draft = t.get("draft")
    if draft:
        parts.append(f"<h3>Draft ({draft['drafts']} drafts)</h3>")
        if "first_picker" in draft:
            parts.append(f"<p>The side that picked first won {_pct(draft['first_picker'])} "
                         f"of {draft['first_picker']['n']} games.</p>")
        parts.append(_table(["side's pick", "picks", "fielded", "win rate when fielded [95 %]"],
                            [[r["position"], r["picks"], f"{100 * r['fielded_rate']:.1f} %", _pct(r)]
                             for r in draft["positions"]]))
        top = sorted(draft["names"], key=lambda r: (-r["pick_rate"], r["name"]))[:2 * MOST]
        parts.append(_table(["name", "pick rate", "mean pick", "fielded", "win rate when picked [95 %]"],
                            [[r["name"], f"{100 * r['pick_rate']:.1f} %", r["mean_position"], r["fielded"],
                              _pct({"rate": r["win_rate"], "lo": r["win_lo"], "hi": r["win_hi"]})]
                             for r in top]))
    if t.get("model"):
        parts.append(model_html(t["model"]))
    for caption, name in figs:
        parts.append(f"<figure><img src=\"{escape(name)}\" alt=\"{escape(caption)}\">"
                     f"<figcaption>{escape(caption)}</figcaption></figure>")
    return "\n".join(parts)


STYLE = ("body{font-family:sans-serif;max-width:60em;margin:1em auto}table{border-collapse:collapse;"
         "margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px;font-size:90%}figure{margin:1em 0}")


def analyze(dataset: Path, out: Path, preset: str | None = None, min_games: int = 30) -> dict[str, Any]:
    """Write ``report.json``, ``report.html`` and the figures into ``out``; returns the summary."""
    con, files = connect(dataset, preset)
    tables = report_tables(con, files)
    out.mkdir(parents=True, exist_ok=True)
    sections = []
    written = []
    for t in tables["presets"].values():
        if t.get("model"):
            t["model"]["findings"] = findings(t["model"])
            name = f"{_slug(t['preset'])}-advisor.json"
            (out / name).write_text(json.dumps(t["model"], indent=1, ensure_ascii=False) + "\n",
                                    encoding="utf-8")
            written.append(name)
            name = f"{_slug(t['preset'])}-findings.md"
            (out / name).write_text(findings_md(t), encoding="utf-8")
            written.append(name)
        figs = preset_figures(out, t, min_games)
        written += [name for _, name in figs]
        sections.append(preset_html(t, figs, min_games))
        t["figures"] = [{"caption": c, "file": f} for c, f in figs]
        t["length"].pop("values")
    (out / "report.json").write_text(json.dumps(tables, indent=1, ensure_ascii=False) + "\n",
                                     encoding="utf-8")
    page = (f"<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Simulation report</title>"
            f"<style>{STYLE}</style></head><body><h1>Simulation report</h1>"
            f"<p>Dataset: {escape(str(dataset))}. Win rates with Wilson 95 % intervals.</p>"
            + "\n".join(sections) + "</body></html>\n")
    (out / "report.html").write_text(page, encoding="utf-8")
    return {"dataset": str(dataset), "out": str(out),
            "presets": {p: t["games"] for p, t in tables["presets"].items()},
            "files": ["report.json", "report.html", *written]}
