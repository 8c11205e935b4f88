"""The three languages of the web app: every UI string a page names is in the catalogue in 简体, 繁體 and
English, and a page in Chinese shows no English UI text (the organiser's, referees' and public pages)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from tablesport.games.pictionary.state import FOULS
from tablesport.server.app import create_app
from tablesport.server.content import i18n
from tablesport.server.content.hints import game_hints, learnable
from tablesport.server.content.rules_pages import SECTIONS
from tablesport.server.live.ratings import REASONS
from tablesport.server.live.table_control import CONTROLS
from tablesport.store import accounts
from tablesport.store.accounts import ROLES
from tablesport.store.double_entry import OPEN
from tablesport.store.public import PRINTOUTS
from tablesport.store.service import EventStore
from tablesport.store.tokens import SCOPES
from tablesport.tournament.formats import FORMATS
from tablesport.tournament.series import HOW
from tablesport.tournament.timeup import LADDERS

TEMPLATES = Path(i18n.__file__).parent / "templates"
PASSWORD = "a long enough password"


def test_every_key_a_template_names_is_in_the_catalogue_in_three_languages() -> None:
    cat = i18n.catalogue()
    used: set[str] = set()
    for path in TEMPLATES.rglob("*.html"):
        used |= set(re.findall(r"""\bt\(\s*'([a-z_.0-9]+)'""", path.read_text(encoding="utf-8")))
    # keys made from data: every value the data can take
    used |= {f"stage.{s}" for s in ("registration", "groups", "league", "knockout", "final", "group", "open")}
    used |= {f"tb.{t.key}" for f in FORMATS.values() for t in f.chain} | {"tb.head_to_head", "tb.organiser"}
    used |= {f"how.{h}" for h in HOW} | {f"sheet.{s}" for s in (*OPEN, "accepted", "superseded")}
    used |= {f"role.{r}" for r in ROLES} | {f"scope.{s}" for s in SCOPES}
    used |= {"foul.technical", "foul.player"}
    used |= {f"board.{k}" for ld in LADDERS.values() for k in ld.figures}
    used |= {"next.overtime", "next.compare_points"}
    used |= {"time_up_at.turn_end", "time_up_at.round_end"}
    used |= {"live.playing", "live.entered", "live.refused"}
    actions = ("correct", "correct_game", "create", "decision", "draw", "entrant", "game", "next_round",
               "penalty", "register", "remove_game", "result", "withdraw_penalty")
    used |= {f"action.{a}" for a in actions}
    used |= {f"action.hall_{k}" for k in ("arrive", "game", "hand_in", "lost_sheet", "leave", "tables")}
    used |= {f"timer.{k}" for k in ("first_picker", "draft", "show", "field", "play", "declare")}
    used |= {f"ctl.{c}" for c in CONTROLS} | {f"ev.referee.{c}" for c in CONTROLS}  # table.js names ev.*
    used |= {f"pfoul.{f}" for f in FOULS} | {f"print.{w}" for w in PRINTOUTS}
    used |= {f"unrated.{r}" for r in REASONS} | {"too_many_registrations"}
    used |= {f"botname.{game_hints(g).learn.bot}" for g in learnable()}  # learn.html: the guided game's bot
    used |= {f"rules.{s}" for s in SECTIONS}  # rules.html: each section's heading
    # stats.html: the sides and roles a report names (Sanguosha 3v3 and 1v1)
    used |= {f"stats.side.{s}" for s in ("cold", "warm", "lord", "renegade")}
    used |= {f"stats.role.{r}" for r in ("commander", "vanguard")}
    used |= {"need_sign_in", "need_organiser", "not_referee_here", "form_expired", "form_other_site",
             "too_many_logins", "too_many_tables", "login_failed", "passwords_differ", "account_refused"}
    prefixes = {k for k in used if k.endswith(".")}  # t('how.' + h): each prefix's values are listed above
    used -= prefixes
    assert all(any(k.startswith(p) for k in used) for p in prefixes), prefixes
    missing = sorted(k for k in used if k not in cat)
    assert missing == []
    for key in used:
        assert set(cat[key]) >= set(i18n.LANGS), key
        assert all(cat[key][lang].strip() for lang in i18n.LANGS), key


class Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style", "code"):
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "code") and self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.parts.append(data.strip())


def english_ui_in(html: str) -> list[str]:
    """Text of the page that is the English text of a UI string whose Chinese differs."""
    english = {v["en"] for v in i18n.catalogue().values() if v["en"] != v["zh-Hans"] and len(v["en"]) > 2}
    parser = Text()
    parser.feed(html)
    return [p for p in parser.parts if p in english or p.rstrip(":") in english]


def test_pages_in_chinese_have_no_english_ui_text(tmp_path: Path) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'web.sqlite3'}", bot_delay=0.0)
    with TestClient(app) as c:
        with app.state.sessions() as s:
            st = EventStore(s)
            teams = [{"id": f"Team{i}", "members": [f"P{i}a", f"P{i}b", f"P{i}c"]} for i in range(1, 5)]
            ev = st.create_event({"event": "Day", "competitions": [
                {"key": "sgs", "preset": "sgs-3v3-2014", "groups": 1, "entrants": teams}]}, "desk")
            st.draw(st.competition("Day", "sgs"), "desk")
            accounts.create_user(s, "olga", "organiser", PASSWORD, by="test")
            s.commit()
            eid = ev.id
        token = re.search(r'name="csrf" value="([^"]+)"', c.get("/login").text).group(1)  # type: ignore[union-attr]
        c.post("/login", data={"name": "olga", "password": PASSWORD, "csrf": token})
        sheet = f"/referee/events/{eid}/sgs/fixtures/A-R1-1"
        pages = ["/", "/login", "/organiser", "/organiser/tokens", "/organiser/events/new",
                 f"/organiser/events/{eid}", f"/organiser/events/{eid}/sgs", "/referee",
                 f"/referee/events/{eid}/sgs", sheet, sheet + "/clock",
                 f"/events/{eid}", f"/events/{eid}/sgs", f"/events/{eid}/projector", "/events", "/me"]
        for lang in ("zh-Hans", "zh-Hant"):
            for path in pages:
                r = c.get(path, params={"lang": lang})
                assert r.status_code == 200, (path, r.status_code)
                assert english_ui_in(r.text) == [], (lang, path)
