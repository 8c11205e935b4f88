"""Rules of the seed's "Blokus Competition Instructions" and their rejections (RuleError names)."""

from __future__ import annotations

import pytest

from tablesport.core import RuleError, canon
from tablesport.games.blokus import GAME, BlokusState
from tablesport.games.blokus.board import CORNER_BITS, bit, parse_square
from tablesport.games.blokus.pieces import MONOMINO, PIECE_INDEX
from tablesport.games.blokus.state import ALL_PIECES, colour_score

from .helpers import play


def new(preset: str = "blokus-event") -> BlokusState:
    state = GAME.start(preset, 1)
    assert isinstance(state, BlokusState)
    return state


def sq(name: str) -> int:
    b = parse_square(name)
    assert b is not None
    return 1 << b


def rejected(state: BlokusState, seat: int, action: object, rule: str) -> RuleError:
    before = state.state_hash()
    with pytest.raises(RuleError) as info:
        state.apply(seat, action)
    assert info.value.rule == rule, str(info.value)
    assert state.state_hash() == before
    return info.value


def test_order_of_play_is_fixed_blue_yellow_red_green() -> None:
    """Restriction 2: a fixed order of play (clockwise: blue a20, yellow t20, red t1, green a1)."""
    state = new()
    seen = []
    for move in ("a20", "t20", "t1", "a1", "b19,c19"):
        d = state.pending()
        assert d is not None
        seen.append((d.seats[0], d.data["colour_name"]))
        state.apply(d.seats[0], move)
    assert seen == [(0, "blue"), (1, "yellow"), (2, "red"), (3, "green"), (0, "blue")]


def test_first_piece_must_cover_the_colour_corner() -> None:
    """Restriction 1: "The first piece played by each player must cover a corner square"."""
    state = new()
    err = rejected(state, 0, "b19", "first_move_corner")
    assert "a20" in str(err)
    rejected(state, 0, "t20", "first_move_corner")  # another colour's corner
    d = state.pending()
    assert d is not None and d.options is not None
    assert all("a20" in opt.split(",") for opt in d.options)
    state.apply(0, "a20,b20,c20,c19")
    assert state.board_rows()[0].startswith("BBB.")


def test_later_piece_must_touch_own_colour_at_a_corner() -> None:
    """Restriction 3: "must touch another piece of the same colour ... only at the corners"."""
    state = new()
    play(state, "a20", "t20", "t1", "a1")
    rejected(state, 0, "e15,f15", "corner_contact")
    state.apply(0, "b19,c19")


def test_no_side_contact_with_own_colour() -> None:
    """Restriction 3: "... never along the sides"."""
    state = new()
    play(state, "a20", "t20", "t1", "a1")
    err = rejected(state, 0, "b20,c20", "edge_contact")
    assert "side" in err.message


def test_side_contact_with_another_colour_is_allowed() -> None:
    """Restriction 3 concerns the same colour only: blue may lie along a side of yellow."""
    state = new()
    play(state, "a20", "t20", "t1", "a1")
    state.own[1] |= sq("b18") | sq("c18")  # yellow squares placed beside blue's next move (test position)
    state.apply(0, "b19,c19")
    assert state.own[0] & sq("c19")


def test_overlap_is_rejected() -> None:
    state = new()
    play(state, "a20,b20,c20,d20,e20", "t20,s20,r20,q20,p20", "t1", "a1")
    play(state, "f19,g19,h19,i19")
    err = rejected(state, 1, "j19,i19", "overlap")
    assert "i19" in err.message


def test_piece_already_used_is_rejected() -> None:
    """Seed: 21 pieces per colour, each a different shape — each piece is placed once."""
    state = new()
    play(state, "a20", "t20", "t1", "a1")
    err = rejected(state, 0, "b19", "piece_used")
    assert "1" in err.message and "pieces left" in (err.allowed or "")


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        (123, "move_format"),
        (None, "move_format"),
        (["a20"], "move_format"),
        ("z99", "move_format"),
        ("a21", "move_format"),
        ("a20,a20", "move_format"),
        ("a20,b20,c20,d20,e20,f20", "move_format"),
        ("", "move_format"),
        ("a20,c20", "piece_shape"),
        ("a20,b19", "piece_shape"),
    ],
)
def test_malformed_moves_are_rejected(action: object, rule: str) -> None:
    rejected(new(), 0, action, rule)


def test_squares_in_any_order_and_case_are_accepted() -> None:
    state = new()
    state.apply(0, "B20,A20")
    assert state.moves[-1][1] >= 0 and state.view(None)["moves"][0]["move"] == "a20,b20"


def test_wrong_seat_and_game_over() -> None:
    state = new()
    rejected(state, 1, "t20", "not_your_turn")


def test_pass_is_only_allowed_when_blocked() -> None:
    """Seed, "End of the game": a player misses the turn only when blocked."""
    rejected(new(), 0, "pass", "pass_only_when_blocked")


def _block_blue(state: BlokusState) -> None:
    """Blue on a20 with its only attach point b19 taken by yellow (test position)."""
    state.own[0] = sq("a20")
    state.used[0] = 1 << MONOMINO
    state.left[0] -= 1
    state.own[1] = sq("b19")
    state.used[1] = 1 << MONOMINO
    state.left[1] -= 1
    state.current = 0
    state._legal = None


def test_blocked_colour_passes_for_good() -> None:
    """Seed: "When a player is blocked ... she/he must miss his/her turn. The other players continue"."""
    state = new()
    _block_blue(state)
    d = state.pending()
    assert d is not None and tuple(d.options or ()) == ("pass",)
    events = state.apply(0, "pass")
    assert events[0].kind == "passed" and state.blocked[0]
    for _ in range(30):
        d = state.pending()
        if d is None:
            break
        assert d.data["colour"] != 0
        state.apply(d.seats[0], d.options[0] if d.options else "pass")  # type: ignore[index]
    assert state.blocked[0] and state.passes[0] == 1


def test_timeout_is_a_pass_for_that_turn_only() -> None:
    """Seed: 30 s per move; preset: a move not made in time is a pass for that turn only."""
    state = new()
    d = state.pending()
    assert d is not None and d.time_limit == 30 and "this turn only" in d.on_timeout
    state.timeout(0)
    assert state.passes[0] == 1 and not state.blocked[0] and state.current == 1
    play(state, "t20", "t1", "a1")
    d = state.pending()
    assert d is not None and d.data["colour"] == 0 and "a20" in (d.options or ())


def test_score_cases() -> None:
    """Seed, "Calculating points": −1 per square not placed; +15 all 21; +20 if the single square was last."""
    assert colour_score(89, False, None) == -89
    assert colour_score(7, False, PIECE_INDEX["X"]) == -7
    assert colour_score(0, True, PIECE_INDEX["X"]) == 15
    assert colour_score(0, True, MONOMINO) == 20


def _all_but(state: BlokusState, colour: int, last: str, squares: str) -> None:
    """Colour has placed every piece but ``last``; its pieces so far are reduced to ``squares``."""
    state.used[colour] = ALL_PIECES & ~(1 << PIECE_INDEX[last])
    state.own[colour] = sum(sq(s) for s in squares.split(","))
    state.left[colour] = 5 if last != "1" else 1
    state._legal = None


def test_monomino_last_gives_20_and_all_pieces_15() -> None:
    """Seed: bonus 15 for all 21 pieces, increased to 20 when the single square is placed last."""
    state = new()
    _all_but(state, 0, "1", "a20")
    _all_but(state, 1, "I5", "t20")
    state.apply(0, "b19")
    state.apply(1, "s19,s18,s17,s16,s15")
    assert state.done[0] and state.done[1]
    scores = state.colour_scores()
    assert scores[0] == 20 and scores[1] == 15
    assert scores[2] == scores[3] == -89


def test_game_ends_when_no_colour_can_place() -> None:
    """Seed: "continue ... until no one can place any more pieces"; result with scores and stats."""
    state = new()
    from .helpers import random_positions

    final = list(random_positions(1, 3))[-1]
    state = final
    assert state.pending() is None
    res = state.result()
    assert res is not None and res.reason == "no_colour_can_place"
    assert all(state.done) and all(state.blocked[c] or state.used[c] == ALL_PIECES for c in range(4))
    for c in range(4):
        assert not state.legal_ids(c) or state.used[c] == ALL_PIECES
        assert res.scores[c] == state.colour_scores()[c]
        assert res.stats["squares_left"][c] == state.left[c]
    rejected(state, 0, "pass", "game_over")


def test_two_player_preset_each_seat_plays_two_colours() -> None:
    """2-player preset (home play): seat 0 blue + red, seat 1 yellow + green; seat score = sum."""
    state = new("blokus-2p")
    seats = []
    for move in ("a20", "t20", "t1", "a1"):
        d = state.pending()
        assert d is not None
        seats.append(d.seats[0])
        state.apply(d.seats[0], move)
    assert seats == [0, 1, 0, 1]
    cs = state.colour_scores()
    assert state.seat_scores() == [cs[0] + cs[2], cs[1] + cs[3]] == [-176, -176]
    from .helpers import random_positions

    final = list(random_positions(1, 9, "blokus-2p"))[-1]
    res = final.result()
    assert res is not None
    cs = final.colour_scores()
    assert res.scores == (cs[0] + cs[2], cs[1] + cs[3])
    assert res.stats["pieces_placed"][0] == final.used[0].bit_count() + final.used[2].bit_count()


def test_view_board_and_pieces() -> None:
    state = new()
    state.apply(0, canon("a20,a19,b19"))
    v = state.view(2)
    assert v["board"][0][0] == "B" and v["board"][1][:2] == "BB" and len(v["board"]) == 20
    assert v["colours"][0]["squares_left"] == 86 and "V3" not in v["colours"][0]["pieces_left"]
    assert v["to_move"] == {"colour": 1, "colour_name": "yellow", "seat": 1}
    assert v["moves"] == [{"colour": 0, "piece": "V3", "move": "a19,b19,a20"}]
    assert CORNER_BITS[0] == 1 << bit(0, 19)


def test_preset_parameters_are_checked() -> None:
    rs = GAME.ruleset("blokus-event")
    assert rs["move_seconds"] == 30 and rs["on_timeout"] == "pass_turn"
    with pytest.raises(ValueError, match="on_timeout"):
        GAME.new_state(rs.with_params(on_timeout="lose_game"), 1)
    with pytest.raises(ValueError, match="colour_seats"):
        GAME.new_state(rs.with_params(colour_seats=(0, 0, 1, 1)), 1)
    fast = GAME.new_state(rs.with_params(move_seconds=10), 1).pending()
    assert fast is not None and fast.time_limit == 10
