"""``tablesport serve`` of the installed wheel with the ``server`` extra alone (what ``make run``
installs): the lobby in three languages, a live table of every preset (its page, its screen script, its
rules page, the seat's first frame), the first organiser made by the CLI, the organiser's and the public
event pages; every static file a page names; and no file under the package looked for and missing."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from tablesport.server.process import ServerProcess
from tablesport.tournament.formats import FORMATS
from tests.installed_env import python

from .audited import audit_env, missing_files, run

PASSWORD = "a long enough password"
STATIC = re.compile(r'(?:src|href)="(/static/[^"?#]+)')
IMPORTED = re.compile(r'from "(/static/[^"]+)"')
ROOT = Path(__file__).resolve().parents[2]


def token_of(html: str) -> str:
    found = re.search(r'name="csrf" value="([^"]+)"', html)
    assert found is not None, html[:500]
    return found.group(1)


class Pages:
    """A browser without a browser: one cookie jar; every page fetched must answer 200, and so must the static
    files it names and the modules those import."""

    def __init__(self, url: str) -> None:
        self.c = httpx.Client(base_url=url, timeout=30)
        self.static: set[str] = set()

    def get(self, path: str) -> str:
        r = self.c.get(path)
        assert r.status_code == 200, (path, r.status_code, r.text[:300])
        self.static.update(STATIC.findall(r.text))
        return r.text

    def post(self, page: str, action: str, data: dict[str, Any]) -> httpx.Response:
        return self.c.post(action, data={**data, "csrf": token_of(self.get(page))}, follow_redirects=False)

    def check_static(self, *expected: str) -> None:
        assert set(expected) <= self.static, (expected, self.static)
        seen: set[str] = set()
        todo = sorted(self.static)
        while todo:
            path = todo.pop()
            if path in seen:
                continue
            seen.add(path)
            r = self.c.get(path)
            assert r.status_code == 200, path
            todo.extend(IMPORTED.findall(r.text) if path.endswith(".js") else [])


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Any:
    tmp = tmp_path_factory.mktemp("installed-server")
    log, db = tmp / "missing.log", tmp / "web.sqlite3"
    made = run(
        "server",
        log,
        "admin",
        "create-user",
        "olga",
        "--role",
        "organiser",
        "--db",
        f"sqlite:///{db}",
        stdin=PASSWORD + "\n",
    )
    assert made.returncode == 0, made.stderr
    server = ServerProcess(
        db, python=python("server"), env=audit_env(log), bot_delay=0.0, tables_per_minute=0
    ).start(timeout=60)
    try:
        yield server, log
    finally:
        server.stop()


def test_the_lobby_in_three_languages(served: Any) -> None:
    server, log = served
    pages = Pages(server.url)
    for lang, word in (("en", "Blokus"), ("zh-Hans", "三国杀"), ("zh-Hant", "三國殺")):
        assert word in pages.get(f"/?lang={lang}")
        assert pages.c.get(f"/i18n/{lang}.json").status_code == 200
    pages.check_static("/static/lobby.js", "/static/app.css")
    served_files = 0
    for f in sorted(ROOT.glob("tablesport/**/static/*")):  # every static file of the tree, served as it is
        r = pages.c.get(f"/static/{f.name}")
        assert r.status_code == 200 and r.content == f.read_bytes(), f
        served_files += 1
    assert served_files >= 10
    assert missing_files(log) == []


def test_a_live_table_of_every_preset(served: Any) -> None:
    server, log = served
    pages = Pages(server.url)
    games = httpx.get(server.url + "/api/v1/games", timeout=30).json()
    presets = [(g["game"], p) for g in games for p in g["presets"]]
    assert len(presets) == 25
    for game, preset in presets:
        # Pictionary is played by people only
        other = {"kind": "person"} if game == "pictionary" else {"kind": "bot", "bot": "random"}
        seats = [{"kind": "person"}] + [other] * (preset["seats"] - 1)
        table = server.create(preset["preset"], seats, seed=5)
        seat = table["seats"][0]
        assert "Traceback" not in pages.get(seat["url"])
        assert pages.c.get(f"/games/{game}/screen.js").status_code == 200, game
        pages.get(f"/rules/{preset['preset']}?lang=zh-Hant")
        pages.get(table["watch"])
        with connect(f"{server.ws_url}/ws/{table['id']}?token={seat['token']}", max_size=1 << 22) as ws:
            hello = json.loads(ws.recv(timeout=30))
        assert hello["type"] == "hello" and hello.get("view") is not None, (preset["preset"], hello)
    pages.check_static("/static/table.js")
    assert missing_files(log) == []


def test_a_bot_tables_moves_come_from_a_worker_of_the_install(served: Any) -> None:
    server, log = served
    table = server.create("goofspiel-2p", [{"kind": "bot", "bot": "ismcts:playouts=10"}] * 2, seed=5)
    deadline = time.monotonic() + 120
    while httpx.get(f"{server.url}/api/v1/tables/{table['id']}", timeout=30).json()["status"] != "finished":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    workers = list(server.children().values())
    assert workers and all(
        cmd[:4] == [python("server"), "-P", "-m", "tablesport.server.live.bot_worker"] for cmd in workers
    ), workers
    assert missing_files(log) == []


def test_the_organisers_pages(served: Any) -> None:
    server, log = served
    olga = Pages(server.url)
    r = olga.post("/login", "/login", {"name": "olga", "password": PASSWORD})
    assert r.status_code == 303, r.text
    olga.get("/organiser")
    index = {name: str(i) for i, name in enumerate(FORMATS)}
    keys = {
        "sgs-3v3-2011": "sgs",
        "blokus-event": "blokus",
        "rummikub-2018": "hall",
        "pictionary-event": "pic",
    }
    form: dict[str, Any] = {"event": "Game day", "use": [index[f] for f in keys]}
    for fmt, key in keys.items():
        form[f"key_{index[fmt]}"], form[f"format_{index[fmt]}"] = key, fmt
    form[f"groups_{index['sgs-3v3-2011']}"] = "4"
    r = olga.post("/organiser/events/new", "/organiser/events/new", form)
    assert r.status_code == 303, r.text[:500]
    event_id = int(r.headers["location"].rsplit("/", 1)[1])
    olga.get(f"/organiser/events/{event_id}")
    desk = f"/organiser/events/{event_id}/sgs"
    teams = "id,members,school,paid\n" + "".join(f"Team{i:02d},T{i}a;T{i}b;T{i}c,School {i % 3},yes\n"
                                                  for i in range(1, 17))
    assert olga.post(desk, desk + "/import", {"csv": teams}).status_code == 303
    assert olga.post(desk, desk + "/draw", {"groups": "4", "method": "snake", "seed": "1"}).status_code == 303
    assert olga.get(desk).count('data-entrant="') == 16
    for key in keys.values():
        olga.get(f"/organiser/events/{event_id}/{key}")
        olga.get(f"/events/{event_id}/{key}?lang=zh-Hans")
    for what in ("standings", "groups", "sheets"):
        olga.get(f"/events/{event_id}/sgs/print/{what}")
    olga.get(f"/events/{event_id}")
    olga.get(f"/events/{event_id}/projector")
    olga.get("/events")
    olga.check_static("/static/app.css")
    assert missing_files(log) == []
