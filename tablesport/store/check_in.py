"""Check-in at the desk: who is here, everyone at once, or by scanning (a code per entrant, as Tabbycat
checks in by barcode), and what the next draw does with those who are not checked in.

The draw takes the checked-in entrants once check-in has started (anybody checked in), and every entrant
who has not withdrawn while nobody is (:meth:`~tablesport.store.service.EventStore.playing`);
:func:`summary` says which of the two the next draw will do, so the desk shows it before the draw.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tablesport.tournament.errors import TournamentError

from .models import TCompetition, TEntrant
from .service import EventStore, _entrant_json


def summary(st: EventStore, comp: TCompetition) -> dict[str, Any]:
    """Checked in, not checked in (by name, withdrawn left out) and what the next draw does with them:
    ``all`` (nobody is checked in: every entrant who has not withdrawn is drawn) or ``checked`` (only the
    checked-in; those not checked in are left out)."""
    active = [e for e in st.entrants(comp) if not e.withdrawn]
    checked = [e.name for e in active if e.checked_in]
    waiting = [e.name for e in active if not e.checked_in]
    return {
        "checked": checked,
        "waiting": waiting,
        "active": len(active),
        "withdrawn": sum(1 for e in st.entrants(comp) if e.withdrawn),
        "draw": "checked" if checked else "all",
        "drawn": len(checked) if checked else len(active),
    }


def codes_of(text: str) -> list[str]:
    """The codes typed or scanned: separated by new lines, commas or semicolons (a code may hold spaces,
    as a name does)."""
    return [c.strip() for c in re.split(r"[\n\r,;]+", text) if c.strip()]


def _find(entrants: Iterable[TEntrant], code: str) -> TEntrant | None:
    """The entrant a code names: its id, its name or one of its members (case and spaces aside)."""
    want = " ".join(code.split()).casefold()
    for e in entrants:
        if want in (e.key.casefold(), " ".join(e.name.split()).casefold()):
            return e
    hits = [e for e in entrants if any(want == " ".join(m.split()).casefold() for m in e.members)]
    return hits[0] if len(hits) == 1 else None


def check_in(st: EventStore, comp: TCompetition, codes: list[str] | None, who: str) -> list[str]:
    """Check in the entrants the ``codes`` name (None: everyone who has not withdrawn). All or nothing: a
    code that names nobody, or an entrant who has withdrawn, refuses the whole list and says which.
    Returns the ids checked in now (those already in are left as they are); each is a line of the audit
    log."""
    entrants = st.entrants(comp)
    if codes is None:
        chosen = [e for e in entrants if not e.withdrawn]
    else:
        if not codes:
            raise TournamentError("scan or type at least one entrant's id, name or member", field="codes")
        found = {c: _find(entrants, c) for c in codes}
        unknown = [c for c, e in found.items() if e is None]
        if unknown:
            raise TournamentError(
                f"no entrant with the id, name or member {', '.join(unknown)}; nobody was checked in",
                field="codes",
            )
        gone = [e.key for e in found.values() if e is not None and e.withdrawn]
        if gone:
            raise TournamentError(
                f"{', '.join(gone)} has withdrawn and cannot check in; nobody was checked in", field="codes"
            )
        chosen = list(dict.fromkeys(e for e in found.values() if e is not None))
    done = []
    for e in chosen:
        if e.checked_in:
            continue
        before = _entrant_json(e)
        e.checked_in = True
        st._audit(comp, "check_in", e.key, who, before, _entrant_json(e))
        done.append(e.key)
    st.s.flush()
    return done


__all__ = ["check_in", "codes_of", "summary"]
