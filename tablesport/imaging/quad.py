"""A board's outline in a photo: the dark frame round it found as a mask, its four sides fitted as
lines (so a hand over one corner or a break in the frame does not move them), and the board warped
to a square.

Corners are (x, y) pixel pairs in the order round the outline; which one is which board corner is
the game's to decide (a Blokus reader tries the four turns)."""

from __future__ import annotations

from contextlib import suppress
from itertools import combinations
from typing import Any

import numpy as np

from .decode import PhotoError, cv

Quad = Any  # a (4, 2) float32 array of corners in order round the outline


def _gap(points: Any, hull: Any) -> float:
    """How far the nearest of ``points`` lies outside the convex polygon ``hull`` (0 when inside)."""
    cv2 = cv()
    nearest = float("inf")
    for p in points[:: max(1, len(points) // 48)]:
        d = cv2.pointPolygonTest(hull, (float(p[0][0]), float(p[0][1])), True)
        nearest = min(nearest, max(0.0, -d))
    return nearest


def outlines(mask: Any, min_share: float = 0.04) -> list[Any]:
    """Convex outlines of the frames in ``mask`` (uint8 0/255), largest first: each frame's broken
    pieces (glare or a hand cuts it) joined to it when they come near it."""
    cv2 = cv()
    count, labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    area_min = mask.shape[0] * mask.shape[1] * 0.00004
    parts = []
    for k in range(1, count):
        if stats[k, cv2.CC_STAT_AREA] < area_min:
            continue
        x, y, w, h = stats[k, :4]
        sub = (labels[y : y + h, x : x + w] == k).astype(np.uint8)
        contours, _ = cv2.findContours(
            sub, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE, offset=(int(x), int(y))
        )
        pts = np.vstack(contours)
        parts.append((float(cv2.contourArea(cv2.convexHull(pts))), pts))
    parts.sort(key=lambda p: -p[0])
    frames: list[Any] = []
    while parts:
        _, pts = parts.pop(0)
        hull = cv2.convexHull(pts)
        joined = True
        while joined:
            joined = False
            side = max(1.0, float(np.sqrt(cv2.contourArea(hull))))
            for i, (_, other) in enumerate(parts):
                if _gap(other, hull) < 0.08 * side:
                    pts = np.vstack([pts, other])
                    hull = cv2.convexHull(pts)
                    parts.pop(i)
                    joined = True
                    break
        if cv2.contourArea(hull) >= min_share * mask.shape[0] * mask.shape[1]:
            frames.append(hull)
    return sorted(frames, key=lambda h: -float(cv2.contourArea(h)))


def _line_meet(a: Any, b: Any) -> Any:
    """Where the lines through segments ``a`` and ``b`` ((2, 2) arrays) cross, or None if parallel."""
    (x1, y1), (x2, y2) = a
    (x3, y3), (x4, y4) = b
    den = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)
    if abs(den) < 1e-6:
        return None
    t = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / den
    return np.array([x1 + t * (x2 - x1), y1 + t * (y2 - y1)], np.float32)


def _dense(hull: Any, step: float) -> Any:
    """Points every ``step`` pixels along the closed polygon ``hull``."""
    poly = hull.reshape(-1, 2).astype(np.float32)
    out = []
    for a, b in zip(poly, np.roll(poly, -1, 0), strict=True):
        n = max(1, int(np.hypot(*(b - a)) / step))
        out.append(a + (b - a) * (np.arange(n)[:, None] / n))
    return np.vstack(out)


def _fit_side(points: Any, a: Any, b: Any, tol: float) -> Any:
    """The segment a-b refitted to the outline's points that lie along it (a corner cut off by a
    hand leaves the rest of the side to fit)."""
    cv2 = cv()
    d = b - a
    length = float(np.hypot(*d))
    unit = d / max(length, 1e-6)
    rel = points - a
    along = rel @ unit
    off = np.abs(rel[:, 0] * unit[1] - rel[:, 1] * unit[0])
    near = points[(off < tol) & (along > 0.1 * length) & (along < 0.9 * length)]
    if len(near) < 8:
        return np.array([a, b])
    vx, vy, x0, y0 = cv2.fitLine(near.astype(np.float32), cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
    return np.array([[x0, y0], [x0 + vx, y0 + vy]], np.float32)


def _meet(sides: list[Any]) -> Quad:
    """The corners (clockwise) where each of four lines round an outline (segments, (2, 2) arrays)
    meets the next."""
    corners = []
    for j in range(4):
        meet = _line_meet(sides[j - 1], sides[j])
        if meet is None:
            raise PhotoError("no_board", "no board found in the photo (the frame is not four-sided)")
        corners.append(meet)
    return clockwise(np.array(corners, np.float32))


def largest_quads(hull: Any, count: int) -> list[Quad]:
    """The ``count`` largest quadrilaterals on the (simplified) convex outline's corners, round the
    outline, largest first."""
    cv2 = cv()
    perimeter = cv2.arcLength(hull, True)
    poly = hull.reshape(-1, 2).astype(np.float32)
    for share in (0.003, 0.005, 0.01, 0.02):
        poly = cv2.approxPolyDP(hull, share * perimeter, True).reshape(-1, 2).astype(np.float32)
        if len(poly) <= 24:
            break
    if len(poly) < 4:
        raise PhotoError("no_board", "no board found in the photo (the frame is not four-sided)")
    picks = np.array(list(combinations(range(len(poly)), 4)))
    xs, ys = poly[picks, 0], poly[picks, 1]
    areas = np.abs((xs * np.roll(ys, -1, 1) - ys * np.roll(xs, -1, 1)).sum(1))
    return [poly[picks[i]] for i in np.argsort(-areas, kind="stable")[:count]]


def corners_of(hull: Any) -> Quad:
    """The largest quadrilateral on the (simplified) convex outline's corners, round the outline: a
    board's corners where they are in view, or a tile's."""
    return largest_quads(hull, 1)[0]


def clockwise(quad: Quad) -> Quad:
    """``quad`` with its corners in clockwise order on screen (y down)."""
    x, y = quad[:, 0], quad[:, 1]
    if float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1))) < 0:
        return quad[::-1].copy()
    return quad


def frame_fit(mask: Any, quad: Quad, rim: float) -> float:
    """How well ``quad`` sits on a frame ``rim`` (share of the side) wide in ``mask``: on each side the
    frame's band full and the bands just outside and just inside it empty; the weakest side counts
    twice."""
    cv2 = cv()
    side, margin = 160, 10
    band = max(2, round(rim * side))
    target = np.array(
        [[margin, margin], [margin + side, margin], [margin + side, margin + side], [margin, margin + side]],
        np.float32,
    )
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), target)
    full = side + 2 * margin
    w = cv2.warpPerspective(mask, matrix, (full, full), flags=cv2.INTER_NEAREST) > 0
    scores = []
    for view in (w, w[::-1], w.T, w.T[::-1]):  # the top, bottom, left and right sides
        lo, hi = margin + side // 10, margin + side - side // 10
        out = view[2 : margin - 2, lo:hi].mean()
        on = view[margin + 1 : margin + band - 1, lo:hi].mean()
        inside = view[margin + band + 2 : margin + 2 * band + 2, lo:hi].mean()
        scores.append(float(on - out - inside))
    return sum(scores) / 4 + min(scores)


def settle(mask: Any, quad: Quad, rim: float) -> Quad:
    """``quad`` with each corner moved, coarse to fine, while the frame fits better."""
    best = quad.astype(np.float32).copy()
    score = frame_fit(mask, best, rim)
    moves = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]
    (ax, ay), (bx, by) = best[2] - best[0], best[3] - best[1]
    scale = float(np.sqrt(abs(float(ax * by - ay * bx)) / 2))
    for step in (scale * f for f in (0.04, 0.02, 0.01, 0.005, 0.0025)):
        improved = True
        while improved:
            improved = False
            for i in range(4):
                for dx, dy in moves:
                    trial = best.copy()
                    trial[i] += (dx * step, dy * step)
                    got = frame_fit(mask, trial, rim)
                    if got > score + 1e-4:
                        best, score, improved = trial, got, True
    return best


SHAPES_TRIED = 30


def board_quad(mask: Any, hull: Any, rim: float) -> Quad:
    """The corners of the board whose frame (``rim`` of its side wide) outlines ``hull`` in ``mask``:
    candidates from the outline (the largest quadrilateral on it, the one with its sides refitted, and
    of the ``SHAPES_TRIED`` largest the one that sits best on the frame, for a hand joined to the
    frame's outline), each settled on the frame, the best fit kept."""
    cv2 = cv()
    quads = largest_quads(hull, SHAPES_TRIED)
    first = quads[0]
    candidates = [first]
    best = max(quads, key=lambda q: frame_fit(mask, clockwise(q), rim))
    if best is not first:
        candidates.append(best)
    with suppress(PhotoError):
        candidates.append(quad_of(hull))
    settled = [settle(mask, c, rim) for c in candidates]
    quad = max(settled, key=lambda q: frame_fit(mask, q, rim))
    quad = clockwise(quad)
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2)) or frame_fit(mask, quad, rim) < 0.5:
        raise PhotoError("no_board", "no board found in the photo (no four-sided frame)")
    return quad


def quad_of(hull: Any) -> Quad:
    """The four corners of a convex outline: simplified to four sides, each side refitted as a line
    through the outline's points along it and the lines met, so a corner cut off is restored."""
    cv2 = cv()
    poly = corners_of(hull)
    perimeter = cv2.arcLength(hull, True)
    points = _dense(hull, 2.0)
    sides = [_fit_side(points, poly[i], poly[(i + 1) % 4], 0.01 * perimeter) for i in range(4)]
    quad = _meet(sides)
    area = cv2.contourArea(quad)
    if not cv2.isContourConvex(quad.reshape(-1, 1, 2)) or not 0.8 < area / cv2.contourArea(hull) < 1.3:
        raise PhotoError("no_board", "no board found in the photo (the frame is not four-sided)")
    return quad


def straight_quad(outline: Any, step: int, keep: Any = None) -> Quad:
    """The four corners where the four straight sides of ``outline`` (a closed contour, every point)
    meet, clockwise: its points grouped by the way the outline runs there (from ``step`` points
    behind to ``step`` ahead), the four most common ways at least 30° apart taken as its sides, each
    side a line fitted through its points. A bulge or rounded corner runs every way a little, a
    straight side one way long. Where ``keep`` (a boolean per point) is given, only the points it
    keeps count and are fitted (the way is still measured along the whole outline)."""
    cv2 = cv()
    pts = outline.reshape(-1, 2).astype(np.float32)
    ahead = np.roll(pts, -step, 0) - np.roll(pts, step, 0)
    angle = np.degrees(np.arctan2(ahead[:, 1], ahead[:, 0])) % 360
    if keep is not None:
        pts, angle = pts[keep], angle[keep]
    count = np.bincount((angle // 5).astype(int) % 72, minlength=72).astype(float)
    count = count + np.roll(count, 1) + np.roll(count, -1)
    peaks: list[int] = []
    for b in np.argsort(-count, kind="stable"):
        if all(min(abs(int(b) - p), 72 - abs(int(b) - p)) >= 6 for p in peaks):
            peaks.append(int(b))
        if len(peaks) == 4:
            break
    lines = []
    for p in sorted(peaks):
        off = np.abs((angle - (p * 5 + 2.5) + 180) % 360 - 180)
        near = pts[off < 10]
        if len(near) < 8:
            raise PhotoError("no_board", "no board found in the photo (the frame is not four-sided)")
        vx, vy, x0, y0 = cv2.fitLine(near, cv2.DIST_HUBER, 0, 0.01, 0.01).ravel()
        lines.append(np.array([[x0, y0], [x0 + vx, y0 + vy]], np.float32))
    return _meet(lines)


def warp(image: Any, quad: Quad, side: int) -> Any:
    """The quadrilateral ``quad`` of ``image`` warped to a ``side``×``side`` square."""
    cv2 = cv()
    square = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    matrix = cv2.getPerspectiveTransform(quad.astype(np.float32), square)
    return cv2.warpPerspective(image, matrix, (side, side), flags=cv2.INTER_LINEAR)
