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


def test_the_view_says_why_a_seat_may_not_concede_now() -> None:
    """The page greys its concede button by ``State.referee_allowed`` and prints the rule the view names:
    2012 §3.4.3 note (only a commander, in his own action turn) through the draft; the 2014 3v3 "一方阵营
    宣布认输" (any player of a side) takes a concession in the draft, so its view names nothing."""
    st = start("sgs-3v3-2012", 2)
    assert st.view(0)["mode"]["concede_refused"] == "concede"          # the sides are not known yet
    play_until(st, "draft")
    assert st.view(0)["mode"]["concede_refused"] == "concede_own_turn_only"
    # a vanguard: refused too (the commanders' seats are settled at the fielding, so the turn rule speaks)
    assert st.view(1)["mode"]["concede_refused"] in ("concede_commander_only", "concede_own_turn_only")
    assert "concede_refused" not in st.view(None)["mode"]              # a spectator concedes nothing
    for seat in (0, 1):
        assert st.referee_allowed(("concede", seat)) is False
    st = start("sgs-3v3-2014", 2)
    play_until(st, "draft")
    assert "concede_refused" not in st.view(1)["mode"] and st.referee_allowed(("concede", 1)) is True


def test_the_draft_views_carry_the_pick_order() -> None:
    """The screen prints the pick order: 3v3 the sides alternate from the first picker (2012 §3.1.3 a),
    1v1 the printed 1-2-2-2-2-1 order (2014 1v1 §二.(一).2.(2)), until the generals are fielded."""
    st = start("sgs-3v3-2012", 2)
    play_until(st, "draft")
    m = st.view(0)["mode"]
    assert m["draft_order"] == [1, 2, 2, 2, 2, 2, 2, 2] and m["first_picker"] in ("cold", "warm")
    st = start("sgs-1v1-2014", 3)
    play_until(st, "draft")
    order = st.view(0)["mode"]["pick_order"]
    assert order == [["lord", 1], ["renegade", 2], ["lord", 2], ["renegade", 2], ["lord", 2], ["lord", 1]]
    play_until(st, "play")
    assert "pick_order" not in st.view(0)["mode"]
