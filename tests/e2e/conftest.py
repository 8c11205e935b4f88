"""Browser tests: Playwright driving Debian's chromium (installed by scripts/ensure-browser)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tablesport.server.process import ServerProcess

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if not os.access(CHROMIUM, os.X_OK):
        skip = pytest.mark.skip(
            reason=f"no {CHROMIUM}: run scripts/ensure-browser (apt-get install chromium)")
        for item in items:
            if "browser" in item.keywords:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield PolicyBypassing(b)
        finally:
            b.close()


class PolicyBypassing:
    """The browser for the functional tests: its contexts bypass the pages' Content-Security-Policy, which
    Playwright's own ``wait_for_function`` (it evaluates its predicate with ``eval``) would trip.
    ``test_page_policy_browser.py`` checks the pages under the policy itself (``bypass_csp=False``)."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> Any:
        options.setdefault("bypass_csp", True)
        return self._browser.new_context(**options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._browser, name)


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(locale="en-US")
    pg = ctx.new_page()
    pg.set_default_timeout(30000)  # the machine may be busy with other test runs
    try:
        yield pg
    finally:
        ctx.close()


# A phone as the tests hold it: 390 x 844 px, by touch; the languages' browser locales.
PHONE_W, PHONE_H = 390, 844
PHONE = {"viewport": {"width": PHONE_W, "height": PHONE_H}, "has_touch": True, "is_mobile": True}
LOCALES = {"en": "en-US", "zh-Hans": "zh-CN", "zh-Hant": "zh-TW"}


@pytest.fixture
def phones(browser: Any) -> Iterator[Callable[..., Any]]:
    """Pages on phones: ``phones(lang)`` (en, zh-Hans, zh-Hant: the browser's locale), other context options
    as keywords; each phone is closed at the end of the test."""
    contexts: list[Any] = []

    def make(lang: str = "en", **options: Any) -> Any:
        ctx = browser.new_context(**{**PHONE, "locale": LOCALES[lang], **options})
        contexts.append(ctx)
        pg = ctx.new_page()
        pg.set_default_timeout(30000)
        return pg

    try:
        yield make
    finally:
        for ctx in contexts:
            ctx.close()


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    db: Path = tmp_path_factory.mktemp("e2e") / "web.sqlite3"
    proc = ServerProcess(db, bot_delay=0.05, tables_per_minute=0).start()
    try:
        yield proc
    finally:
        proc.stop()


def bots_game(
    web: ServerProcess, preset: str, bot: str | None, n: int, seed: int, timeout: float = 120
) -> str:
    """A game of ``n`` bots (``bot``: their kind, None for the default) played to its end; its table id."""
    seat: dict[str, object] = {"kind": "bot"} if bot is None else {"kind": "bot", "bot": bot}
    t = web.create(preset, [seat] * n, seed=seed)
    deadline = time.monotonic() + timeout
    while httpx.get(f"{web.url}/api/v1/tables/{t['id']}", timeout=10).json().get("status") != "finished":
        assert time.monotonic() < deadline, f"the bots' {preset} game did not finish in {timeout:.0f} s"
        time.sleep(0.3)
    return str(t["id"])
