"""Synthetic phone photos of a finished Blokus board, for the reader's benchmark and tests
(``bench/blokus_photo.py``): the board of :mod:`.photo_board` drawn from a position's rows, seen
from a phone held at 30-70° above the table at any side of it, on a table, with what a hall does to
a photo: a lighting gradient, glare on the plastic, blur, JPEG compression, a hand or a cup in view,
the white balance off and each piece's plastic a little different.

Needs the ``photo`` extra."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from tablesport.core.rng import Rng
from tablesport.imaging.decode import cv
from tablesport.imaging.synth import CONDITIONS as CONDITIONS
from tablesport.imaging.synth import SKIN, Conditions, finish, on_table

from .bots import GreedyScorer
from .game import PRESETS
from .photo_board import FRAME_RGB, GRID, GROOVE_RGB, PIECE_RGB, RIM, SPAN, SURFACE_RGB
from .state import BlokusState

PX = 32
"""Pixels per square of the top-down board before it is put in perspective."""


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
    rng = np.random.default_rng(seed)
    photo, quad = on_table(board_image(rows, rng, cond.colour), rng, cond)
    if cond.occlusion:
        _occlude(photo, quad, rng)
    return finish(photo, quad, rng, cond)
