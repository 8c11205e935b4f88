"""Players: quick play's tickets, a player's profile and a preset's leaderboard."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from .common import Input, Output
from .tables import BotSpecText, JSONObject, PresetName

MAX_WAIT = 600.0


class QuickPlayJoin(Input):
    """Join the quick-play queue of a preset."""

    preset: PresetName = Field(description="a preset name (`GET /api/v1/presets`)")
    bot: BotSpecText | None = Field(
        default=None, description="the bot (its level) that fills the seats nobody came for; the game's own "
        "first bot when omitted"
    )
    wait: float = Field(
        default=30.0, ge=0, le=MAX_WAIT,
        description="seconds to wait for other people before the free seats get bots (0 … 600)",
    )


class QuickPlayTicket(Output):
    ticket: str = Field(description="the ticket's secret id: ask `GET /api/v1/quickplay/{ticket}` about it")
    preset: str
    bot: str
    wait: float
    status: Literal["waiting", "seated", "left"]
    waiting: int | None = Field(default=None, description="people in the queue now (waiting tickets)")
    fill_in: float | None = Field(default=None, description="seconds until the free seats get bots")
    table: str | None = Field(default=None, description="the table (seated tickets)")
    seat: int | None = None
    url: str | None = Field(default=None, description="the seat's page (seated tickets)")
    ws: str | None = Field(default=None, description="the seat's WebSocket (seated tickets)")


class RatingRow(Output):
    game: str
    preset: str
    rating: float = Field(description="mu − 3·sigma")
    mu: float
    sigma: float
    games: int


class PlayedTable(Output):
    table: str
    game: str
    preset: str
    status: str
    seat: int
    result: JSONObject | None
    rating: JSONObject | None = Field(description="rated: place, rating before and after; else the reason")
    replay: str | None = Field(description="the replay page of a finished table")


class PlayerProfile(Output):
    name: str
    ratings: list[RatingRow]
    tables: list[PlayedTable]


class LeaderRow(Output):
    rank: int
    name: str
    rating: float
    mu: float
    sigma: float
    games: int


class Leaderboard(Output):
    game: str
    preset: str
    rows: list[LeaderRow]
