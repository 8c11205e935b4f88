"""The web score sheet of a table game says whose number each box is and what it is (issue 41.4)."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest

from tablesport.store import accounts
from tablesport.store.service import EventStore

from .test_event_pages import Person, app  # noqa: F401  (the app fixture)


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", "value of property and bank, in M (0–242)"),
        ("zh-Hans", "地产与银行的总值（单位：百万，0–242）"),
        ("zh-Hant", "地產與銀行的總值（單位：百萬，0–242）"),
    ],
)
def test_the_monopoly_deal_sheet_labels_each_value_with_the_player(
    app: Any,  # noqa: F811
    lang: str,
    words: str,
) -> None:
    """Seed 000 Monopoly Deal THE WINNER: a player's value is their property plus their bank; the event
    deck (no Deal Breakers) holds 242M in all, so each box is labelled with the entrant and that range."""
    with app.state.sessions() as s:
        st = EventStore(s)
        ev = st.create_event(
            {
                "event": "Deal day",
                "competitions": [
                    {"key": "deal", "preset": "monopoly-deal-event", "entrants": ["Amy", "Ben", "Cat", "Dan"]}
                ],
            },
            "desk",
        )
        comp = st.competition("Deal day", "deal")
        fx = st.next_round(comp, "desk")[0]
        key, players = fx.key, list(fx.entrants)
        accounts.assign_referee(s, "ann", ev.id)
        s.commit()
        event_id = ev.id
    page = Person(app, "ann").c.get(f"/referee/events/{event_id}/deal/fixtures/{key}?lang={lang}").text
    form = page[page.index('id="sheet-form"') :]
    labels = [
        html.unescape(re.sub(r"<[^>]+>", "", m)).strip()
        for m in re.findall(r"<label>(.*?)<input name=\"score_\d\"", form)
    ]
    sep = ": " if lang == "en" else "："
    assert labels == [f"{p}{sep}{words}" for p in players]
