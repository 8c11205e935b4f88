"""The seeded random generator every game state holds.

A game may draw randomness only from its own :class:`Rng`, so that the same seed and the same
actions always give the same game.  The generator is SplitMix64: its whole state is one
integer, which makes cloning a state (for search bots) and hashing it trivial.

>>> r = Rng(7)
>>> a = [r.randrange(6) for _ in range(5)]
>>> r2 = Rng(7)
>>> a == [r2.randrange(6) for _ in range(5)]
True
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:       # machine integers where the compiled build runs this module (annotations only)
    from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_M1: Final = 0xBF58476D1CE4E5B9
_M2: Final = 0x94D049BB133111EB
_TWO64: Final = 1 << 64
_TWO62: Final = 1 << 62
_SMALL: Final = 4611686018427387903     # 2**62 - 1, the largest integer the compiled build keeps unboxed
_HALF: Final = 1 << 63
_LOW33: Final = (1 << 33) - 1
_LOW34: Final = (1 << 34) - 1
_LOW37: Final = (1 << 37) - 1
_LOW53: Final = (1 << 53) - 1


def _wraps() -> bool:
    """True where this module runs compiled: machine integers wrap around, Python's do not."""
    x: i64 = _TWO62
    return x * 4 == 0


_NATIVE: Final = _wraps()
"""Compiled, the generator's 64-bit words are machine integers (the same bits read as signed), whose
sums and products wrap around as SplitMix64's do, instead of Python's boxed big integers (an eighth of a
random Sanguosha game's time); the source, run by Python, keeps the plain unsigned arithmetic."""


def _signed(u: int) -> int:
    return ((u + _HALF) & _MASK) - _HALF


def _unsigned(x: int) -> int:
    return x & _MASK


class Rng:
    """SplitMix64 generator; deterministic across platforms and Python versions."""

    __slots__ = ("_s",)

    def __init__(self, seed: int = 0) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"a seed must be an integer, not {type(seed).__name__}")
        self._s: i64 = _signed(seed) if _NATIVE else seed & _MASK

    @property
    def state(self) -> int:
        """The whole state: one integer in [0, 2**64)."""
        return _unsigned(self._s)

    @state.setter
    def state(self, value: int) -> None:
        self._s = _signed(value) if _NATIVE else value & _MASK

    def next64(self) -> int:
        """The next output, in [0, 2**64)."""
        if _NATIVE:
            return _unsigned(self._next())
        self._s = s = (self._s + _GOLDEN) & _MASK
        z = ((s ^ (s >> 30)) * _M1) & _MASK
        z = ((z ^ (z >> 27)) * _M2) & _MASK
        return z ^ (z >> 31)

    def _next(self) -> i64:
        """Compiled only: the next output as a signed machine integer of the same bits."""
        s: i64 = self._s + (_GOLDEN - _TWO64)
        z: i64 = (s ^ ((s >> 30) & _LOW34)) * (_M1 - _TWO64)
        z = (z ^ ((z >> 27) & _LOW37)) * (_M2 - _TWO64)
        self._s = s
        return z ^ ((z >> 31) & _LOW33)

    def random(self) -> float:
        """A float in [0, 1)."""
        if _NATIVE:
            top: int = (self._next() >> 11) & _LOW53
            return top * (1.0 / (1 << 53))
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """An integer in [0, n) without modulo bias: the output x is taken when below the largest
        multiple of n that is at most 2**64, and is then x mod n."""
        if _NATIVE and 0 < n <= _SMALL:
            return self._randrange_native(n)
        if n <= 0 or n > _TWO64:
            raise ValueError(f"randrange needs 0 < n <= 2**64 (one 64-bit draw), not {n}")
        if n & (n - 1) == 0:
            return self.next64() & (n - 1)
        limit = _TWO64 - (_TWO64 % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def _randrange_native(self, n: int) -> int:
        """randrange's draw in machine integers, for 0 < n < 2**62."""
        m: i64 = n
        if m & (m - 1) == 0:
            return self._next() & (m - 1)
        r64: i64 = (_TWO62 % m) * 4 % m          # 2**64 mod n
        while True:
            z = self._next()                      # x = z, or z + 2**64 where z < 0
            if z >= 0:
                return z % m                      # x < 2**63: always below the limit
            if z < -r64:                          # x < 2**64 - (2**64 mod n)
                return (z % m + r64) % m

    def randint(self, lo: int, hi: int) -> int:
        """An integer in [lo, hi], both ends included."""
        return lo + self.randrange(hi - lo + 1)

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.randrange(i + 1)
            seq[i], seq[j] = seq[j], seq[i]

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        if not 0 <= k <= len(pool):
            raise ValueError("sample larger than population")
        for i in range(k):
            j = i + self.randrange(len(pool) - i)
            pool[i], pool[j] = pool[j], pool[i]
        return pool[:k]

    def spawn(self, salt: int) -> Rng:
        """An independent generator derived from this one's seed and a salt (for bots, workers)."""
        return Rng((self.state ^ ((salt + 1) * _GOLDEN)) & _MASK)

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r._s = self._s
        return r

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
