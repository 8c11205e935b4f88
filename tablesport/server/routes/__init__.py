"""The web app's routes, one router each: pages, the JSON API, the table WebSocket and what a
game's screen loads (its script, strings and names)."""

from . import api, pages, screens, websocket

ROUTERS = (pages.router, api.router, websocket.router, screens.router)
