"""The web app's routes, one router each: pages, the JSON API, the table WebSocket and what a
game's screen loads (its script, strings and names). Only the API is in the OpenAPI document."""

from fastapi import APIRouter

from . import api, pages, screens, websocket

ROUTERS: tuple[tuple[APIRouter, bool], ...] = (
    (pages.router, False), (api.router, True), (websocket.router, False), (screens.router, False))
"""Each router and whether it is part of the API's document."""
