"""docs/adding-a-game.md holds: a game written as ONE package, outside tablesport and registered under the
``tablesport.games`` entry points as a distribution would be, is served by everything (the toy Nim of
``tests/core/tablesport_nim/``, copied to a temporary directory on the import path)."""

from __future__ import annotations

import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from tablesport.cli import app as cli
from tablesport.core import Game
from tablesport.core.conformance import check_game
from tablesport.games import ENTRY_POINTS, all_games, all_presets, find_preset

TOY = Path(__file__).parent / "tablesport_nim"


@pytest.fixture
def nim(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Game]:
    """Nim installed the way a distribution installs it: its package and its metadata on the path."""
    shutil.copytree(TOY, tmp_path / "tablesport_nim", ignore=shutil.ignore_patterns("__pycache__"))
    info = tmp_path / "tablesport_nim-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: tablesport-nim\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(f"[{ENTRY_POINTS}]\nnim = tablesport_nim:GAME\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    all_games.cache_clear()
    try:
        yield all_games()["nim"]
    finally:
        monkeypatch.undo()
        for name in [m for m in sys.modules if m == "tablesport_nim" or m.startswith("tablesport_nim.")]:
            del sys.modules[name]
        all_games.cache_clear()


def test_the_package_is_registered_after_the_shipped_games_and_listed(nim: Game) -> None:
    assert list(all_games())[-1] == "nim" and find_preset("nim-2p")[0] is nim
    out = CliRunner().invoke(cli, ["games", "--json"])
    assert out.exit_code == 0, out.output
    listed = {g["game"]: g for g in json.loads(out.output)}
    assert listed["nim"]["presets"] == ["nim-2p"] and {"random", "ismcts"} <= set(listed["nim"]["bots"])


def test_its_lobby_tile_texts_rules_and_hints_are_found(nim: Game) -> None:
    from tablesport.server.content import hints, lobby, texts
    from tablesport.server.content import rules_pages as rules

    assert lobby.tile_data("nim")["preset"] == "nim-2p"
    assert lobby.picture_of("nim", "en").count("<circle") == 7
    assert texts.game_texts("nim").title == {"zh-Hans": "取石子（Nim）", "zh-Hant": "取石子（Nim）",
                                             "en": "Nim"}
    assert "nim" in hints.learnable()
    page = rules.rules_page("nim-2p", "en")
    assert page["sections"]["setup"] == ["One pile of 7 stones."]


def test_a_table_of_it_is_played_in_the_web_app(nim: Game, tmp_path: Path) -> None:
    from tablesport.server.app import create_app
    from tablesport.server.content.texts import UNTRANSLATED

    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)) as client:
        lobby = client.get("/", params={"lang": "en"}).text
        assert "/rules/nim-2p" in lobby and "/learn/nim" in lobby
        assert client.get("/rules/nim-2p", params={"lang": "zh-Hans"}).status_code == 200
        seats = [{"kind": "person"}, {"kind": "bot", "bot": "random"}]
        r = client.post("/api/v1/tables", json={"preset": "nim-2p", "seed": 3, "seats": seats})
        assert r.status_code == 201, r.text
        table: dict[str, Any] = r.json()
        token = table["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{table['id']}?token={token}&lang=zh-Hans") as ws:
            frame = _until(ws, lambda f: f["type"] == "hello")
            acted = -1
            while frame["decision"] is not None:
                d = frame["decision"]
                assert UNTRANSLATED not in d["text"]["prompt"]
                if d["mine"] and d["asked"] != acted:
                    acted = d["asked"]
                    act = {"type": "act", "seq": frame["seq"], "action": min(d["options"])}
                    ws.send_text(json.dumps(act))
                frame = _until(ws, lambda f: f["type"] in ("step", "error"))
                assert frame["type"] == "step", frame
                assert all(UNTRANSLATED not in e["text"] for e in frame["events"]), frame["events"]
            assert frame["status"] == "finished" and frame["result"]["reason"] == "last_stone"
            assert UNTRANSLATED not in frame["result_text"]


def test_its_encoder_is_found_and_its_environment_passes_the_checker(nim: Game) -> None:
    pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from tablesport import rl
    from tablesport.rl.aec import encoder_for

    _, _, encoder = encoder_for("nim-2p")
    assert type(encoder).__module__ == "tablesport_nim.encoder" and encoder.actions == 3
    check_env(rl.gym_env("nim-2p", opponent="random"), skip_render_check=True)


def test_it_passes_the_conformance_suite(nim: Game) -> None:
    _, rs = all_presets()["nim-2p"]
    for seed in range(4):
        check_game(nim, rs, seed, clock_per_decision=5.0 if seed % 2 else None)


def _until(ws: Any, pred: Any, limit: int = 200) -> dict[str, Any]:
    for _ in range(limit):
        frame: dict[str, Any] = ws.receive_json()
        if pred(frame):
            return frame
    raise AssertionError("expected frame never came")
