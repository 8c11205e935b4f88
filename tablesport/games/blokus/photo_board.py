"""The physical board the photo reader expects, as numbers shared by the reader and the renderer of
synthetic photos: a 20×20 grid of light grey squares inside a dark frame ``RIM`` squares wide, and
the four piece colours.

This is a model of the standard board; a club whose board differs (a light frame, another grey)
changes these numbers and measures its own photos (``bench/blokus_photo_agreement.py``)."""

from __future__ import annotations

GRID = 20
RIM = 0.8
"""The frame's width in squares, on each side."""
SPAN = GRID + 2 * RIM
"""The board's side in squares, frame included."""
SURFACE_RGB = (204, 204, 210)
GROOVE_RGB = (170, 170, 178)
FRAME_RGB = (46, 48, 54)
PIECE_RGB = {"B": (10, 84, 196), "Y": (248, 204, 10), "R": (212, 32, 44), "G": (8, 150, 74)}
"""The plastic's colour in daylight (sRGB), by the board letters of :meth:`BlokusState.board_rows`."""
