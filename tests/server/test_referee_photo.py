"""A Blokus table's sheet from a photo over HTTP: a rendered photo of a real finished game read, one
square corrected, the sheet entered as a typed one would be (and audited with the photo); bad photos
refused in the referee's language with nothing stored."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

pytest.importorskip("cv2")

from tablesport.games.blokus.photo_render import CONDITIONS, finished_game, render  # noqa: E402
from tablesport.server.app import create_app  # noqa: E402
from tablesport.store import accounts  # noqa: E402
from tablesport.store.double_entry import DoubleEntry  # noqa: E402
from tablesport.store.service import EventStore  # noqa: E402

PASSWORD = "a long enough password"


def token_of(html: str) -> str:
    found = re.search(r'id="photo-csrf" value="([^"]+)"', html) or re.search(
        r'name="csrf" value="([^"]+)"', html
    )
    assert found is not None
    return found.group(1)


@pytest.fixture
def setup(tmp_path: Path) -> Iterator[tuple[Any, TestClient, str]]:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as c:
        with app.state.sessions() as s:
            accounts.create_user(s, "ann", "referee", PASSWORD, by="test")
            st = EventStore(s)
            ev = st.create_event(
                {
                    "event": "Blokus day",
                    "competitions": [
                        {
                            "key": "blokus",
                            "preset": "blokus-event",
                            "entrants": [f"p{i}" for i in range(1, 5)],
                        }
                    ],
                },
                "desk",
            )
            st.next_round(st.competition("Blokus day", "blokus"), "desk")
            accounts.assign_referee(s, "ann", ev.id)
            s.commit()
            event_id = ev.id
        r = c.get("/login")
        r = c.post(
            "/login",
            data={"name": "ann", "password": PASSWORD, "csrf": token_of(r.text)},
            follow_redirects=False,
        )
        assert r.status_code == 303
        yield app, c, f"/referee/events/{event_id}/blokus/fixtures/R1-T1"


def stored(app: Any) -> tuple[int, int]:
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Blokus day", "blokus")
        return (
            len(DoubleEntry(st).entries(comp, "R1-T1")),
            len([a for a in st.audit(comp) if a.action == "photo_sheet"]),
        )


def test_a_photo_read_corrected_and_entered_as_a_sheet(setup: tuple[Any, TestClient, str]) -> None:
    app, c, sheet = setup
    assert 'id="photo-link"' in c.get(sheet).text
    page = c.get(sheet + "/photo").text
    token = token_of(page)
    state = finished_game(3)
    truth = state.board_rows()
    r = c.post(
        sheet + "/photo/read",
        content=render(truth, 3, CONDITIONS["perspective"]),
        headers={"content-type": "image/jpeg", "x-csrf-token": token},
    )
    assert r.status_code == 200, r.text
    got = r.json()
    assert got["rows"] == truth and got["photo"].startswith("data:image/jpeg;base64,")
    assert [x["score"] for x in got["colours"]] == state.colour_scores()
    assert stored(app) == (0, 0)  # reading stores nothing
    # the referee taps one square wrong: the board is no longer legal, and the sheet is refused
    rows = list(truth)
    x = rows[10].index(".")
    rows[10] = rows[10][:x] + "B" + rows[10][x + 1 :]
    r = c.post(sheet + "/photo/check", data={"rows": "/".join(rows), "csrf": token})
    assert any(col["problems"] for col in r.json()["colours"])
    form = {
        "rows": "/".join(rows),
        "read": "/".join(truth),
        "corners": "[]",
        "photo": got["photo"],
        "csrf": token,
    }
    r = c.post(sheet + "/photo/sheet", data=form, follow_redirects=False)
    assert r.status_code == 400 and "not a legal finished game" in r.text
    assert stored(app) == (0, 0)
    # tapped back: the sheet goes in as a typed one with the engine's scores, the photo audited
    r = c.post(sheet + "/photo/sheet", data={**form, "rows": "/".join(truth)}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("?done=waiting")
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Blokus day", "blokus")
        (entry,) = DoubleEntry(st).entries(comp, "R1-T1")
        seats = next(f.entrants for f in st.fixtures(comp) if f.key == "R1-T1")  # blue, yellow, red, green
        assert entry.data == {"scores": dict(zip(seats, state.colour_scores(), strict=True))}
        (audit,) = [a for a in st.audit(comp) if a.action == "photo_sheet"]
        assert audit.action == "photo_sheet" and audit.after["entered"] == truth
        assert audit.after["photo"] == got["photo"]
    kept = c.get(sheet + "/photo").text  # the photo is shown with its sheet, beside any disagreement
    assert 'id="photo-kept"' in kept and got["photo"] in kept and 'data-status="waiting"' in kept
    assert got["photo"] not in c.get(sheet).text  # no disagreement yet: the fixture's page has no photo
    with app.state.sessions() as s:  # a second referee's typed sheet differs by one point
        st = EventStore(s)
        comp = st.competition("Blokus day", "blokus")
        other = {e: v - (i == 0) for i, (e, v) in enumerate(entry.data["scores"].items())}
        assert DoubleEntry(st).submit(comp, "R1-T1", {"scores": other}, "bo").status == "disagrees"
        s.commit()
    page = c.get(sheet).text  # the photo beside the two sheets side by side
    assert 'class="list sheets-compare"' in page and 'id="photo-kept"' in page and got["photo"] in page


@pytest.mark.parametrize("what", ["not_image", "blank", "no_board", "two_boards", "too_big"])
def test_a_photo_that_cannot_be_read_is_refused_in_the_referees_language(
    setup: tuple[Any, TestClient, str], what: str
) -> None:
    import cv2
    import numpy as np

    app, c, sheet = setup
    token = token_of(c.get(sheet + "/photo").text)
    if what == "not_image":
        body = b"%PDF-1.4 not a photo"
    elif what == "blank":
        body = cv2.imencode(".png", np.full((600, 800, 3), 128, np.uint8))[1].tobytes()
    elif what == "no_board":
        rng = np.random.default_rng(1)
        body = cv2.imencode(".jpg", rng.integers(120, 255, (600, 800, 3)).astype(np.uint8))[1].tobytes()
    elif what == "two_boards":
        one = cv2.imdecode(
            np.frombuffer(render(finished_game(1).board_rows(), 1, CONDITIONS["perspective"]), np.uint8),
            cv2.IMREAD_COLOR,
        )
        half = cv2.resize(one, (640, 480))
        body = cv2.imencode(".jpg", np.hstack([half, half]))[1].tobytes()
    else:
        body = b"\xff\xd8" + b"\0" * (15 * 1024 * 1024)
    r = c.post(
        sheet + "/photo/read?lang=zh-Hans",
        content=body,
        headers={"content-type": "image/jpeg", "x-csrf-token": token},
    )
    assert r.status_code in (400, 413) and r.json()["error"] == what
    assert re.search(r"[\u4e00-\u9fff]", r.json()["message"]), r.json()
    assert stored(app) == (0, 0)


def test_without_the_photo_extra_the_page_says_what_to_install_and_reading_is_refused(
    setup: tuple[Any, TestClient, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tablesport.server.routes import referee_photo

    app, c, sheet = setup
    monkeypatch.setattr(referee_photo, "missing", lambda extra: ["opencv-python-headless"])
    for lang in ("en", "zh-Hans", "zh-Hant"):
        page = c.get(sheet + f"/photo?lang={lang}").text
        assert "tablesport[photo]" in page and 'id="photo-missing"' in page and 'id="photo-file"' not in page
    token = token_of(c.get(sheet).text)
    r = c.post(
        sheet + "/photo/read",
        content=b"\xff\xd8",
        headers={"content-type": "image/jpeg", "x-csrf-token": token},
    )
    assert (
        r.status_code == 503
        and r.json()["error"] == "no_extra"
        and "tablesport[photo]" in r.json()["message"]
    )
    assert stored(app) == (0, 0)


def test_the_photo_page_in_chinese_has_no_english_ui_text(setup: tuple[Any, TestClient, str]) -> None:
    from tests.server.test_catalogue import english_ui_in

    _, c, sheet = setup
    for lang in ("zh-Hans", "zh-Hant"):
        r = c.get(sheet + "/photo", params={"lang": lang})
        assert r.status_code == 200 and english_ui_in(r.text) == [], lang
