"""The lobby as a game site: a tile per game with its picture, what it is, how long it takes, and its ways in
(quick play, a new table, the guided first game, the leaderboard, the rules of every preset), in every
language; a returning player finds their history."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablesport.games import all_games
from tablesport.server.app import create_app
from tablesport.server.hints import learnable
from tablesport.server.i18n import LANGS
from tablesport.server.texts import game_texts

from .test_catalogue import english_ui_in
from .test_players import session_cookie


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db: Path = tmp_path_factory.mktemp("lobby") / "web.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0.0)) as c:
        yield c


class Tiles(HTMLParser):
    """Each ``li.game-tile``: its picture, its text and its links."""

    def __init__(self) -> None:
        super().__init__()
        self.tiles: dict[str, dict[str, list[str]]] = {}
        self._game: str | None = None
        self._depth = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "li" and "game-tile" in (a.get("class") or ""):
            self._game = str(a["data-game"])
            self.tiles[self._game] = {"img": [], "a": [], "text": []}
            self._depth = 0
        if self._game is None:
            return
        if tag == "li":
            self._depth += 1
        if tag == "img":
            self.tiles[self._game]["img"].append(str(a.get("src")))
        if tag == "a":
            self.tiles[self._game]["a"].append(str(a.get("href")))

    def handle_endtag(self, tag: str) -> None:
        if self._game is not None and tag == "li":
            self._depth -= 1
            if self._depth == 0:
                self._game = None

    def handle_data(self, data: str) -> None:
        if self._game is not None and data.strip():
            self.tiles[self._game]["text"].append(data.strip())


def tiles_of(html: str) -> dict[str, dict[str, list[str]]]:
    parser = Tiles()
    parser.feed(html)
    return parser.tiles


@pytest.mark.parametrize("lang", LANGS)
def test_every_game_has_a_tile_with_its_picture_text_and_ways_in(client: TestClient, lang: str) -> None:
    r = client.get("/", params={"lang": lang})
    assert r.status_code == 200
    tiles = tiles_of(r.text)
    games = all_games()
    assert set(tiles) == set(games)
    for name, tile in tiles.items():
        texts = game_texts(name)
        assert tile["img"] == [f"/static/games/{name}.svg"], name
        assert texts.tile["blurb"][lang] in tile["text"], (name, lang)
        assert any(texts.tile["length"][lang] in t for t in tile["text"]), (name, lang)
        presets = [p.preset for p in games[name].presets.values()]
        links = tile["a"]
        assert f"/quickplay?preset={presets[0]}" in links
        assert f"/?preset={presets[0]}#new-table" in links
        assert f"/leaderboard/{presets[0]}" in links
        assert {f"/rules/{p}" for p in presets} <= set(links)
        assert (f"/learn/{name}" in links) == (name in learnable()), name
    if lang != "en":
        assert english_ui_in(r.text) == []


def test_the_tiles_text_exists_in_every_language_and_differs_between_english_and_chinese() -> None:
    for name in all_games():
        tile = game_texts(name).tile
        assert set(tile) == {"blurb", "length"}, name
        for key, text in tile.items():
            assert all(text[lang].strip() for lang in LANGS), (name, key)
            assert text["en"] != text["zh-Hans"], (name, key)   # written, not copied across


def test_every_tile_link_and_picture_answers(client: TestClient) -> None:
    tiles = tiles_of(client.get("/", params={"lang": "zh-Hans"}).text)
    seen: set[str] = set()
    for tile in tiles.values():
        for url in tile["a"] + tile["img"]:
            if url in seen:
                continue
            seen.add(url)
            r = client.get(url.split("#")[0])
            assert r.status_code == 200, (url, r.status_code)
            if url.endswith(".svg"):
                assert r.headers["content-type"].startswith("image/svg+xml")
                assert r.text.lstrip().startswith("<svg")


def test_a_tile_s_new_table_and_quick_play_links_choose_its_preset(client: TestClient) -> None:
    lobby = client.get("/", params={"preset": "ttr-event", "lang": "en"}).text
    chosen = re.findall(r'<option value="([a-z0-9-]+)"[^>]* selected>', lobby)
    assert chosen == ["ttr-event"]
    quick = client.get("/quickplay", params={"preset": "blokus-2p", "lang": "zh-Hant"}).text
    assert re.findall(r'<option value="([a-z0-9-]+)"[^>]* selected>', quick) == ["blokus-2p"]
    assert "格格不入（Blokus）" in quick  # the game's title in the page's language
    # an unknown preset selects nothing and breaks nothing
    assert re.findall(r"<option [^>]* selected>", client.get("/", params={"preset": "chess"}).text) == []


def test_a_returning_signed_in_player_is_greeted_with_a_link_to_their_games(client: TestClient) -> None:
    assert 'id="welcome-back"' not in client.get("/").text
    cookie = session_cookie(client, "mei")
    page = client.get("/", params={"lang": "zh-Hans"}, headers={"cookie": cookie}).text
    assert "欢迎回来，mei。" in page
    assert re.search(r'<a href="/players/mei" id="my-history">我的对局、回放与等级分</a>', page)
