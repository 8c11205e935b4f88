"""What an entry says about itself: who entered it, when it happened, the referee, a note.

Every write of the results desk takes a :class:`Facts`. ``by`` is who types it (the desk, a referee, a
digital table); ``at`` is when it happened, for an entry made after the fact ("HH:MM" on the day, or
an ISO date-time; when omitted the entry is taken to have happened as it is entered); ``referee`` the
table's referee who reported it; ``note`` anything worth keeping (e.g. "drawn by lot").
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from tablesport.tournament.errors import TournamentError
from tablesport.tournament.rummikub import minutes

SOURCES = ("typed", "referee")


def now() -> datetime:
    return datetime.now(UTC)


def now_local() -> datetime:
    return datetime.now().astimezone()


@dataclass(frozen=True, slots=True)
class Facts:
    by: str
    at: str | None = None
    referee: str | None = None
    note: str = ""
    source: Literal["typed", "referee"] = "typed"

    def checked(self) -> Facts:
        """The same facts, checked and normalised; refuses an empty ``by``, a bad time or source."""
        by = (self.by or "").strip()
        if not by:
            raise TournamentError("say who is doing this (--by NAME)", field="by")
        if self.source not in SOURCES:
            raise TournamentError("the source is 'typed' (a physical table) or 'referee' (a digital table), "
                                  f"not {self.source!r}", allowed=SOURCES, field="source")
        return Facts(by[:100], normal_time(self.at) if self.at else None,
                     (self.referee or "").strip()[:100] or None, (self.note or "").strip(), self.source)

    def clock(self) -> str:
        """The time of day it happened, HH:MM (now, when not given)."""
        if self.at is None:
            return now_local().strftime("%H:%M")
        if len(self.at) == 5:
            return self.at
        return datetime.fromisoformat(self.at).strftime("%H:%M")

    def minutes(self) -> int:
        return minutes(self.clock())

    def to_json(self, **more: Any) -> dict[str, Any]:
        out: dict[str, Any] = {"source": self.source}
        if self.at:
            out["at"] = self.at
        if self.referee:
            out["referee"] = self.referee
        if self.note:
            out["note"] = self.note
        out.update({k: v for k, v in more.items() if v is not None})
        return out


def normal_time(text: str) -> str:
    """"9:05" → "09:05"; an ISO date-time stays one (to the minute); anything else is refused."""
    t = str(text).strip()
    if ":" in t and len(t) <= 5:
        m = minutes(t)
        return f"{m // 60:02d}:{m % 60:02d}"
    try:
        return datetime.fromisoformat(t).isoformat(timespec="minutes")
    except ValueError:
        raise TournamentError(f"a time is HH:MM (on the day) or an ISO date-time, not {text!r}",
                              allowed=["HH:MM", "YYYY-MM-DDTHH:MM"], field="at") from None
