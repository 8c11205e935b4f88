"""The rules pages: every preset has a page in every language with every section, the Chinese pages carry no
English, the timers shown are the ruleset's own parameters (and the live tables' where they differ), the rules
data has no paragraph that belongs to no preset, and the lobby and the table link to the pages."""

from __future__ import annotations

import re
from collections.abc import Iterator
from fnmatch import fnmatchcase
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablesport.games import all_games, all_presets
from tablesport.server.app import create_app
from tablesport.server.content.i18n import LANGS
from tablesport.server.content.rules_pages import PROSE, SECTIONS, game_rules, rules_page, timer_params
from tablesport.server.content.texts import game_texts

from .test_catalogue import english_ui_in

LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
EDITION_NAMES = {"EX"}
"""Latin words a Chinese page may hold besides the game's own title: the card edition "EX", printed so in the
Chinese rule sheets (标准版（含EX）)."""


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("rules") / "web.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0.0)) as c:
        yield c


class Sections(HTMLParser):
    """The text of each ``data-section`` of a rules page and the timer rows' attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: dict[str, list[str]] = {}
        self.timers: list[dict[str, str | None]] = []
        self._current: str | None = None
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section" and a.get("data-section"):
            self._current = str(a["data-section"])
            self.sections[self._current] = []
            self._depth = 0
        elif tag == "section" and self._current:
            self._depth += 1
        if tag == "tr" and "data-param" in a:
            self.timers.append(a)

    def handle_endtag(self, tag: str) -> None:
        if tag == "section" and self._current:
            if self._depth:
                self._depth -= 1
            else:
                self._current = None

    def handle_data(self, data: str) -> None:
        if self._current and data.strip():
            self.sections[self._current].append(data.strip())


def allowed_latin(game: str, preset: str, lang: str) -> set[str]:
    texts = game_texts(game)
    titles = (texts.title or {}).get(lang, "") + " " + texts.presets.get(preset, {}).get(lang, "")
    return set(LATIN_WORD.findall(titles)) | EDITION_NAMES


@pytest.mark.parametrize("preset", sorted(all_presets()))
def test_every_preset_has_a_full_rules_page_in_every_language(preset: str, client: TestClient) -> None:
    game, rs = all_presets()[preset]
    for lang in LANGS:
        r = client.get(f"/rules/{preset}", params={"lang": lang})
        assert r.status_code == 200, (preset, lang)
        page = Sections()
        page.feed(r.text)
        assert list(page.sections) == list(SECTIONS), (preset, lang)
        for key, parts in page.sections.items():
            # a heading and at least one paragraph (the timers: a header row and a row per timer)
            assert len(parts) >= 2, f"{preset} {lang}: section {key} is empty"
        assert "{" not in r.text.split("<main>")[1].split("</main>")[0], "a parameter left unfilled"
        if lang != "en":
            assert english_ui_in(r.text) == [], (preset, lang)
            allowed = allowed_latin(game.name, preset, lang)
            for key, parts in page.sections.items():
                for text in parts:
                    stray = set(LATIN_WORD.findall(text)) - allowed
                    assert not stray, f"{preset} {lang} {key}: English {sorted(stray)} in {text!r}"
        # the timers shown are the ruleset's parameters, read from it (never retyped)
        shown = {str(row["data-param"]): row for row in page.timers}
        used = [p for p in timer_params(rs) if game_rules(game.name).timers[p].used_in(preset)]
        assert list(shown) == used
        for param, row in shown.items():
            value = rs.params[param]
            assert row["data-value"] == ("null" if value is None else str(value)), (preset, param)
            live = game.live_params.get(param, value)
            assert row.get("data-live") == (None if live == value else str(live)), (preset, param)


def test_every_timer_parameter_of_every_preset_has_words_or_is_declared_unused() -> None:
    for preset, (game, rs) in all_presets().items():
        timers = game_rules(game.name).timers
        for param in timer_params(rs):
            assert param in timers, f"{preset}: the timer {param} has no words in rules/{game.name}.yaml"
    assert not game_rules("sanguosha").timers["pick_seconds"].used_in("sgs-1v1-2014")
    assert game_rules("sanguosha").timers["pick_seconds"].used_in("sgs-3v3-2011")


def test_every_paragraph_and_timer_belongs_to_a_preset_of_its_game() -> None:
    for name, game in all_games().items():
        data = game_rules(name)
        presets = list(game.presets)
        paragraphs = [p for key in PROSE for p in data.sections[key]] + list(data.source)
        for p in paragraphs:
            for pattern in p.only:
                assert any(fnmatchcase(x, pattern) for x in presets), f"{name}: {pattern!r} names no preset"
        params = {k for rs in game.presets.values() for k in timer_params(rs)}
        assert set(data.timers) == params, f"{name}: timers without a parameter {set(data.timers) - params}"


def test_a_parameter_in_the_text_is_the_ruleset_s_value() -> None:
    for preset in ("rummikub-2018", "sgs-3v3-2011", "sgs-3v3-2012", "ttr-event", "ttr-classic"):
        rs = all_presets()[preset][1]
        text = " ".join(p for ps in rules_page(preset, "en")["sections"].values() for p in ps)
        if preset.startswith("rummikub"):
            assert f"worth {rs['initial_meld']} points or more" in text
        elif preset.startswith("sgs"):
            assert f"draws {rs['kill_reward']} cards" in text  # 3 in 2011, 2 in 2012 (the seeds differ)
        else:
            assert f"with {rs['last_round_trains']} trains or fewer" in text  # 3 (seed 000) or 2 (published)


def test_the_index_lists_every_preset_and_an_unknown_preset_gets_a_friendly_page(client: TestClient) -> None:
    r = client.get("/rules", params={"lang": "zh-Hant"})
    assert r.status_code == 200
    linked = set(re.findall(r'href="/rules/([a-z0-9-]+)"', r.text))
    assert linked == set(all_presets())
    assert english_ui_in(r.text) == []
    missing = client.get("/rules/chess-960", params={"lang": "zh-Hans"}, headers={"accept": "text/html"})
    assert missing.status_code == 404
    assert 'data-key="errpage.no_rules"' in missing.text and "没有这套规则" in missing.text
    assert 'href="/"' in missing.text  # the way back


def test_the_lobby_links_every_preset_s_rules_and_every_game_s_guided_game(client: TestClient) -> None:
    r = client.get("/", params={"lang": "en"})
    lobby = r.text.split('id="games"')[1].split("</section>")[0]
    assert set(re.findall(r'href="/rules/([a-z0-9-]+)"', lobby)) == set(all_presets())
    assert set(re.findall(r'href="/learn/([a-z-]+)"', lobby)) == set(all_games())


def test_the_table_page_links_its_preset_s_rules_in_a_new_tab(client: TestClient) -> None:
    made: dict[str, Any] = client.post("/api/v1/tables", json={
        "preset": "rummikub-2018-2p", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}]}).json()
    for url in (made["seats"][0]["url"], f"/watch/{made['id']}"):
        page = client.get(url, params={"lang": "zh-Hans"}).text
        link = re.search(r'<a id="rules-link" href="([^"]+)" target="_blank" rel="noopener" title="([^"]+)">'
                         r'<span class="wide-only">([^<]+)</span>'
                         r'<span class="narrow-only">([^<]+)</span></a>', page)
        assert link is not None and link.group(1) == "/rules/rummikub-2018-2p"
        assert link.group(2) == link.group(3) == "规则（新分页）"
        assert link.group(4) == "规则"  # the short form a phone shows
        assert 'id="hint-card"' not in page  # hints only at guided tables


def test_the_paper_table_page_counts_six_players_and_no_digital_timer() -> None:
    """Issue 41.10, seed 000 Pictionary §5 ("Each team should have 3 participants"): the paper table's page
    counts the six players (the facilitator's page is none) and lists only the timers it runs."""
    page = rules_page("pictionary-table", "en")
    assert page["seats"] == 6 and rules_page("pictionary-event", "en")["seats"] == 6
    assert [tm["param"] for tm in page["timers"]] == ["peek_seconds", "draw_seconds", "round_seconds"]
