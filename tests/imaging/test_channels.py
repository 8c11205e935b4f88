"""Each pixel's darkest and brightest channel (tablesport/imaging/channels.py): the same values and type as
numpy's reduction over the last axis, which the photo readers used before (five times slower)."""

from __future__ import annotations

import numpy as np
import pytest

from tablesport.imaging.channels import brightest, darkest


@pytest.mark.parametrize("dtype", [np.uint8, np.float32, np.float64])
@pytest.mark.parametrize("shape", [(7, 3), (5, 9, 3), (1, 1, 3)])
def test_darkest_and_brightest_are_the_channels_min_and_max(dtype: type, shape: tuple[int, ...]) -> None:
    rgb = (np.random.default_rng(7).random(shape) * 255).astype(dtype)
    rgb[..., 1].flat[0] = rgb[..., 0].flat[0]  # a tie between two channels
    for ours, numpys in ((darkest(rgb), rgb.min(-1)), (brightest(rgb), rgb.max(-1))):
        assert ours.dtype == numpys.dtype and ours.shape == numpys.shape
        assert np.array_equal(ours, numpys)
