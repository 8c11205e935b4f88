"""Schemathesis over the whole API document against a real server process: bodies, paths and queries
generated from the declared models (valid and invalid), then the stateful links (a created table → its
state, join, record, replay; a registered entrant → its change; a result → its correction). No answer may
be a 5xx, every answer must match its declared model, and every 4xx must be the one error shape.

At least 1,000 requests in ``make test`` (deterministic: derandomized, bounded in time); ``-m slow`` runs
``LONG`` times as many cases per operation and stateful steps, with another seed (over 25,000 requests)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

schemathesis = pytest.importorskip("schemathesis")

from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis.errors import Unsatisfiable  # noqa: E402
from hypothesis.stateful import run_state_machine_as_test  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from tablesport.server.process import ServerProcess  # noqa: E402
from tablesport.store.db import make_engine  # noqa: E402
from tablesport.store.migrate import upgrade  # noqa: E402
from tablesport.store.service import EventStore  # noqa: E402
from tablesport.store.tokens import SCOPES, create_token  # noqa: E402

from .api_fixtures import EVENT, is_error  # noqa: E402

POSITIVE, NEGATIVE = 25, 15
"""Cases per operation: bodies, paths and queries that fit the models, and that do not."""
STATEFUL_STEPS = 150
LONG = 20
"""The long run's multiple of each (``-m slow``)."""


@pytest.fixture(scope="module")
def fuzzed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, str]]:
    db = tmp_path_factory.mktemp("fuzz") / "fuzz.sqlite3"
    engine = upgrade(make_engine(f"sqlite:///{db}"))
    with Session(engine) as s:
        st = EventStore(s)
        st.create_event(EVENT, "desk")
        st.next_round(st.competition("Club day", "blokus"), "desk")
        st.draw(st.competition("Club day", "sgs"), "desk")
        _, token = create_token(s, "olga", "fuzz", ["Club day"], SCOPES)
        s.commit()
    engine.dispose()
    proc = ServerProcess(db, bot_delay=0.5, tables_per_minute=0).start()
    try:
        yield proc, token
    finally:
        proc.stop()


def error_shape(ctx: Any, response: Any, case: Any) -> bool:
    """Every 4xx answer is the one error shape."""
    if 400 <= response.status_code < 500:
        body = response.json()
        assert is_error(body), (
            f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:300]}"
        )
    return True


def no_server_error(ctx: Any, response: Any, case: Any) -> bool:
    assert response.status_code < 500, (
        f"{case.method} {case.formatted_path}: {response.status_code} {response.text[:300]}"
    )
    return True


def test_schemathesis_over_the_whole_document(fuzzed: tuple[ServerProcess, str]) -> None:
    total = fuzz_document(fuzzed, POSITIVE, NEGATIVE, STATEFUL_STEPS, derandomize=True)
    assert total >= 1000


@pytest.mark.slow
def test_schemathesis_over_the_whole_document_long(fuzzed: tuple[ServerProcess, str]) -> None:
    total = fuzz_document(fuzzed, LONG * POSITIVE, LONG * NEGATIVE, LONG * STATEFUL_STEPS, derandomize=False)
    assert total >= 20_000


def fuzz_document(fuzzed: tuple[ServerProcess, str], positive: int, negative: int, stateful: int,
                  derandomize: bool) -> int:
    """Every operation with ``positive`` and ``negative`` cases, then ``stateful`` steps along the links;
    the number of requests sent."""
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        response_schema_conformance,
        status_code_conformance,
    )

    server, token = fuzzed
    schema = schemathesis.openapi.from_url(server.url + "/api/v1/openapi.json")
    checks = [
        no_server_error,
        error_shape,
        response_schema_conformance,
        status_code_conformance,
        content_type_conformance,
    ]
    headers = {"authorization": f"Bearer {token}"}
    calls: dict[str, int] = {}
    from schemathesis.generation.modes import GenerationMode

    operations = [result.ok() for result in schema.get_all_operations()]
    for operation in operations:
        for mode, examples in ((GenerationMode.POSITIVE, positive), (GenerationMode.NEGATIVE, negative)):

            @given(case=operation.as_strategy(generation_mode=mode))
            @settings(
                max_examples=examples,
                deadline=None,
                derandomize=derandomize,
                database=None,
                phases=[Phase.explicit, Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            def run(case: Any) -> None:
                case.call_and_validate(base_url=server.url, headers=headers, checks=checks, timeout=30)
                calls[case.operation.label] = calls.get(case.operation.label, 0) + 1

            try:
                run()
            except Unsatisfiable:  # nothing to negate: an operation without parameters or body
                assert mode is GenerationMode.NEGATIVE, operation.label
    machine = schema.as_state_machine()
    steps = {"n": 0}

    class Links(machine):  # type: ignore[misc, valid-type]
        def call(self, case: Any, **kwargs: Any) -> Any:
            steps["n"] += 1
            return case.call(base_url=server.url, headers=headers, timeout=30)

        def validate_response(self, response: Any, case: Any, **kwargs: Any) -> None:
            for check in (no_server_error, error_shape):
                check(None, response, case)

    run_state_machine_as_test(
        Links,
        settings=settings(
            max_examples=max(1, stateful // 10),
            stateful_step_count=10,
            deadline=None,
            derandomize=derandomize,
            database=None,
            suppress_health_check=list(HealthCheck),
        ),
    )
    total = sum(calls.values()) + steps["n"]
    assert len(calls) == len(operations) == 34, sorted(calls)
    print(f"schemathesis: {sum(calls.values())} requests over {len(calls)} operations, {steps['n']} stateful")
    log = server.log_path.read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]
    return total
