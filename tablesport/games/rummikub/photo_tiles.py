"""The physical tile the photo reader expects, as numbers and one drawing shared by the reader (its
templates) and the renderer of synthetic photos: an ivory tile about 26×36 mm, its number printed in
the upper part in its colour's ink, a small ring of the same ink below it (so a tile's top is
known), the joker a smiling face.

This is a model of the common tile set; a club whose tiles differ (another typeface, a printed
joker) changes the drawing here and measures its own photos (``bench/rummikub_photo_agreement.py``).
Needs the ``photo`` extra."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from tablesport.imaging.decode import cv

from .tiles import JOKER, NUMBERS

ASPECT = 26 / 36
"""A tile's width over its height."""
FACE_RGB = (238, 232, 214)
INK_RGB = {"R": (200, 30, 40), "B": (25, 75, 175), "O": (236, 132, 22), "K": (28, 28, 34)}
"""Each colour's ink (sRGB), by the tile code's colour letter (seed 002's four colours)."""
JOKER_INKS = ("R", "K")
"""The two jokers' inks: one red, one black face."""
FACES = tuple(str(n) for n in NUMBERS) + (JOKER,)
"""What a tile's face can show: 1-13 or the joker."""


def draw_face(
    face: str,
    height: int,
    ink: tuple[float, float, float] = (0.0, 0.0, 0.0),
    paper: tuple[float, float, float] = (255.0, 255.0, 255.0),
) -> Any:
    """The tile's face, ``height`` pixels high, upright (RGB float32): ``face`` is ``"1"``-``"13"`` or
    ``"J"`` in ``ink`` on ``paper``."""
    cv2 = cv()
    width = round(height * ASPECT)
    img = np.empty((height, width, 3), np.uint8)
    img[:] = np.round(paper).astype(np.uint8)
    ink = (float(round(ink[0])), float(round(ink[1])), float(round(ink[2])))
    thick = max(1, round(height * 0.055))
    if face == JOKER:
        centre = (width // 2, round(height * 0.42))
        r = round(width * 0.34)
        cv2.circle(img, centre, r, ink, thick, cv2.LINE_AA)
        for dx in (-1, 1):
            cv2.circle(
                img,
                (centre[0] + dx * round(r * 0.4), centre[1] - round(r * 0.25)),
                max(1, round(r * 0.14)),
                ink,
                -1,
                cv2.LINE_AA,
            )
        cv2.ellipse(
            img,
            (centre[0], centre[1] + round(r * 0.1)),
            (round(r * 0.55), round(r * 0.45)),
            0,
            20,
            160,
            ink,
            thick,
            cv2.LINE_AA,
        )
    else:
        font = cv2.FONT_HERSHEY_DUPLEX
        (tw, th), _ = cv2.getTextSize(face, font, 1.0, thick)
        scale = min(0.36 * height / th, 0.84 * width / tw)
        (tw, th), _ = cv2.getTextSize(face, font, scale, thick)
        org = ((width - tw) // 2, round(height * 0.44 + th / 2))
        cv2.putText(img, face, org, font, scale, ink, thick, cv2.LINE_AA)
    cv2.circle(
        img,
        (width // 2, round(height * 0.80)),
        max(2, round(width * 0.09)),
        ink,
        max(1, thick // 2 + 1),
        cv2.LINE_AA,
    )
    return img.astype(np.float32)


@cache
def templates(height: int) -> Any:
    """Each face of :data:`FACES` as ink (1) on paper (0), ``height`` pixels high, a little blurred:
    an array (faces, height, width) float32."""
    cv2 = cv()
    out = []
    for face in FACES:
        img = draw_face(face, height * 4, (255.0, 255.0, 255.0), (0.0, 0.0, 0.0))[:, :, 0] / 255.0
        small = cv2.resize(img, (round(height * ASPECT), height), interpolation=cv2.INTER_AREA)
        out.append(cv2.GaussianBlur(small, (0, 0), 0.6))
    return np.stack(out).astype(np.float32)
