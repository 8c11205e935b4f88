"""The Blokus photo reader (tablesport/games/blokus/photo_*.py): rendered photos of real finished games
read square for square and scored as the engine scores them; a board that cannot be a legal finished
game flagged, not scored; photos that cannot be read refused with the reason."""

from __future__ import annotations

import struct
import zlib

import pytest

cv2 = pytest.importorskip("cv2")

import numpy as np  # noqa: E402

from tablesport.games.blokus import photo_read  # noqa: E402
from tablesport.games.blokus.photo_read import read_photo  # noqa: E402
from tablesport.games.blokus.photo_render import CONDITIONS, finished_game, render  # noqa: E402
from tablesport.games.blokus.photo_score import board_reading, colour_reading  # noqa: E402
from tablesport.games.blokus.photo_solve import settle  # noqa: E402
from tablesport.imaging.decode import PhotoError  # noqa: E402


@pytest.mark.parametrize("condition", ["perspective", "lighting", "blur", "jpeg", "colour"])
def test_a_rendered_photo_of_a_finished_game_is_read_exactly(condition: str) -> None:
    state = finished_game(11)
    rows = state.board_rows()
    reading = read_photo(render(rows, 5, CONDITIONS[condition]))
    assert reading.rows == rows
    assert [c.score(False) for c in board_reading(reading.rows)] == state.colour_scores()
    assert len(reading.corners) == 4 and all(0 <= x <= 1 and 0 <= y <= 1 for x, y in reading.corners)


def test_a_photo_taken_from_another_side_is_turned_by_the_starting_corners() -> None:
    rows = finished_game(12).board_rows()
    image = cv2.imdecode(
        np.frombuffer(render(rows, 2, CONDITIONS["perspective"]), np.uint8), cv2.IMREAD_COLOR
    )
    for turn in (cv2.ROTATE_90_CLOCKWISE, cv2.ROTATE_180, cv2.ROTATE_90_COUNTERCLOCKWISE):
        data = cv2.imencode(".jpg", cv2.rotate(image, turn), [cv2.IMWRITE_JPEG_QUALITY, 90])[1].tobytes()
        assert read_photo(data).rows == rows


def test_a_square_hidden_by_a_hand_or_a_cup_is_never_silently_wrong() -> None:
    """Occluded squares cannot be read; each one read wrong is put in doubt for the referee's tap."""
    rows = finished_game(13).board_rows()
    for seed in range(4):
        reading = read_photo(render(rows, seed, CONDITIONS["occlusion"]))
        wrong = {(x, y) for y in range(20) for x in range(20) if reading.rows[y][x] != rows[y][x]}
        assert wrong <= set(reading.doubt), (seed, wrong, reading.doubt)


def _unknowns_seen(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """The letters each square in doubt could be, as the reader hands them to the rules."""
    seen: list[list[str]] = []

    def spy(rows: list[str], unknowns: list[photo_read.Unknown]) -> tuple[list[str], list[tuple[int, int]]]:
        seen.append([u.options for u in unknowns])
        return settle(rows, unknowns)

    monkeypatch.setattr(photo_read, "settle", spy)
    return seen


def test_squares_under_a_hand_are_settled_when_the_rules_leave_one_reading(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seed 000, Blokus Restrictions 1 and 3 and one piece of each shape: the five squares under the
    fingers could be anything, and only the true ones make a legal position."""
    seen = _unknowns_seen(monkeypatch)
    rows = finished_game(1025).board_rows()
    reading = read_photo(render(rows, 1002532, CONDITIONS["occlusion"]))
    assert seen == [[".BYRG"] * 5]
    assert reading.rows == rows and reading.doubt == []


def test_a_piece_whose_plastic_is_off_its_colour_is_read_by_the_rules(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A red piece whose plastic came out orange (between red and yellow): its squares may only be red
    or yellow, and only red is legal."""
    seen = _unknowns_seen(monkeypatch)
    rows = finished_game(1003).board_rows()
    reading = read_photo(render(rows, 1000311, CONDITIONS["colour"]))
    assert seen == [["RY"] * 5]
    assert reading.rows == rows and reading.doubt == []


@pytest.mark.parametrize(("game", "seed"), [(1028, 1002837), (2027, 2002739)])
def test_a_frame_cut_in_two_by_a_hand_and_glare_is_one_board(game: int, seed: int) -> None:
    rows = finished_game(game).board_rows()
    reading = read_photo(render(rows, seed, CONDITIONS["all"]))
    assert reading.rows == rows and reading.doubt == []


@pytest.mark.parametrize(("game", "seed"), [(6004, 6000428), (6021, 6002145)])
def test_a_hand_whose_outline_joins_the_frame_does_not_move_the_board(game: int, seed: int) -> None:
    """The hand's dark edge touches the frame, so the frame's outline bulges round it: the board is
    the four-sided shape that sits on the frame, not the largest."""
    rows = finished_game(game).board_rows()
    reading = read_photo(render(rows, seed, CONDITIONS["all"]))
    assert reading.rows == rows and reading.doubt == []


def test_the_seed_scores_and_the_single_square_last_question() -> None:
    full = [
        "BB" + "." * 18,
    ] + ["." * 20] * 19
    blue = colour_reading(full, 0)
    assert blue.placed == ["2"] and blue.squares_left == 87 and blue.score(None) == -87
    state = finished_game(14)
    got = board_reading(state.board_rows())
    assert [c.squares_left for c in got] == state.left and not any(c.problems for c in got)


def test_all_21_placed_asks_whether_the_single_square_went_last() -> None:
    reading = colour_reading(finished_game(14).board_rows(), 0)
    reading.unplaced, reading.squares_left = [], 0  # as if the colour had placed every piece
    assert reading.all_placed and reading.score(None) is None
    assert reading.score(False) == 15 and reading.score(True) == 20


def _with(rows: list[str], cells: list[tuple[int, int]], ch: str) -> list[str]:
    out = [list(r) for r in rows]
    for x, y in cells:
        out[y][x] = ch
    return ["".join(r) for r in out]


def test_a_board_that_cannot_be_a_legal_finished_game_is_flagged_not_scored() -> None:
    empty = ["." * 20] * 20
    # the corner covered, then an I3 and a second I3 touching corners: a piece twice
    twice = _with(empty, [(0, 0), (1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 2)], "B")
    assert any("twice" in p for p in colour_reading(twice, 0).problems)
    # six squares side by side are no piece
    six = _with(empty, [(x, 0) for x in range(6)], "B")
    assert any("no Blokus piece" in p for p in colour_reading(six, 0).problems)
    # a piece that touches none of its colour at a corner
    alone = _with(empty, [(0, 0), (10, 10), (11, 10)], "B")
    assert any("touches no other" in p for p in colour_reading(alone, 0).problems)
    # blue without its starting corner (a20, the top left)
    cornerless = _with(empty, [(5, 5)], "B")
    reading = colour_reading(cornerless, 0)
    assert any("a20" in p for p in reading.problems) and reading.score(False) is None


def _png_header(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = b"IHDR" + ihdr
    return b"\x89PNG\r\n\x1a\n" + struct.pack(">I", len(ihdr)) + chunk + struct.pack(">I", zlib.crc32(chunk))


def test_photos_that_cannot_be_read_are_refused_with_the_reason() -> None:
    def key(data: bytes) -> str:
        with pytest.raises(PhotoError) as err:
            read_photo(data)
        return err.value.key

    assert key(b"") == "not_image"
    assert key(b"GIF89a... or a PDF") == "not_image"
    assert key(_png_header(20000, 20000)) == "too_big"
    assert key(b"\xff\xd8" + b"\0" * (16 * 1024 * 1024)) == "too_big"
    assert key(cv2.imencode(".png", np.full((480, 640, 3), 200, np.uint8))[1].tobytes()) == "blank"
    noise = np.random.default_rng(3).integers(120, 255, (480, 640, 3)).astype(np.uint8)
    assert key(cv2.imencode(".jpg", noise)[1].tobytes()) == "no_board"
    one = cv2.imdecode(
        np.frombuffer(render(finished_game(1).board_rows(), 1, CONDITIONS["perspective"]), np.uint8),
        cv2.IMREAD_COLOR,
    )
    half = cv2.resize(one, (640, 480))
    assert key(cv2.imencode(".jpg", np.hstack([half, half]))[1].tobytes()) == "two_boards"
