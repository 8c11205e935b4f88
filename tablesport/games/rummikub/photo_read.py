"""The tiles on a loser's rack read from a phone photo: the rack's ivory tiles found as bright,
unsaturated patches among darker surroundings (after white balance on the brightest of them), each
tile's outline fitted to four corners (:func:`tablesport.imaging.quad.corners_of`) and warped
upright in each of its four turns, its face matched to the drawn templates of
:mod:`.photo_tiles` (1-13, the joker), and its ink's colour classed as seed 002's four colours
after white balance on the tile's own ivory.

A tile that matches no face well, or two nearly as well, or whose ink lies between two colours, or whose
outline is cut (a finger over it) is *in doubt*: the referee confirms it with a tap before the sheet
counts. A patch that holds two tiles (touching, or joined by glare over the gap) is cut in two and both
read, in doubt unless both read clearly; one as big as three tiles or more is cut in as many cells as
tiles fit in it, each in doubt unless all read clearly (one as big as three is read as two tiles where
its halves both read clearly and better than three cells: glare over a wide gap). Glare on the rack
beside a tile that joins its patch is cut off its outline (:func:`outline_quad`); glare wider than a
notch, which makes the patch round, is cut off along the tile's sharp sides (:func:`sharp_quad`). Such a
patch, cut or read as one tile in doubt, is also a *count region* (:class:`CountRegion`): its size and
faces cannot say how many tiles it holds (perspective, glare over part of a tile), so the referee is
asked to count the tiles there. A tile's size is measured on the tiles that read clearly, so a speck of
glare or an edge of light is not taken for a tile, nor a lone tile for many; and an ink faded towards
grey by compression is still its colour (:data:`FADED`). Needs the ``photo`` extra."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from tablesport.imaging.channels import brightest, darkest
from tablesport.imaging.decode import PhotoError, cv, decode
from tablesport.imaging.quad import clockwise, corners_of, straight_quad

from .photo_tiles import ASPECT, FACE_RGB, FACES, INK_RGB, templates
from .tiles import JOKER

TH = 66
"""Pixels of a tile's height once warped upright: at 44 a digit's strokes were a pixel or two wide,
and half a pixel's shift hid where 12 and 13 (or 5 and 8) differ."""
TW = round(TH * ASPECT)
PAD = 6
"""Pixels round the warped tile, so the template may shift to meet it."""
FACE_MIN = 0.55
"""A face matched less well than this (normalised correlation) is in doubt."""
SPLIT_MIN = 0.15
"""Where the best face and the next differ (12 and 13 differ in one digit), the tile must follow the
best face's ink this well (normalised correlation with their difference), or it is in doubt."""
INK_RATIO = 0.6
"""Ink whose share of the light taken (see :data:`INK_LOSS`) is nearer than this share of the way to
a second colour's is in doubt."""
INK_FAR = 0.3
"""Ink further than this from its colour's (:data:`INK_LOSS`, per channel) is in doubt: the nearest
two colours (orange and red) lie 0.55 apart."""
PAPER_NEAR = 11
"""Pixels (of the upright tile) round a pixel in which its ivory is looked for."""
HALF_MIN = 0.6
"""Each half of a patch read poorly as one tile reading this well as a tile: two tiles joined."""
HALF_NOTCHED = 0.4
"""... or, where the patch is notched, the weaker half this well (the other :data:`HALF_MIN`)."""
HALF_GAIN = 0.15
"""... and this much better than the patch read as one tile."""
HALF_SURE = 0.8
"""Two tiles joined (see :func:`read_joined`) whose halves both read this well, neither in doubt, in a
patch no finger cuts, are read without doubt: the cut between them is where their faces say."""
SHAPE_MIN = 0.85
"""A tile's patch filling less of its four-sided outline than this (a finger over it) is in doubt."""
SQUARE_MAX = 1.15
"""A patch this much bigger than its four-sided outline, or whose convex outline is this much bigger
than the largest quadrilateral on its corners (round), is not four-sided (a patch of glare, two tiles
joined at an angle): in doubt, or dropped if it holds no ink."""
BIGGEST = 0.2
"""A patch over this share of the photo is a white table or a sheet of paper, not a tile (a close
photo of two tiles has each over a tenth of it)."""
JOINED = 1.75
"""A patch this many times the size of the tiles nearest it may be two tiles joined: in doubt."""
SKIN_WARM = 0.22
"""A pixel whose blue falls this share below its red is warm, as a hand is (ivory's is about 0.1)."""
HAND_MIN = 0.15
"""A hand's patch over the rack this share of a tile's size or more may hide a tile."""
HAND_DEEP = 0.1
"""... and as thick: its deepest pixel this share of a tile's side from its edge (a finger is about half
a tile wide). A thin warm sliver along the rack's edge is the table showing between the rack and its
outline (a wooden table under glare is warm), not a hand."""
HAND_EDGE = 6.0
"""A warm patch whose edge (outside the tiles) changes by less than this per pixel (of the photo at
half size, grey levels) along three quarters of it fades out as glare does: no hand, whose edge is
sharp along most of it. (On the benchmark's photos glare over a red rack reached 3.1, a finger's
edge, blurred and glared, 10 or more.)"""
RACK_NEAR = 45.0
"""A pixel within this (the largest channel's difference) of the rack's colour is the rack's."""
BODY = 1.2
"""A disc this many times a patch's deepest pixel's distance from its edge (half a tile's width)
across fits in a tile but not in a notch of glare beside it (see :func:`outline_quad`)."""
SPECK = 0.5
"""A round patch (see :data:`SQUARE_MAX`) smaller than this share of the tiles round it, its face not
clear (:func:`clear`), is a spot of glare on the rack or the table, not a tile: a tile joined by glare
is bigger than a tile, and one a finger hides is notched, not round (the hand is looked for apart)."""
INK_GAP = 0.15
"""A numeral's stroke or ring near a tile's edge can open its hole in the tile's patch onto the rack
through a gap a few pixels wide, and the hole, left unfilled, looked like a finger's notch (a small
tile far from the phone, its joker's face or its ring near the edge, was in doubt). A gap narrower
than this share of the side of the patch's outline (the square root of its area) is closed before
the patch's fill is measured (:data:`SHAPE_MIN`); a finger over a tile is half as wide as that side
or more."""
SHARP = 0.35
"""A stretch of a patch's outline whose photo changes per pixel this share of the outline's steepest
(its 90th percentile) or more is a tile's side; less, glare fading out (see :func:`sharp_quad`)."""
INK_MIN = 0.25
"""A patch whose darkest marks are fainter than this (ink 0-1 against its own ivory) holds no numeral:
not a tile."""


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
class CountRegion:
    """Where tiles touch and may be miscounted: a patch joined by glare or contact that was cut into
    tiles, or read as one tile in doubt, its outline's corners in the photo as fractions of its width
    and height, and how many tiles were read in it. A tile lost there is found by the referee's count."""

    corners: list[tuple[float, float]]
    read: int

    def holds(self, x: float, y: float) -> bool:
        """Whether the point (fractions of the photo) lies inside the outline (convex, either turn)."""
        sides = [
            (bx - ax) * (y - ay) - (by - ay) * (x - ax)
            for (ax, ay), (bx, by) in zip(self.corners, self.corners[1:] + self.corners[:1], strict=True)
        ]
        return all(s >= 0 for s in sides) or all(s <= 0 for s in sides)

    def as_json(self) -> dict[str, Any]:
        return {"corners": [[round(x, 5), round(y, 5)] for x, y in self.corners], "read": self.read}


@dataclass
class RackReading:
    """The tiles read from one photo, in reading order (top to bottom, left to right), and the regions
    where the referee is asked to count the tiles (:class:`CountRegion`)."""

    tiles: list[TileReading] = field(default_factory=list)
    count: list[CountRegion] = field(default_factory=list)

    @property
    def codes(self) -> list[str]:
        return [t.code for t in self.tiles]

    def as_json(self) -> dict[str, Any]:
        return {"tiles": [t.as_json() for t in self.tiles], "count": [c.as_json() for c in self.count]}


def _balanced(image: Any) -> Any:
    """The photo as RGB float, white-balanced on its brightest unsaturated pixels (the tiles)."""
    rgb = image[:, :, ::-1].astype(np.float32)
    low = darkest(rgb)
    few = rgb[::3, ::3]
    bright = few[darkest(few) >= np.percentile(low[::3, ::3], 98)]
    ref = np.median(bright, axis=0)
    if 1 - ref.min() / max(float(ref.max()), 1.0) > 0.4:
        return rgb  # the brightest is no ivory, even with the white balance off: no tiles to balance on
    return rgb * (np.array(FACE_RGB, np.float32) / np.maximum(ref, 1.0))


def _first_mask(rgb: Any) -> Any:
    """Ivory pixels by a first, rough rule: unsaturated, and bright against the brightest near them
    (enough to measure how big a tile is)."""
    cv2 = cv()
    mx, mn = brightest(rgb), darkest(rgb)
    sat = 1 - mn / np.maximum(mx, 1.0)
    side = max(3, max(rgb.shape[:2]) // 24)
    near = _coarse(mx, lambda small: cv2.dilate(small, np.ones((side, side), np.uint8)))
    mask = ((sat < 0.3) & (mx > 0.62 * near) & (mx > 0.42 * max(FACE_RGB))).astype(np.uint8) * 255
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


def _coarse(image: Any, work: Any, scale: int = 4) -> Any:
    """``work`` done on ``image`` shrunk ``scale`` times and the result brought back to its size: for
    the smooth levels (the rack round a tile, the brightest near a pixel), at a fraction of the cost."""
    cv2 = cv()
    h, w = image.shape[:2]
    small = cv2.resize(image, (max(1, w // scale), max(1, h // scale)), interpolation=cv2.INTER_AREA)
    return cv2.resize(work(small), (w, h), interpolation=cv2.INTER_LINEAR)


def skin(rgb: Any) -> Any:
    """Pixels of a hand: light, and warm (red well over blue, green between) where ivory is nearly
    neutral after white balance."""
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    return (r > 110) & ((r - b) > SKIN_WARM * r) & (g > b) & (g < r - 0.08 * r)


def _tile_width(mask: Any) -> float | None:
    """About how wide a tile is in ``mask`` (pixels): twice the median depth of its patches."""
    cv2 = cv()
    contours, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    mask = np.zeros_like(mask)
    cv2.drawContours(mask, contours, -1, 255, -1)  # the numerals' holes filled
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    depth = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    h, w = mask.shape
    deep = []
    for k in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[k])
        if h * w * 0.0004 < area < h * w * BIGGEST:
            deep.append(float(depth[y : y + bh, x : x + bw][labels[y : y + bh, x : x + bw] == k].max()))
    return 2 * float(np.median(deep)) if deep else None


def tile_mask(rgb: Any) -> Any:
    """Ivory pixels, by local contrast: a pixel whose darkest channel stands well above the rack round
    it (the level left when every patch narrower than a tile is opened away), on the scale of the
    brightest near it. Glare lifts a rack and its tiles alike, so the dark gaps between two glared
    tiles stay out, where a threshold on brightness alone would join them."""
    cv2 = cv()
    first = _first_mask(rgb)
    wide = _tile_width(first)
    if wide is None:
        return first
    low = darkest(rgb)
    mx = brightest(rgb)
    side = max(3, round(wide * 0.75)) | 1  # 1.5 tiles wide, at half the size
    kernel = np.ones((side, side), np.uint8)
    ground = _coarse(
        low, lambda small: cv2.blur(cv2.morphologyEx(small, cv2.MORPH_OPEN, kernel), (side, side)), 2
    )
    top = _coarse(low, lambda small: cv2.dilate(small, kernel), 2)
    lift = (low - ground) / np.maximum(top - ground, 1.0)
    sat = 1 - low / np.maximum(mx, 1.0)
    tile = (lift > 0.45) & (top - ground > 40) & (low - ground > 30) & (sat < 0.35) & ~skin(rgb)
    mask = tile.astype(np.uint8) * 255
    return cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))


@dataclass
class Patch:
    """A bright patch that may be a tile: its outline's four corners, whether its patch is whole (no
    notch cut by a finger), whether it is odd (not four-sided, or as big as two tiles: glare that
    joins two tiles or a patch of glare, to be confirmed), and whether it is round (its convex
    outline well over the largest four-cornered shape in it, as a patch of glare's is)."""

    quad: Any
    whole: bool
    odd: bool
    round: bool = False
    tiles: tuple[int, int] = (1, 1)
    """How many tiles the patch holds along its first side and its second, where it is as big as two
    tiles near it or more (tiles joined by glare), by those tiles' sides (:func:`tiles_held`)."""
    others: list[Patch] = field(default_factory=list)
    """The same patch outlined otherwise (see :func:`outline_quad`), to be read too."""
    face: Face | None = None
    """The face read in :attr:`quad`, where :func:`find_tiles` was given the photo."""
    sharp: bool = False
    """Outlined along the patch's sharp sides only (:func:`sharp_quad`), glare beside it left out: to
    be read as the tile only where its face reads clearly (:func:`clear`)."""


def _cover(patch: Any, quad: Any) -> tuple[float, float]:
    """How much of ``quad`` (in ``patch``'s pixels) ``patch`` (uint8 0/1) fills, and how much of the
    patch lies outside it, each as a share of the quad's area."""
    cv2 = cv()
    size = max(1.0, float(cv2.contourArea(quad.astype(np.float32))))
    inside = np.zeros_like(patch)
    cv2.fillConvexPoly(inside, np.round(quad).astype(np.int32), 1)
    return float((patch & inside).sum()) / size, float((patch & (1 - inside)).sum()) / size


def sharp_quad(patch: Any, steep: Any) -> Any | None:
    """The four straight sides of the tile in ``patch`` (uint8 0/1, its holes filled) fitted along its
    outline's sharp stretches only, where ``steep`` (the photo's change per pixel over the patch's
    box) is :data:`SHARP` of the outline's steepest or more: a tile's side is a step from ivory to
    rack, glare on the rack fades out over tens of pixels, so a patch of glare joined to a tile is
    cut off where the tile's sides, seen where the glare is not, meet. None where no four sides are
    seen so."""
    cv2 = cv()
    contours, _ = cv2.findContours(patch, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    outline = max(contours, key=cv2.contourArea)
    pts = outline.reshape(-1, 2)
    along = steep[pts[:, 1], pts[:, 0]]
    keep = along >= SHARP * float(np.percentile(along, 90))
    if keep.all() or keep.sum() < 32:
        return None  # sharp all round (no glare to cut off), or hardly anywhere
    deep = float(cv2.distanceTransform(patch, cv2.DIST_L2, 3).max())
    try:
        quad = clockwise(straight_quad(outline, max(2, round(0.1 * deep)), keep))
    except PhotoError:
        return None
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2).astype(np.float32)):
        return None
    filled, _ = _cover(patch, quad)
    return quad if filled > SHAPE_MIN else None  # the tile lies in the patch


def outline_quad(patch: Any) -> tuple[list[Any], float]:
    """The four corners of the tile in ``patch`` (uint8 0/1, its holes filled), one way or two, and
    how round the patch is (its convex outline's area over that of the largest quadrilateral on its
    corners). Two outlines, the one the patch fits best (filling it, not overflowing it) first, the
    other only where it differs (its face decides which is the tile's): the largest
    quadrilateral on the convex outline's corners, and the four straight sides
    (:func:`tablesport.imaging.quad.straight_quad`) of the patch opened by a disc :data:`BODY` times
    half its width across, which cuts off what a tile's width does not fill (a notch of glare on the
    rack beside it) and leaves the tile's sides."""
    cv2 = cv()
    contours, _ = cv2.findContours(patch, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    hull = cv2.convexHull(max(contours, key=cv2.contourArea))
    first = clockwise(corners_of(hull))
    roundness = float(cv2.contourArea(hull)) / max(1.0, float(cv2.contourArea(first)))
    if roundness > SQUARE_MAX:
        return [first], roundness  # a round patch's straight sides are no tile's (glare): left odd
    deep = float(cv2.distanceTransform(patch, cv2.DIST_L2, 3).max())
    side = max(3, round(BODY * deep)) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    body = cv2.morphologyEx(patch, cv2.MORPH_OPEN, disc)
    inner, _ = cv2.findContours(body, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not inner:
        return [first], roundness
    try:
        second = straight_quad(max(inner, key=cv2.contourArea), max(2, round(0.1 * deep)))
    except PhotoError:
        return [first], roundness
    apart = np.sqrt(((first[:, None] - second[None]) ** 2).sum(-1)).min(1).max()
    if not cv2.isContourConvex(second.reshape(-1, 1, 2)) or apart < max(2.0, 0.1 * deep):
        return [first], roundness

    def fit(quad: Any) -> float:
        filled, over = _cover(patch, quad)
        return min(filled, 1.0) - over - max(0.0, filled - 1.0)

    return sorted([first, second], key=lambda q: -fit(q)), roundness


def _shut(patch: Any, quad: Any) -> Any:
    """``patch`` (uint8 0/1, its holes filled) with the gaps in its outline narrower than
    :data:`INK_GAP` of its outline ``quad``'s side closed, and the holes that closes filled."""
    cv2 = cv()
    side = max(3, round(INK_GAP * np.sqrt(abs(float(cv2.contourArea(quad.astype(np.float32))))))) | 1
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (side, side))
    big = cv2.dilate(np.pad(patch, side), disc)  # the gaps shut, the holes behind them closed in
    contours, _ = cv2.findContours(big, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(big, contours, -1, 1, -1)
    return cv2.erode(big, disc)[side:-side, side:-side]


def find_tiles(mask: Any, rgb: Any = None) -> list[Patch]:
    """The patches of ``mask`` that may be tiles. Given the photo ``rgb``, each patch's face is read
    (:attr:`Patch.face`), and a tile's size and depth are measured on the patches that read clearly
    as a tile (:func:`clear`), where there are any: a lone tile among specks of glare or a thin edge
    of light is no longer measured against them (their median)."""
    cv2 = cv()
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=4)
    depth = cv2.distanceTransform(mask, cv2.DIST_L2, 3)
    h, w = mask.shape
    steep = None
    if rgb is not None:
        low = np.ascontiguousarray(darkest(rgb), np.float32)
        steep = np.hypot(cv2.Sobel(low, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(low, cv2.CV_32F, 0, 1, ksize=3))
        steep = np.pad(steep, 1)  # as each patch's box is padded
    found = []
    for k in range(1, count):
        x, y, bw, bh, area = (int(v) for v in stats[k])
        if area < h * w * 0.0004 or x == 0 or y == 0 or x + bw >= w or y + bh >= h:
            continue
        sub = np.pad((labels[y : y + bh, x : x + bw] == k).astype(np.uint8), 1)
        contours, _ = cv2.findContours(sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
        filled = np.zeros_like(sub)
        cv2.drawContours(filled, contours, -1, 1, -1)  # the numerals' holes filled
        if float(filled.sum()) > h * w * BIGGEST:
            continue
        try:
            quads, roundness = outline_quad(filled)
        except PhotoError:
            continue  # fewer than four corners: no tile
        deep = float(depth[y : y + bh, x : x + bw][sub[1:-1, 1:-1] > 0].max())
        shut = _shut(filled, quads[0])
        ways = []
        for quad in quads:
            fill, _ = _cover(shut, quad)  # a finger cuts a notch
            _, over = _cover(filled, quad)  # glare beside it overflows
            size = max(1.0, float(cv2.contourArea(quad)))
            ways.append((quad + np.array([x - 1, y - 1], np.float32), size, fill, 1 + over, False))
        if roundness > SQUARE_MAX and steep is not None:
            # glare joined to a tile: its outline along its sharp sides, what overflows it is glare
            cut = sharp_quad(filled, steep[y : y + bh + 2, x : x + bw + 2])
            if cut is not None:
                fill, _ = _cover(shut, cut)
                size = max(1.0, float(cv2.contourArea(cut)))
                ways.append((cut + np.array([x - 1, y - 1], np.float32), size, fill, 1.0, True))
        found.append((*ways[0], deep, roundness, ways))
    if not found:
        return []
    faces = [None if rgb is None else read_face(rgb, f[0]) for f in found]
    sure = [f for f, face in zip(found, faces, strict=True) if clear(face) and f[3] <= SQUARE_MAX]
    usual = float(np.median([f[1] for f in found if f[2] > SHAPE_MIN] or [f[1] for f in found]))
    thick = float(np.median([f[4] for f in found]))
    if sure:
        usual = float(np.median([f[1] for f in sure]))
        thick = float(np.median([f[4] for f in sure]))
    kept = [
        (f, face)
        for f, face in zip(found, faces, strict=True)
        if f[1] >= 0.25 * usual and f[4] >= 0.4 * thick  # not a speck, an edge
    ]
    # a tile's size is measured against the four-sided patches only: a round patch of glare on the
    # rack is no tile to compare with; and against the tiles read clearly, where there are any
    shaped = sure or [f for f, _ in kept if f[3] <= SQUARE_MAX]
    centres = np.array([f[0].mean(0) for f in shaped]).reshape(-1, 2)
    sizes = np.array([f[1] for f in shaped])
    quads = [f[0] for f in shaped]
    out = []
    for (quad, size, *_, roundness, ways), face in kept:
        # the tiles nearest, as big as this one would be in the photo's perspective; a patch alone
        # has none to be measured against (the specks dropped above are no tiles)
        gap = ((centres - quad.mean(0)) ** 2).sum(1)
        nearest = [k for k in np.argsort(gap)[:3] if gap[k] > 0][:2]
        local = float(sizes[nearest].max()) if nearest else size
        tile = quads[max(nearest, key=lambda k: sizes[k])] if nearest else quad
        if roundness > SQUARE_MAX and size < SPECK * local and not clear(face) and rgb is not None:
            continue  # a round patch of glare on the rack, smaller than the tiles round it
        # a patch as big as two tiles but shaped as one, its face clear, is a tile nearer the
        # phone than those round it (perspective), not two joined
        near = clear(face) and _held(quad, tile) == [1, 1]
        each = []
        for k, (q, outlined, fill, square, sharp) in enumerate(ways):
            joined = outlined > JOINED * local and not (near and k == 0)
            each.append(
                Patch(
                    q,
                    fill > SHAPE_MIN,
                    square > SQUARE_MAX or joined,
                    roundness > SQUARE_MAX,
                    tiles_held(q, tile) if joined else (1, 1),
                    sharp=sharp,
                )
            )
        out.append(replace(each[0], others=each[1:], face=face))
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


def _paper(tile: Any) -> Any:
    """The ivory round each pixel of an upright tile (per channel): the brightest near it, so glare
    falling across the tile is followed."""
    cv2 = cv()
    near = cv2.dilate(tile, np.ones((PAPER_NEAR, PAPER_NEAR), np.uint8))
    return cv2.GaussianBlur(near, (0, 0), PAPER_NEAR / 3)


def _ink(tile: Any, paper: Any) -> Any:
    """How much ink each pixel of an upright tile holds (0 ivory, about 1 ink), against the ivory
    round it."""
    return np.clip(1 - darkest(tile) / np.maximum(darkest(paper), 1.0), 0, 1).astype(np.float32)


INKS = tuple(INK_RGB)
INK_LOSS = np.array([1 - np.divide(INK_RGB[c], FACE_RGB) for c in INKS], np.float32)
INK_LOSS /= INK_LOSS.max(1, keepdims=True)
"""The share of the ivory's light each ink takes, per channel, on the scale of its largest: the ink's
colour relative to its tile's own ivory, which glare (adding white), shade and blur (mixing ink and
ivory) scale but do not change, and a white balance off changes only as it changes the ivory too."""
FADED = 0.5
"""How much of its colour an ink may lose to compression and still be told by it: JPEG keeps colour at
half the size and coarser than brightness, so a thin stroke's colour spreads into the ivory round it
and what is left in the stroke tends to grey, the loss of a neutral ink (1, 1, 1) on
:data:`INK_LOSS`'s scale. Each ink is matched as anything from its own loss to this share of the way
to grey (a blue stroke read at heavy compression lay a third of the way, 0.3 from its ink held
alone); black is grey already, and the faded blue nearest it, half way, still lies 0.37 from it."""


def _ink_distance(loss: Any) -> Any:
    """How far ``loss`` (on :data:`INK_LOSS`'s scale) lies from each ink's, faded up to
    :data:`FADED` of the way to grey."""
    way = 1.0 - INK_LOSS  # towards grey
    t = ((loss - INK_LOSS) * way).sum(1) / np.maximum((way * way).sum(1), 1e-6)
    near = INK_LOSS + np.clip(t, 0.0, FADED)[:, None] * way
    return np.sqrt(((near - loss) ** 2).sum(1))


def _ink_colour(tile: Any, paper: Any, template: Any, at: tuple[int, int]) -> tuple[str, bool]:
    """The colour letter of the ink where ``template`` lies on ``tile`` at ``at``, and whether it is
    in doubt: the share of the light of the ivory round it the ink takes, per channel, on the scale
    of its largest, matched to each ink's (:data:`INK_LOSS`), faded or not (:data:`FADED`)."""
    x, y = at
    part = tile[y : y + TH, x : x + TW]
    ivory = paper[y : y + TH, x : x + TW]
    dark = 1 - darkest(part) / np.maximum(darkest(ivory), 1.0)
    where = template > 0.5
    if where.sum() < 5:
        return INKS[0], True
    where &= dark >= np.median(dark[where])  # the strokes' cores: compression bleeds their rims
    loss = ((ivory - part)[where] * template[where][:, None]).sum(0)
    loss = loss / np.maximum(np.median(ivory[where], axis=0), 1.0)
    most = float(loss.max())
    if most <= 0:
        return INKS[0], True
    dist = _ink_distance(loss / most)
    order = np.argsort(dist)
    first, second = float(dist[order[0]]), float(dist[order[1]])
    return INKS[int(order[0])], bool(first > INK_FAR or first > INK_RATIO * second)


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


@dataclass
class Face:
    """What a tile's outline shows: its code, how well its face matched (normalised correlation), and
    whether its face or ink is in doubt (its outline aside)."""

    code: str
    score: float
    unsure: bool


def clear(face: Face | None) -> bool:
    """Whether ``face`` reads clearly as a tile: well matched (:data:`HALF_SURE`), nothing in doubt."""
    return face is not None and face.score >= HALF_SURE and not face.unsure


def read_face(rgb: Any, quad: Any) -> Face | None:
    """The face inside the outline ``quad`` of ``rgb``, or None when it holds no numeral."""
    cv2 = cv()
    faces = templates(TH)
    best: list[tuple[float, int, int, tuple[int, int]]] = []  # per face: score, turn, face, where
    tiles = [_upright(rgb, quad, turn) for turn in range(4)]
    papers = [_paper(t) for t in tiles]
    inks = [_ink(t, p) for t, p in zip(tiles, papers, strict=True)]
    if float(np.percentile(inks[0], 99)) < INK_MIN:
        return None
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
    unsure = score < FACE_MIN or _split(inks[turn], faces[f], faces[best[1][2]], at) < SPLIT_MIN
    face = FACES[f]
    if face == JOKER:
        return Face(JOKER, score, unsure)
    letter, off = _ink_colour(tiles[turn], papers[turn], faces[f], at)
    return Face(f"{letter}{face}", score, unsure or off)


def halves(quad: Any, gap: float = 0.0) -> list[tuple[Any, Any]]:
    """The two ways to cut the four-sided outline ``quad`` in two tiles' outlines (see :func:`cells`):
    across its first side and across its second."""
    first, second = cells(quad, 2, 1, gap), cells(quad, 1, 2, gap)
    return [(first[0], first[1]), (second[0], second[1])]


GAP = 0.18
"""The gap between two tiles laid in a row, as a share of a tile's side (the referee lays them 12-25 %
apart)."""


def _held(quad: Any, tile: Any) -> list[int]:
    """How many tiles as big as ``tile`` the outline ``quad`` holds along its first side and its
    second, by their sides alone (see :func:`tiles_held`)."""
    held = []
    for a, b, c, d in ((0, 1, 3, 2), (1, 2, 0, 3)):
        way = (quad[b] - quad[a] + quad[d] - quad[c]) / 2
        length = float(np.hypot(*way))
        sides = [(tile[(k + 1) % 4] - tile[k] + tile[(k + 2) % 4] - tile[(k + 3) % 4]) / 2 for k in (0, 1)]
        along = max(sides, key=lambda v: abs(float(v @ way)) / max(1e-6, float(np.hypot(*v))))
        held.append(max(1, round((length / max(1.0, float(np.hypot(*along))) + GAP) / (1 + GAP))))
    return held


def tiles_held(quad: Any, tile: Any) -> tuple[int, int]:
    """How many tiles as big as ``tile`` (a tile's outline near it) the outline ``quad`` holds along
    its first side and its second: each side's length over the tile's side that runs the same way,
    a gap (:data:`GAP`) between each two; two at least in all (the patch is as big as two)."""
    held = _held(quad, tile)
    if held[0] * held[1] < 2:
        longer = 0 if np.hypot(*(quad[1] - quad[0])) >= np.hypot(*(quad[2] - quad[1])) else 1
        held[longer] = 2
    return held[0], held[1]


def _spans(n: int, gap: float) -> list[tuple[float, float]]:
    """Where ``n`` tiles laid in a row ``gap`` apart (a share of a tile's side) lie along it, from 0 to
    1."""
    length = n + (n - 1) * gap
    return [(i * (1 + gap) / length, (i * (1 + gap) + 1) / length) for i in range(n)]


def cells(quad: Any, across: int, down: int, gap: float = 0.0) -> list[Any]:
    """The four-sided outline ``quad`` cut in ``across`` × ``down`` tiles' outlines as the perspective
    puts them (``across`` along its first side; on the table, not in the photo), ``gap`` (a share of a
    tile's side) left out between each two: the tiles' outlines where the patch joins tiles laid
    apart (glare filling the gaps), or touching (no gap)."""
    cv2 = cv()
    unit = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    matrix = cv2.getPerspectiveTransform(unit, quad.astype(np.float32))
    out = []
    for y0, y1 in _spans(down, gap):
        for x0, x1 in _spans(across, gap):
            corner = np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], np.float32)
            out.append(cv2.perspectiveTransform(corner, matrix)[0])
    return out


def read_cells(rgb: Any, patch: Patch) -> list[tuple[Any, Face | None]]:
    """The tiles a patch as big as several holds (:attr:`Patch.tiles`), each cell's outline and face:
    the cells laid :data:`GAP` apart or touching, whichever read better (their worst face)."""
    best: list[tuple[Any, Face | None]] = []
    for gap in (GAP, 0.0):
        read = [(quad, read_face(rgb, quad)) for quad in cells(patch.quad, *patch.tiles, gap)]
        if not best or _worst(read) > _worst(best):
            best = read
    return best


def _worst(read: Sequence[tuple[Any, Face | None]]) -> float:
    return min((-1.0 if face is None else face.score) for _, face in read)


def read_joined(rgb: Any, patch: Patch, whole: Face | None) -> list[tuple[Any, Face]] | None:
    """Where the patch reads poorly as one tile (``whole``: its reading as one) but each half of it
    reads well as a tile (:data:`HALF_MIN`, and better than the whole by :data:`HALF_GAIN`), the two
    tiles it joins (two tiles touching, or glare filling the gap between them): each half's outline
    and face; else None."""
    if whole is not None and whole.score >= FACE_MIN and not patch.odd:
        return None
    floor = (whole.score if whole is not None else 0.0) + HALF_GAIN
    # a notched patch (a finger over one of the two) needs one half read well, the other fairly,
    # and a patch unread as one tile one half read well, the other holding ink: its tiles are in
    # doubt whichever way it is read, and a tile lost inside it would not be
    unread = whole is None or whole.score < FACE_MIN
    weaker = 0.0 if unread else max(floor, HALF_MIN if patch.whole else HALF_NOTCHED)
    best: list[tuple[Any, Face]] | None = None
    for pair in [pair for gap in (0.0, GAP) for pair in halves(patch.quad, gap)]:
        read = [(q, read_face(rgb, q)) for q in pair]
        got = [(q, f) for q, f in read if f is not None and f.score >= weaker]
        if (
            len(got) == 2
            and max(f.score for _, f in got) >= max(HALF_MIN, floor)
            and (best is None or min(f.score for _, f in got) > min(f.score for _, f in best))
        ):
            best = got
    return best


def _hidden_corners(hand: Any, patches: list[Patch], w: int, h: int) -> list[tuple[float, float]]:
    """Where a tile hidden by ``hand`` is asked for: a tile's usual outline centred on the hand's
    part nearest the tiles found."""
    ys, xs = np.nonzero(hand)
    centres = np.array([p.quad.mean(0) for p in patches])
    d = ((xs[:, None] - centres[None, :, 0]) ** 2 + (ys[:, None] - centres[None, :, 1]) ** 2).min(1)
    keep = d <= np.percentile(d, 25)
    at = np.array([xs[keep].mean(), ys[keep].mean()], np.float32)
    ref = patches[int(np.argmin(((centres - at) ** 2).sum(1)))].quad
    quad = ref - ref.mean(0) + at
    return [(float(x) / w, float(y) / h) for x, y in quad]


def _rack(rgb: Any, tiles: Any, reach: int) -> Any:
    """The rack under the tiles (uint8 0/255): the pixels of the rack's colour (the median of a ring
    round the tiles, where the rack shows) joined to the tiles, the part that holds them, filled to
    its convex outline (so a hand over it lies inside)."""
    cv2 = cv()
    ring = (cv2.dilate(tiles, np.ones((2 * reach + 1, 2 * reach + 1), np.uint8)) > 0) & (tiles == 0)
    colour = np.median(rgb[ring], axis=0)
    near = brightest(np.abs(rgb - colour)) < RACK_NEAR
    joined = (near | (tiles > 0)).astype(np.uint8)
    count, labels, stats, _ = cv2.connectedComponentsWithStats(joined, connectivity=8)
    held = np.unique(labels[tiles > 0])
    part = np.isin(labels, held[held > 0]).astype(np.uint8)
    contours, _ = cv2.findContours(part, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = np.zeros_like(part)
    cv2.fillPoly(out, [cv2.convexHull(np.vstack(contours))], 255)
    return cv2.erode(out, np.ones((5, 5), np.uint8))


def _hands(rgb: Any, patches: list[Patch]) -> list[Any]:
    """The hands' patches (each a boolean image) over the rack (:func:`_rack`): warm pixels outside
    every tile found, big and thick enough to hide part of one (:data:`HAND_MIN`, :data:`HAND_DEEP`),
    with a sharp edge (:data:`HAND_EDGE`)."""
    cv2 = cv()
    if not patches:
        return []
    full = rgb.shape[1], rgb.shape[0]
    rgb = rgb[::2, ::2]  # half the size: a hand is big
    h, w = rgb.shape[:2]
    quads = [(p.quad / 2).astype(np.int32) for p in patches]
    usual = float(np.median([float(cv2.contourArea(q.astype(np.float32))) for q in quads]))
    tiles = np.zeros((h, w), np.uint8)
    for q in quads:
        cv2.fillConvexPoly(tiles, q, 255)
    tiles = cv2.dilate(tiles, np.ones((3, 3), np.uint8))
    rack = _rack(rgb, tiles, max(3, round(np.sqrt(usual) / 4)))
    warm = skin(cv2.GaussianBlur(rgb, (0, 0), 1.5)) & (rack > 0) & (tiles == 0)
    warm = cv2.morphologyEx(warm.astype(np.uint8), cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    count, labels, stats, _ = cv2.connectedComponentsWithStats(warm, connectivity=8)
    grey = cv2.GaussianBlur(rgb.mean(-1).astype(np.float32), (0, 0), 1.0)
    steep = (
        np.hypot(cv2.Sobel(grey, cv2.CV_32F, 1, 0, ksize=3), cv2.Sobel(grey, cv2.CV_32F, 0, 1, ksize=3)) / 8
    )
    near_tiles = cv2.dilate(tiles, np.ones((5, 5), np.uint8)) > 0
    out = []
    for k in range(1, count):
        if stats[k, cv2.CC_STAT_AREA] < HAND_MIN * usual:
            continue
        part = (labels == k).astype(np.uint8)
        x, y, bw, bh = (int(v) for v in stats[k, :4])
        box = np.pad(part[y : y + bh, x : x + bw], 1)
        if float(cv2.distanceTransform(box, cv2.DIST_L2, 3).max()) < HAND_DEEP * np.sqrt(usual):
            continue  # a sliver: the table along the rack's edge
        rim = (cv2.dilate(part, np.ones((3, 3), np.uint8)) > 0) & (part == 0) & ~near_tiles
        if rim.any() and float(np.percentile(steep[rim], 75)) < HAND_EDGE:
            continue  # glare warmed by the rack's colour: it fades out, a hand's edge is sharp
        out.append(cv2.resize(part, full, interpolation=cv2.INTER_NEAREST) > 0)
    return out


def read_image(image: Any) -> RackReading:
    """Read a decoded photo (BGR); see :func:`read_photo`."""
    rgb = _balanced(image)
    mask = tile_mask(rgb)
    found = find_tiles(mask, rgb)
    if not found:
        raise PhotoError(
            "no_tiles",
            "no tiles found in the photo: lay the rack's tiles face up, "
            "apart, on a darker surface, and take the photo from above",
        )
    h, w = image.shape[:2]
    out = []
    count = []
    for first in found:
        patch, face = first, first.face
        for other in first.others:  # outlined otherwise: the outline whose face reads best
            if other.odd:
                continue  # it leaves much of the patch out (a second tile joined to it)
            again = read_face(rgb, other.quad)
            if other.sharp and not clear(again):
                continue
            if again is not None and not again.unsure and (face is None or again.score > face.score):
                patch, face = other, again
        size = patch.tiles[0] * patch.tiles[1]
        many = size > 2  # as big as three tiles or more
        joined = read_joined(rgb, patch, face) if size <= 3 else None
        sure = joined is not None and patch.whole and all(clear(half) for _, half in joined)
        held = read_cells(rgb, patch) if many else []
        if many and not (joined is not None and sure and _worst(joined) > _worst(held)):
            joined = None  # as big as three: two tiles (glare over a gap wider than the usual one
            # between them) only where both halves read clearly, and better than three cells
        if joined is not None:  # two tiles joined: each read, in doubt unless both read clearly
            for quad, half in joined:
                out.append(TileReading(half.code, not sure, [(float(x) / w, float(y) / h) for x, y in quad]))
            if not sure:
                count.append(CountRegion([(float(x) / w, float(y) / h) for x, y in patch.quad], 2))
            continue
        if patch.tiles != (1, 1):  # tiles joined: each read in its cell, in doubt unless three or
            # more all read clearly (two that did were read above as halves)
            held = held or read_cells(rgb, patch)
            sure = many and patch.whole and all(clear(cell) for _, cell in held)
            for quad, cell in held:
                code = JOKER if cell is None else cell.code
                out.append(TileReading(code, not sure, [(float(x) / w, float(y) / h) for x, y in quad]))
            if not sure:
                count.append(CountRegion([(float(x) / w, float(y) / h) for x, y in patch.quad], len(held)))
            continue
        if face is None and (patch.odd or patch.round):
            continue  # a patch of glare on the table
        code, doubt = (JOKER, True) if face is None else (face.code, face.unsure)
        doubt = doubt or not patch.whole or patch.odd
        corners = [(float(x) / w, float(y) / h) for x, y in patch.quad]
        out.append(TileReading(code, doubt, corners))
        if patch.odd:  # not four-sided: two tiles joined at an angle, it may be
            count.append(CountRegion(corners, 1))
    cv2 = cv()
    for hand in _hands(rgb, found):
        near = cv2.dilate(hand.astype(np.uint8), np.ones((7, 7), np.uint8)) > 0
        touched = False
        for t in out:
            q = np.array([[x * w, y * h] for x, y in t.corners], np.int32)
            spot = np.zeros((h, w), np.uint8)
            cv2.fillConvexPoly(spot, q, 1)
            if (near & (spot > 0)).any():
                t.doubt = touched = True
        if not touched:  # a hand over the rack, no tile seen under it: one may be hidden there
            out.append(TileReading(JOKER, True, _hidden_corners(hand, found, w, h)))
    if not out:
        raise PhotoError(
            "no_tiles",
            "no tiles found in the photo: lay the rack's tiles face up, "
            "apart, on a darker surface, and take the photo from above",
        )
    centre_y = [sum(y for _, y in t.corners) / 4 for t in out]
    step = 0.5 * float(np.median([max(y for _, y in t.corners) - min(y for _, y in t.corners) for t in out]))
    order = sorted(
        range(len(out)),
        key=lambda i: (round(centre_y[i] / max(step, 1e-6)), sum(x for x, _ in out[i].corners)),
    )
    return RackReading([out[i] for i in order], count)


def read_photo(data: bytes) -> RackReading:
    """The tiles in the photo ``data`` (JPEG or PNG bytes), or :class:`PhotoError` saying why not."""
    return read_image(decode(data))
