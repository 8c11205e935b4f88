"""A photo's bytes → an image small enough to read, or a :class:`PhotoError` saying why not.

The errors carry a ``key`` (``not_image``, ``too_big``, ``blank``, ``no_board``, ``two_boards``,
``no_tiles``) that
the pages turn into a message in the user's language; the English message is for the CLI and logs."""

from __future__ import annotations

from functools import cache
from typing import Any

from tablesport.core import TablesportError
from tablesport.extras import require

MAX_BYTES = 15 * 1024 * 1024
"""The largest upload read (a phone's JPEG is 2-8 MB)."""
MAX_PIXELS = 50_000_000
"""The largest image decoded (width × height): a bigger one is refused before decoding."""
WORK_SIDE = 1000
"""The longer side the reader works at: enough for a 20×20 board filling a third of the photo."""

KEYS = ("not_image", "too_big", "blank", "no_board", "two_boards", "no_tiles")


class PhotoError(TablesportError):
    """A photo that cannot be read; ``key`` names why (one of :data:`KEYS`)."""

    def __init__(self, key: str, message: str) -> None:
        assert key in KEYS, key
        super().__init__(message)
        self.key = key


@cache
def cv() -> Any:
    """The ``cv2`` module, or :class:`tablesport.extras.MissingExtra` naming the install command."""
    require("photo", "reading a photo")
    import cv2

    return cv2


def _declared_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a PNG or JPEG header, without decoding the pixels."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] != b"\xff\xd8":
        return None
    i = 2
    while i + 9 < len(data):
        if data[i] != 0xFF:
            return None
        marker = data[i + 1]
        length = int.from_bytes(data[i + 2 : i + 4], "big")
        if marker in (0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF):
            return int.from_bytes(data[i + 7 : i + 9], "big"), int.from_bytes(data[i + 5 : i + 7], "big")
        i += 2 + length
    return None


def decode(data: bytes) -> Any:
    """The photo as a BGR ``uint8`` array whose longer side is at most :data:`WORK_SIDE`."""
    cv2 = cv()
    import numpy as np

    if len(data) > MAX_BYTES:
        raise PhotoError(
            "too_big",
            f"the file is {len(data) // (1024 * 1024)} MB; the most read is {MAX_BYTES // (1024 * 1024)} MB",
        )
    size = _declared_size(data)
    if size is not None and size[0] * size[1] > MAX_PIXELS:
        raise PhotoError(
            "too_big",
            f"the image is {size[0]}×{size[1]} pixels; the most read is {MAX_PIXELS // 1_000_000} million",
        )
    image = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR) if data else None
    if image is None:
        raise PhotoError("not_image", "the file is not an image (a JPEG or PNG photo is read)")
    if image.shape[0] * image.shape[1] > MAX_PIXELS:
        raise PhotoError("too_big", "the image has too many pixels")
    scale = WORK_SIDE / max(image.shape[:2])
    if scale < 1:
        image = cv2.resize(image, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    if float(grey.std()) < 6.0:
        raise PhotoError("blank", "the image is blank (one even colour): take the photo again")
    return image
