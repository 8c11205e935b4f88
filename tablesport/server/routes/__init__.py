"""The web app's routes, one router each: pages, the JSON API, the table WebSocket, what a game's screen
loads (its script, strings and names), signing in, and the organiser's and referees' pages. Only the API
is in the OpenAPI document."""

from fastapi import APIRouter

from . import account_pages, api, event_pages, organiser, pages, public_pages, referee, screens, websocket

ROUTERS: tuple[tuple[APIRouter, bool], ...] = (
    (pages.router, False), (api.router, True), (websocket.router, False), (screens.router, False),
    (account_pages.router, False), (organiser.router, False), (event_pages.router, False),
    (referee.router, False), (public_pages.router, False))
"""Each router and whether it is part of the API's document."""
