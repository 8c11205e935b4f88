"""Every text a player sees is in the page's language: a game of every preset is walked in each language,
and every prompt, timeout, log line and result is rendered on the server (texts.py) and checked — no text
without a message, nothing that looks like Python or raw data, no English words in the Chinese pages."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tablesport.core import Rng
from tablesport.games import all_games, all_presets
from tablesport.server.content.i18n import LANGS
from tablesport.server.content.texts import (
    UNTRANSLATED,
    add_texts,
    decision_text,
    event_text,
    game_texts,
    result_text,
    scores_text,
    step_text,
)

from .test_absence import Harness, act, run

_B, _E = r"(?<![A-Za-z0-9_])", r"(?![A-Za-z0-9_])"  # word edges that Chinese characters do not make
REPR = re.compile(r"\(['\"(]|\[|\]|[{}]|" + "|".join(
    f"{_B}{word}{_E}" for word in (r"None", r"True", r"False", r"[a-z]+_[a-z_]+", r"c\d+", r"[a-z_]+-\d+")))
QUOTED = re.compile(r"「[^」]*」|“[^”]*”")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
MAX_STEPS = 1500


def problems(text: str, lang: str) -> list[str]:
    """What is wrong with one shown text (empty: nothing)."""
    found = []
    if UNTRANSLATED in text:
        found.append("no message")
    bare = QUOTED.sub("", text)  # a player's guess or a word card is shown as written
    if REPR.search(bare):
        found.append(f"raw data {REPR.search(bare).group(0)!r}")  # type: ignore[union-attr]
    if lang != "en" and LATIN_WORD.search(bare):
        found.append(f"English word {LATIN_WORD.search(bare).group(0)!r}")  # type: ignore[union-attr]
    return found


def walk(preset: str, seed: int = 0) -> list[tuple[str, str, str]]:
    """Play ``preset`` with random legal answers (the live tables' parameters) and render every text."""
    game, rs = all_presets()[preset]
    state = game.new_state(rs.with_params(**game.live_params) if game.live_params else rs, seed)
    rng = Rng(seed)
    shown: list[tuple[str, str, str]] = []
    for _ in range(MAX_STEPS):
        d = state.pending()
        if d is None:
            break
        for lang in LANGS:
            texts = decision_text(game.name, d, lang)
            shown += [(lang, "prompt", texts["prompt"]), (lang, "on_timeout", texts["on_timeout"])]
        seat = d.seats[0]
        for ev in state.apply(seat, state.random_action(seat, rng)):
            shown += [(lang, f"event {ev.kind}", event_text(game.name, ev, lang)) for lang in LANGS]
    res = state.result()
    final = res.to_json() if res else None
    shown += [(lang, "result", result_text(game.name, final, lang)) for lang in LANGS]
    return shown


@pytest.mark.parametrize("preset", sorted(all_presets()))
def test_a_game_of_every_preset_shows_only_translated_texts_in_every_language(preset: str) -> None:
    bad: dict[tuple[str, str], tuple[str, list[str]]] = {}
    for lang, where, text in walk(preset):
        issues = problems(text, lang)
        if issues:
            bad.setdefault((lang, where), (text, issues))
    assert not bad, "\n".join(f"{k}: {v}" for k, v in list(bad.items())[:20])


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(all_presets()))
def test_twenty_games_of_every_preset_show_only_translated_texts(preset: str) -> None:
    """The same check over more games: rarer skills, cards and endings."""
    for seed in range(1, 21):
        bad = [(lang, where, text) for lang, where, text in walk(preset, seed) if problems(text, lang)]
        assert not bad, f"seed {seed}: {bad[:10]}"


@pytest.mark.parametrize("game", sorted(all_games()))
def test_every_declared_event_kind_and_end_reason_has_its_words(game: str) -> None:
    info = all_games()[game].info
    texts = game_texts(game)
    assert not sorted(set(info.event_kinds) - set(texts.events)), "event kinds without a sentence"
    assert not sorted(set(info.result_reasons) - set(texts.reasons)), "end reasons without words"


def test_the_checks_catch_what_they_should() -> None:
    assert problems(f"{UNTRANSLATED}Pick a general", "en")
    assert problems("('pick', 8) is applied", "en")
    assert problems("pick: side=warm, general=xiao_qiao", "en")
    assert problems("1号位摸到c12", "zh-Hans")
    assert problems("1号位 draws a card", "zh-Hans")
    assert problems("1号位摸到money-2-1", "zh-Hans") and problems("出价[1, 2]", "zh-Hans")
    assert not problems("Xiao Qiao was picked by the warm side", "en")
    assert not problems("1号位猜「paper lantern」：不对", "zh-Hans")


def test_the_examples_of_the_issue_read_as_sentences() -> None:
    pick = {"kind": "pick", "data": {"side": "warm", "general": "xiao_qiao"}}
    assert event_text("sanguosha", pick, "en") == "Xiao Qiao was picked by the warm side"
    assert event_text("sanguosha", pick, "zh-Hans") == "暖色方选择了小乔"
    assert event_text("sanguosha", pick, "zh-Hant") == "暖色方選擇了小喬"
    identity = {"kind": "identity", "data": {"cold": 3, "warm": 0}}
    assert event_text("sanguosha", identity, "zh-Hans") == "主帅：冷色方3号位，暖色方0号位"
    assert step_text("sanguosha", {"t": "referee", "action": ["concede", 1]}, "en") == "Seat 1 concedes"


def test_the_page_receives_the_texts_in_its_language(tmp_path: Path) -> None:
    async def body(h: Harness) -> None:
        table = await h.room.create("sgs-1v1-2014", [{"kind": "person"}, {"kind": "person"}], seed=3)
        sent: dict[str, list[dict[str, Any]]] = {}
        for seat, lang in ((0, "zh-Hant"), (1, "en")):
            client = await h.connect(table, seat)
            client.lang = lang
            sent[lang] = h.frames[seat]
        seat = table.decision.seats[0] if table.decision else 0
        assert await act(table, seat, table.state.random_action(seat, Rng(1))) is None
        await h.settle()
        zh, en = sent["zh-Hant"][-1], sent["en"][-1]
        assert zh["decision"]["text"]["prompt"] and not problems(zh["decision"]["text"]["prompt"], "zh-Hant")
        assert en["decision"]["text"]["prompt"] and UNTRANSLATED not in en["decision"]["text"]["prompt"]
        assert all("text" in ev and not problems(ev["text"], "zh-Hant") for ev in zh["events"])

    run(tmp_path / "t.sqlite3", body)


def test_every_game_and_preset_has_a_title_in_every_language_and_the_lobby_shows_it(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from tablesport.server.app import create_app

    for game in all_games().values():
        texts = game_texts(game.name)
        assert texts.title is not None, game.name
        assert not sorted(set(game.presets) - set(texts.presets)), f"{game.name}: presets without a title"
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)) as client:
        page = client.get("/?lang=zh-Hans").text
        assert "官方规则：106张牌，4名玩家" in page and "三国杀" in page
        assert "published rules" not in page and "official competition rules" not in page
        assert '"botname.random"' in page  # bots are named in the page's language (lobby.js)
        assert "botname.${b}" in client.get("/static/lobby.js").text


def test_a_referee_control_is_a_sentence_in_every_language() -> None:
    """A ruling at a live table (server/live/table_control.py) reaches the log in words, not as a record."""
    ruling = {"kind": "referee", "data": {"control": "penalty", "by": "ann", "why": "moved early", "seat": 0,
                                         "points": 1}}
    en = event_text("sanguosha", ruling, "en")
    assert "1 penalty point" in en and "ann" in en and "moved early" in en, en
    for lang in ("zh-Hans", "zh-Hant"):
        line = event_text("sanguosha", ruling, lang)
        assert "扣1分" in line and "ann" in line and "{" not in line and UNTRANSLATED not in line, line
    foul = {"kind": "referee",
            "data": {"control": "foul", "by": "ann", "why": "x", "seat": 3, "foul": "letters"}}
    assert "Letters or numbers drawn" in event_text("pictionary", foul, "en")


def test_a_sanguosha_log_line_names_the_seat_by_its_general() -> None:
    """Issue 38 item 7: the log said "Seat 4"; at a live table a seat whose general is public is named by
    it too ("0号位 许褚使用【诸葛连弩】"), in each language."""
    from tablesport.core import Rng
    from tablesport.games import find_preset
    from tablesport.server.content.texts import event_text, seat_names

    game, rs = find_preset("sgs-1v1-2014")
    st = game.new_state(rs, 1)
    rng = Rng(3)
    for _ in range(40):
        d = st.pending()
        assert d is not None
        events = st.apply(d.seats[0], st.random_action(d.seats[0], rng))
    for lang, general in (("zh-Hans", "许褚"), ("en", "Xu Chu")):
        names = seat_names("sanguosha", st.view(None), lang)
        assert general in names[0]
        line = event_text("sanguosha", events[0], lang, names)
        assert line.startswith(names[0]), line
    assert seat_names("goofspiel", {"hands": []}, "en") == {}


def test_replay_steps_and_log_lines_name_the_player_or_the_bot() -> None:
    """Issue 38 item 7: a replay step says "alice acts" (the account of a person's seat) or names the seat's
    bot, not "Seat 2 acts"; a person's seat with no account keeps its number."""
    from tablesport.server.content.texts import seat_names

    labels = ["person", "bot:heuristic", "person"]
    names = seat_names("blokus", {}, "en", labels, {0: "alice"})
    assert step_text("blokus", {"t": "act", "seat": 0}, "en", names) == "alice acts"
    assert step_text("blokus", {"t": "timeout", "seat": 1}, "en", names) == (
        "Bot rule of thumb (Seat 1) runs out of time")
    assert step_text("blokus", {"t": "act", "seat": 2}, "en", names) == "Seat 2 acts"
    zh = seat_names("blokus", {}, "zh-Hans", labels, {0: "alice"})
    assert step_text("blokus", {"t": "act", "seat": 1}, "zh-Hans", zh) == "电脑 经验规则（1号位）行动"
    placed = {"kind": "all_placed", "data": {"seat": 0, "colour_name": "blue"}}
    line = event_text("blokus", placed, "en", names)
    assert line.startswith("alice ("), line


def test_a_word_voided_at_time_up_reads_as_a_sentence() -> None:
    """Issue 41.10 (seed 000 Pictionary §4, time-up voids the word being drawn): its closing line is words in
    every language, not the event's raw data."""
    from tablesport.games.pictionary import GAME

    st = GAME.new_state(GAME.ruleset("pictionary-table"), 1)
    for action in (("die", 2), ("die", 5), "ready"):
        st.apply(0, action)
    closed = [e for e in st.time_up() if e.kind == "word_closed"]
    assert closed and closed[0].data["how"] == "time_up"
    for lang in LANGS:
        line = event_text("pictionary", closed[0].to_json(), lang)
        assert "⁇" not in line and "time_up" not in line, line


def test_a_paper_tables_result_line_counts_the_teams_not_the_facilitators_seat() -> None:
    """Issue 41.10: a paper table's seat 0 is its facilitator's page, on no team (seed 000 Pictionary §5:
    two teams a table): the result line gives the two teams' squares."""
    from tablesport.games.pictionary import GAME

    st = GAME.new_state(GAME.ruleset("pictionary-table"), 1)
    for action in (("die", 2), ("die", 5), "ready", ("guessed", "B"), ("die", 4)):
        st.apply(0, action)
    st.time_up()
    res = st.result()
    assert res is not None
    line = result_text("pictionary", res.to_json(), "en")
    assert line.endswith("scores 0 : 4"), line


def test_a_game_writes_its_final_scores_in_its_own_unit_in_every_language() -> None:
    """Monopoly Deal's score is a seat's money (property and bank): the end box and the result line write
    it as the screen writes money (12M / 12百万 / 12百萬); a game with no unit of its own keeps the bare
    number."""
    result = {"placements": [1, 2], "scores": [12.0, 7.5], "winner_seats": [0], "reason": "three_sets"}
    assert scores_text("monopoly-deal", result, "en") == ["12M", "7.5M"]
    assert scores_text("monopoly-deal", result, "zh-Hans") == ["12百万", "7.5百万"]
    assert scores_text("monopoly-deal", result, "zh-Hant") == ["12百萬", "7.5百萬"]
    assert result_text("monopoly-deal", result, "en").endswith("12M : 7.5M")
    assert scores_text("goofspiel", {**result, "scores": [40, 38]}, "zh-Hans") == ["40", "38"]
    frame: dict[str, Any] = {"result": result}
    add_texts(frame, "monopoly-deal", None, "zh-Hant")
    assert frame["result_scores"] == ["12百萬", "7.5百萬"]
