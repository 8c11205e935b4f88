"""What one WebSocket connection may send, and what happens past it.

* A message longer than ``MAX_MESSAGE`` characters gets a ``too_large`` error and the socket is
  closed (code 1009).  Frames longer than ``WS_MAX_SIZE`` bytes are refused by the WebSocket layer
  itself (close code 1009, before any text is read).
* ``RATE`` messages a second on average, ``BURST`` at once (a token bucket per connection).  A
  message over the limit is dropped unread; the first one dropped is answered with a
  ``rate_limited`` error.  A client that has ``BURST`` more dropped before it calms down (before its
  bucket is full again, ``BURST / RATE`` seconds of quiet) gets a ``flood`` error and the socket is
  closed (code 1008).
* ``MAX_BACKLOG`` frames waiting to go out to a client that does not read them: the socket is
  closed (code 1008); reconnecting gives the seat its full view again.

Only the offending connection is affected: its messages are dropped before they are parsed and
before its table's lock is taken.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum

MAX_MESSAGE = 64 * 1024
WS_MAX_SIZE = 256 * 1024
RATE = 100.0
BURST = 200
MAX_BACKLOG = 1000

CLOSE_POLICY = 1008
CLOSE_TOO_BIG = 1009


class Verdict(Enum):
    ACCEPT = "accept"
    WARN = "warn"  # drop it and say so
    DROP = "drop"  # drop it (the client was told)
    CLOSE = "close"  # a flood: close the socket


class Throttle:
    """A token bucket: ``rate`` messages a second, ``burst`` at once."""

    def __init__(self, rate: float = RATE, burst: int = BURST,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError("the rate must be positive and the burst at least 1")
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.at = clock()
        self.dropped = 0  # messages dropped since the bucket was last full

    def take(self) -> Verdict:
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= self.burst:
            self.dropped = 0  # the client has been quiet long enough to fill the bucket again
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return Verdict.ACCEPT
        self.dropped += 1
        if self.dropped == 1:
            return Verdict.WARN
        if self.dropped > self.burst:
            return Verdict.CLOSE
        return Verdict.DROP
