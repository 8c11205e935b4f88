"""What the screen reads from a seat's view: the 3v3 commanders from the moment the identity cards are
taken (reference §5.1: the commanders draft, so every seat knows who they are), and the seat's attack
range and distances (reference §2.1), equal to the engine's own ``distance`` and ``attack_range``."""

from __future__ import annotations

import random

from tablesport.games import start


def play_until(st: object, kind: str, seed: int = 0) -> None:
    rnd = random.Random(seed)
    for _ in range(2000):
        d = st.pending()  # type: ignore[attr-defined]
        if d is None or d.kind == kind:
            return
        seat = d.seats[0]
        st.apply(seat, rnd.choice(list(st.legal_actions(seat))))  # type: ignore[attr-defined]
    raise AssertionError(f"no {kind} decision")


def test_3v3_view_names_the_commanders_during_the_draft() -> None:
    st = start("sgs-3v3-2012", 2)
    assert "commanders" not in st.view(0)["mode"]           # before the identity cards are taken
    play_until(st, "draft")
    for seat in range(6):
        cmd = st.view(seat)["mode"]["commanders"]
        assert sorted(cmd.values()) == [0, 3]                # the commander players (seats 0 and 3)
        sides = st.view(seat)["mode"]["sides"]
        assert sides[cmd["cold"]] == "cold" and sides[cmd["warm"]] == "warm"
    d = st.pending()
    assert d is not None and d.seats[0] in (0, 3)            # the one drafting is a commander


def test_reach_is_the_engines_distance_and_attack_range() -> None:
    for preset in ("sgs-3v3-2011", "sgs-1v1-2014"):
        st = start(preset, 5)
        assert "reach" not in st.view(0)                     # no general yet: nothing to measure
        play_until(st, "play", seed=3)
        for _ in range(40):                                  # some turns later: horses, weapons, deaths
            d = st.pending()
            if d is None:
                break
            for seat in range(len(st.players)):
                v = st.view(seat)
                if not st.players[seat].alive:
                    assert "reach" not in v
                    continue
                assert v["reach"]["attack_range"] == st.attack_range(seat)
                others = [b for b in st.living() if b != seat]
                assert v["reach"]["distance"] == {str(b): st.distance(seat, b) for b in others}
            st.apply(d.seats[0], random.Random(1).choice(list(st.legal_actions(d.seats[0]))))
