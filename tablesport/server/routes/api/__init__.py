"""The public HTTP API, ``/api/v1/...`` (the OpenAPI document at ``/api/v1/openapi.json``, read at
``/api/docs``): games and presets, live tables, the server's counters, and stored events (public reads;
writes with an organiser's token). Every answer and every body is a declared model
(:mod:`tablesport.server.models`); every refusal is an :class:`~tablesport.server.models.common.ApiError`.
"""

from fastapi import APIRouter

from . import event_writes, events, games, players, tables

PREFIX = "/api/v1"

router = APIRouter(prefix=PREFIX)
for part in (games.router, tables.router, events.router, event_writes.router, players.router):
    router.include_router(part)

__all__ = ["PREFIX", "router"]
