"""The score sheets a referee entered from a photo (the Blokus board's, audited as ``photo_sheet``),
each with its photo: shown on the photo page and beside a disagreement on the fixture's page."""

from __future__ import annotations

from typing import Any

from .double_entry import DoubleEntry, entry_json
from .service import EventStore


def kept_photos(st: EventStore, comp: Any, fixture: str) -> list[dict[str, Any]]:
    """The fixture's sheets entered from photos, each with its photo, its entry's status and how many
    squares the referee changed from the reading (shown beside a disagreement)."""
    entries = {e["id"]: e for e in map(entry_json, DoubleEntry(st).entries(comp, fixture))}
    out = []
    for a in st.audit(comp):
        if a.action != "photo_sheet" or a.subject != fixture:
            continue
        read, entered = a.after.get("read") or [], a.after.get("entered") or []
        changed = sum(x != y for r, q in zip(read, entered, strict=False) for x, y in zip(r, q, strict=False))
        out.append(
            {
                "who": a.who,
                "at": a.at.isoformat(timespec="minutes"),
                "photo": a.after.get("photo"),
                "scores": a.after.get("scores", {}),
                "entry": entries.get(a.after.get("entry")),
                "changed": changed,
            }
        )
    return out
