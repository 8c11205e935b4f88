"""A finished Blokus board read from a phone photo: the board's dark frame found and its sides
fitted (:mod:`tablesport.imaging.quad`), the board warped to a square, each of the 400 squares
classed as one of the four colours or empty by its hue and saturation after white balance on the
board's own grey, and the board turned so each colour holds its starting corner.

A square that matches no class well (a hand, a cup, glare that washed it out) is *in doubt*. It may
be any of the five readings, or, when it is a piece's saturated plastic off its colour's usual hue or
shade, only its nearest colour or the two it lies between; where the rules leave one legal reading
of all the squares in doubt (:mod:`.photo_solve`) it is settled, and the squares still in doubt the
referee confirms with a tap before the sheet counts. Needs the ``photo`` extra."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tablesport.imaging.channels import brightest, darkest
from tablesport.imaging.decode import PhotoError, cv, decode
from tablesport.imaging.quad import board_quad, frame_fit, outlines, warp

from .board import COLOUR_LETTERS, CORNERS
from .photo_board import GRID, PIECE_RGB, RIM, SPAN
from .photo_solve import Unknown, settle

CELL = 20
"""Pixels per square of the warped board."""
SIDE = round(SPAN * CELL)


def _hue_sat(rgb: Any) -> tuple[Any, Any, Any]:
    """Hue (degrees), saturation (0-1) and value of float RGB rows."""
    mx = brightest(rgb)
    mn = darkest(rgb)
    span = np.maximum(mx - mn, 1e-6)
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    hue = (
        np.where(mx == r, (g - b) / span % 6, np.where(mx == g, (b - r) / span + 2, (r - g) / span + 4)) * 60
    )
    return hue, (mx - mn) / np.maximum(mx, 1e-6), mx


PROTOTYPES = np.array([_hue_sat(np.array(PIECE_RGB[c], np.float64))[0] for c in COLOUR_LETTERS])
"""Each colour's hue (degrees), in the order of :data:`COLOUR_LETTERS`."""
EMPTY_SAT = 0.20
"""Below this saturation a square is empty."""
DOUBT_SAT = (0.11, 0.30)
DOUBT_HUE = 32.0
"""A coloured square this far (degrees) from its colour's hue, or nearer than ``DOUBT_RATIO`` of the way
to the next colour's, is in doubt (a hand's skin lies between red and yellow)."""
DOUBT_RATIO = 0.5
DOUBT_SHADE = 0.5
"""A coloured square whose brightness (log, against the board's light) is this far from its colour's
median is in doubt (a finger with the hue of a piece)."""
DOUBT_LIGHT = 0.28
PLASTIC_SAT = 0.7
"""A square this saturated is a piece's plastic (a hand, a cup, glare are paler): when in doubt, it may
only be the nearest colour, or one of the two nearest if its hue lies between them."""


@dataclass
class BoardReading:
    """What was read: ``rows`` (top row, row 20, first; ``.`` empty, ``B`` ``Y`` ``R`` ``G``), the
    squares in doubt as (column 0-19, row index from the top), and the grid's corners a20, t20, t1, a1
    in the photo as fractions of its width and height (to draw the reading over the photo)."""

    rows: list[str]
    doubt: list[tuple[int, int]] = field(default_factory=list)
    corners: list[tuple[float, float]] = field(default_factory=list)

    def as_json(self) -> dict[str, Any]:
        return {
            "rows": self.rows,
            "doubt": [list(d) for d in self.doubt],
            "corners": [[round(x, 5), round(y, 5)] for x, y in self.corners],
        }


NO_BOARD = "no board found in the photo: hold the phone so the whole board and its dark frame are in view"


def frame_mask(image: Any) -> Any:
    """The board's dark grey frame: dark, unsaturated pixels, thin lines (grooves) removed."""
    cv2 = cv()
    hsv = cv2.cvtColor(image, cv2.COLOR_BGR2HSV)
    value = hsv[:, :, 2].astype(np.float32)
    around = cv2.GaussianBlur(value, (0, 0), 12)  # a thin far frame is dark against what is round it
    dark = (value < 105) | ((value < 135) & (value < 0.7 * around))
    mask = (dark & (hsv[:, :, 1] < 110)).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    return cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))


BOARD_SHARE = 0.04
"""The least share of the photo the board's outline covers."""
PART_SHARE = 0.005
"""The least share of the photo a broken-off part of the frame (a hand or glare cut it) covers to be
tried as part of the board."""
JOIN_TRIES = 3


def _fitted(mask: Any, hull: Any) -> tuple[float, Any] | None:
    """How well the board fitted round ``hull`` sits on the frame in ``mask``, and its corners; None
    when no board fits."""
    try:
        quad = board_quad(mask, hull, RIM / SPAN)
    except PhotoError:
        return None
    return frame_fit(mask, quad, RIM / SPAN), quad


def find_board(image: Any) -> Any:
    """The board's outer corners in ``image`` (4×2, round the outline), or :class:`PhotoError`.

    The frame's largest part is joined with each other large part (a hand or glare across the frame
    breaks it in two) when the board fitted round both sits better on the frame; a part left that is
    nearly as large is a second board."""
    cv2 = cv()
    mask = frame_mask(image)
    frames = outlines(mask, PART_SHARE)
    if not frames:
        raise PhotoError("no_board", NO_BOARD)
    hull = frames[0]
    best = _fitted(mask, hull)
    left = frames[1 + JOIN_TRIES :]
    for other in frames[1 : 1 + JOIN_TRIES]:
        joined = cv2.convexHull(np.vstack([hull, other]))
        trial = _fitted(mask, joined)
        if trial is not None and (best is None or trial[0] > best[0]):
            hull, best = joined, trial
        else:
            left.append(other)
    area = cv2.contourArea(hull)
    if any(cv2.contourArea(other) > 0.3 * area for other in left):
        raise PhotoError("two_boards", "two boards in the photo: take one board at a time")
    if best is None or area < BOARD_SHARE * mask.shape[0] * mask.shape[1]:
        raise PhotoError("no_board", NO_BOARD)
    return best[1]


def _cell_colours(board: Any) -> tuple[Any, Any]:
    """Each square's mean RGB (20×20×3, float) from its middle, and the frame's median RGB."""
    rgb = board[:, :, ::-1].astype(np.float64)
    off = round(RIM * CELL)
    grid = rgb[off : off + GRID * CELL, off : off + GRID * CELL].reshape(GRID, CELL, GRID, CELL, 3)
    lo, hi = CELL * 3 // 10, CELL * 7 // 10
    cells = np.median(grid[:, lo:hi, :, lo:hi].reshape(GRID, hi - lo, GRID, hi - lo, 3), axis=(1, 3))
    band = max(2, off // 3)
    ring = np.concatenate(
        [
            rgb[band : off - band, band:-band].reshape(-1, 3),
            rgb[-off + band : -band, band:-band].reshape(-1, 3),
        ]
    )
    return cells, np.median(ring, axis=0)


@dataclass
class _Classes:
    """Per square: class (0-3 the colours of :data:`COLOUR_LETTERS`, 4 empty), in doubt, and the
    letters it may be when in doubt."""

    cls: Any
    doubt: Any
    options: Any

    def turned(self, k: int) -> _Classes:
        return _Classes(*(np.rot90(a, k) for a in (self.cls, self.doubt, self.options)))


def _classify(cells: Any, grey: Any) -> _Classes:
    """Each square classed, with what it may be when in doubt."""
    balanced = cells * (grey.mean() / np.maximum(grey, 1.0))
    for _ in range(2):
        hue, sat, val = _hue_sat(balanced)
        empty = sat < EMPTY_SAT
        if empty.sum() >= 8:  # the empty squares are the board's own grey: balance on them
            ref = np.median(balanced[empty], axis=0)
            balanced = balanced * (ref.mean() / np.maximum(ref, 1.0))
    hue, sat, val = _hue_sat(balanced)
    dist = np.abs((hue[..., None] - PROTOTYPES + 180) % 360 - 180)
    cls = np.where(sat < EMPTY_SAT, 4, dist.argmin(-1))
    doubt = (sat > DOUBT_SAT[0]) & (sat < DOUBT_SAT[1])
    near = np.sort(dist, axis=-1)
    doubt |= (cls < 4) & ((near[..., 0] > DOUBT_HUE) | (near[..., 0] > DOUBT_RATIO * near[..., 1]))
    empty = cls == 4
    if empty.sum() >= 12:  # an empty square far from the light the others have: a cup, a shadow
        ys, xs = np.nonzero(empty)
        design = np.stack([np.ones_like(xs), xs, ys], 1).astype(np.float64)
        coef, *_ = np.linalg.lstsq(design, np.log(np.maximum(val[empty], 1.0)), rcond=None)
        yy, xx = np.mgrid[0:GRID, 0:GRID]
        expected = coef[0] + coef[1] * xx + coef[2] * yy
        light = np.log(np.maximum(val, 1.0)) - expected  # brightness against the board's light there
        doubt |= empty & (np.abs(light) > DOUBT_LIGHT)
        for k in range(4):  # a square of a colour far darker or lighter than that colour's other squares
            mine = cls == k
            if mine.sum() >= 5:
                doubt |= mine & (np.abs(light - np.median(light[mine])) > DOUBT_SHADE)
    nearest = np.argsort(dist, axis=-1)
    letters = np.array(list(COLOUR_LETTERS))
    clear = (near[..., 0] <= DOUBT_HUE) & (near[..., 0] <= DOUBT_RATIO * near[..., 1])
    one = letters[nearest[..., 0]]
    two = np.char.add(one, letters[nearest[..., 1]])
    plastic = (cls < 4) & (sat >= PLASTIC_SAT)
    options = np.where(plastic, np.where(clear, one, two), "." + COLOUR_LETTERS).astype(object)
    return _Classes(cls, doubt, options)


def _unknowns(classes: _Classes) -> list[Unknown]:
    """The squares in doubt, each with the letters it may be."""
    spots = zip(*np.nonzero(classes.doubt), strict=True)
    return [Unknown((int(x), int(y)), classes.options[y, x]) for y, x in spots]


def _turn(cls: Any) -> int:
    """Quarter turns (of :func:`numpy.rot90`) that put most colours on their starting corners."""
    best, turns = -1, 0
    for k in range(4):
        turned = np.rot90(cls, k)
        hits = 0
        for colour, (x, y) in enumerate(CORNERS):
            hits += int(turned[GRID - 1 - y, x] == colour)
        if hits > best:
            best, turns = hits, k
    return turns


def read_image(image: Any) -> BoardReading:
    """Read a decoded photo (BGR); see :func:`read_photo`."""
    quad = find_board(image)
    board = warp(image, quad, SIDE)
    cells, grey = _cell_colours(board)
    classes = _classify(cells, grey)
    k = _turn(classes.cls)
    classes = classes.turned(k)
    rows = ["".join("." if v == 4 else COLOUR_LETTERS[v] for v in row) for row in classes.cls]
    rows, spots = settle(rows, _unknowns(classes))
    # the warped square's corners (top left first, clockwise), turned like the grid, in the photo
    h, w = image.shape[:2]
    inset = RIM / SPAN
    square = [(inset, inset), (1 - inset, inset), (1 - inset, 1 - inset), (inset, 1 - inset)]
    cv2 = cv()
    back = cv2.getPerspectiveTransform(
        np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32), quad.astype(np.float32)
    )
    pts = cv2.perspectiveTransform(np.array([square], np.float32), back)[0]
    order = [(i + k) % 4 for i in range(4)]
    corners = [(float(pts[i][0]) / w, float(pts[i][1]) / h) for i in order]
    return BoardReading(rows, spots, corners)


def read_photo(data: bytes) -> BoardReading:
    """The board in the photo ``data`` (JPEG or PNG bytes), or :class:`PhotoError` saying why not."""
    return read_image(decode(data))
