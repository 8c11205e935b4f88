"""Getting back to a table: the "table created" page survives a language switch and a reload (for the
browser that made the table only), a bad link answers a page with the way back while the API keeps its
JSON errors, and a replay says what each step did and shows the winner only at the end."""

from __future__ import annotations

import re
import time

from fastapi.testclient import TestClient

from .helpers import form_token

HTML = {"accept": "text/html,application/xhtml+xml"}


def make_table(client: TestClient) -> tuple[str, list[str]]:
    csrf = form_token(client)
    form = {"preset": "goofspiel-2p", "seat0": "person", "seat1": "person", "seed": "4", "csrf": csrf}
    made = client.post("/tables", data=form, follow_redirects=False)
    assert made.status_code == 303
    where = made.headers["location"]
    tid = where.split("/")[2]
    assert where == f"/tables/{tid}/created"
    page = client.get(where)
    assert page.status_code == 200
    links = sorted(set(re.findall(rf'href="(/play/{tid}/[^"]+)"', page.text)))
    assert len(links) == 2
    return tid, links


def test_the_created_page_keeps_its_links_through_a_language_switch(client: TestClient) -> None:
    tid, links = make_table(client)
    for lang, word in (("zh-Hans", "座位链接"), ("zh-Hant", "座位連結"), ("en", "Seat links")):
        page = client.get(f"/tables/{tid}/created?lang={lang}")
        assert page.status_code == 200 and word in page.text
        assert all(link in page.text for link in links)
        assert f'href="/tables/{tid}/created?lang=zh-Hant"' in page.text  # the switch stays on this page


def test_only_the_browser_that_made_the_table_sees_its_links(client: TestClient) -> None:
    tid, links = make_table(client)
    other = TestClient(client.app)
    page = other.get(f"/tables/{tid}/created", headers=HTML)
    assert page.status_code == 403
    assert not any(link in page.text for link in links)
    assert 'id="back-to-lobby"' in page.text


def test_language_links_keep_the_rest_of_the_query(client: TestClient) -> None:
    page = client.get("/?lang=en&x=1")
    assert 'href="/?x=1&amp;lang=zh-Hans"' in page.text


def test_a_bad_seat_link_answers_a_page_with_the_way_back_and_the_api_keeps_json(client: TestClient) -> None:
    tid, _ = make_table(client)
    page = client.get(f"/play/{tid}/not-a-token?lang=zh-Hans", headers=HTML)
    assert page.status_code == 403 and page.headers["content-type"].startswith("text/html")
    assert "这个座位链接无效" in page.text and f'href="/watch/{tid}"' in page.text and 'href="/"' in page.text
    assert client.get(f"/play/{tid}/not-a-token").headers["content-type"].startswith("application/json")
    missing = client.get("/watch/000000000000?lang=en", headers=HTML)
    assert missing.status_code == 404 and "There is no such table" in missing.text
    api = client.get("/api/v1/tables/000000000000", headers=HTML)
    assert api.status_code == 404 and api.json()["code"] == "not_found"  # the API: JSON always
    wrong_method = client.get("/tables", headers=HTML)
    assert wrong_method.status_code == 405 and 'id="back-to-lobby"' in wrong_method.text


def test_a_replay_says_what_each_step_did_and_shows_the_winner_at_the_end(client: TestClient) -> None:
    made = client.post("/api/v1/tables", json={"preset": "goofspiel-2p", "seed": 5,
                                               "seats": [{"kind": "bot", "bot": "random"}] * 2})
    tid = made.json()["id"]
    for _ in range(200):
        if client.get(f"/api/v1/tables/{tid}").json()["status"] == "finished":
            break
        time.sleep(0.05)
    page = client.get(f"/replay/{tid}?lang=zh-Hans")
    assert f"/replay/{tid}/frames.json?lang=zh-Hans" in page.text
    data = client.get(f"/replay/{tid}/frames.json?lang=zh-Hans").json()
    frames = data["frames"]
    assert frames[0]["text"] == "开局" and frames[1]["text"].endswith("行动")
    assert all(not f["text"].startswith("{") for f in frames)
    assert any("奖品" in ev["text"] for f in frames for ev in f["events"])
    assert "获胜" in data["result_text"] or "平局" in data["result_text"]
    script = client.get("/static/replay.js").text
    assert "at === frames.length - 1 ? resultText" in script  # the winner only at the last step
