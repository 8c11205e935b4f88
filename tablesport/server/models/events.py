"""Stored events: what anyone may read (events, competitions, entrants, fixtures, standings, bracket,
prizes, penalties, decisions) and what an organiser's token may write (entrants, results, penalties,
decisions)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import ConfigDict, Field

from tablesport.tournament.series import HOW

from .common import Input, Key, Name, Note, Output, Short, Title

JSONObject = dict[str, Any]
MAX_ENTRANTS_AT_A_TABLE = 8
Score = Annotated[int, Field(ge=-100_000, le=100_000)] | Annotated[float, Field(ge=-100_000, le=100_000)]
When = Annotated[
    str,
    Field(
        min_length=4,
        max_length=25,
        pattern=r"^[0-9][0-9:T+\-.Z ]*$",
        description="when it happened: HH:MM on the day, or an ISO date-time",
    ),
]


# ---- reads ------------------------------------------------------------------------------------------------
class CompetitionSummary(Output):
    key: str
    preset: str
    title: str
    stage: str


class EventSummary(Output):
    id: int
    name: str
    created_at: str
    competitions: list[CompetitionSummary]


class Competition(Output):
    event: str
    key: str
    preset: str
    kind: Literal["series", "table", "duel", "rummikub"]
    title: str
    stage: str
    config: JSONObject = Field(description="groups, draw, seed, tables, rounds, advance, cutoff as set")
    groups: list[str]
    entrants: int
    fixtures: int
    results: int


class Entrant(Output):
    """An entrant as the public sees it (payment is the organiser's business)."""

    id: str
    name: str
    members: list[str]
    division: str | None
    club: str | None
    seed: int | None
    group: str | None
    checked_in: bool
    withdrawn: bool
    lost_sheets: int


class Fixture(Output):
    key: str
    stage: str
    round: int
    group: str | None
    table: str | None
    entrants: list[str]
    result: JSONObject | None = Field(description="the result as entered (none while it is to play)")
    version: int | None = Field(description="1, then one more per correction")
    score: list[int] | None = Field(description="a series' games won per side (series only)")
    games: int | None = Field(description="games entered so far (series only)")


class StandingRow(Output):
    rank: int
    entrant: str
    points: float | None
    tiebreaks: JSONObject = Field(
        description="every figure the chain used and why the place was decided (docs/tournament.md)"
    )
    needs_decision: bool
    group: str | None = Field(default=None, description="the group the row ranks in, once drawn")


class Match(Output):
    key: str
    round: int
    a: str | None
    b: str | None
    winner: str | None


class Bracket(Output):
    rounds: list[list[Match]] = Field(description="first round first; empty before the knock-out")
    third_place: Match | None
    placings: dict[str, str] = Field(description="place (1, 2, 3, 4) → entrant, once decided")


class PrizeRow(Output):
    group: str | None = Field(description="the division (Rummikub), `schools` for the school ranking")
    place: int
    prize: str
    description: str
    value: int
    winner: str | None = Field(description="none while the place is not decided")


class PenaltyRow(Output):
    id: int
    game: str
    kind: Literal["technical", "player"]
    team: str
    player: str | None
    points: int
    reason: str
    recorded_by: str
    recorded_at: str
    facts: JSONObject
    withdrawn: bool


class DecisionRow(Output):
    order: list[str]
    who: str
    at: str
    note: str


# ---- writes (a token) -------------------------------------------------------------------------------------
class EntrantIn(Input):
    """A player or a team to register (before the draw)."""

    id: Name = Field(description="the entrant's id: a player's or a team's name, unique in the competition")
    name: Title | None = Field(default=None, description="a display name (the id when omitted)")
    members: list[Name] = Field(default_factory=list, max_length=10, description="a team's members")
    division: Short | None = None
    club: Title | None = Field(default=None, description="club or school")
    seed: Annotated[int, Field(ge=1, le=10_000)] | None = Field(default=None, description="seeding, 1 best")
    paid: bool = False
    checked_in: bool = False

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {"id": "Tigers", "members": ["Ann", "Bo", "Cy"], "club": "School 1", "seed": 1, "paid": True}
            ]
        }
    )


class EntrantChange(Input):
    """Payment, check-in, withdrawal and lost Rummikub sheets of one entrant (at least one)."""

    paid: bool | None = None
    checked_in: bool | None = None
    withdrawn: bool | None = None
    lost_sheets: Annotated[int, Field(ge=0, le=20)] | None = None


class FactsIn(Input):
    at: When | None = None
    referee: Name | None = Field(default=None, description="the table's referee who reported it")
    note: Note = ""


class SeriesGameIn(Input):
    """One game of a Sanguosha series (docs/tournament.md)."""

    winner: Name = Field(description="'a', 'b' or the entrant")
    how: Literal[HOW] = "commander_death"  # type: ignore[valid-type]
    surviving: Annotated[int, Field(ge=0, le=3)] | dict[Name, Annotated[int, Field(ge=0, le=3)]] | None = None
    lost_hp: Annotated[int, Field(ge=0, le=15)] | dict[Name, Annotated[int, Field(ge=0, le=15)]] | None = None
    commanders: dict[Name, Name] | None = Field(default=None, max_length=2)
    technical: dict[Name, Annotated[int, Field(ge=0, le=99)]] | None = Field(default=None, max_length=2)


class NeverMelded(Input):
    never_melded: Literal[100, 200]


class SeenRack(Input):
    tiles: Annotated[str, Field(max_length=400, pattern=r"^[A-Za-z0-9 ,]*$")]
    melded: bool = True


class SeenPieces(Input):
    unplaced: list[Annotated[str, Field(min_length=1, max_length=8)]] = Field(max_length=21)
    monomino_last: bool = False


Card = Annotated[str, Field(min_length=1, max_length=40)]
CardList = list[Card] | Annotated[str, Field(max_length=2000)]


class SeenCards(Input):
    """A Monopoly Deal table: the cards in the player's bank and in front of them (docs/monopoly-deal.md)."""

    bank: CardList = Field(default_factory=list, max_length=106)
    properties: CardList = Field(default_factory=list, max_length=106)


SeenValue = (
    Annotated[str, Field(max_length=400, pattern=r"^[A-Za-z0-9 ,]*$")]
    | Annotated[list[Annotated[str, Field(min_length=1, max_length=8)]], Field(max_length=21)]
    | SeenRack
    | SeenPieces
    | SeenCards
)


class ResultData(Input):
    """A result in the form of its competition (docs/tournament.md): a series' ``games``; a table's
    ``scores`` or what the referee ``seen``; a duel's ``winner`` or ``squares``; a Rummikub game's
    ``players``, ``winner`` and ``racks`` (or ``seen``)."""

    games: list[SeriesGameIn] | None = Field(default=None, max_length=5)
    scores: dict[Name, Score] | None = Field(default=None, max_length=MAX_ENTRANTS_AT_A_TABLE)
    seen: dict[Name, SeenValue] | None = Field(default=None, max_length=MAX_ENTRANTS_AT_A_TABLE)
    winner: Name | None = None
    squares: dict[Name, Annotated[int, Field(ge=0, le=1000)]] | None = Field(default=None, max_length=2)
    finish: bool | None = None
    time_up: bool | None = None
    players: list[Name] | None = Field(default=None, max_length=MAX_ENTRANTS_AT_A_TABLE)
    racks: dict[Name, Annotated[int, Field(ge=0, le=1000)] | NeverMelded] | None = Field(
        default=None, max_length=MAX_ENTRANTS_AT_A_TABLE
    )
    table: Annotated[int, Field(ge=1, le=1000)] | None = None


class ResultIn(Input):
    """A fixture's result (none: a Rummikub game at any table, outside the hall)."""

    fixture: Key | None = Field(
        description="the fixture's key (`GET .../fixtures`); null for a Rummikub game outside the hall"
    )
    data: ResultData
    facts: FactsIn = Field(default_factory=FactsIn)
    source: Literal["typed", "referee"] = Field(
        default="typed", description="typed from a physical table, or from a digital referee"
    )

    model_config = ConfigDict(
        json_schema_extra={
            "examples": [
                {
                    "fixture": "R1-T1",
                    "data": {"scores": {"p1": 120, "p2": 98, "p3": 80, "p4": 77}},
                    "facts": {"at": "10:40", "referee": "Mo"},
                }
            ]
        }
    )


class Correction(Input):
    data: ResultData
    reason: Annotated[str, Field(min_length=1, max_length=500, pattern=r"^[^\x00-\x1f\x7f]*$")]
    facts: FactsIn = Field(default_factory=FactsIn)


class WinnerBoard(Input):
    surviving: Annotated[int, Field(ge=0, le=3)]
    lost_hp: Annotated[int, Field(ge=0, le=15)] = 0


class PenaltyIn(Input):
    """A foul in game N of a series fixture (``FIXTURE/N``)."""

    game: Annotated[str, Field(min_length=3, max_length=70, pattern=r"^[^\x00-\x1f\x7f/]+/[1-9][0-9]?$")]
    team: Name
    points: Annotated[int, Field(ge=1, le=10)]
    kind: Literal["technical", "player"] = "technical"
    player: Name | None = None
    commander: bool = Field(default=False, description="the player commands his team in this game")
    reason: Annotated[str, Field(min_length=1, max_length=500, pattern=r"^[^\x00-\x1f\x7f]*$")]
    winner_board: WinnerBoard | None = Field(
        default=None, description="when this foul ends the game: the other team's figures"
    )
    facts: FactsIn = Field(default_factory=FactsIn)


class PenaltyOutcome(Output):
    penalty: int
    consequences: list[str]
    decided: JSONObject | None = Field(description="the game the foul ended, if it did")


class DecisionIn(Input):
    """The organiser's order for a tie the chain cannot break, best first."""

    order: list[Name] = Field(min_length=2, max_length=64)
    facts: FactsIn = Field(
        default_factory=FactsIn, description="`note`: how it was decided (e.g. drawn by lot)"
    )
