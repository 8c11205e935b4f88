"""The web app: lobby, tables, spectators and replays over FastAPI and WebSockets.

``create_app(db_url=...)`` builds the app (the store defaults to ``TABLESPORT_DB`` or the
embedded SQLite file); ``serve(host, port)`` runs it with uvicorn.  Pages are rendered on the
server (Jinja2); the table page's scripts are plain JavaScript modules under ``static/``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs

from fastapi import FastAPI, HTTPException, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import (
    FileResponse,
    HTMLResponse,
    JSONResponse,
    PlainTextResponse,
    RedirectResponse,
    Response,
)
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from sqlalchemy import event, select

from tablesport.core import to_json
from tablesport.core.records import replay
from tablesport.games import all_games, start_for_record, warm_games
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.migrate import upgrade
from tablesport.store.tables import FINISHED, WebTable, record_lines

from . import guard, i18n
from .clock import Clock
from .gamedata import names
from .probe import Probe
from .referee import Client, Hall, LiveTable, SetupError, error, games_catalogue
from .writer import InlineWriter, Writer

HERE = Path(__file__).parent
log = logging.getLogger("tablesport.server")


def create_app(db_url: str | None = None, bot_delay: float = 0.6, clock: Clock | None = None) -> FastAPI:
    """The web app on the store at ``db_url``; bots wait ``bot_delay`` seconds before acting; ``clock``
    times the decisions and game clocks (the real one by default; a test may pass a ManualClock)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(db_url)
        if engine.dialect.name == "sqlite":
            # WAL + synchronous=NORMAL: a committed step survives a crash of the server process
            # (the restart guarantee); only a power cut may lose the last commits.
            event.listen(engine, "connect", _sqlite_normal_sync)
        await asyncio.to_thread(upgrade, engine)  # Alembic: every store branch to its head
        sessions = make_sessionmaker(engine)
        writer: Writer | InlineWriter = InlineWriter(sessions) if engine.dialect.name == "sqlite" else Writer(sessions)
        checkpointer = Checkpointer(engine) if engine.dialect.name == "sqlite" else None
        hall = Hall(writer, sessions, bot_delay=bot_delay, clock=clock or Clock())
        app.state.hall = hall
        app.state.sessions = sessions
        await asyncio.to_thread(games_catalogue)  # import every game now, not on the first request
        await asyncio.to_thread(warm_games)  # and what their first moves would load
        resumed = await hall.resume_all()
        # The collector's policy (see probe.py): what start-up loaded and every table that lives on
        # is kept out of its full passes, which otherwise stall every table (bench.server_load's p99).
        probe = app.state.probe = Probe()
        probe.start()
        if resumed:
            log.info("resumed %d tables", len(resumed))
        try:
            yield
        finally:
            await probe.stop()
            await hall.shutdown()
            if isinstance(writer, Writer):
                await asyncio.to_thread(writer.close)
            else:
                writer.close()
            if checkpointer is not None:
                await asyncio.to_thread(checkpointer.close)
            engine.dispose()

    app = FastAPI(title="tablesport", lifespan=lifespan)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    templates = Jinja2Templates(directory=HERE / "templates")

    def hall_of(request: Request | WebSocket) -> Hall:
        hall: Hall = request.app.state.hall
        return hall

    def page(request: Request, name: str, **ctx: Any) -> HTMLResponse:
        lang = i18n.pick_lang(request.query_params.get("lang"), request.cookies.get("lang"),
                              request.headers.get("accept-language"))
        ctx.update(lang=lang, langs=i18n.LANG_NAMES, t=i18n.translator(lang), strings=i18n.strings(lang),
                   path=request.url.path)
        resp = templates.TemplateResponse(request, name, ctx)
        if request.query_params.get("lang") in i18n.LANGS:
            resp.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
        return resp

    async def url_form(request: Request) -> dict[str, str]:
        """An ``application/x-www-form-urlencoded`` body (the lobby's forms) as a dict."""
        body = (await request.body()).decode("utf-8", "replace")
        return {k: v[-1] for k, v in parse_qs(body, keep_blank_values=True).items()}

    def finished_rows(limit: int = 30) -> list[dict[str, Any]]:
        with request_sessions() as session:
            rows = session.scalars(select(WebTable).where(WebTable.status == FINISHED)
                                   .order_by(WebTable.updated.desc()).limit(limit)).all()
            return [{"id": r.id, "game": r.game, "preset": r.preset, "steps": r.steps, "status": r.status,
                     "result": r.result, "seats": r.header.get("seats", [])} for r in rows]

    def request_sessions() -> Any:
        return app.state.sessions()

    # -- pages ------------------------------------------------------------------------------
    @app.get("/", response_class=HTMLResponse)
    async def lobby(request: Request) -> HTMLResponse:
        hall = hall_of(request)
        live = [t.summary() for t in hall.tables.values() if t.status in ("open", "running")]
        live.sort(key=lambda s: -s["created"])
        finished = await asyncio.to_thread(finished_rows)
        return page(request, "lobby.html", games=games_catalogue(), open=[s for s in live if s["status"] == "open"],
                    running=[s for s in live if s["status"] == "running"], finished=finished)

    @app.post("/tables", response_class=HTMLResponse)
    async def create_from_form(request: Request) -> HTMLResponse:
        form = await url_form(request)
        preset = str(form.get("preset", ""))
        seats = []
        k = 0
        while f"seat{k}" in form:
            choice = str(form[f"seat{k}"])
            seats.append({"kind": "person"} if choice == "person" else {"kind": "bot", "bot": choice.removeprefix("bot:")})
            k += 1
        seed_text = str(form.get("seed", "")).strip()
        try:
            seed = int(seed_text) if seed_text else None
        except ValueError:
            raise HTTPException(400, f"the seed must be a whole number, not {seed_text!r}") from None
        try:
            table = await hall_of(request).create(preset, seats, seed)
        except SetupError as exc:
            raise HTTPException(400, str(exc)) from None
        links = [{"seat": i, "url": f"/play/{table.id}/{p.token}"} for i, p in enumerate(table.seats) if p.token]
        return page(request, "created.html", table=table.summary(), links=links)

    @app.post("/tables/{tid}/join")
    async def join(request: Request, tid: str) -> RedirectResponse:
        got = await hall_of(request).claim(tid)
        if got is None:
            raise HTTPException(409, "no free seat at this table")
        return RedirectResponse(f"/play/{tid}/{got[1]}", status_code=303)

    @app.get("/play/{tid}/{token}", response_class=HTMLResponse)
    async def play_page(request: Request, tid: str, token: str) -> HTMLResponse:
        table = await load_table(request, tid)
        seat = table.seat_for_token(token)
        if seat is None:
            raise HTTPException(403, i18n.translator("en")("bad_link"))
        return page(request, "table.html", table=table.summary(), seat=seat, token=token)

    @app.get("/watch/{tid}", response_class=HTMLResponse)
    async def watch_page(request: Request, tid: str) -> HTMLResponse:
        table = await load_table(request, tid)
        return page(request, "table.html", table=table.summary(), seat=None, token="")

    @app.get("/replay/{tid}", response_class=HTMLResponse)
    async def replay_page(request: Request, tid: str) -> HTMLResponse:
        frames = await replay_frames(request, tid)
        return page(request, "replay.html", table=frames["table"], frames_url=f"/api/tables/{tid}/replay")

    # -- JSON API ---------------------------------------------------------------------------
    @app.get("/api/games")
    async def api_games() -> list[dict[str, Any]]:
        return games_catalogue()

    @app.get("/api/tables")
    async def api_tables(request: Request) -> dict[str, Any]:
        hall = hall_of(request)
        return {"live": [t.summary() for t in hall.tables.values()], "finished": await asyncio.to_thread(finished_rows)}

    @app.post("/api/tables")
    async def api_create(request: Request) -> JSONResponse:
        try:
            body = await request.json()
        except json.JSONDecodeError:
            return JSONResponse(error("malformed", "the body must be JSON"), status_code=400)
        if not isinstance(body, dict) or not isinstance(body.get("seats"), list):
            return JSONResponse(error("malformed", 'send {"preset": ..., "seats": [{"kind": "person"}, '
                                      '{"kind": "bot", "bot": "random"}, ...]}'), status_code=400)
        try:
            table = await hall_of(request).create(str(body.get("preset")), body["seats"], body.get("seed"),
                                                  body.get("bot_delay"), body.get("params"))
        except (SetupError, TypeError, ValueError) as exc:
            return JSONResponse(error("setup", str(exc)), status_code=400)
        return JSONResponse({
            "id": table.id,
            "seed": table.seed,
            "params": to_json(table.rs.overrides(table.game.ruleset(table.rs.preset))),
            "seats": [{"seat": i, "kind": p.kind, "bot": p.bot, "token": p.token,
                       "url": f"/play/{table.id}/{p.token}" if p.token else None} for i, p in enumerate(table.seats)],
            "watch": f"/watch/{table.id}",
        })

    @app.get("/api/tables/{tid}/record.jsonl")
    async def api_record(request: Request, tid: str) -> Response:
        lines = await asyncio.to_thread(finished_record, tid)
        text = "".join(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines)
        return PlainTextResponse(text, media_type="application/x-ndjson",
                                 headers={"content-disposition": f'attachment; filename="{tid}.jsonl"'})

    @app.get("/api/tables/{tid}/replay")
    async def api_replay(request: Request, tid: str) -> dict[str, Any]:
        return await replay_frames(request, tid)

    @app.get("/api/stats")
    async def api_stats(request: Request) -> dict[str, Any]:
        hall = hall_of(request)
        w = hall.writer
        return {**hall.stats.to_json(), "tables": len(hall.tables), "commits": w.commits, "store_jobs": w.jobs,
                "commit_seconds": round(w.commit_seconds, 6), **request.app.state.probe.to_json()}

    @app.get("/api/games/{game}/names")
    async def api_names(game: str) -> dict[str, Any]:
        if game not in all_games():
            raise HTTPException(404, f"unknown game {game!r}; known: {', '.join(sorted(all_games()))}")
        return names(game)

    @app.get("/games/{game}/screen.js")
    async def game_screen(game: str) -> FileResponse:
        screen = all_games()[game].screen() if game in all_games() else None
        if screen is None:
            raise HTTPException(404, f"{game!r} has no web screen")
        return FileResponse(screen, media_type="text/javascript")

    @app.get("/i18n/{lang}.json")
    async def api_strings(lang: str) -> dict[str, Any]:
        if lang not in i18n.LANGS:
            raise HTTPException(404, f"unknown language {lang!r}; known: {', '.join(i18n.LANGS)}")
        return {"strings": i18n.strings(lang), "hant": i18n.hant_table() if lang == "zh-Hant" else {}}

    # -- helpers ----------------------------------------------------------------------------
    def finished_record(tid: str) -> list[dict[str, Any]]:
        with request_sessions() as session:
            row = session.get(WebTable, tid)
            if row is None:
                raise HTTPException(404, "no such table")
            if row.status != FINISHED:
                raise HTTPException(409, "the record is published once the game is over")
            return record_lines(session, row)

    async def replay_frames(request: Request, tid: str) -> dict[str, Any]:
        lines = await asyncio.to_thread(finished_record, tid)
        frames: list[dict[str, Any]] = []

        def on_step(state: Any, step: dict[str, Any], events: list[Any]) -> None:
            frames.append({"i": step["i"], "step": {k: v for k, v in step.items() if k != "h"},
                           "view": state.view(None),
                           "events": [ev.to_json() for ev in events if ev.visible_to(None)]})

        header = lines[0]
        first: dict[str, Any] = {}

        def start_and_keep(game: str, preset: str, seed: int, params: dict[str, Any]) -> Any:
            st = start_for_record(game, preset, seed, params)
            first["view"] = st.view(None)
            return st

        rep = replay(iter(json.dumps(line) for line in lines), start_and_keep, on_step)
        frames.insert(0, {"i": 0, "step": None, "view": first["view"], "events": []})
        return {"table": {"id": tid, "game": header["game"], "preset": header["preset"], "seats": header["seats"],
                          "seed": header["seed"]},
                "frames": frames, "result": rep.result, "final_hash": rep.final_hash}

    async def load_table(request: Request | WebSocket, tid: str) -> LiveTable:
        hall = hall_of(request)
        table = hall.tables.get(tid)
        if table is not None:
            return table
        table = await hall.load_finished(tid)
        if table is None:
            raise HTTPException(404, "no such table")
        return table

    # -- the table's WebSocket ---------------------------------------------------------------
    @app.websocket("/ws/{tid}")
    async def table_socket(ws: WebSocket, tid: str) -> None:
        await ws.accept()
        try:
            table = await load_table(ws, tid)
        except HTTPException:
            await ws.send_text(json.dumps(error("no_table", f"no table {tid!r}")))
            await ws.close(code=4404)
            return
        token = ws.query_params.get("token") or ""
        seat: int | None = None
        if token:
            seat = table.seat_for_token(token)
            if seat is None:
                await ws.send_text(json.dumps(error("bad_token", "this seat link is not valid for this table")))
                await ws.close(code=4403)
                return
        def cut_off() -> None:  # the client does not read its frames
            hall_of(ws).spawn(ws.close(code=guard.CLOSE_POLICY, reason="too many unread frames"))

        client = Client(seat, ws.send_text, cut_off)
        await table.connect(client)
        throttle = guard.Throttle()
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect":
                    break
                verdict = throttle.take()
                if verdict is guard.Verdict.DROP:
                    continue
                if verdict is guard.Verdict.WARN:
                    client.put(json.dumps(error(
                        "rate_limited", f"more than {guard.RATE:g} messages a second ({guard.BURST} at once); "
                        "this message was dropped: wait for the table's answer before sending more")))
                    continue
                if verdict is guard.Verdict.CLOSE:
                    await refuse(client, ws, guard.CLOSE_POLICY, error(
                        "flood", f"still more than {guard.RATE:g} messages a second after the warning; "
                        "this connection is closed"))
                    break
                raw = msg.get("text")
                if raw is None:
                    client.put(json.dumps(error("malformed", "send text frames holding JSON, not binary frames")))
                    continue
                if len(raw) > guard.MAX_MESSAGE:
                    await refuse(client, ws, guard.CLOSE_TOO_BIG, error(
                        "too_large", f"message too long ({len(raw)} characters; at most {guard.MAX_MESSAGE}); "
                        "this connection is closed"))
                    break
                reply = await table.submit(seat, raw)
                if reply is not None:
                    client.put(json.dumps(reply, ensure_ascii=False))
        except WebSocketDisconnect:
            pass
        except Exception:
            log.exception("table %s: socket failed", tid)
        finally:
            await table.disconnect(client)

    return app


async def refuse(client: Client, ws: WebSocket, code: int, err: dict[str, Any]) -> None:
    """Send ``err`` after whatever is queued for the client, then close the socket with ``code``."""
    client.put(json.dumps(err))
    await client.drain(timeout=5.0)
    with contextlib.suppress(Exception):  # already closed by the other side
        await ws.close(code=code, reason=err["code"])


def _sqlite_normal_sync(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA wal_autocheckpoint=0")  # checkpoints run in the thread below, not in a commit
    cur.close()


class Checkpointer:
    """Copies SQLite's write-ahead log into the database file every few seconds from a thread of
    its own. Left to the commits, a checkpoint (with its fsync) would stall the event loop and every
    table with it; a passive checkpoint here blocks no writer."""

    def __init__(self, engine: Any, every: float = 2.0) -> None:
        self.engine = engine
        self.every = every
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="tablesport-checkpoint", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        conn = self.engine.raw_connection()
        try:
            while not self.stop.wait(self.every):
                try:
                    conn.cursor().execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except Exception:
                    log.exception("WAL checkpoint failed")
            conn.cursor().execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        finally:
            conn.close()

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=10)


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None, bot_delay: float = 0.6) -> None:
    """Run the web app with uvicorn (``make run``)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(f"tablesport: http://{host}:{port}/", flush=True)
    # No per-message compression: it cost more CPU than anything else per frame (profiled with
    # bench.server_load), and frames are small next to what a page loads.
    def run() -> None:
        uvicorn.run(create_app(db_url, bot_delay), host=host, port=port, log_level="warning",
                    ws_max_size=guard.WS_MAX_SIZE, ws_per_message_deflate=False)

    profile_to = os.environ.get("TABLESPORT_PROFILE")
    if not profile_to:
        run()
        return
    import cProfile

    prof = cProfile.Profile()
    try:
        prof.runcall(run)
    finally:
        prof.dump_stats(profile_to)
