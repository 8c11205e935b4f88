"""The contracts `tablesport ttr map --json` and `tablesport ttr score --json` (docs/ticket-to-ride.md)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tablesport.cli import app
from tablesport.core import Rng
from tablesport.games.ticket_to_ride import GAME

from .helpers import B


def run(args: list[str], stdin: str = "") -> tuple[int, str, str]:
    r = CliRunner().invoke(app, ["ttr", *args], input=stdin)
    return r.exit_code, r.stdout, r.stderr


def test_map_contract() -> None:
    code, out, _ = run(["map", "--json"])
    assert code == 0
    data = json.loads(out)
    assert len(data["cities"]) == 36 and len(data["routes"]) == 100 and len(data["tickets"]) == 30
    assert set(data["routes"][0]) == {"id", "a", "b", "length", "colour", "double_of"}
    assert set(data["tickets"][0]) == {"id", "a", "b", "points"}
    doubles = [r for r in data["routes"] if r["double_of"]]
    assert len(doubles) == 44 and sum(r["length"] for r in data["routes"]) == 309


def test_score_contract() -> None:
    stdin = json.dumps(
        {
            "players": [
                {
                    "routes": [["Denver", "Santa Fe"], ["Santa Fe", "El Paso"], ["Atlanta", "Nashville"]],
                    "tickets": [["Denver", "El Paso"], ["Boston", "Miami"]],
                },
                {
                    "routes": [["Boston", "New York"], B.route_between("Boston", "Montreal")[0]],
                    "tickets": ["t02"],
                },
                {"routes": [["Boston", "New York"]], "tickets": []},
                {"routes": [], "tickets": []},
            ]
        }
    )
    code, out, _ = run(["score", "--json"], stdin)
    assert code == 0, out
    rows = json.loads(out)["players"]
    assert rows[0]["route_points"] == 2 + 2 + 1 and rows[0]["ticket_points"] == 4 - 12
    assert rows[0]["tickets"] == [
        {"a": "Denver", "b": "El Paso", "points": 4, "completed": True},
        {"a": "Boston", "b": "Miami", "points": 12, "completed": False},
    ]
    assert [r["longest"] for r in rows] == [4, 4, 2, 0]
    assert [r["longest_bonus"] for r in rows] == [10, 10, 0, 0]
    assert [r["total"] for r in rows] == [5 - 8 + 10, 4 - 5 + 10, 2, 0]
    assert [r["place"] for r in rows] == [2, 1, 3, 4]


@pytest.mark.parametrize(
    "players, words",
    [
        ([{"routes": [["Boston", "New York"], ["Boston", "New York"]]}], "both routes of the double"),
        (
            [{"routes": [["Boston", "New York"]]}, {"routes": [["Boston", "New York"]]}],
            "only one route of the double",
        ),
        (
            [{"routes": [["Chicago", "Duluth"]]}, {"routes": [["Chicago", "Duluth"]]}, {}, {}],
            "already claimed",
        ),
        ([{"routes": [["Gotham", "Duluth"]]}], "unknown city"),
        ([{"routes": [["Miami", "Seattle"]]}], "no route joins"),
        ([{"routes": [999]}], "not a route id"),
        ([{"tickets": [["Miami", "Seattle"]]}], "no ticket"),
        ([{"tickets": ["t01"]}, {"tickets": ["t01"]}], "already held"),
        ([{"routes": [r.id for r in B.routes.values() if r.length == 6][:8]}], "a player has 45"),
    ],
)
def test_impossible_claim_sets_are_refused(players: list[dict[str, object]], words: str) -> None:
    code, out, err = run(["score", "--json"], json.dumps({"players": players}))
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1


def test_not_json_is_one_line_exit_2() -> None:
    code, _, err = run(["score", "--json"], "{nope")
    assert code == 2 and "not JSON" in err and "Traceback" not in err


def test_score_agrees_with_the_engine_on_finished_games() -> None:
    """The contract scores 'exactly as the engine does it': random finished games, both presets."""
    for preset, seed in (("ttr-event", 1), ("ttr-classic-3p", 2), ("ttr-classic-5p", 3)):
        s = GAME.start(preset, seed)
        rng = Rng(seed)
        while (d := s.pending()) is not None:
            s.apply(d.seats[0], s.random_action(d.seats[0], rng))
        stdin = json.dumps(
            {
                "players": [
                    {"routes": s.claims[p], "tickets": [B.tickets[t].id for t in s.tickets[p]]}
                    for p in range(s.ruleset.seats)
                ]
            }
        )
        code, out, _ = run(["score", "--json"], stdin)
        assert code == 0
        rows = json.loads(out)["players"]
        res = s.result()
        assert res is not None
        assert [r["total"] for r in rows] == list(res.scores)
        assert tuple(r["place"] for r in rows) == res.placements
