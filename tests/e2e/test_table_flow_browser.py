"""A player's way through a table in a real browser, in Chinese: the created page survives a language
switch, the table speaks the page's language (prompt, timeout, log), the give-up button is the preset's
concession, the lobby lists "my tables", and a bad seat link answers a page with the way back."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablesport.server.process import ServerProcess

pytestmark = pytest.mark.browser

RAW = re.compile(r"[A-Za-z]{3,}|[{}\[\]=]|\bc\d+\b")


def test_a_sanguosha_table_in_chinese_from_the_lobby_and_back(page: Any, web: ServerProcess) -> None:
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(web.url + "/?lang=zh-Hans")
    page.select_option("#preset", "sgs-1v1-2014")
    page.select_option("#seat0", "person")
    page.select_option("#seat1", "bot:random")
    page.click("#start")
    page.wait_for_selector(".seat-link[data-seat='0']")
    assert re.search(r"/tables/[0-9a-f]+/created$", page.url)
    page.click("nav.langs a[data-lang='zh-Hant']")  # was: GET /tables?lang=… → 405, links gone
    page.wait_for_selector(".seat-link[data-seat='0']")
    assert "座位連結" in page.inner_text("main")
    link = page.get_attribute(".seat-link[data-seat='0']", "href")
    page.click(".seat-link[data-seat='0']")
    page.wait_for_selector("#table[data-connected='1'][data-seq]")
    page.wait_for_selector("#log li")
    page.wait_for_function("document.querySelector('#decision .prompt') !== null")
    prompt = page.inner_text("#decision .prompt")
    assert prompt and not RAW.search(prompt), prompt
    lines = [re.sub(r"^\[\d+\] ", "", line) for line in page.locator("#log li").all_inner_texts()]  # [step]
    assert lines and not [line for line in lines if RAW.search(line)], lines
    assert page.inner_text("#give-up") == "認輸"
    page.goto(web.url + "/")
    page.wait_for_selector("#my-tables li[data-status]")
    mine = page.locator("#my-tables li").first
    assert mine.get_attribute("data-table") in link and "回到座位" in mine.inner_text()
    page.goto(web.url + link.rsplit("/", 1)[0] + "/not-a-token")
    page.wait_for_selector("#error-page")
    assert "這個座位連結無效" in page.inner_text("#error-page")
    page.click("#back-to-lobby")
    page.wait_for_selector("#my-tables-card")
    assert not errors, errors
