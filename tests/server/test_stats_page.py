"""``/stats``: the latest simulation report in three languages, its figures (only those the report lists),
and a friendly page when there is no report or it cannot be read."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablesport.server.app import create_app

from .test_catalogue import english_ui_in

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'


def rate(n: int, wins: int) -> dict[str, float | int]:
    return {"n": n, "wins": wins, "rate": wins / n, "lo": wins / n - 0.02, "hi": wins / n + 0.02}


def write_report(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "sgs-3v3-2012-model.svg").write_text(SVG)
    (folder / "secret.txt").write_text("not a figure")
    eff = {"logit": 0.5, "se": 0.1, "n": 400, "effect": 0.12, "lo": 0.08, "hi": 0.16}
    low = {"logit": -0.4, "se": 0.1, "n": 300, "effect": -0.1, "lo": -0.14, "hi": -0.06}
    report = {"presets": {"sgs-3v3-2012": {
        "preset": "sgs-3v3-2012", "game": "sanguosha", "games": 1234, "seats": 6,
        "sides_win": [{"side": "cold", **rate(1234, 660)}, {"side": "warm", **rate(1234, 574)}],
        "seats_win": [],
        "names": {"generals": {"all": [{"name": "guo_jia", **rate(400, 250)},
                                       {"name": "zhuge_liang", **rate(300, 110)},
                                       {"name": "xu_chu", **rate(5, 3)}]}},
        "model": {"games": 1234, "findings": {"over": [{"name": "guo_jia", "role": "commander", **eff}],
                                              "under": [{"name": "zhuge_liang", "role": "vanguard", **low}]}},
        "figures": [{"caption": "Draft model", "file": "sgs-3v3-2012-model.svg"}]}}}
    (folder / "report.json").write_text(json.dumps(report))


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[TestClient]:
    monkeypatch.setenv("TABLESPORT_REPORT", str(tmp_path / "report"))
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)) as c:
        yield c


def test_without_a_report_the_page_says_how_to_make_one(client: TestClient, tmp_path: Path) -> None:
    heads = {"en": "No statistics report yet", "zh-Hans": "还没有统计报告", "zh-Hant": "還沒有統計報告"}
    for lang, head in heads.items():
        r = client.get(f"/stats?lang={lang}")
        assert r.status_code == 200 and head in r.text and 'data-why="missing"' in r.text
        assert ("tablesport analyze" in r.text) == (lang == "en")  # no program text in the Chinese pages
    (tmp_path / "report").mkdir()
    (tmp_path / "report" / "report.json").write_text("{not json")
    r = client.get("/stats?lang=en")
    assert r.status_code == 200 and "cannot be read" in r.text and 'data-why="unreadable"' in r.text
    for odd in ('{"presets": {"x": {"sides_win": [{"side": "cold"}]}}}', '{"presets": {"x": 3}}', "[]"):
        (tmp_path / "report" / "report.json").write_text(odd)
        r = client.get("/stats?lang=zh-Hans")
        assert r.status_code == 200 and 'data-why="unreadable"' in r.text, odd
    assert client.get("/stats/figures/sgs-3v3-2012-model.svg").status_code == 404


def test_the_report_in_three_languages(client: TestClient, tmp_path: Path) -> None:
    write_report(tmp_path / "report")
    expect = {"en": ("Statistics", "Over-powered", "Guo Jia", "commander", "cold"),
              "zh-Hans": ("统计", "偏强", "郭嘉", "主帅", "冷色方"),
              "zh-Hant": ("統計", "偏強", "郭嘉", "主帥", "冷色方")}
    for lang, words in expect.items():
        r = client.get(f"/stats?lang={lang}")
        assert r.status_code == 200
        for w in words:
            assert w in r.text, (lang, w)
        assert "1234" in r.text and "+12.0 [+8.0, +16.0]" in r.text
        assert "xu_chu" not in r.text and "Xu Chu" not in r.text and "许褚" not in r.text   # 5 games: too few
        if lang != "en":
            assert english_ui_in(r.text) == []
    assert "/stats/figures/sgs-3v3-2012-model.svg" in client.get("/stats").text
    assert 'href="/stats"' in client.get("/?lang=zh-Hant").text      # the lobby links to it


def test_only_listed_figures_are_served(client: TestClient, tmp_path: Path) -> None:
    write_report(tmp_path / "report")
    r = client.get("/stats/figures/sgs-3v3-2012-model.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and "<svg" in r.text
    for bad in ("secret.txt", "report.json", "..%2Freport.json", "nothing.svg"):
        assert client.get(f"/stats/figures/{bad}").status_code == 404
