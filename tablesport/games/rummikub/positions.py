"""Random positions for tests and benchmarks: a valid table built from random sets, and a rack."""

from __future__ import annotations

from tablesport.core import Rng

from .tiles import CODES, COLOUR_ORDER, JOKER


def full_bag() -> list[str]:
    return [code for code in CODES for _ in range(2)]


def _take(bag: list[str], code: str) -> bool:
    if code in bag:
        bag.remove(code)
        return True
    return False


def random_set(rng: Rng, bag: list[str]) -> list[str] | None:
    """A random valid group or run taken from ``bag`` (None if the try fails; bag unchanged then)."""
    n = rng.randint(1, 13)
    if rng.random() < 0.4:
        cols = rng.sample(list(COLOUR_ORDER), rng.choice([3, 4]))
        want = [f"{c}{n}" for c in cols]
    else:
        size = rng.choice([3, 3, 4, 4, 5, 6])
        start = rng.randint(1, 14 - size)
        c = rng.choice(COLOUR_ORDER)
        want = [f"{c}{k}" for k in range(start, start + size)]
    got: list[str] = []
    for code in want:
        if _take(bag, code):
            got.append(code)
        elif len(got) > 0 and _take(bag, JOKER):
            got.append(JOKER)
        else:
            bag.extend(got)
            return None
    return got


def random_table(rng: Rng, bag: list[str], target: int) -> list[list[str]]:
    """Random sets from ``bag`` until about ``target`` tiles lie on the table."""
    table: list[list[str]] = []
    size = tries = 0
    while size < target and tries < 500:
        tries += 1
        s = random_set(rng, bag)
        if s is not None and size + len(s) <= target + 2:
            table.append(s)
            size += len(s)
        elif s is not None:
            bag.extend(s)
    return table


def random_position(rng: Rng, table_tiles: int, rack_tiles: int) -> tuple[list[list[str]], list[str]]:
    bag = full_bag()
    table = random_table(rng, bag, table_tiles)
    rng.shuffle(bag)
    return table, bag[:rack_tiles]
