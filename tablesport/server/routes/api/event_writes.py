"""What an organiser's token may write to its events: entrants, results and corrections, penalties and
decisions. Each write is checked whole by the results desk before anything is stored (a refusal keeps
nothing), names the token in the competition's audit log, and is written to the token's own log."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path, Request

from tablesport.store import public
from tablesport.store.entry_facts import Facts
from tablesport.store.service import EventStore
from tablesport.tournament.errors import TournamentError
from tablesport.tournament.penalties import Penalty
from tablesport.tournament.repeated import refuse_repeated, repeated_json_key

from ...models.common import PRINTABLE
from ...models.events import (
    Correction,
    DecisionIn,
    EntrantChange,
    EntrantIn,
    FactsIn,
    PenaltyIn,
    PenaltyOutcome,
    ResultIn,
    StandingRow,
)
from ...models.events import Entrant as EntrantOut
from ...web.api_tokens import TokenUse, require_token
from ...web.deps import SessionsDep
from .events import COMP, CompKey
from .store import competition_of, writing

router = APIRouter(tags=["event writes"])

EntrantKey = Annotated[
    str, Path(min_length=1, max_length=100, pattern=PRINTABLE, description="the entrant's id")
]
FixtureKey = Annotated[
    str, Path(min_length=1, max_length=64, pattern=PRINTABLE, description="the fixture's key")
]


def facts(use: TokenUse, given: FactsIn, source: str = "typed") -> Facts:
    return Facts(use.label, given.at, given.referee, given.note, source).checked()  # type: ignore[arg-type]


@router.post(
    COMP + "/entrants",
    response_model=EntrantOut,
    status_code=201,
    summary="Register an entrant",
    description="Scope `entrants`. Refused once the draw is made, for a duplicate id, for a person "
    "already in another team, for a team of the wrong size.",
)
async def register_entrant(
    competition: CompKey,
    body: EntrantIn,
    sessions: SessionsDep,
    use: Annotated[TokenUse, Depends(require_token("entrants"))],
) -> dict[str, Any]:
    value = body.model_dump(exclude_none=True)

    def work(st: EventStore) -> dict[str, Any]:
        _, comp = competition_of(st, use.event_id, competition)
        return public.entrant(st.register(comp, value, use.label))

    return await writing(sessions, work)


@router.patch(
    COMP + "/entrants/{entrant}",
    response_model=EntrantOut,
    summary="Payment, check-in, withdrawal",
    description="Scope `entrants`.",
)
async def change_entrant(
    competition: CompKey,
    entrant: EntrantKey,
    body: EntrantChange,
    sessions: SessionsDep,
    use: Annotated[TokenUse, Depends(require_token("entrants"))],
) -> dict[str, Any]:
    flags = body.model_dump(exclude_none=True)
    if not flags:
        raise TournamentError("nothing to change", allowed=list(EntrantChange.model_fields), field="body")

    def work(st: EventStore) -> dict[str, Any]:
        _, comp = competition_of(st, use.event_id, competition)
        return public.entrant(st.update_entrant(comp, entrant, use.label, **flags))

    return await writing(sessions, work)


async def each_key_once(request: Request) -> None:
    """A result body that names a player twice in one mapping (``seen``, ``scores``) is refused: the JSON
    parser would keep only the last reading."""
    refuse_repeated(repeated_json_key(await request.body()))


@router.post(
    COMP + "/results",
    response_model=list[StandingRow],
    status_code=201,
    summary="Enter a result",
    description="Scope `results`. Refused when the fixture already has one (correct it instead) or when "
    "the competition with it no longer checks, or when a player is named twice in one mapping; "
    "answers the standings.",
    dependencies=[Depends(each_key_once)],
)
async def enter_result(
    competition: CompKey,
    body: ResultIn,
    sessions: SessionsDep,
    use: Annotated[TokenUse, Depends(require_token("results"))],
) -> list[dict[str, Any]]:
    data = body.data.model_dump(exclude_none=True)

    def work(st: EventStore) -> list[dict[str, Any]]:
        _, comp = competition_of(st, use.event_id, competition)
        return st.enter_result(comp, body.fixture, data, facts(use, body.facts, body.source))

    return await writing(sessions, work)


@router.put(
    COMP + "/results/{fixture}",
    response_model=list[StandingRow],
    summary="Correct a result",
    description="Scope `results`. Kept in the audit log with before, after and the reason.",
    dependencies=[Depends(each_key_once)],
)
async def correct_result(
    competition: CompKey,
    fixture: FixtureKey,
    body: Correction,
    sessions: SessionsDep,
    use: Annotated[TokenUse, Depends(require_token("results"))],
) -> list[dict[str, Any]]:
    data = body.data.model_dump(exclude_none=True)

    def work(st: EventStore) -> list[dict[str, Any]]:
        _, comp = competition_of(st, use.event_id, competition)
        return st.correct_result(comp, fixture, data, facts(use, body.facts), body.reason)

    return await writing(sessions, work)


@router.post(
    COMP + "/penalties",
    response_model=PenaltyOutcome,
    status_code=201,
    summary="Record a foul",
    description="Scope `penalties`. The third technical point, or a disqualified commander, ends the "
    "game at once as that team's loss.",
)
async def record_penalty(
    competition: CompKey,
    body: PenaltyIn,
    sessions: SessionsDep,
    use: Annotated[TokenUse, Depends(require_token("penalties"))],
) -> dict[str, Any]:
    board = body.winner_board.model_dump() if body.winner_board else None

    def work(st: EventStore) -> dict[str, Any]:
        _, comp = competition_of(st, use.event_id, competition)
        f = facts(use, body.facts)
        p = Penalty(
            body.kind,
            body.game,
            body.team,
            body.points,
            body.reason,
            f.by,
            f.at or "",
            body.player,
            body.commander,
        )
        out: dict[str, Any] = st.series.penalty(comp, p, f, board).to_json()
        return out

    return await writing(sessions, work)


@router.post(
    COMP + "/decisions",
    response_model=list[StandingRow],
    status_code=201,
    summary="Record an organiser's decision on a tie",
    description="Scope `decisions`.",
)
async def record_decision(
    competition: CompKey,
    body: DecisionIn,
    sessions: SessionsDep,
    use: Annotated[TokenUse, Depends(require_token("decisions"))],
) -> list[dict[str, Any]]:
    def work(st: EventStore) -> list[dict[str, Any]]:
        _, comp = competition_of(st, use.event_id, competition)
        return st.decide(comp, body.order, facts(use, body.facts))

    return await writing(sessions, work)
