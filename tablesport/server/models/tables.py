"""Games, presets and live tables: what the lobby, a bot author or a script asks for and gets."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field, StringConstraints

from .common import Input, Output

MAX_SEED = 2**63 - 1
"""Seeds are 0 … 2^63 − 1 (a signed 64-bit column)."""

MAX_SEATS = 8
MAX_BOT_DELAY = 10.0
MAX_PARAMS = 16
PARAM_NUMBER = 3600
"""A number parameter (seconds, counts) is 0 … 3,600."""

Seed = Annotated[int, Field(ge=0, le=MAX_SEED, description="the table's seed: same seed, same deal")]
PresetName = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9-]*$")]
BotSpecText = Annotated[
    str,
    StringConstraints(
        min_length=1, max_length=128, pattern=r"^[a-z][a-z0-9_]*(:[a-z_][a-z0-9_]*=[A-Za-z0-9_.-]{1,16})*$"
    ),
]
ParamName = Annotated[str, StringConstraints(min_length=1, max_length=64, pattern=r"^[a-z][a-z0-9_]*$")]
ParamNumber = Annotated[int, Field(ge=0, le=PARAM_NUMBER)] | Annotated[float, Field(ge=0, le=PARAM_NUMBER)]
ParamScalar = (
    bool | ParamNumber | Annotated[str, StringConstraints(max_length=64, pattern=r"^[A-Za-z0-9_.-]*$")]
)
ParamValue = ParamScalar | Annotated[list[ParamScalar], Field(max_length=MAX_SEATS)] | None

JSONObject = dict[str, Any]


class PersonSeat(Input):
    kind: Literal["person"] = Field(description="a person: the answer gives this seat's link")


class BotSeat(Input):
    kind: Literal["bot"]
    bot: BotSpecText = Field(
        default="random",
        description="a bot of the game (see the game's `bots`), with "
        "options as in `greedy` or `mcts:playouts=200`",
    )


Seat = Annotated[PersonSeat | BotSeat, Field(discriminator="kind")]


class TableCreate(Input):
    """A new table: a preset, who sits where, optionally the seed and preset parameters."""

    preset: PresetName = Field(description="a preset name (`GET /api/v1/presets`)")
    seats: list[Seat] = Field(
        min_length=1, max_length=MAX_SEATS, description="one entry per seat of the preset, in seat order"
    )
    seed: Seed | None = Field(default=None, description="0 … 2^63 − 1; chosen by the server when omitted (a "
                              "table whose creator chose the seed is never rated)")
    params: dict[ParamName, ParamValue] | None = Field(
        default=None,
        max_length=MAX_PARAMS,
        description="preset parameters to change for this table (names from the preset; each value of the "
        "preset's own type; numbers 0 … 3,600)",
    )
    bot_delay: float | None = Field(
        default=None,
        ge=0,
        le=MAX_BOT_DELAY,
        description="seconds a bot waits before it acts (0 … 10; the server's default when omitted)",
    )

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "preset": "goofspiel-2p",
                    "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}],
                    "seed": 7,
                },
                {
                    "preset": "blokus-event",
                    "seats": [
                        {"kind": "person"},
                        {"kind": "bot", "bot": "greedy"},
                        {"kind": "bot", "bot": "greedy"},
                        {"kind": "bot"},
                    ],
                    "bot_delay": 0.5,
                },
            ]
        }
    )


class SeatLink(Output):
    seat: int
    kind: Literal["person", "bot"]
    bot: str | None = Field(description="the bot's spec (bot seats)")
    token: str | None = Field(description="the seat's secret (person seats): keep it, it is the seat")
    url: str | None = Field(description="the seat's page, `/play/<table>/<token>` (person seats)")
    ws: str | None = Field(description="the seat's WebSocket, `/ws/<table>?token=<token>` (person seats)")


class TableCreated(Output):
    id: str
    game: str
    preset: str
    seed: int | None = Field(default=None, description="the seed: given back where the creator chose it; "
                             "otherwise null until the game is over (see `seed_commitment`)")
    seed_commitment: str = Field(default="", description="SHA-256 (hex) of `tablesport seed <seed>`: the "
                                 "seed the server chose, published before the game; the seed once it is over")
    params: JSONObject = Field(description="the parameters that differ from the preset")
    seats: list[SeatLink]
    watch: str = Field(description="the spectators' page")


class TableSummary(Output):
    id: str
    game: str
    preset: str
    title: str
    status: Literal["open", "running", "finished", "abandoned"]
    steps: int
    seats: list[str] = Field(description="each seat's label: `person` or `bot:<spec>`")
    free_seats: list[int] = Field(description="person seats whose link was not handed out yet")
    watchers: int
    created: float = Field(description="when it was created (Unix time)")
    official: bool = Field(default=False, description="a fixture's table: its seats belong to the fixture's "
                           "entrants (never free, never joinable)")


class FinishedTable(Output):
    id: str
    game: str
    preset: str
    steps: int
    status: Literal["finished"]
    result: JSONObject | None
    seats: list[str]


class TableList(Output):
    live: list[TableSummary] = Field(
        description="tables in this server's memory (open, running, just finished)"
    )
    finished: list[FinishedTable] = Field(description="the last 30 finished tables, newest first")


class SeatState(Output):
    label: str
    kind: Literal["person", "bot"]
    joined: bool
    online: bool


class Clock(Output):
    used: float
    limit: float


class TableState(Output):
    """A table as a spectator sees it now (the public view; nothing any seat keeps hidden)."""

    id: str
    game: str
    preset: str
    title: str
    status: Literal["open", "running", "finished", "abandoned"]
    seq: int = Field(description="the number of steps played")
    params: JSONObject
    seats: list[SeatState]
    view: JSONObject = Field(
        description="the game's public view (`state.view(None)`; see the game's page in docs/)"
    )
    decision: JSONObject | None = Field(description="what the table waits for, without any seat's options")
    deadlines: dict[str, float] = Field(description="seconds left per seat with a deadline")
    clock: Clock | None
    result: JSONObject | None
    seed: int | None = Field(default=None, description="the seed: given back where the creator chose it; "
                             "otherwise null until the game is over (see `seed_commitment`)")
    seed_commitment: str = Field(default="", description="SHA-256 (hex) of `tablesport seed <seed>`: the "
                                 "seed the server chose, published before the game; the seed once it is over")
    watch: str
    ws: str = Field(description="the spectators' WebSocket")


class Joined(Output):
    table: str
    seat: int
    token: str
    url: str
    ws: str


class ReplayTable(Output):
    id: str
    game: str
    preset: str
    seats: list[str]
    seed: int


class ReplayFrame(Output):
    i: int
    step: JSONObject | None = Field(description="the record line of the step (none for the start)")
    view: JSONObject
    events: list[JSONObject]


class Replay(Output):
    table: ReplayTable
    frames: list[ReplayFrame] = Field(description="the public view at the start and after every step")
    result: JSONObject | None
    final_hash: str = Field(description="the record's chain hash after the last step")


class PresetInfo(Output):
    preset: str
    game: str
    title: str
    seats: int
    sides: list[str]
    params: JSONObject = Field(description="the preset's parameters and their values")
    source: str = Field(description="the seed document it comes from")


class GameInfo(Output):
    game: str
    title: str
    bots: list[str]
    presets: list[PresetInfo]
    simultaneous: bool
    hidden_information: bool
    chance: bool
    web_screen: bool


class ServerStats(Output):
    """Where the server's time goes (see docs/server.md, Benchmark)."""

    model_config = ConfigDict(extra="allow")

    tables: int
    actions: int
    commits: int
    store_jobs: int
    commit_seconds: float
