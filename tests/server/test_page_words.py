"""Words, not program text, on the pages (issue 36, item 20): prize names and divisions in the page's
language, the results CSV in readable characters, and a 403 page that knows who is signed in."""

from __future__ import annotations

import re
from typing import Any

from tablesport.store.service import EventStore

from .test_event_pages import Person, app  # noqa: F401  (the app fixture)


def test_prizes_divisions_csv_and_the_refusal_page_in_words(app: Any) -> None:  # noqa: F811
    players = ["陳大文", "Ben", "Cat", "Dan"]
    with app.state.sessions() as s:
        st = EventStore(s)
        ev = st.create_event(
            {
                "event": "Tuen Mun",
                "competitions": [
                    {
                        "key": "rk",
                        "preset": "rummikub-2018",
                        "tables": 1,
                        "entrants": [
                            {"id": p, "division": "junior" if i < 2 else "senior",
                             "club": "SKH" if i % 2 else "TWGH"}
                            for i, p in enumerate(players)
                        ],
                    },
                    {
                        "key": "sgs",
                        "preset": "sgs-3v3-2011",
                        "groups": 1,
                        "entrants": [
                            {"id": f"隊{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)
                        ],
                    },
                ],
            },
            "desk",
        )
        comp = st.competition("Tuen Mun", "sgs")
        st.draw(comp, "desk")
        fx = st.fixtures(comp)[0]
        st.series.enter_game(comp, fx.key, {"winner": fx.entrants[0], "surviving": 1}, _facts())
        s.commit()
        event_id = ev.id
    c = app.state.main_client
    zh = c.get(f"/events/{event_id}/rk?lang=zh-Hant").text
    prizes = re.search(r'<ul class="prizes">(.*?)</ul>', zh, re.S)
    assert prizes is not None
    assert "初小組" in prizes.group(1) and "[junior]" not in prizes.group(1) and "亞軍" in prizes.group(1)
    assert "Champion" not in prizes.group(1)
    # the schools' places (seed 002 賽制 6: 團體賽) are words of the page's language, not "team #1"
    assert "團體第1名" in prizes.group(1) and "團體第2名" in prizes.group(1)
    assert "team #" not in prizes.group(1)
    hans_page = c.get(f"/events/{event_id}/rk?lang=zh-Hans").text
    hans = re.search(r'<ul class="prizes">(.*?)</ul>', hans_page, re.S)
    assert hans is not None and "团体第1名" in hans.group(1) and "team #" not in hans.group(1)
    en = c.get(f"/events/{event_id}/sgs?lang=en").text
    ul = re.search(r'<ul class="prizes">(.*?)</ul>', en, re.S)
    assert ul is not None and "1st runner-up" in ul.group(1)
    assert "亞軍" in c.get(f"/events/{event_id}/sgs?lang=zh-Hant").text
    csv = c.get(f"/api/v1/events/{event_id}/competitions/sgs/exports/results.csv")
    assert csv.status_code == 200 and "\\u" not in csv.text and "隊" in csv.text
    pat = Person(app, "ann")  # a referee of no event: refused here, and the page knows who she is
    r = pat.c.get(f"/organiser/events/{event_id}")
    assert r.status_code == 403 and 'id="signed-in-as"' in r.text and 'id="nav-login"' not in r.text


def test_refusals_name_the_allowed_ones_in_words_and_the_api_keeps_a_list() -> None:
    """Refusals read "A, B and C" / "A or B", never a Python list such as ['Diao Chan', 'Hua Tuo']."""
    from tablesport.tournament.errors import TournamentError, in_words
    from tablesport.tournament.rummikub import score_game

    assert in_words(["Diao Chan", "Hua Tuo"], "or") == "Diao Chan or Hua Tuo"
    assert in_words(["A", "B", "C"]) == "A, B and C"
    assert in_words(["Hua Tuo"]) == "Hua Tuo"
    players = ["Diao Chan", "Hua Tuo", "Lu Bu", "Diao Chan"]
    try:
        score_game(players, {}, {})
    except TournamentError as e:
        assert "[" not in str(e) and "'" not in e.message
        assert "Diao Chan, Hua Tuo, Lu Bu and Diao Chan" in e.message
    else:
        raise AssertionError("a table with the same player twice was accepted")
    four = ["Diao Chan", "Hua Tuo", "Lu Bu", "Zhang Fei"]
    try:
        score_game(four, {"Diao Chan": 0, "Hua Tuo": 5, "Lu Bu": 7}, {}, winner="Cao Cao")
    except TournamentError as e:
        assert "[" not in e.message and "Diao Chan, Hua Tuo, Lu Bu and Zhang Fei" in e.message
        assert e.to_json()["allowed"] == four  # the API's error body keeps the allowed names as a list
    else:
        raise AssertionError("a winner not at the table was accepted")


def _facts() -> Any:
    from tablesport.store.entry_facts import Facts

    return Facts("desk")
