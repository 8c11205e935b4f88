"""The lobby as a game site (server/content/lobby.py, templates/lobby.html): a tile per game with a picture
drawn from the game's data, what the game is in each language, players and length, and links that answer;
the form and quick play preselected from a tile; a returning player's way back to their seats and profile."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from html import unescape
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablesport.games import all_games
from tablesport.server.app import create_app
from tablesport.server.content.i18n import LANGS
from tablesport.server.content.lobby import DRAW, TileError, tile_data, tiles
from tablesport.server.web import auth
from tablesport.store import account_sessions, accounts

from .test_catalogue import english_ui_in

CJK = re.compile(r"[\u4e00-\u9fff]")
SHAPES = ("rect", "circle", "polyline", "path", "text")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("lobby") / "web.sqlite3"
    with TestClient(create_app(f"sqlite:///{db}", bot_delay=0.0)) as c:
        yield c


def tile_html(page: str, game: str) -> str:
    found = re.search(rf'<li class="card game-tile" data-game="{re.escape(game)}".*?</li>'
                      r'\s*(?=<li class="card|</ul>)', page, re.DOTALL)
    assert found is not None, f"no tile for {game}"
    return found.group(0)


def test_every_game_has_a_tile_with_a_picture_and_its_text_in_every_language(client: TestClient) -> None:
    games = set(all_games())
    for lang in LANGS:
        page = client.get("/", params={"lang": lang}).text
        shown = re.findall(r'<li class="card game-tile" data-game="([a-z-]+)"', page)
        assert sorted(shown) == sorted(games), lang          # one tile per game, no more
        assert shown[0] == "sanguosha" and shown[-1] == "goofspiel"   # in the tiles' order
        for game in games:
            tile = tile_html(page, game)
            data = tile_data(game)
            svg = re.search(r"<svg .*?</svg>", tile, re.DOTALL)
            assert svg is not None, (game, lang)
            root = ET.fromstring(svg.group(0))               # well-formed: every data text was escaped
            assert root.get("role") == "img" and root.get("aria-label") == data["picture"]["alt"][lang]
            drawn = [el for el in root.iter() if el.tag.split("}")[-1] in SHAPES]
            assert len(drawn) >= 8, (game, lang, len(drawn))
            assert unescape(data["about"][lang]) in unescape(tile), (game, lang)
            if lang == "en":
                assert not CJK.search(data["about"][lang])
            else:
                assert CJK.search(data["about"][lang]) and data["about"][lang] != data["about"]["en"]
            seats = [rs.seats for rs in all_games()[game].presets.values()]
            lo, hi = data["minutes"]
            assert f"{min(seats)}–{max(seats)}" in tile and f"{lo}–{hi}" in tile
        if lang != "en":
            assert english_ui_in(page) == []                 # no English UI string in a Chinese lobby
    assert tiles("zh-Hans")[0]["about"] != tiles("zh-Hant")[0]["about"]


def test_the_pictures_show_the_game_s_own_names_in_the_page_s_language(client: TestClient) -> None:
    shown = (("en", "Slash", "Seattle"), ("zh-Hans", "杀", "西雅图"), ("zh-Hant", "殺", "西雅圖"))
    for lang, card, city in shown:
        page = client.get("/", params={"lang": lang}).text
        assert f">{card}</text>" in tile_html(page, "sanguosha")
        assert f">{city}</text>" in tile_html(page, "ticket-to-ride")


def test_every_link_of_every_tile_answers(client: TestClient) -> None:
    page = client.get("/", params={"lang": "zh-Hant"}).text
    seen: set[str] = set()
    for game in all_games():
        tile = tile_html(page, game)
        links = {unescape(h) for h in re.findall(r'href="([^"]+)"', tile)}
        preset = tile_data(game)["preset"]
        new = tile_data(game).get("new_table", preset)
        kinds = {"quickplay": f"/quickplay?preset={preset}", "new": f"/?preset={new}#new-table",
                 "leaderboard": f"/leaderboard/{preset}", "learn": f"/learn/{game}"}
        assert set(kinds.values()) <= links, (game, links)
        assert {f"/rules/{p}" for p in all_games()[game].presets} <= links
        for link in links:
            r = client.get(link.split("#")[0], headers={"accept": "text/html"})
            assert r.status_code == 200, (link, r.status_code)
            seen.add(link)
        chosen = re.findall(r'<option value="([^"]+)" selected', client.get(f"/?preset={preset}").text)
        assert chosen == [preset], (game, chosen)   # the tile's "new table" opens the form on its preset
        queue = client.get(f"/quickplay?preset={preset}").text
        chosen = re.findall(r'<option value="([^"]+)" selected', queue)
        assert chosen == [preset], (game, chosen)
    assert len(seen) >= 7 * 5


def test_a_preset_the_lobby_does_not_know_chooses_nothing(client: TestClient) -> None:
    for path in ("/?preset=chess-960", "/quickplay?preset=%3Cb%3E"):
        r = client.get(path)
        assert r.status_code == 200 and " selected " not in r.text and "<b>" not in r.text


def test_a_picture_that_does_not_match_the_game_s_data_is_refused_with_what_it_has() -> None:
    bad: list[tuple[str, dict[str, Any], str]] = [
        ("blokus", {"grid": [4, 4], "colours": {"blue": "#00f"},
                    "pieces": [{"piece": "Q9", "colour": "blue", "at": [0, 0]}]}, "the pieces: 1, 2"),
        ("blokus", {"grid": [3, 3], "colours": {"blue": "#00f"},
                    "pieces": [{"piece": "I5", "colour": "blue", "at": [0, 0]}]}, "leaves the grid"),
        ("rummikub", {"sets": [["R14"]], "colours": {}}, "not a tile code"),
        ("sanguosha", {"cards": [{"name": "peach", "suit": "spade", "rank": 1}], "suits": {}}, "no peach"),
        ("ticket-to-ride", {"routes": [["Seattle", "Miami"]], "colours": {}}, "no route between"),
        ("monopoly-deal", {"set": "purple", "money": 5, "colours": {}}, "the colours: brown"),
        ("pictionary", {"strokes": [[9, 1, 0, 0, 10, 10]]}, "not one the game draws"),
        ("goofspiel", {"prize": 14, "bids": [1]}, "1 to 13"),
    ]
    for game, spec, why in bad:
        with pytest.raises(TileError, match=re.escape(why)):
            DRAW[game](spec, "en", game)


def test_a_returning_player_finds_their_seats_and_profile(client: TestClient) -> None:
    sessions = client.app.state.sessions  # type: ignore[attr-defined]
    with sessions() as s:
        user = accounts.create_user(s, "lin", "player", "a long enough password", by="test")
        cookie = account_sessions.start(s, user.id)
        s.commit()
    made = client.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seed": 3,
                                                "seats": [{"kind": "person"}, {"kind": "person"}]}).json()
    token = made["seats"][1]["token"]
    with client.websocket_connect(f"/ws/{made['id']}?token={token}",
                                  headers={"cookie": f"{auth.SESSION_COOKIE}={cookie}"}) as ws:
        for _ in range(50):
            if ws.receive_json()["type"] == "hello":
                break
    anonymous = client.get("/", params={"lang": "en"}).text
    assert 'id="returning"' not in anonymous and token not in anonymous
    client.cookies.set(auth.SESSION_COOKIE, cookie)
    try:
        page = client.get("/", params={"lang": "zh-Hans"}).text
    finally:
        client.cookies.delete(auth.SESSION_COOKIE)
    returning = page.split('id="returning"')[1].split("</section>")[0]
    assert "欢迎回来，lin。" in returning
    assert f'href="/play/{made["id"]}/{token}"' in returning   # the account's own seat, its way back
    assert re.search(r'<a href="/players/lin" id="my-history">我的对局、回放与等级分</a>', returning)
    assert page.index('id="returning"') < page.index('id="games"') < page.index('id="new-table"')


def test_a_tile_section_that_is_missing_or_wrong_is_refused_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from tablesport.server.content import lobby

    good = dict(tile_data("blokus"))
    for section, why in (({}, "missing (every game has a lobby tile)"),
                         ({**good, "preset": "goofspiel-2p"}, "'goofspiel-2p' is not one of ['blokus-2p'"),
                         ({**good, "minutes": [30, 10]}, "is not [shortest, longest]"),
                         ({**good, "about": {"en": "x", "zh-Hans": "x"}}, "about: a text in each of"),
                         ({**good, "order": None}, "order: None")):
        monkeypatch.setattr(lobby, "game_texts", lambda game, s=section: SimpleNamespace(lobby=s))
        with pytest.raises(TileError, match=re.escape(why)):
            tile_data.__wrapped__("blokus")
    assert len({tile_data(g)["order"] for g in all_games()}) == len(all_games())


def test_every_game_offers_its_own_rule_of_thumb_bot_first(client: TestClient) -> None:
    """Issue 38 item 13: the new-table form chose the last bot by name (rollouts for Sanguosha, Rummikub and
    Ticket to Ride, random for Monopoly Deal); each game now offers the bot that stands in for an absent
    player, and quick play's default is the same."""
    from tablesport.server.live.absence import policy
    from tablesport.server.live.quickplay import default_bot

    html = client.get("/?lang=en").text
    option = r'<option value="([^"]+)"[^>]*data-bots="[^"]*" data-default-bot="([^"]+)"'
    offered = dict(re.findall(option, html))
    assert offered["monopoly-deal-event"] == "heuristic" and offered["sgs-1v1-2014"] == "heuristic"
    assert offered["rummikub-2018"] == "greedy" and offered["ttr-event"] == "planner"
    for game in all_games().values():
        assert default_bot(game.name) == policy(game.name).stand_in
        assert default_bot(game.name) in (offered[p] for p in game.presets)


def test_the_pictionary_tiles_new_table_chooses_the_paper_table() -> None:
    """Issue 41.10: Pictionary's "New table" opens the paper table (seed 000 Pictionary, pencil and paper,
    run by a facilitator); its quick play stays the digital preset."""
    tile = next(x for x in tiles("en") if x["game"] == "pictionary")
    assert tile["links"]["new_table"] == "/?preset=pictionary-table#new-table"
    assert tile["links"]["quickplay"] == "/quickplay?preset=pictionary-event"
