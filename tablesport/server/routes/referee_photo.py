"""A Blokus table's score sheet from a phone photo of the finished board (docs/blokus.md).

``.../fixtures/{fixture}/photo`` shows the page: the phone's camera through the browser; the photo is
sent to ``photo/read`` (its bytes as the body), which answers the reading (nothing is stored); each
tap on a square sends the board to ``photo/check`` (legal? the scores); ``photo/sheet`` enters the
corrected board's scores exactly as a typed sheet (double entry applies: it is one sheet) and keeps
the photo, what was read and what the referee changed in the competition's audit.

The reading needs the ``photo`` extra; without it the page says what to install and the routes refuse."""

from __future__ import annotations

import base64
import importlib
import json
from collections.abc import Callable
from typing import Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import HTMLResponse, JSONResponse, RedirectResponse, Response
from sqlalchemy.orm import Session

from tablesport.extras import missing
from tablesport.store.double_entry import DoubleEntry
from tablesport.store.photo_sheets import kept_photos
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError

from ..content.i18n import strings
from ..web import auth
from ..web.auth import RefereeDep
from ..web.deps import LangDep, SessionsDep
from ..web.render import render
from .organiser import in_session
from .referee import CompKey, EventId, FixtureKey

router = APIRouter(prefix="/referee", dependencies=[Depends(auth.csrf_protect)])
PRESETS = ("blokus-event",)
"""The competitions whose sheet a photo fills: a Blokus table of four, one colour each."""
BASE = "/events/{event_id}/{competition}/fixtures/{fixture}/photo"


def _fixture(st: EventStore, event_id: int, key: str, fixture: str) -> tuple[Any, Any, list[str]]:
    ev, comp = st.competition_by_id(event_id, key)
    if comp.preset not in PRESETS:
        raise TournamentError(
            f"a photo fills the sheet of a Blokus table ({', '.join(PRESETS)}), not of {comp.preset}"
        )
    fx = next((f for f in st.fixtures(comp) if f.key == fixture), None)
    if fx is None:
        raise TournamentError(f"no fixture {fixture!r} in {key!r}")
    return ev, comp, list(fx.entrants)


def _colours(rows: list[str], monomino_last: list[bool | None] | None = None) -> list[dict[str, Any]]:
    from tablesport.games.blokus.photo_score import board_reading

    last = monomino_last or [None] * 4
    return [{**c.as_json(), "score": c.score(last[i])} for i, c in enumerate(board_reading(rows))]


def _rows(text: str) -> list[str]:
    rows = [r.strip() for r in text.split("/")]
    from tablesport.games.blokus.photo_score import check_rows

    try:
        check_rows(rows)
    except ValueError as exc:
        raise TournamentError(str(exc), field="rows") from exc
    return rows


@router.get(BASE, response_class=HTMLResponse)
async def photo_page(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    event_id: int = EventId,
    competition: str = CompKey,
    fixture: str = FixtureKey,
) -> HTMLResponse:
    return await _page(request, lang, acc, sessions, event_id, competition, fixture)


async def _page(
    request: Request,
    lang: str,
    acc: Any,
    sessions: Any,
    event_id: int,
    competition: str,
    fixture: str,
    status: int = 200,
    error: str | None = None,
) -> HTMLResponse:
    """The photo page of a fixture (its sheet's photos kept), with ``error`` when a sheet was refused."""

    def read(s: Session) -> dict[str, Any]:
        st = EventStore(s)
        ev, comp, entrants = _fixture(st, event_id, competition, fixture)
        return {
            "event": {"id": ev.id, "name": ev.name},
            "comp_key": comp.key,
            "comp_title": comp.title,
            "fixture": fixture,
            "entrants": entrants,
            "kept": kept_photos(st, comp, fixture),
        }

    try:
        data = await in_session(sessions, read)
    except TournamentError as exc:
        return await render(request, lang, "referee/photo.html", account=acc, status=404, error=str(exc))
    return await render(
        request, lang, "referee/photo.html", account=acc, status=status, error=error,
        missing=missing("photo"), **data,
    )


def refusal(lang: str, key: str, status: int = 400) -> JSONResponse:
    """A photo refused: its reason's key and the message in the referee's language."""
    return JSONResponse(
        {"error": key, "message": strings(lang).get(f"photo.err.{key}", key)}, status_code=status
    )


async def photo_of(request: Request, lang: str) -> Any:
    """The photo in the request's body, decoded (:func:`tablesport.imaging.decode.decode`), or the
    refusal to answer (the extra missing, too big, not an image, blank)."""
    if missing("photo"):
        return refusal(lang, "no_extra", 503)
    from tablesport.imaging.decode import MAX_BYTES, PhotoError, decode

    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BYTES:
        return refusal(lang, "too_big", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BYTES:
            return refusal(lang, "too_big", 413)
    try:
        return decode(bytes(body))
    except PhotoError as exc:
        return refusal(lang, exc.key)


async def read_or_refuse(
    request: Request, lang: str, reader: str, extra: Callable[[Any], dict[str, Any]] | None = None
) -> Response:
    """The photo in the request's body read by the ``read_image`` of the module ``reader`` (a game's
    photo reader, imported only once the extra is known to be there): the reading as JSON with the
    photo's :func:`thumbnail` and what ``extra`` adds from the reading, or the refusal (the extra
    missing, too big, not an image, blank, nothing to read). Nothing is stored."""
    image = await photo_of(request, lang)
    if isinstance(image, Response):
        return image
    from tablesport.imaging.decode import PhotoError

    try:
        reading = importlib.import_module(reader).read_image(image)
    except PhotoError as exc:
        return refusal(lang, exc.key)
    return JSONResponse({**reading.as_json(), "photo": thumbnail(image), **(extra(reading) if extra else {})})


def thumbnail(image: Any) -> str:
    """The photo at most 800 pixels long as a JPEG data URL (drawn under the reading, kept for audit)."""
    from tablesport.imaging.decode import cv

    cv2 = cv()
    scale = 800 / max(image.shape[:2])
    small = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA) if scale < 1 else image
    ok, jpeg = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, 80])
    assert ok
    return "data:image/jpeg;base64," + base64.b64encode(jpeg.tobytes()).decode("ascii")


def kept_photo(text: str) -> str | None:
    """A photo sent back with a sheet, kept for audit when it is one of :func:`thumbnail`'s."""
    return text if text.startswith("data:image/jpeg;base64,") and len(text) < 2_000_000 else None


@router.post(BASE + "/read")
async def read_photo(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    event_id: int = EventId,
    competition: str = CompKey,
    fixture: str = FixtureKey,
) -> Response:
    """The reading of the photo in the body: nothing is stored."""
    await in_session(sessions, lambda s: _fixture(EventStore(s), event_id, competition, fixture))
    return await read_or_refuse(
        request, lang, "tablesport.games.blokus.photo_read", lambda got: {"colours": _colours(got.rows)}
    )


@router.post(BASE + "/check")
async def check_board(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    event_id: int = EventId,
    competition: str = CompKey,
    fixture: str = FixtureKey,
) -> Response:
    """The colours of a board as corrected on the page: pieces, legal or not, scores."""
    form = await auth.form_of(request)
    try:
        rows = _rows(form.get("rows", ""))
    except TournamentError as exc:
        return JSONResponse({"error": "rows", "message": str(exc)}, status_code=400)
    return JSONResponse({"colours": _colours(rows)})


def _last(form: dict[str, str], i: int) -> bool | None:
    value = form.get(f"last_{i}", "")
    return True if value == "yes" else False if value == "no" else None


@router.post(BASE + "/sheet")
async def photo_sheet(
    request: Request,
    lang: LangDep,
    acc: RefereeDep,
    sessions: SessionsDep,
    event_id: int = EventId,
    competition: str = CompKey,
    fixture: str = FixtureKey,
) -> Response:
    """The corrected board's scores entered as the referee's sheet; the photo and reading audited."""
    form = await auth.form_of(request)

    def work(s: Session) -> Any:
        st = EventStore(s)
        _, comp, entrants = _fixture(st, event_id, competition, fixture)
        rows = _rows(form.get("rows", ""))
        read = form.get("read", "")
        colours = _colours(rows, [_last(form, i) for i in range(4)])
        wrong = [f"{c['colour']}: {'; '.join(c['problems'])}" for c in colours if c["problems"]]
        if wrong:
            raise TournamentError(
                "the board is not a legal finished game: " + " · ".join(wrong), field="rows"
            )
        unanswered = [c["colour"] for c in colours if c["score"] is None]
        if unanswered:
            raise TournamentError(
                f"{', '.join(unanswered)} placed all 21 pieces: say whether the single square went last",
                field="last",
            )
        scores = {e: colours[i]["score"] for i, e in enumerate(entrants)}
        outcome = DoubleEntry(st).submit(comp, fixture, {"scores": scores}, acc.name)
        photo = form.get("photo", "")
        st._audit(
            comp,
            "photo_sheet",
            fixture,
            acc.name,
            None,
            {
                "entry": outcome.entry,
                "read": read.split("/") if read else None,
                "entered": rows,
                "scores": scores,
                "corners": json.loads(form.get("corners") or "null"),
                "photo": kept_photo(photo),
            },
        )
        return outcome

    try:
        out = await in_session(sessions, work)
    except (TournamentError, ValueError) as exc:
        return await _page(request, lang, acc, sessions, event_id, competition, fixture, 400, str(exc))
    done = getattr(out, "status", "saved")
    return RedirectResponse(
        f"/referee/events/{event_id}/{competition}/fixtures/{fixture}?done={done}", status_code=303
    )
