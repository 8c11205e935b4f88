"""Synthetic phone photos of a flat thing on a table, for the games' photo readers' benchmarks and
tests: a top-down picture of the thing (a board, tiles laid out) seen from a phone held at 30-70°
above the table from any side, on a table, with what a hall does to a photo: a lighting gradient,
glare, blur, noise, JPEG compression and the white balance off. What can stand in the way (a hand,
a cup) and how a game's pieces differ in colour are the game's own (its ``photo_render`` module).

Needs the ``photo`` extra."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from .decode import cv

TABLES = ((150, 104, 62), (196, 160, 112), (40, 110, 60), (232, 230, 222), (60, 90, 150), (170, 60, 50))
"""Table tops (sRGB): wood, light wood, green baize, white, blue and red cloth."""
SKIN = ((224, 178, 150), (198, 140, 104), (141, 94, 66))


@dataclass(frozen=True)
class Conditions:
    """What the photo suffers. ``elevation``: the phone's angle above the table, degrees."""

    elevation: tuple[float, float] = (30.0, 70.0)
    lighting: bool = False
    glare: bool = False
    blur: bool = False
    jpeg: tuple[int, int] = (80, 92)
    occlusion: bool = False
    colour: bool = False
    size: tuple[int, int] = (1280, 960)


CONDITIONS: dict[str, Conditions] = {
    "perspective": Conditions(),
    "lighting": Conditions(lighting=True, glare=True),
    "blur": Conditions(blur=True),
    "jpeg": Conditions(jpeg=(25, 50)),
    "occlusion": Conditions(occlusion=True),
    "colour": Conditions(colour=True),
    "all": Conditions(lighting=True, glare=True, blur=True, jpeg=(40, 70), occlusion=True, colour=True),
}
"""The benchmarks' conditions: every photo is in perspective; each condition adds its harm."""


def camera(rng: np.random.Generator, cond: Conditions, width: int, height: int, aspect: float = 1.0) -> Any:
    """Where the four corners (top left first, clockwise) of a flat rectangle ``aspect`` times as wide
    as it is deep fall in the photo."""
    elev = math.radians(rng.uniform(*cond.elevation))
    yaw = rng.uniform(0, 2 * math.pi)
    w, h = (0.5, 0.5 / aspect) if aspect >= 1 else (0.5 * aspect, 0.5)
    corners = np.array([[-w, h, 0], [w, h, 0], [w, -h, 0], [-w, -h, 0]], np.float64)
    dist = 1.6
    eye = dist * np.array([math.cos(elev) * math.cos(yaw), math.cos(elev) * math.sin(yaw), math.sin(elev)])
    aim = rng.normal(0, 0.04, 3) * np.array([1, 1, 0])
    forward = (aim - eye) / np.linalg.norm(aim - eye)
    right = np.cross(forward, [0, 0, 1.0])
    right /= np.linalg.norm(right)
    up = np.cross(right, forward)
    roll = math.radians(rng.uniform(-12, 12))
    right, up = right * math.cos(roll) + up * math.sin(roll), up * math.cos(roll) - right * math.sin(roll)
    rel = corners - eye
    xs = rel @ right / (rel @ forward)
    ys = -(rel @ up) / (rel @ forward)
    pts = np.stack([xs, ys], 1)
    span = pts.max(0) - pts.min(0)
    fill = rng.uniform(0.55, 0.85)
    scale = fill * min(width / span[0], height / span[1])
    pts = (pts - pts.min(0)) * scale
    room = np.array([width, height]) - (pts.max(0))
    pts += room * rng.uniform(0.2, 0.8, 2)
    return pts.astype(np.float32)


def table(rng: np.random.Generator, width: int, height: int, tops: tuple[Any, ...] = TABLES) -> Any:
    """A table top with grain and noise (RGB float32), its colour drawn from ``tops``."""
    base = np.array(tops[rng.integers(len(tops))], np.float32)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, math.pi)
    grain = np.sin((xx * math.cos(angle) + yy * math.sin(angle)) / rng.uniform(6, 30)) * rng.uniform(0, 10)
    return np.clip(base + grain[:, :, None] + rng.normal(0, 4, (height, width, 1)), 0, 255)


def on_table(
    picture: Any, rng: np.random.Generator, cond: Conditions, tops: tuple[Any, ...] = TABLES
) -> tuple[Any, Any]:
    """The top-down ``picture`` (RGB float32) in perspective on a table: the photo (RGB float32) and
    where the picture's corners fell in it."""
    cv2 = cv()
    width, height = cond.size
    h, w = picture.shape[:2]
    quad = camera(rng, cond, width, height, w / h)
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, quad)
    warped = cv2.warpPerspective(picture, matrix, (width, height), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.ones((h, w), np.float32), matrix, (width, height), flags=cv2.INTER_LINEAR)
    photo = table(rng, width, height, tops) * (1 - mask[:, :, None]) + warped * mask[:, :, None]
    return np.ascontiguousarray(photo, np.float32), quad


def finish(photo: Any, quad: Any, rng: np.random.Generator, cond: Conditions) -> bytes:
    """The photo (RGB float32) with the hall's harms of ``cond``, as JPEG bytes; ``quad`` is where the
    photographed thing lies (the glare falls near it)."""
    cv2 = cv()
    height, width = photo.shape[:2]
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    if cond.lighting:
        angle = rng.uniform(0, 2 * math.pi)
        ramp = xx * math.cos(angle) + yy * math.sin(angle)
        ramp = (ramp - ramp.min()) / max(1.0, float(ramp.max() - ramp.min()))
        lo, hi = rng.uniform(0.55, 0.8), rng.uniform(1.0, 1.12)
        photo *= (lo + (hi - lo) * ramp)[:, :, None]
    if cond.glare:
        spot = quad.mean(0) + rng.normal(0, 0.2, 2) * (quad.max(0) - quad.min(0))
        sigma = rng.uniform(25, 70)
        glow = np.exp(-((xx - spot[0]) ** 2 + (yy - spot[1]) ** 2) / (2 * sigma**2)) * rng.uniform(0.35, 0.6)
        photo = photo * (1 - glow[:, :, None]) + 255 * glow[:, :, None]
    if cond.colour:
        photo *= rng.uniform(0.85, 1.15, 3)
    if cond.blur:
        if rng.random() < 0.5:
            photo = cv2.GaussianBlur(photo, (0, 0), rng.uniform(1.0, 2.2))
        else:
            length = int(rng.integers(5, 10))
            kernel = np.zeros((length, length), np.float32)
            kernel[length // 2, :] = 1 / length
            rot = cv2.getRotationMatrix2D((length / 2 - 0.5, length / 2 - 0.5), rng.uniform(0, 180), 1)
            kernel = cv2.warpAffine(kernel, rot, (length, length))
            photo = cv2.filter2D(photo, -1, kernel / max(1e-6, float(kernel.sum())))
    photo += rng.normal(0, 3, photo.shape).astype(np.float32)
    bgr = cv2.cvtColor(np.clip(photo, 0, 255).astype(np.uint8), cv2.COLOR_RGB2BGR)
    ok, data = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(*cond.jpeg))])
    assert ok
    return bytes(data.tobytes())
