"""Each pixel's darkest and brightest colour channel.

``rgb.min(-1)`` reduces over an axis of three with a strided loop: on a phone photo it took five times as long
as two element-wise minimums (113 ms against 21 ms for a 1600×1200 float image), and the readers take it
several times a photo. These give the same values and type."""

from __future__ import annotations

from typing import Any

import numpy as np


def darkest(rgb: Any) -> Any:
    """The smallest of each pixel's channels (the last axis), as ``rgb.min(-1)`` gives it."""
    return np.minimum(np.minimum(rgb[..., 0], rgb[..., 1]), rgb[..., 2])


def brightest(rgb: Any) -> Any:
    """The largest of each pixel's channels (the last axis), as ``rgb.max(-1)`` gives it."""
    return np.maximum(np.maximum(rgb[..., 0], rgb[..., 1]), rgb[..., 2])
