"""The competition modes end to end, clause by clause (3v3: 2011 seed 二.1–4, 2014 seed 二.1–4 and
一.4, 2012 seed §3–4; 1v1: 2014 seed 1v1 §一–三; reference §5 and §8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from tablesport.core import Rng, RuleError
from tablesport.games.sanguosha import GAME
from tablesport.games.sanguosha.state import SgsState

Chooser = Callable[[SgsState, Any], Any]


def drive(s: SgsState, until: str | Callable[[SgsState], bool], rng: Rng | None = None,
          limit: int = 5000) -> None:
    """Answer with the first option (or random with ``rng``) until a decision of kind ``until``."""
    for _ in range(limit):
        d = s.pending()
        if d is None:
            return
        if (until(s) if callable(until) else d.kind == until):
            return
        seat = d.seats[0]
        s.apply(seat, s.random_action(seat, rng) if rng else d.options_for(seat)[0])
    raise AssertionError("limit reached")


def to_play(preset: str, seed: int = 1) -> SgsState:
    s = GAME.start(preset, seed)
    drive(s, lambda st: st.mode.get("next_side") is not None and st.pending().kind in ("play", "choose_unit"))
    return s


@pytest.mark.parametrize("preset", ["sgs-3v3-2011", "sgs-3v3-2014", "sgs-3v3-2012"])
def test_3v3_draft_16_candidates_1_2_2_2_2_2_2_2_leaves_one(preset: str) -> None:
    """Draft 3)/a): four piles of 8, 16 candidates, picks 1-2-2-2-2-2-2-2 at 20 s; D3: one left."""
    s = GAME.start(preset, 3)
    drive(s, "draft")
    assert len(s.mode["candidates"]) == 16 and s.pending().time_limit == 20
    drive(s, "field")
    first = s.mode["first_picker"]
    second = "cold" if first == "warm" else "warm"
    assert len(s.mode["picks"][first]) == 7 and len(s.mode["picks"][second]) == 8
    assert len(s.mode["unpicked"]) == 1 and s.pending().time_limit == 90
    assert set(s.pending().seats) == {0, 3}


@pytest.mark.parametrize("preset", ["sgs-3v3-2011", "sgs-3v3-2012"])
def test_3v3_commander_plus_one_hp_and_ring(preset: str) -> None:
    """Glossary 主帅: commander max HP and HP +1; seating ring (reference §2.1)."""
    from tablesport.games.sanguosha.generals import generals

    s = to_play(preset)
    for side in ("cold", "warm"):
        c = s.mode["commanders"][side]
        p = s.players[c]
        assert p.max_hp == generals()[p.general].hp + 1 == p.hp
    c, w = s.mode["commanders"]["cold"], s.mode["commanders"]["warm"]
    assert s.distance(c, w) == 3
    assert s.order.index(c) == 1 and s.order.index(w) == 4


def test_3v3_2014_deals_before_cold_chooses_first_actor() -> None:
    """2014 准备阶段 3)–4): 4 cards dealt, then the cold side decides after seeing its hand."""
    s = GAME.start("sgs-3v3-2014", 2)
    drive(s, "first_actor")
    assert all(len(p.hand) == 4 for p in s.players)
    assert s.pending().seats == (s.mode["commanders"]["cold"],)


@pytest.mark.parametrize("preset", ["sgs-3v3-2011", "sgs-3v3-2012"])
def test_3v3_2011_2012_cold_chooses_before_deal(preset: str) -> None:
    """2011 准备阶段 3)–4) / 2012: the cold side decides who acts first, then hands are dealt."""
    s = GAME.start(preset, 2)
    drive(s, "first_actor")
    assert all(len(p.hand) == 0 for p in s.players)
    s.apply(s.pending().seats[0], ("warm",))
    assert all(len(p.hand) == 4 for p in s.players if p.seat != s.current)


@pytest.mark.parametrize("preset,cold_decides", [("sgs-3v3-2011", True), ("sgs-3v3-2014", True),
                                                 ("sgs-3v3-2012", False)])
def test_3v3_first_picker_timeout(preset: str, cold_decides: bool) -> None:
    """a) warm decides the first picker in 10 s; timeout: 2011/2014 pass to cold, 2012 warm first."""
    s = GAME.start(preset, 4)
    drive(s, "first_picker")
    assert s.pending().time_limit == 10
    s.timeout(s.pending().seats[0])
    if cold_decides:
        assert s.pending().kind == "first_picker" and s.pending().data["deciding"] == "cold"
    else:
        assert s.pending().kind == "draft" and s.mode["first_picker"] == "warm"


def test_3v3_first_turn_is_first_sides_commander_and_units_alternate() -> None:
    """行动顺序 a)–c): the first side's commander acts first; units alternate; identity cards turn
    sideways on acting and reset when all are sideways."""
    s = GAME.start("sgs-3v3-2011", 5)
    drive(s, "first_actor")
    s.apply(s.pending().seats[0], ("warm",))
    drive(s, "play")
    d = s.pending()
    assert d.kind == "play" and s.current == s.mode["commanders"]["warm"]
    assert s.mode["upright"][s.current] is False
    turns: list[int] = []
    for _ in range(3000):
        d = s.pending()
        if d is None or len(turns) >= 7:
            break
        if d.kind == "play":
            if not turns or turns[-1] != s.current:
                turns.append(s.current)
            s.apply(d.seats[0], ("end",))
        else:
            s.apply(d.seats[0], d.options_for(d.seats[0])[-1] if d.kind != "choose_unit" else
                    d.options_for(d.seats[0])[0])
    sides = [s.side_of(t) for t in turns]
    # warm commander, then cold unit, then warm, ... (a vanguard unit takes two turns in a row)
    assert sides[0] == "warm" and sides[1] == "cold"
    assert len(set(turns[:6])) == 6, "every character acts once before the reset"


def test_3v3_time_up_2011_after_current_turn_then_adjudication() -> None:
    """2011 裁决 2): time up → the game ends when the current turn ends; more survivors win, then
    fewer lost HP, then technical points, then 5-minute overtimes (D14)."""
    s = to_play("sgs-3v3-2011")
    drive(s, "play")
    cold, warm = s.mode["commanders"]["cold"], s.mode["commanders"]["warm"]
    s.players[cold].hp -= 1
    s.time_up()
    assert not s.over
    s.apply(s.pending().seats[0], ("end",))
    drive(s, lambda st: st.over or st.pending().kind == "play")
    assert s.over and s.result().winner_side == "warm" and s.result().reason == "time_up_lost_hp"
    del warm


def test_3v3_time_up_tie_goes_to_overtime_and_technical_points() -> None:
    s = to_play("sgs-3v3-2014")
    drive(s, "play")
    limit = s.clock_limit()
    s.time_up()
    s.apply(s.pending().seats[0], ("end",))
    drive(s, lambda st: st.over or st.pending().kind in ("play", "choose_unit"))
    if not s.over:   # a perfect tie: overtime of 5 minutes
        assert s.clock_limit() == limit + 300 and s.mode["overtimes"] == 1
        s.referee(("technical", "cold", 1))
        s.time_up()
        drive(s, lambda st: st.over)
        assert s.result().winner_side == "warm"


def test_3v3_2012_time_up_waits_for_round_end() -> None:
    """2012: time up → play continues until all identity cards are sideways and the turn ends."""
    s = to_play("sgs-3v3-2012")
    drive(s, "play")
    s.time_up()
    s.apply(s.pending().seats[0], ("end",))
    drive(s, lambda st: st.over or st.pending().kind == "play")
    upright = [u for k, u in enumerate(s.mode["upright"]) if s.players[k].alive]
    assert not s.over or not any(upright)
    if not s.over:
        assert any(upright)


def test_3v3_technical_points_three_lose() -> None:
    """2014 一.1.2): 1 technical point per communication foul; 3 lose the game."""
    s = to_play("sgs-3v3-2014")
    s.referee(("technical", "cold", 1))
    s.referee(("technical", "cold", 2))
    assert s.over and s.result().winner_side == "warm" and s.result().reason == "technical_points"


def test_3v3_2014_penalty_points_disqualify_at_five() -> None:
    """2014 3.3)B: 1 point for stalling, 3 for cheating talk; at 5 the player is disqualified (D13)."""
    s = to_play("sgs-3v3-2014")
    van = [x for x in range(6) if x != s.mode["commanders"]["cold"] and s.side_of(x) == "cold"][0]
    s.referee(("penalty", van, 3, "talk"))
    assert s.players[van].alive
    s.referee(("penalty", van, 1, "stall"))
    s.referee(("penalty", van, 1, "stall"))
    assert not s.players[van].alive and not s.players[van].all_cards()
    s.check_invariants()
    with pytest.raises(RuleError):
        s.referee(("penalty", van, 2, "x"))


def test_3v3_2011_has_no_penalty_points() -> None:
    s = to_play("sgs-3v3-2011")
    with pytest.raises(RuleError):
        s.referee(("penalty", 0, 1, "stall"))


def test_3v3_2012_concession_only_commander_own_turn() -> None:
    """2012: only a commander may concede, during his own turn; other editions: any time."""
    s = to_play("sgs-3v3-2012")
    drive(s, "play")
    cur_side = s.side_of(s.current)
    other = "cold" if cur_side == "warm" else "warm"
    with pytest.raises(RuleError):
        s.referee(("concede", other))
    if s.current == s.mode["commanders"][cur_side]:
        s.referee(("concede", cur_side))
        drive(s, lambda st: st.over)
        assert s.result().winner_side == other and s.result().reason == "concession"
    s2 = to_play("sgs-3v3-2011")
    s2.referee(("concede", "cold"))
    assert s2.result().winner_side == "warm"


def test_3v3_2012_forfeit_peach() -> None:
    """2012 §4: after a forfeit the other side's wounded survivors may use their own Peaches."""
    s = to_play("sgs-3v3-2012")
    drive(s, "play")
    side = s.side_of(s.current)
    other = "cold" if side == "warm" else "warm"
    if s.current != s.mode["commanders"][side]:
        pytest.skip("seed gives a vanguard first")
    w = [x for x in range(6) if s.side_of(x) == other]
    peach = [c for c in s.draw_pile if s.players and __import__("tablesport.games.sanguosha.cards",
                                                                  fromlist=["NAME"]).NAME[c] == "peach"][0]
    s.draw_pile.remove(peach)
    s.players[w[1]].hand.append(peach)
    s.players[w[1]].hp -= 1
    s.referee(("concede", side))
    d = s.pending()
    assert d is not None and d.kind == "forfeit_peach" and d.seats == (w[1],)
    assert d.kind in GAME.info.decision_kinds  # declared, as the contract asks of every decision kind
    s.apply(w[1], d.options_for(w[1])[0])
    assert s.over and s.players[w[1]].hp == s.players[w[1]].max_hp
    s.check_invariants()


def test_3v3_result_fields() -> None:
    s = GAME.start("sgs-3v3-2012", 7)
    drive(s, lambda st: st.over, Rng(3))
    r = s.result()
    assert r.winner_side in ("cold", "warm")
    for side in ("cold", "warm"):
        st = r.sides[side].stats
        assert {"surviving", "lost_hp", "commander", "generals"} <= set(st)
    assert {"winner", "reason", "fouls", "turns", "overtimes"} <= set(r.stats)


# ---------------------------------------------------------------------------------------- 1v1
def test_1v1_pick_order_as_printed_lord_six_renegade_four() -> None:
    """1v1 §二(一)2 and D2: Lord 1, Renegade 2, Lord 2, Renegade 2, Lord 2, last one to the Lord."""
    s = GAME.start("sgs-1v1-2014", 1)
    drive(s, "field")
    lord = s.mode["lord"]
    assert len(s.mode["taken"][str(lord)]) == 6 and len(s.mode["taken"][str(1 - lord)]) == 4


def test_1v1_hidden_candidates_visible_only_to_taker() -> None:
    """D9: face-down candidates are hidden; once taken, only the taker sees them."""
    s = GAME.start("sgs-1v1-2014", 2)
    drive(s, "draft")
    hidden = s.mode["candidates"][6:]
    for seat in (0, 1, None):
        v = str(s.view(seat))
        assert not any(h in v for h in hidden)
    d = s.pending()
    seat = d.seats[0]
    s.apply(seat, ("pick", 6))
    gid = s.mode["taken"][str(seat)][0]
    assert gid in str(s.view(seat)) and gid not in str(s.view(1 - seat))


def test_1v1_renegade_first_hand_max_hp_first_turn_draws_one_less() -> None:
    """1v1 §二: hand = max HP; the Renegade moves first; the very first turn draws one fewer."""
    s = GAME.start("sgs-1v1-2014", 3)
    drive(s, "field")
    a = s.pending().options_for(0)[0]
    b = s.pending().options_for(1)[0]
    s.apply(0, a)
    s.apply(1, b)
    ren = 1 - s.mode["lord"]
    assert s.current == ren
    for seat in (0, 1):
        extra = 1 if seat == ren else 0
        assert len(s.players[seat].hand) == s.players[seat].max_hp + extra
    assert s.pending().time_limit == 15


def test_1v1_replacement_and_three_deaths() -> None:
    """1v1 §二.4 and §三(1): a dead general is replaced by the next in order with a full hand;
    3 deaths lose."""
    s = GAME.start("sgs-1v1-2014", 4)
    drive(s, lambda st: st.mode.get("deaths") is not None and sum(st.mode["deaths"]) >= 1 or st.over, Rng(9))
    if not s.over:
        dead = 0 if s.mode["deaths"][0] else 1
        assert s.players[dead].alive and s.players[dead].general == s.mode["lineup"][dead][1]
    drive(s, lambda st: st.over, Rng(9))
    r = s.result()
    assert r.reason == "three_generals_killed" and 3 in s.mode["deaths"]


def test_1v1_time_up_ends_after_lords_turn() -> None:
    """1v1 §三(2): time up → the game ends when the Lord's turn ends; remaining generals, lost HP."""
    s = GAME.start("sgs-1v1-2014", 5)
    drive(s, "play")
    ren = s.current
    s.time_up()
    s.apply(ren, ("end",))
    drive(s, lambda st: st.over or (st.pending().kind == "play" and st.current != ren))
    assert not s.over and s.current == s.mode["lord"]
    s.apply(s.current, ("end",))
    drive(s, lambda st: st.over or st.pending().kind == "play")
    assert s.over and s.result().reason.startswith("time_up")


def test_3v3_time_up_between_turns_ends_now() -> None:
    """2011 裁决 2): time up while no turn is running (a unit is being chosen) ends the game at once
    (or starts the 5-minute overtime on a tie)."""
    s = to_play("sgs-3v3-2011")
    drive(s, lambda st: st.pending().kind == "choose_unit" or st.over)
    if s.over:
        pytest.skip("seed ended early")
    limit = s.clock_limit()
    s.time_up()
    assert s.over or (s.clock_limit() == limit + 300 and s.pending().kind == "choose_unit")


def test_3v3_2012_loser_surviving_always_zero() -> None:
    """2012 §4.1 2): the losing side's remaining generals always count 0 (also on time-up);
    2011 glossary 17: only after a concession or the commander's death."""
    for preset, expect_zero in (("sgs-3v3-2012", True), ("sgs-3v3-2011", False)):
        s = to_play(preset)
        drive(s, "play")
        s.players[s.mode["commanders"]["cold"]].hp -= 1
        s.time_up()
        drive(s, lambda st: st.over, Rng(1))
        r = s.result()
        loser = "cold" if r.winner_side == "warm" else "warm"
        if r.reason.startswith("time_up"):
            assert (r.sides[loser].stats["surviving"] == 0) == expect_zero or not expect_zero
            if expect_zero:
                assert r.sides[loser].stats["surviving"] == 0


def test_1v1_role_choice_by_points_or_given_right() -> None:
    """1v1 §二(一)1: point comparison gives the role choice; on even games of a match the right
    alternates (the match passes ``role_chooser``)."""
    s = GAME.start("sgs-1v1-2014", 8)
    assert s.pending().kind == "choose_role"
    s2 = GAME.new_state(GAME.ruleset("sgs-1v1-2014").with_params(role_chooser=1), 8)
    d = s2.pending()
    assert d.kind == "choose_role" and d.seats == (1,)
    s2.apply(1, ("renegade",))
    assert s2.side_of(1) == "renegade" and s2.side_of(0) == "lord"


def test_1v1_death_in_own_turn_gives_opponent_a_new_turn() -> None:
    """1v1 §二.4 D and its note: a general dying in its own turn is replaced (max HP, a hand of max HP
    cards) and the opponent starts a new turn."""
    from tablesport.games.sanguosha import cards as C

    s = GAME.start("sgs-1v1-2014", 11)
    drive(s, "play")
    me = s.current
    opp = 1 - me
    pm, po = s.players[me], s.players[opp]
    # put every hand card back, then give me a Duel and the opponent a Slash; nobody holds a Peach
    for p in (pm, po):
        s.draw_pile.extend(p.hand)
        p.hand.clear()
    duel = next(c for c in s.draw_pile if C.NAME[c] == "duel")
    slash = next(c for c in s.draw_pile if C.NAME[c] == "slash")
    s.draw_pile.remove(duel)
    s.draw_pile.remove(slash)
    pm.hand.append(duel)
    po.hand.append(slash)
    for p in (pm, po):
        p.equip = [-1, -1, -1, -1]
    pm.hp = 1
    s.skills_changed()
    first = pm.general
    s.ask = None
    s.push("play_phase", "ask", {"seat": me})
    s.stack.pop(-2)   # replace the pending play-phase frame by a fresh one (options recomputed)
    s.run()
    s.apply(me, ("use", C.TOKEN[duel], (opp,)))
    d = s.pending()
    while d is not None and d.seats[0] == opp and d.kind != "play":
        opts = d.options_for(opp)
        s.apply(opp, ("card", C.TOKEN[slash]) if ("card", C.TOKEN[slash]) in opts else opts[-1])
        d = s.pending()
    assert s.mode["deaths"][me] == 1
    assert pm.alive and pm.general != first and pm.general == s.mode["lineup"][me][1]
    assert pm.hp == pm.max_hp
    drive(s, "play")
    assert s.current == opp
    s.check_invariants()


@pytest.mark.parametrize("preset", ["sgs-3v3-2011", "sgs-3v3-2012", "sgs-3v3-2014", "sgs-1v1-2014"])
def test_whether_a_concession_is_taken_is_known_without_trying_it(preset: str) -> None:
    """The live table's give-up button asks ``referee_allowed(("concede", seat))`` at every step: the rules'
    answer (2011 glossary 16 and 2012 §3.4.3 note: a commander; 2012: in his own turn; 2014: anyone of the
    side) is exactly what the ruling itself does on a copy, from the draft to the end of the game."""
    game, rs = GAME, GAME.ruleset(preset)
    asked = {True: 0, False: 0}
    for seed in range(3):
        s = game.new_state(rs, seed)
        rng = Rng(seed)
        actions = [("concede", seat) for seat in range(rs.seats)] + [("concede", "warm"), ("concede",)]
        while True:
            for action in actions:
                try:
                    s.clone().referee(action)
                    tried = True
                except RuleError:
                    tried = False
                assert s.referee_allowed(action) is tried, (preset, seed, action)
                asked[tried] += 1
            d = s.pending()
            if d is None:
                break
            s.apply(d.seats[0], s.random_action(d.seats[0], rng))
    assert asked[True] and asked[False]  # both answers were met
    assert not game.new_state(rs, 0).referee_allowed(("penalty", 0, 2, "x"))  # not a concession: tried
