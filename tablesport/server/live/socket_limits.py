"""What one WebSocket connection may send, and what happens past it.

* A message longer than ``MAX_MESSAGE`` characters gets a ``too_large`` error and the socket is
  closed (code 1009).  Frames longer than ``WS_MAX_SIZE`` bytes are refused by the WebSocket layer
  itself (close code 1009, before any text is read).
* ``RATE`` messages a second on average, ``BURST`` at once (a token bucket per connection).  A
  message over the limit is dropped unread; the first one dropped is answered with a
  ``rate_limited`` error.  A client that has ``BURST`` more dropped before it calms down (before its
  bucket is full again, ``BURST / RATE`` seconds of quiet) gets a ``flood`` error and the socket is
  closed (code 1008).
* A message is read as JSON by :func:`read_message`: nested at most ``MAX_DEPTH`` levels, numbers of
  at most 4,300 digits (Python's own limit), no ``NaN`` or ``Infinity`` (not JSON), no lone surrogate
  in a string (``"\\ud800"``: not text, it could not be sent on or stored); anything else is
  answered ``malformed`` with what is wrong.
* ``MAX_BACKLOG`` frames waiting to go out to a client that does not read them: the socket is
  closed (code 1008); reconnecting gives the seat its full view again.

Only the offending connection is affected: its messages are dropped before they are parsed and
before its table's lock is taken.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from enum import Enum
from typing import Any

MAX_MESSAGE = 64 * 1024
WS_MAX_SIZE = 256 * 1024
RATE = 100.0
BURST = 200
MAX_BACKLOG = 1000

MAX_DEPTH = 32
"""Arrays and objects nested deeper than this are refused (no game's action comes near it)."""

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


class Malformed(ValueError):
    """What is wrong with a message's text, in words for the client."""


def _no_constant(name: str) -> Any:
    raise Malformed(f"{name} is not a JSON number")


def _check(value: Any, strings: bool) -> None:
    """Refuse ``value`` nested deeper than ``MAX_DEPTH``, or (``strings``) holding a string that is not
    text: a lone surrogate, which JSON's ``\\uD800`` escapes can write but no frame can carry back
    (a walk without recursion)."""
    todo = [(value, 0)]
    while todo:
        v, d = todo.pop()
        if d > MAX_DEPTH:
            raise Malformed(f"nested too deeply (at most {MAX_DEPTH} levels)")
        if isinstance(v, list):
            todo.extend((x, d + 1) for x in v)
        elif isinstance(v, dict):
            todo.extend((x, d + 1) for x in v.values())
            if strings:
                todo.extend((k, d) for k in v)
        elif strings and isinstance(v, str):
            try:
                v.encode("utf-8")
            except UnicodeEncodeError:
                raise Malformed("a string holds a lone surrogate (\\ud800–\\udfff): not text") from None


def read_message(raw: str) -> Any:
    """The JSON value of a client's message; raises :class:`Malformed` saying what is wrong."""
    try:
        value = json.loads(raw, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise Malformed(f"not JSON ({exc.msg} at character {exc.pos})") from None
    except RecursionError:
        raise Malformed(f"nested too deeply (at most {MAX_DEPTH} levels)") from None
    except Malformed:
        raise
    except ValueError:  # a number past the interpreter's digit limit
        raise Malformed("a number with too many digits (at most 4,300)") from None
    _check(value, strings="\\u" in raw)  # only an escape can write a surrogate
    return value
