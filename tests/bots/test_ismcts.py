"""The generic ISMCTS bot plays any game through the protocol and beats random play."""

from __future__ import annotations

from tablesport.sim.batch import simulate


def test_ismcts_beats_random_at_goofspiel() -> None:
    s = simulate("goofspiel-2p", 30, seed=5, bots="ismcts:playouts=40,random").to_json()
    wins = s["results"]["wins"]
    assert wins["0"] >= 20 > wins["1"], s["results"]


def test_ismcts_plays_three_seats_to_the_end() -> None:
    s = simulate("goofspiel-3p", 3, seed=2, bots="ismcts:playouts=10:c=1.0").to_json()
    assert s["games"] == 3 and s["results"]["reasons"] == {"all_prizes_taken": 3}
