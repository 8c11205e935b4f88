"""The tiles on a loser's rack read from a phone photo: the rack's ivory tiles found as bright,
unsaturated patches among darker surroundings (after white balance on the brightest of them), each
tile's outline fitted to four corners (:func:`tablesport.imaging.quad.corners_of`) and warped
upright in each of its four turns, its face matched to the drawn templates of
:mod:`.photo_tiles` (1-13, the joker), and its ink's colour classed as seed 002's four colours
after white balance on the tile's own ivory.

A tile that matches no face well, or two nearly as well, or whose ink lies between two colours, or
whose outline is cut (a finger over it) is *in doubt*: the referee confirms it with a tap before the
sheet counts. Needs the ``photo`` extra."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tablesport.imaging.decode import PhotoError, cv, decode
from tablesport.imaging.quad import clockwise, corners_of

from .photo_tiles import ASPECT, FACE_RGB, FACES, INK_RGB, templates
from .tiles import JOKER

TH = 44
"""Pixels of a tile's height once warped upright."""
TW = round(TH * ASPECT)
PAD = 4
"""Pixels round the warped tile, so the template may shift to meet it."""
FACE_MIN = 0.55
"""A face matched less well than this (normalised correlation) is in doubt."""
SPLIT_MIN = 0.15
"""Where the best face and the next differ (12 and 13 differ in one digit), the tile must follow the
best face's ink this well (normalised correlation with their difference), or it is in doubt."""
INK_RATIO = 0.6
"""Ink nearer than this share of the way to a second colour is in doubt."""
SHAPE_MIN = 0.85
"""A tile's patch filling less of its convex outline than this (a finger over it) is in doubt."""


@dataclass
class TileReading:
    """One tile: its code (``R7``, ``J``), whether it is in doubt, and its outline's corners in the
    photo as fractions of its width and height."""

    code: str
    doubt: bool
    corners: list[tuple[float, float]]

    def as_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "doubt": self.doubt,
            "corners": [[round(x, 5), round(y, 5)] for x, y in self.corners],
        }


@dataclass
class RackReading:
    """The tiles read from one photo, in reading order (top to bottom, left to right)."""

    tiles: list[TileReading] = field(default_factory=list)

    @property
    def codes(self) -> list[str]:
        return [t.code for t in self.tiles]

    def as_json(self) -> dict[str, Any]:
        return {"tiles": [t.as_json() for t in self.tiles]}


def _balanced(image: Any) -> Any:
    """The photo as RGB float, white-balanced on its brightest unsaturated pixels (the tiles)."""
    rgb = image[:, :, ::-1].astype(np.float32)
    low = rgb.min(-1)
    bright = rgb[low >= np.percentile(low, 98)]
    ref = np.median(bright, axis=0)
    if 1 - ref.min() / max(float(ref.max()), 1.0) > 0.4:
        return rgb  # the brightest is no ivory, even with the white balance off: no tiles to balance on
    return rgb * (np.array(FACE_RGB, np.float32) / np.maximum(ref, 1.0))


def tile_mask(rgb: Any) -> Any:
    """Ivory pixels: unsaturated, and bright against the brightest near them."""
    cv2 = cv()
    mx, mn = rgb.max(-1), rgb.min(-1)
    sat = 1 - mn / np.maximum(mx, 1.0)
    side = max(3, max(rgb.shape[:2]) // 6)
    near = cv2.dilate(mx, cv2.getStructuringElement(cv2.MORPH_RECT, (side, side)))
    mask = ((sat < 0.3) & (mx > 0.62 * near) & (mx > 0.42 * max(FACE_RGB))).astype(np.uint8) * 255
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def find_tiles(mask: Any) -> list[tuple[Any, bool]]:
    """Each tile's outline (4×2 corners round it) and whether its patch is whole."""
    cv2 = cv()
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    depth = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    h, w = mask.shape
    found = []
    for k in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[k])
        if area < h * w * 0.0004 or x == 0 or y == 0 or x + bw >= w or y + bh >= h:
            continue
        sub = (labels[y : y + bh, x : x + bw] == k).astype(np.uint8)
        contours, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=(x, y))
        outline = max(contours, key=cv2.contourArea)
        hull = cv2.convexHull(outline)
        hull_area = float(cv2.contourArea(hull))
        if hull_area > h * w * 0.2:  # a white table or a sheet of paper, not a tile
            continue
        try:
            quad = clockwise(corners_of(hull))
        except PhotoError:
            continue  # fewer than four corners: no tile
        fill = float(cv2.contourArea(outline)) / max(1.0, hull_area)  # a finger cuts a notch
        found.append((quad, hull_area, fill, float(depth[y : y + bh, x : x + bw][sub > 0].max())))
    if not found:
        return []
    usual = float(np.median([a for _, a, f, _ in found if f > SHAPE_MIN] or [a for _, a, _, _ in found]))
    thick = float(np.median([d for _, _, _, d in found]))
    out = []
    for quad, size, fill, deep in found:
        if size < 0.25 * usual or deep < 0.4 * thick:
            continue  # a speck of glare, a thin light edge
        out.append((quad, fill > SHAPE_MIN))
    return out


def _upright(rgb: Any, quad: Any, turn: int) -> Any:
    """The tile ``quad`` of ``rgb`` warped upright (TH high, PAD round it), its corners turned ``turn``
    places (which of them is the top left)."""
    cv2 = cv()
    src = np.roll(quad, -turn, axis=0).astype(np.float32)
    dst = np.array([[PAD, PAD], [PAD + TW, PAD], [PAD + TW, PAD + TH], [PAD, PAD + TH]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, dst)
    return cv2.warpPerspective(
        rgb, matrix, (TW + 2 * PAD, TH + 2 * PAD), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE
    )


def _ink(tile: Any) -> Any:
    """How much ink each pixel of an upright tile holds (0 ivory, about 1 ink)."""
    low = tile.min(-1)
    paper = float(np.percentile(low, 80))
    return np.clip(1 - low / max(paper, 1.0), 0, 1).astype(np.float32)


INKS = tuple(INK_RGB)


def _ink_colour(tile: Any, template: Any, at: tuple[int, int]) -> tuple[str, bool]:
    """The colour letter of the ink where ``template`` lies on ``tile`` at ``at``, and whether it is
    in doubt."""
    x, y = at
    part = tile[y : y + TH, x : x + TW]
    ink = part[template > 0.6]
    paper = part[template < 0.02]
    if len(ink) < 5 or len(paper) < 5:
        return INKS[0], True
    ivory = np.median(paper, axis=0)
    seen = np.median(ink, axis=0) / np.maximum(ivory, 1.0) * np.array(FACE_RGB, np.float32)
    cv2 = cv()
    lab = cv2.cvtColor(np.clip(seen, 0, 255).astype(np.uint8)[None, None], cv2.COLOR_RGB2LAB)[0, 0]
    refs = cv2.cvtColor(np.array([[INK_RGB[c] for c in INKS]], np.uint8), cv2.COLOR_RGB2LAB)[0]
    weight = np.array([0.4, 1.0, 1.0])  # hue over lightness: blur and glare move the lightness most
    dist = np.sqrt((((refs.astype(np.float32) - lab.astype(np.float32)) * weight) ** 2).sum(-1))
    order = np.argsort(dist)
    return INKS[int(order[0])], bool(dist[order[0]] > INK_RATIO * dist[order[1]])


def _split(ink: Any, face: Any, other: Any, at: tuple[int, int]) -> float:
    """How well the ink at ``at`` follows ``face`` rather than ``other``, where the two differ."""
    x, y = at
    part = ink[y : y + TH, x : x + TW]
    diff = face - other
    where = np.abs(diff) > 0.2
    if where.sum() < 4:
        return 0.0
    a = part[where] - part[where].mean()
    b = diff[where] - diff[where].mean()
    return float((a * b).sum() / max(1e-6, float(np.sqrt((a * a).sum() * (b * b).sum()))))


def read_tile(rgb: Any, quad: Any, whole: bool) -> tuple[str, bool]:
    """A tile's code and whether it is in doubt."""
    cv2 = cv()
    faces = templates(TH)
    best: list[tuple[float, int, int, tuple[int, int]]] = []  # per face: score, turn, ..., where
    tiles = [_upright(rgb, quad, turn) for turn in range(4)]
    inks = [_ink(t) for t in tiles]
    for f in range(len(FACES)):
        top = (-1.0, 0, f, (0, 0))
        for turn, ink in enumerate(inks):
            res = cv2.matchTemplate(ink, faces[f], cv2.TM_CCOEFF_NORMED)
            _, score, _, at = cv2.minMaxLoc(res)
            if score > top[0]:
                top = (float(score), turn, f, (int(at[0]), int(at[1])))
        best.append(top)
    best.sort(key=lambda b: -b[0])
    score, turn, f, at = best[0]
    doubt = not whole or score < FACE_MIN or _split(inks[turn], faces[f], faces[best[1][2]], at) < SPLIT_MIN
    face = FACES[f]
    if face == JOKER:
        return JOKER, doubt
    letter, unsure = _ink_colour(tiles[turn], faces[f], at)
    return f"{letter}{face}", doubt or unsure


def read_image(image: Any) -> RackReading:
    """Read a decoded photo (BGR); see :func:`read_photo`."""
    rgb = _balanced(image)
    found = find_tiles(tile_mask(rgb))
    if not found:
        raise PhotoError(
            "no_tiles",
            "no tiles found in the photo: lay the rack's tiles face up, "
            "apart, on a darker surface, and take the photo from above",
        )
    h, w = image.shape[:2]
    out = []
    for quad, whole in found:
        code, doubt = read_tile(rgb, quad, whole)
        out.append(TileReading(code, doubt, [(float(x) / w, float(y) / h) for x, y in quad]))
    centre_y = [sum(y for _, y in t.corners) / 4 for t in out]
    step = 0.5 * float(np.median([max(y for _, y in t.corners) - min(y for _, y in t.corners) for t in out]))
    order = sorted(
        range(len(out)),
        key=lambda i: (round(centre_y[i] / max(step, 1e-6)), sum(x for x, _ in out[i].corners)),
    )
    return RackReading([out[i] for i in order])


def read_photo(data: bytes) -> RackReading:
    """The tiles in the photo ``data`` (JPEG or PNG bytes), or :class:`PhotoError` saying why not."""
    return read_image(decode(data))
