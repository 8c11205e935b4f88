"""Guided first games (/learn/<game>): every declared decision kind of every game has a hint in the three
languages, the hints of played games read as sentences (no raw data, no English in Chinese), a hint is made
from the seat's own decision only, guided tables are opened by a rate-limited form, keep their mark over a
restart and are never rated."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablesport.bots.registry import bot_factories
from tablesport.core import Rng
from tablesport.games import all_games, all_presets
from tablesport.server.app import create_app
from tablesport.server.content.hints import PARTS, Hint, game_hints, hint_for, learnable
from tablesport.server.content.i18n import LANGS
from tablesport.server.live import ratings
from tablesport.server.live.tables import TableRoom
from tablesport.store.players import RatedTable

from .helpers import form_token
from .test_absence import Harness, act, run
from .test_catalogue import english_ui_in
from .test_texts import problems


def complete(hint: Hint) -> list[str]:
    """What a hint (with its variants) lacks: a part or a language."""
    if hint.by is not None:
        assert hint.variants is not None and hint.default is not None
        return [*complete(hint.default), *(m for v in hint.variants.values() for m in complete(v))]
    return [f"{part} {lang}" for part in PARTS for lang in LANGS if not hint.texts.get(part, {}).get(lang)]


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_declared_decision_kind_has_a_hint_in_three_languages(game: str) -> None:
    g = all_games()[game]
    hints = game_hints(game)
    assert sorted(set(g.info.decision_kinds) - set(hints.kinds)) == [], "decision kinds without a hint"
    assert sorted(set(hints.kinds) - set(g.info.decision_kinds)) == [], "hints for kinds the game never asks"
    for kind, hint in hints.kinds.items():
        assert complete(hint) == [], (game, kind)
    assert game in learnable()
    assert all_presets()[hints.learn.preset][0].name == game, "the learn preset is another game's"
    assert hints.learn.bot in bot_factories(g), "the guided game's bot is not one the lobby offers"


def played(preset: str, seed: int, steps: int = 400) -> Iterator[tuple[str, dict[str, Any]]]:
    """Each decision of a game with random answers, as each asked seat is told it (``to_json(seat)``)."""
    game, rs = all_presets()[preset]
    state = game.new_state(rs.with_params(**game.live_params) if game.live_params else rs, seed)
    rng = Rng(seed)
    for _ in range(steps):
        d = state.pending()
        if d is None:
            return
        for seat in d.seats:
            yield game.name, d.to_json(seat)
        seat = d.seats[0]
        state.apply(seat, state.random_action(seat, rng))


GUIDED = sorted({game_hints(g).learn.preset for g in all_games()} | {"sgs-3v3-2011"})  # + the 3v3 draft


@pytest.mark.parametrize("preset", GUIDED)
def test_the_hints_of_a_played_game_read_as_sentences_in_every_language(preset: str) -> None:
    kinds: set[str] = set()
    for game, decision in played(preset, seed=2):
        for lang in LANGS:
            shown = hint_for(game, decision, lang)
            assert shown is not None, (decision["kind"], decision["data"])
            kinds.add(shown["kind"])
            for part in PARTS:
                assert shown[part] and "{" not in shown[part], (lang, part, shown[part])
                assert problems(shown[part], lang) == [], (lang, part, shown[part])
    assert kinds, "no decision was hinted"


def test_a_hint_fills_the_decision_s_own_fields_and_falls_back_when_one_is_missing() -> None:
    null = {"kind": "respond",
            "data": {"need": "nullification", "trick": "dismantle", "target": 0, "user": 1}}
    assert hint_for("sanguosha", null, "zh-Hans")["what"].startswith("1号位对0号位使用了过河拆桥")  # type: ignore[index]
    assert hint_for("sanguosha", null, "en")["what"].startswith("Seat 1 used Dismantle on Seat 0")  # type: ignore[index]
    peach = {"kind": "respond", "data": {"need": "peach", "dying": 0, "hp": 0}}
    assert "0 HP" in hint_for("sanguosha", peach, "en")["what"]  # type: ignore[index]
    odd = {"kind": "respond", "data": {"need": "peach"}}  # no dying seat: the general hint
    assert hint_for("sanguosha", odd, "en")["what"] == game_hints("sanguosha").kinds["respond"].default \
        .texts["what"]["en"]  # type: ignore[union-attr]
    melded = {"kind": "turn", "data": {"melded": True, "pool": 40}}
    assert "40 left" in hint_for("rummikub", melded, "en")["what"]  # type: ignore[index]
    assert "30 points" in hint_for("rummikub", {**melded, "data": {"melded": False, "pool": 9}}, "en")["what"]  # type: ignore[index]
    assert hint_for("goofspiel", {"kind": "no_such_kind", "data": {}}, "en") is None


@pytest.fixture
def web(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0, tables_per_minute=2)
    with TestClient(app) as c:
        yield c


def start_guided(web: TestClient, game: str, lang: str = "en") -> tuple[str, str]:
    token = form_token(web, f"/learn/{game}?lang={lang}")
    r = web.post(f"/learn/{game}", data={"csrf": token}, follow_redirects=False)
    assert r.status_code == 303, r.text
    found = re.fullmatch(r"/play/([0-9a-f]+)/(.+)", r.headers["location"])
    assert found is not None
    return found.group(1), found.group(2)


def test_learn_opens_a_guided_table_whose_seat_is_shown_hints_and_nobody_else_is(web: TestClient) -> None:
    page = web.get("/learn/sanguosha", params={"lang": "zh-Hans"})
    assert page.status_code == 200 and english_ui_in(page.text) == []
    assert 'href="/rules/sgs-1v1-2014"' in page.text
    tid, token = start_guided(web, "sanguosha", "zh-Hans")
    state = web.get(f"/api/v1/tables/{tid}").json()
    assert state["preset"] == "sgs-1v1-2014"
    assert [s["label"] for s in state["seats"]] == ["person", "bot:heuristic"]
    table_page = web.get(f"/play/{tid}/{token}", params={"lang": "zh-Hans"}).text
    assert 'id="hint-card"' in table_page and 'data-guided="1"' in table_page and "隐藏提示" in table_page
    assert 'id="hint-card"' not in web.get(f"/watch/{tid}").text  # a spectator has no hint panel
    with web.websocket_connect(f"/ws/{tid}?token={token}&lang=zh-Hans") as ws, \
            web.websocket_connect(f"/ws/{tid}?lang=zh-Hans") as spectator:
        frame = ws.receive_json()
        while not (frame.get("decision") or {}).get("mine"):
            frame = ws.receive_json()
        hint = frame["decision"]["hint"]
        assert hint == hint_for("sanguosha", {k: v for k, v in frame["decision"].items()
                                              if k not in ("hint", "text", "mine", "asked", "auto_pass")},
                                "zh-Hans")
        assert hint["kind"] == frame["decision"]["kind"] and problems(hint["what"], "zh-Hans") == []
        seen = spectator.receive_json()
        assert "hint" not in (seen.get("decision") or {})


def test_an_unguided_table_sends_no_hint(web: TestClient) -> None:
    made = web.post("/api/v1/tables", json={"preset": "goofspiel-2p",
                                            "seats": [{"kind": "person"}, {"kind": "bot"}]}).json()
    with web.websocket_connect(f"/ws/{made['id']}?token={made['seats'][0]['token']}&lang=en") as ws:
        frame = ws.receive_json()
        assert frame["decision"]["mine"] and "hint" not in frame["decision"]


def test_guided_tables_count_against_the_table_rate_and_unknown_games_get_the_friendly_page(
        web: TestClient) -> None:
    start_guided(web, "blokus")
    start_guided(web, "rummikub")
    token = form_token(web, "/learn/goofspiel")
    r = web.post("/learn/goofspiel", data={"csrf": token}, follow_redirects=False)
    assert r.status_code == 429  # 2 tables a minute in this app
    assert web.post("/learn/goofspiel", data={}, follow_redirects=False).status_code == 403  # no form token
    missing = web.get("/learn/chess", headers={"accept": "text/html"}, params={"lang": "en"})
    assert missing.status_code == 404 and 'data-key="errpage.no_game"' in missing.text


def test_a_guided_game_is_not_rated_and_stays_guided_after_a_restart(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("goofspiel-2p", [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                                    seed=5, guided=True)
        assert table.guided
        again = TableRoom(h.room.writer, h.sessions, bot_delay=0.0, clock=h.clock)
        assert await again.resume_all() == [table.id] and again.tables[table.id].guided
        await h.connect(table, 0)
        assert h.frames[0][-1]["decision"].get("hint") is None  # a client without a language: no words
        while table.decision is not None:
            bid = min(int(c.split(":")[1]) for c in table.state.view(0)["hand"])
            assert await act(table, 0, bid) is None
            await h.settle()
        await ratings.on_table_finished(h.sessions, table)
        with h.sessions() as s:
            row = s.get(RatedTable, table.id)
            assert row is not None and not row.rated and row.reason == "guided"

    run(tmp_path / "web.sqlite3", body)


def test_a_guided_table_is_unrated_even_with_every_seat_a_signed_in_person() -> None:
    result = {"placements": [1, 2], "scores": [3, 1]}
    bound = {0: (1, "ann"), 1: (2, "bo")}
    assert ratings.unrated_reason(["person", "person"], bound, result) == ""
    assert ratings.unrated_reason(["person", "person"], bound, result, guided=True) == "guided"


def test_the_guided_pictionary_game_is_a_paper_table_with_no_bot(web: TestClient) -> None:
    """Issue 38.1: no bot sits with people at Pictionary (none reads a drawing), so its guided first game is
    a paper table the learner runs from the facilitator's page, and the page says so."""
    page = web.get("/learn/pictionary", params={"lang": "en"})
    assert page.status_code == 200 and "No bot sits at this game" in page.text
    assert "<li>Opponents" not in page.text
    tid, token = start_guided(web, "pictionary", "en")
    state = web.get(f"/api/v1/tables/{tid}").json()
    assert state["preset"] == "pictionary-table" and {s["label"] for s in state["seats"]} == {"person"}
    with web.websocket_connect(f"/ws/{tid}?token={token}&lang=en") as ws:
        frame = ws.receive_json()
        while not (frame.get("decision") or {}).get("mine"):
            frame = ws.receive_json()
        assert frame["status"] == "running" and frame["decision"]["hint"]["kind"] == "roll_off"
