"""Synthetic phone photos of a finished Blokus board, for the reader's benchmark and tests
(``bench/blokus_photo.py``): the board of :mod:`.photo_board` drawn from a position's rows, seen
from a phone held at 30-70° above the table at any side of it, on a table, with what a hall does to
a photo: a lighting gradient, glare on the plastic, blur, JPEG compression, a hand or a cup in view,
the white balance off and each piece's plastic a little different.

Needs the ``photo`` extra."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from tablesport.core.rng import Rng
from tablesport.imaging.decode import cv

from .bots import GreedyScorer
from .game import PRESETS
from .photo_board import FRAME_RGB, GRID, GROOVE_RGB, PIECE_RGB, RIM, SPAN, SURFACE_RGB
from .state import BlokusState

PX = 32
"""Pixels per square of the top-down board before it is put in perspective."""
TABLES = ((150, 104, 62), (196, 160, 112), (40, 110, 60), (232, 230, 222), (60, 90, 150), (170, 60, 50))
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
"""The benchmark's conditions: every photo is in perspective; each condition adds its harm."""


def finished_game(seed: int) -> BlokusState:
    """A real finished game: four greedy bots (weights drawn from ``seed``) play ``blokus-event``."""
    state = BlokusState(PRESETS["blokus-event"], seed)
    rng = Rng(seed)
    scorer = GreedyScorer(10.0, 4 * rng.random(), 5 * rng.random())
    while state.current is not None:
        ids = state.legal_ids()
        if ids:
            state.play_id(scorer.ranked(state, ids, rng)[0])
        else:
            state.pass_turn()
    return state


def _components(rows: list[str]) -> list[tuple[str, list[tuple[int, int]]]]:
    seen: set[tuple[int, int]] = set()
    out = []
    for r in range(GRID):
        for c in range(GRID):
            ch = rows[r][c]
            if ch == "." or (r, c) in seen:
                continue
            stack, cells = [(r, c)], []
            seen.add((r, c))
            while stack:
                y, x = stack.pop()
                cells.append((y, x))
                for ny, nx in ((y + 1, x), (y - 1, x), (y, x + 1), (y, x - 1)):
                    if 0 <= ny < GRID and 0 <= nx < GRID and (ny, nx) not in seen and rows[ny][nx] == ch:
                        seen.add((ny, nx))
                        stack.append((ny, nx))
            out.append((ch, cells))
    return out


def board_image(rows: list[str], rng: np.random.Generator, colour: bool) -> Any:
    """The board seen from straight above (RGB float32, 0-255), ``rows`` top row first."""
    side = round(SPAN * PX)
    img = np.empty((side, side, 3), np.float32)
    img[:] = FRAME_RGB
    off = round(RIM * PX)
    cell = np.empty((GRID, GRID, 3), np.float32)
    cell[:] = SURFACE_RGB
    spread = 14.0 if colour else 6.0
    for ch, cells in _components(rows):
        base = np.array(PIECE_RGB[ch], np.float32) * rng.uniform(1 - spread / 100, 1 + spread / 100)
        base += rng.normal(0, spread, 3)
        for y, x in cells:
            cell[y, x] = base
    big = np.repeat(np.repeat(cell, PX, 0), PX, 1)
    shade = np.ones((PX, PX), np.float32)
    shade[:3, :] = shade[:, :3] = 1.12  # lit top and left bevel
    shade[-3:, :] = shade[:, -3:] = 0.78
    big *= np.tile(shade, (GRID, GRID))[:, :, None]
    groove = np.zeros((PX, PX), bool)
    groove[:1, :] = groove[:, :1] = groove[-1:, :] = groove[:, -1:] = True
    empty = np.repeat(np.repeat(np.array([[ch == "." for ch in row] for row in rows]), PX, 0), PX, 1)
    lines = np.tile(groove, (GRID, GRID)) & empty
    big[lines] = GROOVE_RGB
    img[off : off + GRID * PX, off : off + GRID * PX] = np.clip(big, 0, 255)
    return img


def _camera(rng: np.random.Generator, cond: Conditions, width: int, height: int) -> Any:
    """Where the board's four corners (top left first, clockwise) fall in the photo."""
    elev = math.radians(rng.uniform(*cond.elevation))
    yaw = rng.uniform(0, 2 * math.pi)
    corners = np.array([[-0.5, 0.5, 0], [0.5, 0.5, 0], [0.5, -0.5, 0], [-0.5, -0.5, 0]], np.float64)
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


def _table(rng: np.random.Generator, width: int, height: int) -> Any:
    base = np.array(TABLES[rng.integers(len(TABLES))], np.float32)
    yy, xx = np.mgrid[0:height, 0:width].astype(np.float32)
    angle = rng.uniform(0, math.pi)
    grain = np.sin((xx * math.cos(angle) + yy * math.sin(angle)) / rng.uniform(6, 30)) * rng.uniform(0, 10)
    return np.clip(base + grain[:, :, None] + rng.normal(0, 4, (height, width, 1)), 0, 255)


def _occlude(photo: Any, quad: Any, rng: np.random.Generator) -> None:
    """A hand reaching over one side of the board, or a cup standing on its edge."""
    cv2 = cv()
    side = int(rng.integers(4))
    a, b = quad[side], quad[(side + 1) % 4]
    centre = quad.mean(0)
    t = rng.uniform(0.25, 0.75)
    edge = a + (b - a) * t
    outward = edge - centre
    outward /= np.linalg.norm(outward)
    cell = float(np.linalg.norm(b - a)) / SPAN
    if rng.random() < 0.5:
        colour = tuple(float(v) for v in SKIN[rng.integers(len(SKIN))])
        palm = edge + outward * cell * rng.uniform(3.5, 5)
        cv2.ellipse(
            photo,
            (int(palm[0]), int(palm[1])),
            (int(cell * 3), int(cell * 2.4)),
            math.degrees(math.atan2(outward[1], outward[0])),
            0,
            360,
            colour,
            -1,
            cv2.LINE_AA,
        )
        along = (b - a) / np.linalg.norm(b - a)
        for k in range(int(rng.integers(2, 5))):
            root = palm + along * cell * (k - 1.5) * 1.1
            tip = edge + along * cell * (k - 1.5) * 1.1 - outward * cell * rng.uniform(0.3, 1.8)
            cv2.line(
                photo,
                (int(root[0]), int(root[1])),
                (int(tip[0]), int(tip[1])),
                colour,
                max(2, int(cell * 0.8)),
                cv2.LINE_AA,
            )
    else:
        colour = tuple(float(v) for v in rng.uniform(120, 250, 3))
        spot = edge + outward * cell * rng.uniform(0.5, 1.5)
        radius = int(cell * rng.uniform(1.3, 2.0))
        cv2.circle(photo, (int(spot[0]), int(spot[1])), radius, colour, -1, cv2.LINE_AA)
        cv2.circle(
            photo, (int(spot[0]), int(spot[1])), int(radius * 0.8), (70.0, 45.0, 30.0), -1, cv2.LINE_AA
        )


def render(rows: list[str], seed: int, cond: Conditions) -> bytes:
    """A JPEG photo of the finished board ``rows`` (top row, row 20, first) under ``cond``."""
    cv2 = cv()
    rng = np.random.default_rng(seed)
    width, height = cond.size
    board = board_image(rows, rng, cond.colour)
    quad = _camera(rng, cond, width, height)
    side = board.shape[0]
    src = np.array([[0, 0], [side, 0], [side, side], [0, side]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, quad)
    warped = cv2.warpPerspective(board, matrix, (width, height), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(
        np.ones((side, side), np.float32), matrix, (width, height), flags=cv2.INTER_LINEAR
    )
    photo = _table(rng, width, height) * (1 - mask[:, :, None]) + warped * mask[:, :, None]
    photo = np.ascontiguousarray(photo, np.float32)
    if cond.occlusion:
        _occlude(photo, quad, rng)
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
