"""The web app's routes, one router each: pages, the JSON API, the table WebSocket and chat, what a game's
screen loads (its script, strings and names), signing in, and the organiser's and referees' pages. Only the
API is in the OpenAPI document."""

from fastapi import APIRouter

from ..live import quickplay
from . import (
    account_pages,
    api,
    captains,
    chat,
    event_pages,
    fixture_seats,
    flow_pages,
    learn_pages,
    live_control,
    organiser,
    pages,
    player_pages,
    print_pages,
    public_pages,
    referee,
    referee_photo,
    referee_rack_photo,
    screens,
    stats_pages,
    table_clock_pages,
    timetable_pages,
    websocket,
)

ROUTERS: tuple[tuple[APIRouter, bool], ...] = (
    (pages.router, False), (api.router, True), (chat.router, False), (websocket.router, False),
    (screens.router, False), (account_pages.router, False), (organiser.router, False),
    (event_pages.router, False), (referee.router, False), (public_pages.router, False),
    (live_control.router, False), (captains.router, False), (print_pages.router, False),
    (timetable_pages.router, False), (flow_pages.router, False), (player_pages.router, False),
    (quickplay.router, False), (learn_pages.router, False), (stats_pages.router, False),
    (referee_photo.router, False), (referee_rack_photo.router, False), (table_clock_pages.router, False),
    (fixture_seats.router, False))
"""Each router and whether it is part of the API's document (the lobby's ``/ws/lobby`` before the tables'
``/ws/{tid}``)."""
