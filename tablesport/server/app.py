"""The web app: lobby, tables, spectators and replays over FastAPI and WebSockets.

``create_app(db_url=...)`` builds the app (the store defaults to ``TABLESPORT_DB`` or the
embedded SQLite file); ``serve(host, port)`` runs it with uvicorn.  Pages are rendered on the
server (Jinja2); the table page's scripts are plain JavaScript modules under ``static/``.  The
routes are in :mod:`.routes` (pages, JSON API, WebSocket, game screens); what they depend on
(the room, the store's sessions, the language) in :mod:`.web.deps`.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from sqlalchemy import event

from tablesport.games import warm_games
from tablesport.server.content.lobby import warm as warm_lobby
from tablesport.server.content.texts import warm as warm_texts
from tablesport.store.db import make_engine, make_sessionmaker
from tablesport.store.live.writer import SWITCH_INTERVAL, InlineWriter, Writer
from tablesport.store.live_fixtures import enter_from_table
from tablesport.store.migrate import upgrade

from .content.gamedata import games_catalogue
from .live import bot_processes, expiry, fixture_results, ratings, socket_limits
from .live.clock import Clock
from .live.tables import TableRoom
from .routes import ROUTERS, chat
from .web import errors
from .web.auth import AuthRefused
from .web.collector import Probe, live_objects
from .web.openapi import API_VERSION, document, operation_id
from .web.proxies import UVICORN, TrustedProxies
from .web.proxies import configured as configured_proxies
from .web.proxies import parse as parse_proxies
from .web.render import refused_page
from .web.security_headers import SecurityHeaders

HERE = Path(__file__).parent
log = logging.getLogger("tablesport.server")


def create_app(db_url: str | None = None, bot_delay: float = 0.6, clock: Clock | None = None,
               tables_per_minute: int | None = None, redis_url: str | None = None,
               trusted_proxies: str | None = None) -> FastAPI:
    """The web app on the store at ``db_url``; bots wait ``bot_delay`` seconds before acting; ``clock``
    times the decisions and game clocks (the real one by default; a test may pass a ManualClock);
    ``tables_per_minute``: new tables one address may open a minute (default
    :func:`.web.auth.tables_per_minute`; 0: no limit); ``redis_url`` (default ``TABLESPORT_REDIS``): hosted
    mode, one of several processes sharing the store at ``db_url``, coordinated through that Redis
    (docs/hosted.md); without it the process referees every table of its store alone; ``trusted_proxies``
    (default ``TABLESPORT_TRUSTED_PROXIES``): the proxies whose ``X-Forwarded-For`` is believed
    (:mod:`.web.proxies`; none by default)."""
    redis_url = redis_url or os.environ.get("TABLESPORT_REDIS") or None

    app = FastAPI(title="tablesport API", version=API_VERSION, openapi_url="/api/v1/openapi.json",
                  docs_url="/api/docs", redoc_url=None, generate_unique_id_function=operation_id,
                  lifespan=partial(running, db_url=db_url, bot_delay=bot_delay, clock=clock or Clock(),
                                   redis_url=redis_url))
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    for router, in_document in ROUTERS:
        app.include_router(router, include_in_schema=in_document)
    app.openapi = partial(document, app)  # type: ignore[method-assign]
    app.state.tables_per_minute = tables_per_minute
    errors.install(app)
    app.add_exception_handler(AuthRefused, refused_page)
    proxies = parse_proxies(trusted_proxies) if trusted_proxies is not None else configured_proxies()
    app.add_middleware(SecurityHeaders)
    app.add_middleware(TrustedProxies, proxies=proxies)
    return app


@asynccontextmanager
async def running(app: FastAPI, db_url: str | None, bot_delay: float, clock: Clock,
                  redis_url: str | None = None) -> AsyncIterator[None]:
    """The server's life: the store brought up to date, the room with every table resumed, the
    probe; what the routes depend on is kept in ``app.state`` (see :mod:`.web.deps`)."""
    engine = make_engine(db_url)
    sqlite = engine.dialect.name == "sqlite"
    if sqlite:
        # WAL + synchronous=NORMAL: a committed step survives a crash of the server process
        # (the restart guarantee); only a power cut may lose the last commits.
        event.listen(engine, "connect", _sqlite_normal_sync)
    await asyncio.to_thread(upgrade, engine)  # Alembic: every store branch to its head
    sessions = make_sessionmaker(engine)
    # SQLite too commits in the writer's thread: a commit that waits for another writer's lock (a referee's
    # form, a tool outside the server) must not hold up the event loop and every table with it
    writer: Writer | InlineWriter = Writer(sessions)
    switch_interval = sys.getswitchinterval()
    if isinstance(writer, Writer):  # its thread gets the interpreter back soon after each round trip
        sys.setswitchinterval(SWITCH_INTERVAL)
    checkpointer = Checkpointer(engine) if sqlite else None
    room = TableRoom(writer, sessions, bot_delay=bot_delay, clock=clock, bots=bot_processes.configured())
    room.on_finish.append(partial(enter_from_table, sessions))  # fixtures played at live tables
    room.on_finish.append(partial(ratings.on_table_finished, sessions))  # players' ratings
    room.on_finish.append(partial(chat.on_table_finished, app.state))  # spectators' chat shown to players
    app.state.room = room
    app.state.sessions = sessions
    await asyncio.to_thread(games_catalogue)  # import every game now, not on the first request
    await asyncio.to_thread(warm_games)  # and what their first moves would load
    await asyncio.to_thread(warm_texts)  # and the words of the tables (texts.py)
    await asyncio.to_thread(warm_lobby)  # and the lobby's tiles, checked against the games' data
    node = None
    if redis_url:  # hosted: the tables of the store are shared out through their leases (hosted/node.py)
        from .hosted.node import Node

        node = app.state.hosted = Node(redis_url, room)
        await node.start()
        from .hosted.limits import shared_limits
        from .web.auth import tables_per_minute

        limit = app.state.tables_per_minute
        shared_limits(app.state, redis_url, node.prefix, tables_per_minute() if limit is None else limit)
        resumed: list[str] = []
        log.info("hosted mode: process %s on %s", node.name, engine.url.render_as_string(hide_password=True))
    else:
        resumed = await room.resume_all()
    # a fixture's result the last run did not enter (it died as the table finished), then every minute
    await fixture_results.enter_missed(room, sessions)
    room.spawn(fixture_results.keep_entering(room, sessions))
    # The collector's policy (see web/collector.py): what start-up loaded and every table that lives on
    # is kept out of its full passes, which otherwise stall every table (bench.server_load's p99).
    probe = app.state.probe = Probe(live=lambda: live_objects(room.tables.values()))
    probe.start()
    sweeper = expiry.start(room)  # open tables nobody joined go away (live/expiry.py)
    if resumed:
        log.info("resumed %d tables", len(resumed))
    try:
        yield
    finally:
        await expiry.stop(sweeper)
        await probe.stop()
        if node is not None:
            await node.stop()
        await room.shutdown()
        if isinstance(writer, Writer):
            await writer.aclose()
            await asyncio.to_thread(writer.close)
        else:
            writer.close()
        if checkpointer is not None:
            await asyncio.to_thread(checkpointer.close)
        engine.dispose()
        sys.setswitchinterval(switch_interval)


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


def serve(host: str = "127.0.0.1", port: int = 8000, db_url: str | None = None,
          bot_delay: float = 0.6, redis_url: str | None = None) -> None:
    """Run the web app with uvicorn (``make run``)."""
    import uvicorn

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    print(f"tablesport: http://{host}:{port}/", flush=True)
    # No per-message compression: it cost more CPU than anything else per frame (profiled with
    # bench.server_load), and frames are small next to what a page loads.
    def run() -> None:
        uvicorn.run(create_app(db_url, bot_delay, redis_url=redis_url), host=host, port=port,
                    log_level="warning", ws_max_size=socket_limits.WS_MAX_SIZE, ws_per_message_deflate=False,
                    **UVICORN)

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
