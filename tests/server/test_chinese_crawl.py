"""No English or program text in the Chinese pages (issue 38 item 10): every page reachable from the lobby,
in 简体 and 繁體, read as a player sees it (scripts, styles and tags left out; links' addresses with them).

What may stay in Latin letters: the language switcher's "English", the site's name, the rating system's
name (OpenSkill) and short tokens (1v1, 3v3, a card's rank, money like 5M)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html import unescape
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from tablesport.server.app import create_app

ALLOWED = {"English", "tablesport", "OpenSkill"}
WORD = re.compile(r"[A-Za-z][A-Za-z'’-]{3,}(?:\s+[A-Za-z][A-Za-z'’-]+)*")
SKIP = re.compile(r"^/(static|api|ws|i18n|screens?)/|\.(json|svg|png|css|js)$|^/logout|^/replay/.*/frames")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)) as c:
        yield c


def visible_text(html: str) -> str:
    html = re.sub(r"<(script|style|template)\b.*?</\1>", " ", html, flags=re.S | re.I)
    html = re.sub(r"<pre\b.*?</pre>", " ", html, flags=re.S | re.I)
    return unescape(re.sub(r"<[^>]+>", " ", html))


def crawl(client: TestClient, lang: str, limit: int = 400) -> dict[str, list[str]]:
    """Every same-site page reachable from the lobby: its Latin words (other than the allowed)."""
    todo, seen, found = ["/"], set(), {}
    while todo and len(seen) < limit:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        r = client.get(path, params={"lang": lang})
        if r.status_code != 200 or "text/html" not in r.headers.get("content-type", ""):
            continue
        words = {w for w in WORD.findall(visible_text(r.text))} - ALLOWED
        if words:
            found[path] = sorted(words)
        for href in re.findall(r'href="(/[^"#?]*)', r.text):
            if not SKIP.search(href) and href not in seen:
                todo.append(href)
    assert len(seen) > 20, seen  # the lobby's links were followed
    return found


@pytest.mark.parametrize("lang", ["zh-Hans", "zh-Hant"])
def test_the_chinese_pages_reachable_from_the_lobby_have_no_english(client: TestClient, lang: str) -> None:
    r = client.post(
        "/api/v1/tables",
        json={"preset": "sgs-1v1-2014", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "heuristic"}]},
    )
    assert r.status_code in (200, 201), r.text
    assert crawl(client, lang) == {}
