"""A result body that names a player twice (issue 41.4): the JSON parser would keep only the last."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session
from typer.testing import CliRunner

from tablesport.cli import app as cli
from tablesport.store.db import make_engine
from tablesport.store.migrate import upgrade
from tablesport.store.service import EventStore
from tablesport.store.tokens import SCOPES, create_token

from .api_fixtures import Api, is_error

DEAL = {
    "event": "Deal day",
    "competitions": [
        {
            "key": "deal",
            "preset": "monopoly-deal-event",
            "seed": 3,
            "rounds": 1,
            "entrants": ["Amy", "Ben", "Cat", "Dan"],
        }
    ],
}


def _deal_day(url: str) -> tuple[int, str, str, list[str]]:
    engine = upgrade(make_engine(url))
    with Session(engine) as s:
        st = EventStore(s)
        ev = st.create_event(DEAL, "desk")
        fx = st.next_round(st.competition("Deal day", "deal"), "desk")[0]
        _, secret = create_token(s, "olga", "deal laptop", ["Deal day"], SCOPES)
        s.commit()
        out = ev.id, secret, fx.key, list(fx.entrants)
    engine.dispose()
    return out


def _seen_body(fixture: str, players: list[str], twice: str) -> str:
    """A Monopoly Deal result whose ``seen`` lists ``twice`` a second time (10M first, 1M last)."""
    parts = [f'"{p}": {{"bank": ["{1 + i}M"]}}' for i, p in enumerate(players)]
    parts.insert(0, f'"{twice}": {{"bank": ["10M"]}}')
    return f'{{"fixture": "{fixture}", "data": {{"seen": {{{", ".join(parts)}}}}}}}'


def test_the_api_refuses_a_monopoly_deal_sheet_that_lists_a_player_twice(api: Api) -> None:
    """Seed 000 Monopoly Deal THE WINNER: each player's value is counted once; the same player twice in
    ``seen`` is refused with the player's name, not silently the last reading."""
    event_id, token, fixture, players = _deal_day(api.url)
    base = f"/api/v1/events/{event_id}/competitions/deal"
    headers = {"authorization": f"Bearer {token}", "content-type": "application/json"}
    r = api.client.post(base + "/results", content=_seen_body(fixture, players, players[1]), headers=headers)
    body: Any = r.json()
    assert r.status_code == 400 and is_error(body), r.text
    assert f"data.seen lists '{players[1]}' twice" in body["message"] and body["field"] == "seen"
    assert api.client.get(base + "/fixtures").json()[0]["result"] is None
    seen = {p: {"bank": [f"{1 + i}M"]} for i, p in enumerate(players)}
    r = api.client.post(base + "/results", json={"fixture": fixture, "data": {"seen": seen}}, headers=headers)
    assert r.status_code == 201, r.text
    assert {row["entrant"]: row["points"] for row in r.json()}[players[3]] == 10
    r = api.client.put(
        base + f"/results/{fixture}",
        headers=headers,
        content=_seen_body(fixture, players, players[0]).replace(
            f'"fixture": "{fixture}"', '"reason": "misread"'
        ),
    )
    assert r.status_code == 400 and f"'{players[0]}' twice" in r.json()["message"], r.text


def test_the_cli_refuses_a_monopoly_deal_sheet_that_lists_a_player_twice(tmp_path: Path) -> None:
    """The same through ``tablesport event result`` (YAML or JSON, inline or @FILE)."""
    db = f"sqlite:///{tmp_path / 'deal.sqlite3'}"
    _, _, fixture, players = _deal_day(db)
    a, b = players[:2]
    inline = f"{{seen: {{{a}: {{bank: [10M]}}, {b}: {{bank: [1M]}}, {a}: {{bank: [2M]}}}}}}"
    r = CliRunner().invoke(cli, ["event", "result", "Deal day", "deal", fixture, inline, "--db", db])
    assert r.exit_code != 0 and f"seen lists '{a}' twice" in str(r.exception), r.output
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(f"seen:\n  {b}: {{bank: [3M]}}\n  {b}: {{bank: [4M]}}\n", encoding="utf-8")
    r = CliRunner().invoke(cli, ["event", "result", "Deal day", "deal", fixture, f"@{sheet}", "--db", db])
    assert r.exit_code != 0 and f"seen lists '{b}' twice" in str(r.exception), r.output
