"""Squares in doubt on a board read from a photo settled by the rules
(tablesport/games/blokus/photo_solve.py): a square is set only when every legal filling of the squares
in doubt agrees on it (seed 000, "Blokus Competition Instructions", Restrictions 1 and 3 and "Each of
the 21 pieces of a color is of a different shape")."""

from __future__ import annotations

import pytest

from tablesport.games.blokus import photo_solve
from tablesport.games.blokus.photo_render import finished_game
from tablesport.games.blokus.photo_solve import Unknown, settle


def _board(cells: dict[tuple[int, int], str]) -> list[str]:
    rows = [["."] * 20 for _ in range(20)]
    for (x, r), letter in cells.items():
        rows[r][x] = letter
    return ["".join(row) for row in rows]


# blue (corner a20, the top left): the single square, a domino touching it at a corner, and a straight
# three down from the domino's end; a blue square at (3, 1) would join the domino and the three into six
BLUE = {(0, 0): "B", (1, 1): "B", (2, 1): "B", (3, 2): "B", (3, 3): "B", (3, 4): "B"}


def test_a_square_only_one_reading_of_which_is_legal_is_settled() -> None:
    read = _board({**BLUE, (3, 1): "B"})
    rows, doubt = settle(read, [Unknown((3, 1), ".B")])
    assert rows == _board(BLUE) and doubt == []


def test_a_square_two_legal_readings_leave_in_doubt_is_kept() -> None:
    # blue's domino on its corner; its single square at (2, 1) would touch it at a corner: as legal as
    # no square there
    read = _board({(0, 0): "B", (1, 0): "B", (2, 1): "B"})
    rows, doubt = settle(read, [Unknown((2, 1), ".BYRG")])
    assert rows == read and doubt == [(2, 1)]


def test_the_hidden_squares_of_a_real_finished_game_are_restored() -> None:
    truth = finished_game(14).board_rows()
    hidden = [(9, 0), (9, 1), (10, 1), (0, 9), (19, 10), (7, 19)]
    read = [list(r) for r in truth]
    for x, r in hidden:
        read[r][x] = "Y" if truth[r][x] == "." else "."  # what a hand over it might read as
    rows, doubt = settle(["".join(r) for r in read], [Unknown(c, ".BYRG") for c in hidden])
    assert rows == truth and doubt == []


def test_nothing_is_settled_when_no_filling_is_legal_or_the_search_is_too_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    six = {(x, 10): "Y" for x in range(6, 12)}  # six yellow squares in a row are no piece
    read = _board({**BLUE, **six, (3, 1): "B"})
    assert settle(read, [Unknown((3, 1), ".B")]) == (read, [(3, 1)])
    monkeypatch.setattr(photo_solve, "SEARCH_LIMIT", 1)
    read = _board({**BLUE, (3, 1): "B"})
    assert settle(read, [Unknown((3, 1), ".B")]) == (read, [(3, 1)])
