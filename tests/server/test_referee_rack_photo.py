"""A Rummikub hall game's result from photos of the losers' racks over HTTP (seed 002 記分方法: the
tiles left count their numbers, a joker 30; never melded −100 or −200; ×1.2 when a junior wins):
rendered rack photos read, one tile corrected with a tap, the game entered as the hall's own game form
enters it (the hall's scorer), the photos and readings audited; bad photos refused with nothing
stored."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("cv2")

from tablesport.games.rummikub.photo_render import CONDITIONS, finished_game, render  # noqa: E402
from tablesport.store.service import EventStore  # noqa: E402

from .test_event_pages import Person, app, app_at, rummikub_hall  # noqa: E402, F401  (the app fixture)

PLAYERS = {"Amy": "junior", "Ben": "senior", "Cat": "junior", "Dan": "senior"}
RACKS = {"Ben": ["R7", "K13", "J", "O2"], "Cat": ["B11", "B12"], "Dan": ["O5", "K5", "R5"]}


def hall_of(app: Any) -> tuple[Person, str, list[str]]:  # noqa: F811
    ann, hall = rummikub_hall(app, PLAYERS)
    page = ann.c.get(hall).text
    seated = re.search(r'<tr data-table="1" data-playing="yes"><td>[^<]*</td><td>([^<]*)</td>', page)
    assert seated is not None and 'class="rack-photo-link"' in page
    return ann, hall, seated.group(1).split(" · ")


@pytest.fixture(scope="module")
def refusing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Person, str, str]]:
    """One hall for the refused photos (each stores nothing, checked after each): the app, ann, the hall's
    path and the photo form's token."""
    for started in app_at(tmp_path_factory.mktemp("refused")):
        ann, hall, _ = hall_of(started)
        token = re.search(
            r'id="photo-csrf" value="([^"]+)"',  # type: ignore[union-attr]
            ann.c.get(hall + "/photo?table=1").text,
        ).group(1)
        yield started, ann, hall, token


def stored(app: Any) -> tuple[int, int]:  # noqa: F811
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Tuen Mun", "rk")
        return len(st.fixtures(comp)), len([a for a in st.audit(comp) if a.action == "photo_racks"])


def test_rack_photos_read_corrected_and_entered_as_the_halls_game(app: Any) -> None:  # noqa: F811
    ann, hall, seated = hall_of(app)
    from tests.server.test_catalogue import english_ui_in

    for lang in ("zh-Hans", "zh-Hant"):
        r = ann.c.get(hall + "/photo", params={"table": 1, "lang": lang})
        assert r.status_code == 200 and english_ui_in(r.text) == [], lang
    page = ann.c.get(hall + "/photo?table=1").text
    token = re.search(r'id="photo-csrf" value="([^"]+)"', page).group(1)  # type: ignore[union-attr]
    read: dict[str, Any] = {}
    for p, rack in RACKS.items():
        data, _ = render(rack, len(read) + 1, CONDITIONS["perspective"])
        r = ann.c.post(
            hall + "/photo/read?table=1",
            content=data,
            headers={"content-type": "image/jpeg", "x-csrf-token": token},
        )
        assert r.status_code == 200, r.text
        read[p] = r.json()
        assert sorted(t["code"] for t in read[p]["tiles"]) == sorted(rack), (p, read[p]["tiles"])
        assert read[p]["photo"].startswith("data:image/jpeg;base64,")
        assert read[p]["count"] == [], (p, read[p]["count"])  # tiles apart: nothing to count
    # glare joined three tiles into one patch read as two (a benchmark photo, all harms): the page is
    # told where to ask the referee to count them
    glared, _ = render(finished_game(1010).racks[2], 1_001_053, CONDITIONS["all"])
    r = ann.c.post(
        hall + "/photo/read?table=1",
        content=glared,
        headers={"content-type": "image/jpeg", "x-csrf-token": token},
    )
    assert r.status_code == 200, r.text
    (count,) = r.json()["count"]
    assert count["read"] == 2 and len(count["corners"]) == 4, count
    assert all(0 <= v <= 1 for corner in count["corners"] for v in corner), count
    assert stored(app) == (0, 0)  # reading stores nothing
    # Dan never melded: the engine's solver says whether his tiles could have (O5 K5 R5 is a 15-point
    # group: no, −100); the referee taps Cat's B12 to B10
    form = {"winner": "Amy", "csrf": token, "at": "10:20"}
    for i, p in enumerate(seated):
        if p in RACKS:
            tiles = [t["code"] for t in read[p]["tiles"]]
            form[f"read_{i}"] = " ".join(tiles)
            form[f"tiles_{i}"] = " ".join("B10" if c == "B12" else c for c in tiles)
            form[f"photo_{i}"] = read[p]["photo"]
            if p == "Dan":
                form[f"never_{i}"] = "on"
    r = ann.c.post(hall + "/photo/check?table=1", data={k: v for k, v in form.items() if "photo" not in k})
    assert r.json() == {"racks": {"Ben": 52, "Cat": 21, "Dan": {"never_melded": 100}}}
    r = ann.c.post(hall + "/photo/game?table=1", data=form, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"].endswith("/hall?done=game"), r.text
    with app.state.sessions() as s:
        st = EventStore(s)
        comp = st.competition("Tuen Mun", "rk")
        points = {row["entrant"]: row["points"] for row in st.standings(comp)}
        (audit,) = [a for a in st.audit(comp) if a.action == "photo_racks"]
    # a junior won: the senior Ben's rack ×1.2 (62.4); Cat 21 as corrected; Dan's −100 never adjusted
    assert points["Amy"] == pytest.approx(52 * 1.2 + 21 + 100)
    cat = next(x for x in audit.after["racks"] if x["player"] == "Cat")
    assert sorted(cat["read"]) == ["B11", "B12"] and sorted(cat["entered"]) == ["B10", "B11"]
    assert cat["photo"] == read["Cat"]["photo"] and audit.subject == "G1"


@pytest.mark.parametrize("what", ["not_image", "blank", "no_tiles", "too_big"])
def test_a_rack_photo_that_cannot_be_read_is_refused_with_nothing_stored(
    refusing: tuple[Any, Person, str, str], what: str
) -> None:
    import cv2
    import numpy as np

    started, ann, hall, token = refusing
    if what == "not_image":
        body = b"%PDF-1.4 not a photo"
    elif what == "blank":
        body = cv2.imencode(".png", np.full((600, 800, 3), 128, np.uint8))[1].tobytes()
    elif what == "no_tiles":  # an empty rack on a table
        body = render([], 1, CONDITIONS["perspective"])[0]
    else:
        body = b"\xff\xd8" + b"\0" * (15 * 1024 * 1024)
    r = ann.c.post(
        hall + "/photo/read?table=1&lang=zh-Hant",
        content=body,
        headers={"content-type": "image/jpeg", "x-csrf-token": token},
    )
    assert r.status_code in (400, 413) and r.json()["error"] == what
    assert re.search(r"[\u4e00-\u9fff]", r.json()["message"]), r.json()
    assert stored(started) == (0, 0)
