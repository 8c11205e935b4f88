"""Synthetic phone photos of the tiles left on a loser's rack, for the reader's benchmark and tests
(``bench/rummikub_photo.py``): the tiles of :mod:`.photo_tiles` laid face up on the rack in rows,
seen from a phone held at 30-70° above the table at any side (:mod:`tablesport.imaging.synth`), with
a lighting gradient, glare, blur, JPEG compression, a finger over a tile, the white balance off and
each tile's ivory and ink a little different.

Needs the ``photo`` extra."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from tablesport.core import Rng
from tablesport.imaging.decode import cv
from tablesport.imaging.synth import CONDITIONS as CONDITIONS
from tablesport.imaging.synth import SKIN, TABLES, Conditions, finish, on_table

from . import GAME
from .bots import GreedyBot
from .photo_tiles import ASPECT, FACE_RGB, INK_RGB, JOKER_INKS, draw_face
from .tiles import JOKER, code_of

TILE_PX = 120
"""A tile's height in pixels on the top-down rack before it is put in perspective."""
RACKS = ((38, 40, 46), (30, 45, 90), (80, 28, 34), (60, 60, 62))
"""The rack's plastic (sRGB): black, blue, burgundy, grey."""
TOPS = tuple(t for t in TABLES if min(t) < 200)
"""The tables the rack stands on: not a white one (the tiles are laid on a darker surface)."""
PER_ROW = 8
"""The most tiles the referee lays in one row."""


@dataclass(frozen=True)
class FinishedGame:
    """A real game's end: each seat's rack (tile codes), whether it made the initial meld, and the
    winners (seats)."""

    racks: list[list[str]]
    melded: list[bool]
    winners: list[int]

    def losers(self) -> list[int]:
        return [s for s in range(len(self.racks)) if s not in self.winners and self.racks[s]]


def finished_game(seed: int) -> FinishedGame:
    """A real finished game: four greedy bots play ``rummikub-2018`` from ``seed``."""
    st: Any = GAME.start("rummikub-2018", seed)
    bots = [GreedyBot(Rng(seed * 10 + i)) for i in range(4)]
    while (d := st.pending()) is not None:
        s = d.seats[0]
        st.apply(s, bots[s].act(st, s, d))
    return FinishedGame([[code_of(t) for t in r] for r in st.racks], list(st.melded), list(st.winners))


def layout(count: int) -> list[tuple[int, int]]:
    """Row and place in the row of each of ``count`` tiles laid in rows of at most :data:`PER_ROW`."""
    rows = max(1, math.ceil(count / PER_ROW))
    per = math.ceil(count / rows) if count else 0
    return [(i // per, i % per) for i in range(count)]


def _rgb(values: Any) -> tuple[float, float, float]:
    r, g, b = (float(v) for v in np.clip(values, 0, 255))
    return r, g, b


def rack_image(codes: list[str], rng: np.random.Generator, colour: bool) -> tuple[Any, list[Any]]:
    """The rack seen from straight above (RGB float32, 0-255) and each tile's corners on it."""
    cv2 = cv()
    th = TILE_PX
    tw = round(th * ASPECT)
    places = layout(len(codes))
    rows = 1 + max((r for r, _ in places), default=0)
    per = 1 + max((c for _, c in places), default=0)
    gap_x, gap_y = tw * rng.uniform(0.12, 0.25), th * rng.uniform(0.15, 0.3)
    margin = th * 0.45
    width = round(2 * margin + per * tw + (per - 1) * gap_x)
    height = round(2 * margin + rows * th + (rows - 1) * gap_y)
    img = np.empty((height, width, 3), np.float32)
    img[:] = np.array(RACKS[rng.integers(len(RACKS))], np.float32) + rng.normal(0, 4, 3)
    spread = 10.0 if colour else 4.0
    jokers = 0
    corners = []
    for code, (r, c) in zip(codes, places, strict=True):
        if code == JOKER:
            ink_letter = JOKER_INKS[jokers % 2]
            jokers += 1
        else:
            ink_letter = code[0]
        ink = np.array(INK_RGB[ink_letter], np.float32) * rng.uniform(1 - spread / 100, 1 + spread / 100)
        paper = np.array(FACE_RGB, np.float32) + rng.normal(0, spread / 2, 3)
        face = draw_face(code if code == JOKER else code[1:], th, _rgb(ink), _rgb(paper))
        shade = np.ones((th, tw), np.float32)
        rim = max(2, th // 30)
        shade[:rim, :] = shade[:, :rim] = 1.06
        shade[-rim:, :] = shade[:, -rim:] = 0.8
        face = np.clip(face * shade[:, :, None], 0, 255)
        x = round(margin + c * (tw + gap_x) + rng.normal(0, tw * 0.03))
        y = round(margin + r * (th + gap_y) + rng.normal(0, th * 0.02))
        img[y : y + th, x : x + tw] = face
        corners.append(np.array([[x, y], [x + tw, y], [x + tw, y + th], [x, y + th]], np.float32))
    img = cv2.GaussianBlur(img, (0, 0), 0.7)
    return img, corners


def _finger(photo: Any, tile: Any, centre: Any, rng: np.random.Generator) -> None:
    """A finger reaching over one tile from outside the rack, covering part of the tile."""
    cv2 = cv()
    mid = tile.mean(0)
    outward = mid - centre
    outward /= max(1e-6, float(np.linalg.norm(outward)))
    size = float(np.sqrt(abs(cv2.contourArea(tile.astype(np.float32)))))
    tip = mid + outward * size * rng.uniform(0.1, 0.4)
    root = tip + outward * size * 6
    colour = tuple(float(v) for v in SKIN[rng.integers(len(SKIN))])
    cv2.line(
        photo,
        (int(tip[0]), int(tip[1])),
        (int(root[0]), int(root[1])),
        colour,
        max(3, int(size * 0.55)),
        cv2.LINE_AA,
    )


def render(codes: list[str], seed: int, cond: Conditions) -> tuple[bytes, list[tuple[float, float]]]:
    """A JPEG photo of the tiles ``codes`` laid on a rack under ``cond``, and each tile's centre in the
    photo (fractions of its width and height), in the order of ``codes``."""
    cv2 = cv()
    rng = np.random.default_rng(seed)
    picture, tiles = rack_image(codes, rng, cond.colour)
    photo, quad = on_table(picture, rng, cond, TOPS)
    h, w = picture.shape[:2]
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    matrix = cv2.getPerspectiveTransform(src, quad)
    seen = [cv2.perspectiveTransform(t[None], matrix)[0] for t in tiles]
    if cond.occlusion and seen:
        outer = [i for i, (_, c) in enumerate(layout(len(codes))) if c == 0 or i == len(codes) - 1]
        _finger(photo, seen[int(outer[rng.integers(len(outer))])], quad.mean(0), rng)
    data = finish(photo, quad, rng, cond)
    width, height = cond.size
    return data, [(float(t[:, 0].mean()) / width, float(t[:, 1].mean()) / height) for t in seen]
