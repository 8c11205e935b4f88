"""Rules of seed 002 (Rummikub 2018): each test names the clause it checks."""

from __future__ import annotations

import pytest

from tablesport.core import RuleError, canon
from tablesport.games.rummikub import GAME
from tablesport.games.rummikub.sets import SetError, check_set
from tablesport.games.rummikub.state import identical_pairs
from tablesport.games.rummikub.tiles import ALL_IDS, CODES

from .helpers import position

FILL = ["K1a", "K1b", "B13a", "B13b", "O7a", "O9b", "R2a", "R6b", "K11a", "O12b"]


def play(table: list[list[str]], rack: list[str]) -> dict[str, object]:
    return canon({"type": "play", "table": table, "rack": rack})


def test_tiles_106_two_copies_each_and_two_jokers() -> None:
    """Reference §Rummikub tiles: 1-13 in four colours ×2 plus 2 jokers = 106, each with its own id."""
    assert len(ALL_IDS) == 106 == len(set(ALL_IDS))
    assert len(CODES) == 53 and sum(1 for t in ALL_IDS if t.startswith("J")) == 2


@pytest.mark.parametrize("codes,kind,value", [
    (["R5", "B5", "O5"], "group", 15),
    (["R5", "B5", "O5", "K5"], "group", 20),
    (["R5", "B5", "J"], "group", 15),
    (["K1", "K2", "K3", "K4"], "run", 10),
    (["R4", "J", "R6"], "run", 15),
    (["R4", "R5", "J"], "run", 15),  # 4-5-6 is the highest reading
    (["J", "R12", "R13"], "run", 36),
])
def test_valid_sets_groups_runs_jokers(codes: list[str], kind: str, value: int) -> None:
    """Seed §2.1/§2.2: groups (組牌) and runs (順牌); a joker stands for any tile at its value."""
    info = check_set(codes)
    assert (info.kind, info.value) == (kind, value)


@pytest.mark.parametrize("codes,why", [
    (["R5", "B5"], "at least 3"),
    (["R5", "R5", "B5"], "R5 appears twice"),
    (["R5", "B5", "O5", "K5", "J"], "at most 4"),
    (["R12", "R13", "R1"], "1 does not follow 13"),
    (["R4", "R5", "R7"], "not consecutive"),
    (["R4", "B5", "O6"], "differ in both"),
])
def test_invalid_sets_say_why(codes: list[str], why: str) -> None:
    """Seed §2.1: only groups and runs are valid; 1 is not after 13."""
    with pytest.raises(SetError, match=why):
        check_set(codes)


def test_start_order_highest_number_starts_then_clockwise() -> None:
    """Seed 比賽前的準備 / 賽制 4: the largest drawn number starts, then clockwise."""
    for seed in range(20):
        st = GAME.start("rummikub-2018", seed)
        first = st.numbers.index(max(st.numbers))
        assert st.order == [(first + i) % 4 for i in range(4)]
        assert [len(r) for r in st.racks] == [14] * 4 or st.phase == "reshuffle"
        assert len(st.pool) == 106 - 56


def test_three_identical_pairs_may_ask_for_a_reshuffle() -> None:
    """Seed 比賽前的準備: three pairs of identical tiles may be shown to ask for a reshuffle."""
    asked = None
    for seed in range(400):
        st = GAME.start("rummikub-2018", seed)
        if st.phase == "reshuffle":
            asked = st
            break
    assert asked is not None
    d = asked.pending()
    assert d is not None and d.kind == "reshuffle" and set(d.options) == {"reshuffle", "keep"}
    seat = d.seats[0]
    assert identical_pairs(asked.racks[seat]) >= 3
    before = [list(r) for r in asked.racks]
    keep = asked.clone()
    keep.apply(seat, "keep")
    assert keep.racks == before
    asked.apply(seat, "reshuffle")
    assert asked.racks != before and asked.reshuffles == 1
    assert sum(map(len, asked.racks)) == 56


def test_initial_meld_needs_30_from_the_rack() -> None:
    """Seed §2.1 破冰行動: the first play is one or more sets worth 30 or more."""
    st = position([["R10a", "R11a", "R12a", "B1a", "B2a", "B3a", *FILL], [], [], []])
    h = st.state_hash()
    with pytest.raises(RuleError) as err:
        st.apply(0, play([["B1a", "B2a", "B3a"]], ["B1a", "B2a", "B3a"]))
    assert err.value.rule == "initial_meld_sum" and "worth 6" in err.value.message
    assert st.state_hash() == h
    st.apply(0, play([["R10a", "R11a", "R12a"], ["B1a", "B2a", "B3a"]],
                     ["R10a", "R11a", "R12a", "B1a", "B2a", "B3a"]))
    assert st.melded[0] and len(st.table) == 2


def test_initial_meld_counts_a_joker_at_the_value_it_stands_for() -> None:
    """Seed §2.2: a joker may be used in the initial meld (K9 K10 J = 9 + 10 + 11 = 30)."""
    st = position([["K9a", "K10a", "Ja", "R1a"], [], [], []])
    st.apply(0, play([["K9a", "K10a", "Ja"]], ["K9a", "K10a", "Ja"]))
    assert st.melded[0]


def test_before_the_initial_meld_the_table_is_not_touched() -> None:
    """Seed §2.1: table tiles are used only after the initial meld (破冰行動 then 下一輪)."""
    table = [["O1a", "O2a", "O3a"]]
    st = position([["O4a", "R10a", "R11a", "R12a", "K13a"], [], [], []], table)
    with pytest.raises(RuleError) as err:
        st.apply(0, play([["O1a", "O2a", "O3a", "O4a"], ["R10a", "R11a", "R12a"]],
                         ["O4a", "R10a", "R11a", "R12a"]))
    assert err.value.rule == "initial_meld_from_rack"


def test_after_the_meld_the_table_may_be_rearranged() -> None:
    """Seed §2.1: after 破冰, table tiles combine freely with the rack as long as every set is valid."""
    table = [["R3a", "R4a", "R5a", "R6a"], ["B6a", "O6a", "K6a"]]
    st = position([["R6b", "B7a"], [], [], []], table, melded=[True, False, False, False])
    new = [["R3a", "R4a", "R5a"], ["R6a", "B6a", "O6a", "K6a"], ["R6b", "B7a"]]
    with pytest.raises(RuleError) as err:
        st.apply(0, play(new, ["R6b", "B7a"]))
    assert err.value.rule == "invalid_set" and "set 3" in err.value.message
    st.apply(0, play([["R3a", "R4a", "R5a", "R6a"], ["R6b", "B6a", "O6a", "K6a"]], ["R6b"]))
    assert st.racks[0] == ["B7a"]


def test_a_table_tile_never_goes_back_to_a_rack() -> None:
    """Seed §2.1/§2.2: rearranging uses table tiles on the table; none returns to a rack."""
    table = [["R3a", "R4a", "R5a", "R6a"]]
    st = position([["K9a", "K10a", "K11a"], [], [], []], table, melded=[True] * 4)
    h = st.state_hash()
    with pytest.raises(RuleError) as err:
        st.apply(0, play([["R3a", "R4a", "R5a"], ["K9a", "K10a", "K11a"]], ["K9a", "K10a", "K11a"]))
    assert err.value.rule == "table_tile_to_rack" and "R6a" in err.value.message
    assert st.state_hash() == h


def test_joker_retrieved_by_replacement_and_played_again() -> None:
    """Seed §2.2: a table joker is taken by the tile it stands for and used again in the same turn."""
    table = [["R4a", "Ja", "R6a"]]
    st = position([["R5a", "B9a", "O9a"], [], [], []], table, melded=[True] * 4)
    with pytest.raises(RuleError) as err:  # the joker may not go to the rack
        st.apply(0, play([["R4a", "R5a", "R6a"]], ["R5a"]))
    assert err.value.rule == "table_tile_to_rack" and "Ja" in err.value.message
    st.apply(0, play([["R4a", "R5a", "R6a"], ["B9a", "O9a", "Ja"]], ["R5a", "B9a", "O9a"]))
    assert st.racks[0] == [] and st.pending() is None


def test_bad_tiles_are_rejected_with_the_reason_and_nothing_changes() -> None:
    """Must-show: a tile not in the rack, a malformed code, a duplicate; state unchanged."""
    st = position([["R10a", "R11a", "R12a", *FILL], ["R13a"], [], []], melded=[True] * 4)
    h = st.state_hash()
    cases = [
        (play([["R10a", "R11a", "R13a"]], ["R10a", "R11a", "R13a"]), "not_in_rack"),
        (play([["R10a", "R11a", "R14a"]], ["R10a", "R11a", "R14a"]), "tile_code"),
        (play([["R10a", "R11a", "R12c"]], ["R10a", "R11a", "R12c"]), "tile_code"),
        (play([["R10a", "R11a", "R12a", "R12a"]], ["R10a", "R11a", "R12a"]), "duplicate_tile"),
        (play([["R10a", "R11a", "R12a"]], ["R10a", "R11a"]), "conservation"),
        (play([["R10a", "R11a"]], ["R10a", "R11a", "R12a"]), "conservation"),
        (play([], []), "empty_play"),
        (canon({"type": "play", "table": "R10a"}), "action_format"),
        (canon({"type": "fold"}), "action_format"),
    ]
    for action, rule in cases:
        with pytest.raises(RuleError) as err:
            st.apply(0, action)
        assert err.value.rule == rule, (action, err.value)
        assert st.state_hash() == h
    with pytest.raises(RuleError) as err:
        st.apply(1, canon({"type": "draw"}))
    assert err.value.rule == "not_your_turn"


def test_not_playing_draws_one_tile() -> None:
    """Seed §2.1: a player with nothing to play takes one tile from the pool."""
    st = position([["R1a"] + FILL, ["R2b"], ["R3b"], ["R4b"]])
    pool = len(st.pool)
    st.apply(0, canon({"type": "draw"}))
    assert len(st.racks[0]) == 12 and len(st.pool) == pool - 1 and st.current == 1


def test_timeout_restores_the_table_and_draws_three() -> None:
    """Seed §2.3: over one minute, the turn's tiles go back, the table is restored, 3 penalty tiles."""
    table = [["R3a", "R4a", "R5a"]]
    st = position([["R6a", "B1a"], ["B2a"], ["B3a"], ["B4a"]], table, melded=[True] * 4)
    d = st.pending()
    assert d is not None and d.time_limit == 60
    st.timeout(0)
    assert st.table == table and len(st.racks[0]) == 5 and "R6a" in st.racks[0] and st.current == 1


def test_going_out_wins_and_scores_the_losers_sum() -> None:
    """Seed 賽制 3.1 / §3: the first to empty the rack wins the losers' total; joker counts 30."""
    st = position([["R10a", "R11a", "R12a"], ["K5a", "Ja"], ["B1a", "B2a"], ["O13a"]], melded=[True] * 4)
    st.apply(0, play([["R10a", "R11a", "R12a"]], ["R10a", "R11a", "R12a"]))
    res = st.result()
    assert res is not None and res.reason == "went_out"
    assert res.scores == (51.0, -35.0, -3.0, -13.0) and res.placements[0] == 1


def test_never_melded_loses_100_or_200_by_the_solver() -> None:
    """Seed §3: no initial meld: −100 if the tiles could not make one, −200 if they could; no ×1.2."""
    racks = [["R10a", "R11a", "R12a"], ["K11a", "K12a", "K13a"], ["B1a", "B2a", "B3a"], ["O13a"]]
    st = position(racks, melded=[False, False, False, True], groups=["junior", "senior", "senior", "senior"])
    st.apply(0, play([["R10a", "R11a", "R12a"]], ["R10a", "R11a", "R12a"]))
    res = st.result()
    assert res is not None
    assert res.scores[1] == -200.0  # K11 K12 K13 = 36 could have melded
    assert res.scores[2] == -100.0  # B1 B2 B3 = 6 could not
    assert res.scores[3] == -15.6  # 13 × 1.2: senior loser, junior winner
    assert res.scores[0] == 315.6
    assert [x["rule"] for x in res.stats["losses"]][1:] == ["no_meld_could", "no_meld_could_not", "rack"]


@pytest.mark.parametrize("groups,expected", [
    (["junior", "senior", "junior", "senior"], [-12.0, -5.0, -12.0]),  # junior wins: seniors ×1.2
    (["senior", "senior", "junior", "junior"], [-10.0, -5.0, -10.0]),  # senior wins: ×1
    (["junior", "junior", "junior", "junior"], [-10.0, -5.0, -10.0]),
])
def test_junior_senior_multiplier(groups: list[str], expected: list[float]) -> None:
    """Seed 賽制 3.2: a junior (初小) winner makes senior (高小) losers' points ×1.2."""
    racks = [["R10a", "R11a", "R12a"], ["K10a"], ["B5a"], ["O10a"]]
    st = position(racks, melded=[True] * 4, groups=groups)
    st.apply(0, play([["R10a", "R11a", "R12a"]], ["R10a", "R11a", "R12a"]))
    res = st.result()
    assert res is not None and list(res.scores[1:]) == expected
    assert res.scores[0] == -sum(expected)


def test_pool_running_out_lowest_rack_wins() -> None:
    """Seed §3 (last clause): the pool is used up with no one out: the lowest rack wins."""
    racks = [["R10a", "B1a"], ["K10a", "K3a"], ["B5a", "B5b"], ["O10a", "O11a"]]
    st = position(racks, melded=[True] * 4, pool=["R1b"])
    st.apply(0, canon({"type": "draw"}))
    res = st.result()
    assert res is not None and res.reason == "pool_out"
    # seat 0 holds R10 B1 R1 = 12, seat 1 = 13, seat 2 = 10, seat 3 = 21
    assert res.placements[2] == 1 and res.scores == (-12.0, -13.0, 46.0, -21.0)


def test_groups_override_is_carried_by_the_ruleset() -> None:
    """Seat age groups are a preset parameter a game may override (records keep the override)."""
    rs = GAME.ruleset("rummikub-2018").with_params(groups=["senior", "junior", "junior", "junior"])
    assert rs.overrides(GAME.ruleset("rummikub-2018")) == {"groups": ["senior", "junior", "junior", "junior"]}
    with pytest.raises(ValueError):
        GAME.new_state(GAME.ruleset("rummikub-2018").with_params(groups=["kid"] * 4), 0)


def test_views_hide_other_racks_and_the_pool() -> None:
    """View: own rack, table, others' rack sizes, who has melded, the pool size."""
    st = GAME.start("rummikub-2018", 3)
    v = st.view(2)
    assert v["rack"] == st.racks[2] and v["rack_sizes"] == [14] * 4 and v["pool"] == 50
    hidden = st.hidden_from(2)
    assert not hidden & set(v["rack"]) and set(st.racks[0]) <= hidden and "rack" not in st.view(None)


def test_keeping_the_tiles_is_told_to_the_seat_alone() -> None:
    """Issue 38 item 4: a public "Seat 1 keeps the tiles" told everyone the seat had been offered the
    reshuffle, so it holds three identical pairs. The keeping (by answer or by timeout) is the seat's own."""
    for answer in ("keep", "timeout"):
        st = GAME.start("rummikub-2018", 17)  # seat 0 holds three identical pairs
        d = st.pending()
        assert d is not None and d.kind == "reshuffle" and d.seats == (0,)
        events = st.timeout(0) if answer == "timeout" else st.apply(0, "keep")
        assert events and all(e.visible_to(0) for e in events)
        assert not any(e.visible_to(other) for e in events for other in (1, 2, 3, None)), events
