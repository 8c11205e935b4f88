"""Groups and runs (seed §2.1, §2.2): which lists of tile codes are valid sets, and why not.

* group: 3 or 4 tiles of one number, all colours different;
* run: 3 to 13 consecutive numbers of one colour; 1 does not follow 13;
* a joker stands for any tile.  A set's value (for the 30-point initial meld) counts a joker as the
  number it stands for; where a set reads several ways (``R4 R5 J`` is 3-4-5 or 4-5-6) the
  highest reading counts, since the player may lay it either way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import JOKER


class SetError(ValueError):
    """Why a list of tiles is not a valid set."""


@dataclass(frozen=True)
class SetInfo:
    kind: str  # "group" or "run"
    value: int  # the highest reading, jokers counted as what they stand for


def _run_value(nums: list[int], size: int) -> int | None:
    """The highest value of a run of ``size`` tiles holding the numbers ``nums`` (None: impossible)."""
    lo, hi = min(nums), max(nums)
    if hi - lo + 1 > size:
        return None
    start = min(lo, 13 - size + 1)
    if start < 1:
        return None
    return sum(range(start, start + size))


def check_set(codes: Sequence[str]) -> SetInfo:
    """The set's kind and value; raises :class:`SetError` saying what is wrong."""
    size = len(codes)
    if size < 3:
        raise SetError(f"a set needs at least 3 tiles, this one has {size}")
    real = [c for c in codes if c != JOKER]
    jokers = size - len(real)
    if not real:
        raise SetError("a set needs at least one number tile")
    numbers = {int(c[1:]) for c in real}
    colours = [c[0] for c in real]
    options: list[SetInfo] = []
    problems: list[str] = []
    if len(numbers) == 1:
        n = next(iter(numbers))
        twice = sorted(c for c, k in Counter(colours).items() if k > 1)
        if size > 4:
            problems.append(f"a group has at most 4 tiles (one per colour), this one has {size}")
        elif twice:
            tiles = ", ".join(f"{c}{n}" for c in twice)
            problems.append(f"a group needs different colours; {tiles} appears twice")
        else:
            options.append(SetInfo("group", n * size))
    if len(set(colours)) == 1:
        nums = sorted(int(c[1:]) for c in real)
        dup = sorted({n for n, k in Counter(nums).items() if k > 1})
        col = colours[0]
        if dup:
            if len(numbers) > 1 or not options:
                problems.append(f"a run cannot hold {col}{dup[0]} twice")
        elif size > 13:
            problems.append(f"a run has at most 13 tiles, this one has {size}")
        else:
            value = _run_value(nums, size)
            if value is None:
                gaps = nums[-1] - nums[0] + 1 - len(nums)
                if 1 in nums and 13 in nums:
                    problems.append(f"not consecutive: 1 does not follow 13 ({col}13 … {col}1)")
                else:
                    problems.append(
                        f"not consecutive: {col}{nums[0]} to {col}{nums[-1]} misses {gaps} number(s) "
                        f"and the set has {jokers} joker(s)"
                    )
            else:
                options.append(SetInfo("run", value))
    if options:
        return max(options, key=lambda o: o.value)
    if not problems:
        problems.append(
            "tiles differ in both number and colour: a group is one number in different colours, "
            "a run is consecutive numbers in one colour"
        )
    raise SetError(problems[0])
