"""``/stats``: the latest simulation report (``tablesport analyze``), for players and organisers.

The report folder is ``TABLESPORT_REPORT`` if set, else ``data/report`` (beside the embedded store's
``data/``). The page reads its ``report.json`` at each request (a new report shows without a
restart) and shows, per preset, the sides' win rates, the over- and under-powered names of the draft
model and the win rate of each name, with the report's figures (``/stats/figures/<file>``: only the
files the report lists). Without a report, or with one that cannot be read, a page says so and how
to make one."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import FileResponse, HTMLResponse, Response

from tablesport.games import all_presets

from ..content.gamedata import names
from ..content.rules_pages import title_of
from ..web import auth
from ..web.auth import AccountOrNone
from ..web.deps import LangDep
from ..web.render import error_page, render

router = APIRouter(dependencies=[Depends(auth.csrf_protect)])

MOST = 12
"""Rows of the name table: the MOST best and MOST worst by win rate (of those with enough games)."""
MIN_GAMES = 30


def report_dir() -> Path:
    return Path(os.environ.get("TABLESPORT_REPORT") or Path("data") / "report")


def read_report(folder: Path) -> tuple[dict[str, Any] | None, str | None]:
    """(the report, None), or (None, why not: ``missing`` or ``unreadable``)."""
    path = folder / "report.json"
    if not path.is_file():
        return None, "missing"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None, "unreadable"
    if not isinstance(data, dict) or not isinstance(data.get("presets"), dict):
        return None, "unreadable"
    return data, None


def _label(game: str, lang: str) -> Any:
    """A name's label in ``lang`` for ``game`` (its named things' names; else the name itself)."""
    named: dict[str, Any] = {}
    for kind in names(game).values() if game else ():
        if isinstance(kind, dict):
            named.update({k: v for k, v in kind.items() if isinstance(v, dict) and "name" in v})
    key = {"en": "name", "zh-Hans": "name_zh", "zh-Hant": "name_zh_hant"}[lang]

    def label(name: str) -> str:
        entry = named.get(name)
        return str(entry.get(key) or entry["name"]) if entry else name

    return label


def _pct(r: dict[str, Any]) -> str:
    return f"{100 * r['rate']:.1f} % [{100 * r['lo']:.1f}, {100 * r['hi']:.1f}]"


def _pts(e: dict[str, Any]) -> str:
    return f"{100 * e['effect']:+.1f} [{100 * e['lo']:+.1f}, {100 * e['hi']:+.1f}]"


def preset_view(t: dict[str, Any], lang: str) -> dict[str, Any]:
    """What the page shows of one preset's tables (missing parts are left out, never an error)."""
    preset, game = str(t.get("preset", "")), str(t.get("game", ""))
    known = preset in all_presets()
    label = _label(game if known else "", lang)
    view: dict[str, Any] = {
        "preset": preset, "title": title_of(game, preset, lang)[1] if known else preset,
        "games": int(t.get("games", 0)),
        "sides": [{"side": r["side"], "n": r["n"], "rate": _pct(r)} for r in t.get("sides_win", [])],
        "seats": [] if t.get("sides_win") else [{"seat": r["seat"], "n": r["n"], "rate": _pct(r)}
                                                 for r in t.get("seats_win", [])],
        "figures": [f for f in t.get("figures", []) if isinstance(f, dict) and "file" in f],
    }
    model = t.get("model") or {}
    fnd = model.get("findings") or {}
    for key in ("over", "under"):
        view[key] = [{"name": label(r["name"]), "role": r["role"], "effect": _pts(r)}
                     for r in fnd.get(key, [])]
    view["model_games"] = model.get("games")
    rows: list[dict[str, Any]] = []
    for key, tables in (t.get("names") or {}).items():
        ranked = sorted((r for r in tables.get("all", []) if r["n"] >= MIN_GAMES),
                        key=lambda r: (-r["rate"], r["name"]))
        if len(ranked) > 2 * MOST:
            ranked = ranked[:MOST] + ranked[-MOST:]
        rows += [{"key": key, "name": label(r["name"]), "n": r["n"], "rate": _pct(r)} for r in ranked]
    view["names"] = rows
    return view


@router.get("/stats", response_class=HTMLResponse)
async def stats(request: Request, lang: LangDep, acc: AccountOrNone) -> HTMLResponse:
    folder = report_dir()
    report, why = read_report(folder)
    try:
        presets = [preset_view(t, lang) for t in report["presets"].values()] if report else []
    except (KeyError, TypeError, ValueError, AttributeError):     # JSON, but not what analyze writes
        presets, why = [], "unreadable"
    return await render(request, lang, "stats.html", account=acc, presets=presets, why=why,
                        min_games=MIN_GAMES)


@router.get("/stats/figures/{name}")
async def figure(request: Request, name: str) -> Response:
    folder = report_dir()
    report, _ = read_report(folder)
    listed = {f.get("file") for t in (report or {}).get("presets", {}).values()
              for f in t.get("figures", []) if isinstance(f, dict)}
    path = folder / name
    if name not in listed or "/" in name or not path.is_file():
        return await error_page(request, 404, "", key="errpage.no_figure")
    return FileResponse(path, media_type="image/svg+xml")
