"""No English or program text in the Chinese pages as a player sees them (issue 38 items 10 and 12): in a
real browser, in 简体 and 繁體, every page reachable from the lobby (the new-table form, a live table of every
preset after the bots' first moves, as its player in one language and as a spectator in the other, the
bots-only tables and their replays, leaderboards, stats, the learn and rules pages, a player's profile, an
event's public pages and projector) is read after its scripts ran:
its ``innerText`` and its ``title``, ``aria-label``, ``placeholder`` and ``alt`` texts. Each must hold no
Latin word and no program text (a Python repr, a key with underscores, a preset id, "Seat 3", "bot:..."),
and no page may be wider than a phone (390 px).

Names of people, the event's ids and addresses (``/play/...``) are not words of the page: the test's own
names are Chinese, and addresses are taken out before reading. What may stay in Latin letters is in
``ALLOWED``, each with its reason. Of the pages of one kind found by links (rules, leaderboards, replays,
tables) only the first ``FAMILY_CAP`` are read: the server-rendered crawl (``tests/server/
test_chinese_crawl.py``) reads them all, and their scripts are the same."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from tablesport.server.process import ServerProcess
from tablesport.store import accounts, players
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.service import EventStore

pytestmark = pytest.mark.browser

ALLOWED = {
    "English": "the language switcher names the English pages in English",
    "tablesport": "the site's name",
    "OpenSkill": "the rating system's proper name",
    "JSON": "a file format's name on the event's export links, as CSV beside it",
}
# Latin words of 4 letters or more; program text: reprs, snake_case keys, preset ids, seat numbers, bot kinds
WORD = re.compile(r"[A-Za-z][A-Za-z'’]{3,}")
PROGRAM = re.compile(
    r"\{'|\['|'\]|\b[a-z]+_[a-z_]+\b|\b[a-z]+(?:-[a-z0-9]+)+\b|\bSeat \d|\bbot:|\bNone\b|\b\d+\.0\b(?![\d.])"
)
ADDRESS = re.compile(r"(?:https?://|/)[\w./?=&%#:+-]*\w|#?\b[0-9a-f]{12}\b")  # addresses; a table's id
# pages of one kind beyond the first few (the server-rendered crawl reads them all: test_chinese_crawl.py)
FAMILY = re.compile(r"^/(rules|leaderboard|replay|watch|play)/|^/\?preset=")
FAMILY_CAP = 2
SKIP = re.compile(
    r"^/(static|api|ws|i18n|games)/|\.(json|svg|png|css|js|csv|pdf)\b|^/logout|/frames"
    r"|^/(organiser|referee)\b|/print/"
)
EVENT, PLAYER = "秋季赛", "林一"  # Chinese names: a person's name is not a finding
# people-only tables whose other seats are taken too, so that they play (a digital and a paper Pictionary)
FULL = ("pictionary-event", "pictionary-table")
SEED = 38  # the same deals every run (the bots' pace still varies with the machine's load)
LANGS = {"zh-Hans": "zh-CN", "zh-Hant": "zh-TW"}
READ = """() => {
  const attrs = [...document.querySelectorAll('[title],[aria-label],[placeholder],[alt]')].flatMap(
    e => ['title', 'aria-label', 'placeholder', 'alt'].map(a => e.getAttribute(a)).filter(Boolean));
  const links = [...document.querySelectorAll('a[href]')].map(a => a.getAttribute('href'));
  return {text: document.title + '\\n' + document.body.innerText + '\\n' + attrs.join('\\n'), links,
          width: document.documentElement.scrollWidth};
}"""


def findings(text: str) -> list[str]:
    """The Latin words (other than the allowed) and program text in a page's text."""
    text = ADDRESS.sub(" ", text)
    words = {w for w in WORD.findall(text) if w not in ALLOWED}
    return sorted(words | set(PROGRAM.findall(text)))


def presets(web: ServerProcess) -> list[tuple[str, str, int, str | None]]:
    """Every preset with a screen: its game, seats and the bot for its other seats (None: people only)."""
    games = httpx.get(web.url + "/api/v1/games", timeout=10).json()
    return [
        (p["preset"], g["game"], p["seats"], None if g["game"] == "pictionary" else "random")
        for g in games
        if g["web_screen"]
        for p in g["presets"]
    ]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of this module's own: its 30-odd tables play on while the pages are read, and stop with it."""
    db = tmp_path_factory.mktemp("crawl") / "web.sqlite3"
    proc = ServerProcess(db, bot_delay=0.05, tables_per_minute=0).start(timeout=120)
    try:
        yield proc
    finally:
        proc.stop()


@pytest.fixture(scope="module")
def site(server: ServerProcess) -> dict[str, Any]:
    """The pages to start from besides the lobby: an event with a drawn competition (its public pages and
    projector), a table of every preset (its last seat a person, so that the bots before it move once the
    person's page opens: "views", its player's page and its spectator's), a bots-only table of each game
    (its spectator's page; its replay is linked from the lobby) and the profile of a player seated at one."""
    tables: list[dict[str, Any]] = []
    first: set[str] = set()
    bots_only: list[str] = []
    others: list[str] = []  # the seats of the FULL tables that the crawl does not open
    for preset, game, n, bot in presets(server):
        person: dict[str, object] = {"kind": "person"}
        other: dict[str, object] = person if bot is None else {"kind": "bot", "bot": bot}
        tables.append(server.create(preset, [other] * (n - 1) + [person], seed=SEED))
        if preset in FULL:
            others += [str(seat["url"]) for seat in tables[-1]["seats"][:-1]]
        if bot is not None and game not in first:  # Pictionary is played by people only
            first.add(game)
            bots_only.append(str(server.create(preset, [other] * n, seed=SEED)["watch"]))
    sessions = make_sessionmaker(make_engine(f"sqlite:///{server.db}"))
    with sessions() as s:
        st = EventStore(s)
        teams = [{"id": f"队{i}", "members": [f"甲{i}", f"乙{i}", f"丙{i}"]} for i in range(1, 5)]
        ev = st.create_event(
            {
                "event": EVENT,
                "competitions": [{"key": "sgs", "preset": "sgs-3v3-2012", "groups": 1, "entrants": teams}],
            },
            "desk",
        )
        st.draw(st.competition(EVENT, "sgs"), "desk")
        user = accounts.create_user(s, PLAYER, "player", "a long enough password", by="test")
        s.flush()
        players.bind_seat(s, str(tables[0]["id"]), len(tables[0]["seats"]) - 1, user.id)
        s.commit()
        event = ev.id
    pages = ["/", f"/events/{event}", f"/events/{event}/projector", f"/events/{event}/sgs"]
    return {
        "pages": pages + [f"/players/{PLAYER}", *bots_only],
        "views": [(t["seats"][-1]["url"], t["watch"]) for t in tables],
        "others": others,
    }


@pytest.fixture(scope="module")
def seated(browser: Any, server: ServerProcess, site: dict[str, Any]) -> Iterator[None]:
    """The people at the FULL tables other than the crawl's own seat (one page each, kept open)."""
    ctx = browser.new_context(locale="zh-CN")
    try:
        for url in site["others"]:
            ctx.new_page().goto(f"{server.url}{url}?lang=zh-Hans")
        yield
    finally:
        ctx.close()


@pytest.fixture(scope="module")
def phones(browser: Any) -> Iterator[dict[str, Any]]:
    """One 390 px touch page per language."""
    contexts = {
        lang: browser.new_context(
            viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale=loc
        )
        for lang, loc in LANGS.items()
    }
    pages = {}
    for lang, ctx in contexts.items():
        pages[lang] = ctx.new_page()
        pages[lang].set_default_timeout(30000)
    try:
        yield pages
    finally:
        for ctx in contexts.values():
            ctx.close()


def crawl(page: Any, base: str, lang: str, start: list[str], limit: int = 300) -> tuple[int, dict[str, Any]]:
    """Visit ``start`` and every same-site page linked from them; the pages' findings and widths."""
    todo, seen, found = list(start), set[str](), dict[str, Any]()
    families: dict[str, int] = {}  # pages of a kind read, other than the start's
    while todo and len(seen) < limit:
        path = todo.pop(0)
        family = None if path in start else FAMILY.match(path)
        if path in seen or (family and families.get(family.group(0), 0) >= FAMILY_CAP):
            continue
        seen.add(path)
        if family:
            families[family.group(0)] = families.get(family.group(0), 0) + 1
        sep = "&" if "?" in path else "?"
        response = page.goto(f"{base}{path}{sep}lang={lang}")
        if response is None or response.status != 200 or "text/html" not in response.headers["content-type"]:
            found[path] = f"status {response.status if response else None}"
            continue
        if path.startswith(("/play/", "/watch/")):
            page.wait_for_selector("#table[data-connected='1'][data-seq]")
            page.wait_for_timeout(200)  # the first frame drawn
        elif path.startswith("/replay/"):
            page.wait_for_load_state("networkidle")
        got = page.evaluate(READ)
        bad = findings(got["text"])
        if got["width"] > 390:
            bad.append(f"{got['width']} px wide")
        if bad:
            found[path] = bad
        for href in got["links"]:
            href = re.sub(r"[?&]lang=[^&#]*", "", href.split("#")[0])
            if href.startswith("/") and not SKIP.search(href) and href not in seen:
                todo.append(href)
    return len(seen), found


@pytest.mark.parametrize("lang", list(LANGS))
def test_every_chinese_page_in_the_browser_has_no_english_or_program_text(
    phones: dict[str, Any], server: ServerProcess, site: dict[str, Any], seated: None, lang: str
) -> None:
    # each language sees every preset's table once: as its player in one, as a spectator in the other
    turn = list(LANGS).index(lang)
    tables = [str(views[(k + turn) % 2]) for k, views in enumerate(site["views"])]
    visited, found = crawl(phones[lang], server.url, lang, site["pages"] + tables)
    print(f"{lang}: {visited} pages read")
    assert visited >= 50  # the lobby's links were followed
    assert found == {}
