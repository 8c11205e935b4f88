"""The Rummikub rack reader (tablesport/games/rummikub/photo_*.py): rendered photos of real final racks
read tile for tile and totalled as the hall scores them (seed 002 記分方法: numbers left, a joker 30);
a tile under a finger is never silently wrong; every face and colour of the tile model is told apart."""

from __future__ import annotations

import pytest

pytest.importorskip("cv2")

from tablesport.games.rummikub.photo_read import RackReading, read_photo  # noqa: E402
from tablesport.games.rummikub.photo_render import CONDITIONS, finished_game, render  # noqa: E402
from tablesport.games.rummikub.table_score import rack_total  # noqa: E402
from tablesport.games.rummikub.tiles import CODES  # noqa: E402


@pytest.mark.parametrize("condition", ["perspective", "jpeg"])
def test_the_final_racks_of_a_real_game_are_read_and_totalled(condition: str) -> None:
    game = finished_game(1003)
    assert game.losers()
    for seat in game.losers():
        rack = game.racks[seat]
        reading = read_photo(render(rack, seat, CONDITIONS[condition])[0])
        assert sorted(reading.codes) == sorted(rack), (seat, reading.tiles)
        assert rack_total(reading.codes, True) == rack_total(rack, True)


def test_every_tile_face_and_colour_is_read() -> None:
    """All 53 codes (13 numbers in seed 002's four colours, the joker), four racks of them."""
    codes = list(CODES)
    for k in range(0, len(codes), 14):
        rack = codes[k : k + 14]
        reading = read_photo(render(rack, k, CONDITIONS["perspective"])[0])
        wrong = [t for t in reading.tiles if t.doubt]
        assert sorted(reading.codes) == sorted(rack) and len(wrong) <= 1, reading.tiles


def test_a_tile_under_a_finger_is_never_silently_wrong() -> None:
    rack = ["R7", "K13", "J", "O2", "B11", "B12", "O9"]
    for seed in range(3):
        reading = read_photo(render(rack, seed, CONDITIONS["occlusion"])[0])
        assert len(reading.tiles) == len(rack)
        unsure = [t.code for t in reading.tiles if t.doubt]
        left = list(rack)
        for t in reading.tiles:
            if not t.doubt:
                assert t.code in left, (seed, reading.tiles)
                left.remove(t.code)
        assert len(left) == len(unsure), (seed, reading.tiles)


def _touching_photo(codes: list[str], apart: str | None) -> bytes:
    """A top-down photo of the tiles ``codes`` laid side by side touching (no gap between them) on a
    dark rack, and ``apart`` (if given) laid a tile's width to their right."""
    import cv2
    import numpy as np

    from tablesport.games.rummikub.photo_tiles import ASPECT, FACE_RGB, INK_RGB, draw_face

    th = 120
    tw = round(th * ASPECT)
    img = np.full((480, 640, 3), 40.0, np.float32)
    places = [(c, 200 + k * tw) for k, c in enumerate(codes)]
    if apart:
        places.append((apart, 200 + (len(codes) + 1) * tw))
    for code, x in places:
        img[180 : 180 + th, x : x + tw] = draw_face(code[1:], th, INK_RGB[code[0]], FACE_RGB)
    bgr = cv2.cvtColor(cv2.GaussianBlur(img, (0, 0), 0.8).astype(np.uint8), cv2.COLOR_RGB2BGR)
    return bytes(cv2.imencode(".png", bgr)[1].tobytes())


@pytest.mark.parametrize("apart", ["B4", None])
def test_two_tiles_laid_touching_are_read_as_two(apart: str | None) -> None:
    """Two tiles touching make one bright patch: it is cut in two and each half read; both read
    clearly, in a patch no finger cuts, so neither is in doubt (they were, each, before); with a
    third tile apart, or alone."""
    reading = read_photo(_touching_photo(["K7", "K9"], apart))
    joined = [t for t in reading.tiles if t.code in ("K7", "K9")]
    assert sorted(t.code for t in joined) == ["K7", "K9"], reading.tiles
    assert not any(t.doubt for t in reading.tiles), reading.tiles
    assert len(reading.tiles) == 2 + (apart is not None), reading.tiles


def test_three_tiles_laid_touching_are_never_two_sure_tiles() -> None:
    """Three tiles touching, alone (no tile beside them to tell their patch's size by): whatever is
    read of them is in doubt, never two tiles read clearly with the third lost."""
    reading = read_photo(_touching_photo(["K7", "K9", "K3"], None))
    assert all(t.doubt for t in reading.tiles), reading.tiles


def test_glare_warmed_by_a_red_rack_is_no_hand() -> None:
    """Glare over a burgundy rack is warm as skin, but it fades out where a hand's edge is sharp: the
    tiles beside it are read with nothing in doubt (this photo's glare put two of them in doubt)."""
    rack = ["R9", "R11", "R11", "K13"]
    reading = read_photo(render(rack, 1_000_509, CONDITIONS["lighting"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt], reading.tiles


def test_two_tiles_joined_by_glare_under_a_finger_are_both_asked_for() -> None:
    """Glare over the gap joins two tiles into one patch, and a finger notches it: the half under
    the finger reads only fairly, yet both tiles are kept, in doubt (one used to be lost silently)."""
    rack = ["R5", "O13"]
    reading = read_photo(render(rack, 2_000_113, CONDITIONS["all"])[0])
    assert len(reading.tiles) == 2, reading.tiles
    assert "R5" in reading.codes, reading.tiles
    assert all(t.doubt for t in reading.tiles if t.code != "R5"), reading.tiles


def _glared_photo(code: str) -> bytes:
    """A top-down photo, turned 15°, of the tile ``code`` on a dark rack, a spot of glare on the rack
    just below its bottom edge (bright enough to join the tile's patch there)."""
    import cv2
    import numpy as np

    from tablesport.games.rummikub.photo_tiles import ASPECT, FACE_RGB, INK_RGB, draw_face

    th = 120
    tw = round(th * ASPECT)
    img = np.full((480, 640, 3), 40.0, np.float32)
    img[180 : 180 + th, 280 : 280 + tw] = draw_face(code[1:], th, INK_RGB[code[0]], FACE_RGB)
    yy, xx = np.mgrid[0:480, 0:640].astype(np.float32)
    glow = 0.6 * np.exp(-((xx - 320) ** 2 + (yy - 315) ** 2) / (2 * 18.0**2))
    img = img * (1 - glow[:, :, None]) + 255 * glow[:, :, None]
    img = cv2.warpAffine(
        img, cv2.getRotationMatrix2D((320, 240), 15, 1.0), (640, 480), borderValue=(40, 40, 40)
    )
    bgr = cv2.cvtColor(cv2.GaussianBlur(img, (0, 0), 0.8).clip(0, 255).astype(np.uint8), cv2.COLOR_RGB2BGR)
    return bytes(cv2.imencode(".png", bgr)[1].tobytes())


@pytest.mark.parametrize("code", ["R12", "K13", "B6"])
def test_a_notch_of_glare_beside_a_tile_is_cut_off_its_outline(code: str) -> None:
    """Glare on the rack beside a tile joins its patch in a round notch: the tile is outlined by its
    four straight sides, not out to the glare, and read without doubt (it was in doubt)."""
    reading = read_photo(_glared_photo(code))
    assert [(t.code, t.doubt) for t in reading.tiles] == [(code, False)], reading.tiles


@pytest.mark.parametrize(
    ("game", "seat", "seed"),
    [(1004, 2, 1_000_442), (1018, 1, 1_001_839), (1011, 3, 1_001_166)],
)
def test_a_tile_beside_a_notch_of_glare_is_read_without_doubt(game: int, seat: int, seed: int) -> None:
    """Benchmark photos (lighting, seed 1) where glare on the rack joined a tile's patch: the tile was
    outlined out to the glare and read as another number, in doubt (an R12 as R11, a K13 as K11)."""
    rack = finished_game(game).racks[seat]
    reading = read_photo(render(rack, seed, CONDITIONS["lighting"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt], reading.tiles


def _doubts_cover_the_rest(rack: list[str], reading: RackReading) -> int | None:
    """How many tiles are in doubt, where every tile read without doubt is one of the rack's and as
    many are in doubt as the rack's tiles left over (the referee's taps make the rack right); else
    None."""
    left = list(rack)
    for t in reading.tiles:
        if not t.doubt:
            if t.code not in left:
                return None
            left.remove(t.code)
    unsure = len([t for t in reading.tiles if t.doubt])
    return unsure if unsure == len(left) else None


@pytest.mark.parametrize(
    ("game", "seat", "seed"), [(1017, 3, 1_001_772), (1015, 2, 1_001_553), (2012, 1, 2_001_236)]
)
def test_two_tiles_joined_by_glare_are_each_read_in_their_own_share(game: int, seat: int, seed: int) -> None:
    """Benchmark photos (lighting, seeds 1 and 2) where glare filled the gap between two tiles laid
    apart: cut at its middle, each half held the gap's share beside its tile and read poorly, so both
    were asked for (the first once read as one tile, the other silently lost). Each tile is read in
    its own share of the patch, the gap between them (:data:`GAP`) left out: both read clearly, and
    the rack with nothing in doubt."""
    rack = finished_game(game).racks[seat]
    reading = read_photo(render(rack, seed, CONDITIONS["lighting"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt] and not reading.count, reading


def test_two_tiles_joined_across_a_wide_gap_of_glare_are_read_as_two() -> None:
    """A benchmark photo (lighting, seed 2, game 5, seat 0): glare lit the rack across a gap wider than
    usual between R5 and R1, so their patch measured as three tiles and was cut in three cells, the
    middle one (the gap) read as a tile: three asked for, one of them not there. Read as two halves,
    both read clearly and better than the three cells, so the two tiles are read without doubt."""
    rack = finished_game(2005).racks[0]
    reading = read_photo(render(rack, 2_000_512, CONDITIONS["lighting"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt] and not reading.count, reading


@pytest.mark.parametrize("trio", [["K7", "K9", "K3"], ["B13", "K12", "R10"], ["O8", "O5", "O8"]])
def test_three_tiles_touching_beside_another_are_read_as_three(trio: list[str]) -> None:
    """Three tiles touching, a fourth apart to size them by: their patch is three cells that each read
    clearly, never two halves (which would lose the middle tile)."""
    reading = read_photo(_touching_photo(trio, "B4"))
    assert sorted(reading.codes) == sorted([*trio, "B4"]), reading.tiles


def test_a_warm_sliver_of_table_along_the_racks_edge_is_no_hand() -> None:
    """A benchmark photo (lighting, seed 3, game 17, seat 0): glare over a wooden table beside the rack
    left a thin warm sliver of table inside the rack's outline, with the rack's sharp edge along it; it
    was taken for a hand and a hidden tile asked for. A hand is as thick as a finger at least
    (:data:`HAND_DEEP`): the sliver is none, and the rack is read with nothing in doubt."""
    rack = finished_game(3017).racks[0]
    reading = read_photo(render(rack, 3_001_727, CONDITIONS["lighting"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt] and not reading.count, reading


def test_a_patch_of_four_tiles_joined_by_glare_is_asked_for_as_four() -> None:
    """Glare joined four tiles, two by two, of a benchmark photo (all harms, seed 1): the patch is cut
    in as many cells as tiles of its neighbours' size fit in it, each asked for, where it used to be
    read as one tile in doubt and the three others silently lost."""
    rack = finished_game(1020).racks[1]
    reading = read_photo(render(rack, 1_002_046, CONDITIONS["all"])[0])
    assert len(reading.tiles) == len(rack), reading.tiles
    assert _doubts_cover_the_rest(rack, reading) is not None, reading.tiles


def test_four_tiles_joined_by_glare_that_each_read_clearly_are_not_asked_for() -> None:
    """A benchmark photo (lighting, seed 2, game 12, seat 3): glare joined four tiles, two by two, into
    one patch. Cut in four cells with the gaps between the tiles left out, each cell reads clearly, so
    the four are read with nothing in doubt (cut edge to edge, each cell held a gap's share and read
    poorly, and all four were asked for)."""
    rack = finished_game(2012).racks[3]
    reading = read_photo(render(rack, 2_001_270, CONDITIONS["lighting"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt] and not reading.count, reading


def test_a_tile_lost_in_a_patch_of_joined_tiles_lies_in_a_count_region() -> None:
    """Glare joined three tiles of a benchmark photo (all harms, seed 1, game 10, seat 2) into one
    patch that measures as two: it is cut in two cells, each in doubt, and a tile is lost. The patch
    is a count region holding the three tiles' centres, two read in it, so the referee is asked to
    count the tiles there (the loss used to go unflagged)."""
    rack = finished_game(1010).racks[2]
    data, centres = render(rack, 1_001_053, CONDITIONS["all"])
    reading = read_photo(data)
    assert len(reading.tiles) == len(rack) - 1, reading.tiles  # the case: a tile lost
    assert len(reading.count) == 1, reading.count
    region = reading.count[0]
    assert region.read == 2
    assert len([c for c in centres if region.holds(*c)]) == 3, (centres, region)
    assert reading.as_json()["count"] == [region.as_json()]


@pytest.mark.parametrize(("game", "seat", "seed"), [(1002, 0, 1_000_208), (1020, 1, 1_002_043)])
def test_blue_ink_faded_by_heavy_compression_is_read_without_doubt(game: int, seat: int, seed: int) -> None:
    """Benchmark photos (JPEG, seed 1): heavy compression spread a blue stroke's colour into the ivory
    and left the stroke greyer, nearer black; a blue tile was in doubt on its ink. Faded blue is still
    blue (black lies far from it), so the rack is read with nothing in doubt."""
    rack = finished_game(game).racks[seat]
    reading = read_photo(render(rack, seed, CONDITIONS["jpeg"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt], reading.tiles


@pytest.mark.parametrize(
    ("game", "seat", "seed", "condition"),
    [
        (2011, 1, 2_001_135, "lighting"),  # a lone K1 and two specks of glare
        (2016, 2, 2_001_657, "lighting"),  # a lone B9 and two specks of glare
        (2019, 3, 2_001_977, "lighting"),  # five tiles and a spot of glare on the table by the rack
        (1009, 3, 1_000_966, "jpeg"),  # a lone R1 and two thin edges of light on the rack
    ],
)
def test_a_tile_is_sized_by_the_tiles_read_clearly(game: int, seat: int, seed: int, condition: str) -> None:
    """Benchmark photos where few tiles lay among specks of glare or thin edges of light: a tile's size
    was the median of every patch's, the specks' size, so a speck was kept and asked for as a tile,
    or the lone tile, "as big as many", cut in dozens of cells in doubt. Measured on the tiles that
    read clearly, the specks are dropped and the rack read with nothing in doubt."""
    rack = finished_game(game).racks[seat]
    reading = read_photo(render(rack, seed, CONDITIONS[condition])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt] and not reading.count, reading


def test_a_tile_nearer_the_phone_is_not_two_tiles_joined() -> None:
    """A benchmark photo (lighting, seed 2): of two tiles in a row across the phone's view, the nearer
    looks 1.75 times as big as the other, so it was taken for two tiles joined and cut in two cells in
    doubt, though its face read clearly as one and it is shaped as one tile of its neighbour's."""
    rack = finished_game(2001).racks[0]
    reading = read_photo(render(rack, 2_000_108, CONDITIONS["lighting"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt] and not reading.count, reading


@pytest.mark.parametrize(
    ("game", "seat", "seed"), [(2016, 3, 2_001_674), (2006, 1, 2_000_630), (2008, 0, 2_000_815)]
)
def test_a_tile_joined_by_a_wide_patch_of_glare_is_cut_out_by_its_sharp_sides(
    game: int, seat: int, seed: int
) -> None:
    """Benchmark photos (lighting, seed 2) where glare on the rack, wider than a notch, joined a tile's
    patch and made it round: the tile was outlined out to the glare and read poorly, in doubt (as
    another number, or cut in two). Its sides are a sharp step where the glare fades out, so it is
    outlined along its sharp sides and read with nothing in doubt."""
    rack = finished_game(game).racks[seat]
    reading = read_photo(render(rack, seed, CONDITIONS["lighting"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt] and not reading.count, reading


@pytest.mark.parametrize(("game", "seat", "seed"), [(1009, 0, 1_000_912), (1019, 1, 1_001_939)])
def test_a_numeral_near_a_small_tiles_edge_is_no_finger(game: int, seat: int, seed: int) -> None:
    """Benchmark photos (perspective, seed 1): on a small tile far from the phone, the joker's face (or
    a ring) came so near the edge that its hole in the tile's patch opened onto the rack through a gap
    of a few pixels; left unfilled, it looked like a finger's notch and the tile was in doubt. The
    gap is shut before the patch's fill is measured: the rack is read with nothing in doubt."""
    rack = finished_game(game).racks[seat]
    reading = read_photo(render(rack, seed, CONDITIONS["perspective"])[0])
    assert sorted(reading.codes) == sorted(rack), reading.tiles
    assert not [t for t in reading.tiles if t.doubt] and not reading.count, reading
