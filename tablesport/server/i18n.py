"""The web app's three languages: 简体中文 (``zh-Hans``), 繁體中文 (``zh-Hant``) and English (``en``).

UI strings live in ``catalogue.yaml`` beside this module (key → one text per language), in
``texts/*.yaml`` (the table flow's: giving up, stand-ins, my tables, error pages) and, for a
game's screen, in that game package's ``ui.yaml`` (see :meth:`tablesport.core.Game.ui_strings`).  Names of
cards, generals, skills and tiles come from the game data (``name`` / ``name_zh``); their
traditional form is derived by :func:`to_hant` from the character table ``hant.yaml``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

LANGS = ("zh-Hans", "zh-Hant", "en")
LANG_NAMES = {"zh-Hans": "简体中文", "zh-Hant": "繁體中文", "en": "English"}
DEFAULT = "en"
HERE = Path(__file__).parent


@cache
def catalogue() -> dict[str, dict[str, str]]:
    """The app's strings and every game screen's; a key missing a language or defined twice fails."""
    from tablesport.games import all_games

    data = yaml.safe_load((HERE / "catalogue.yaml").read_text(encoding="utf-8"))
    out = {str(k): {str(lang): str(text) for lang, text in v.items()} for k, v in data.items()}
    for path in sorted((HERE / "texts").glob("*.yaml")):  # the table flow's strings (texts.py, absence.py)
        for key, texts in (yaml.safe_load(path.read_text(encoding="utf-8")) or {}).items():
            if key in out:
                raise ValueError(f"texts/{path.name}: UI string {key!r} is defined twice")
            out[str(key)] = {str(lang): str(text) for lang, text in texts.items()}
    for game in all_games().values():
        for key, texts in game.ui_strings().items():
            if key in out:
                raise ValueError(f"{game.name}/ui.yaml: UI string {key!r} is defined twice")
            out[key] = texts
    for key, texts in out.items():
        missing = [lang for lang in LANGS if lang not in texts]
        if missing:
            raise ValueError(f"UI string {key!r} has no text in {', '.join(missing)}")
    return out


@cache
def hant_table() -> dict[str, dict[str, str]]:
    """``chars``: simplified → traditional character; ``phrases``: whole names a character table
    cannot convert. Covers the names the game data uses."""
    data = yaml.safe_load((HERE / "hant.yaml").read_text(encoding="utf-8")) or {}
    return {part: {str(k): str(v) for k, v in (data.get(part) or {}).items()}
            for part in ("chars", "phrases")}


def to_hant(text: str) -> str:
    table = hant_table()
    if text in table["phrases"]:
        return table["phrases"][text]
    chars = table["chars"]
    return "".join(chars.get(ch, ch) for ch in text)


def pick_lang(query: str | None, cookie: str | None, accept: str | None) -> str:
    """The query's ``lang`` first, then the cookie, then the browser's Accept-Language."""
    for cand in (query, cookie):
        if cand in LANGS:
            return cand
    for part in (accept or "").split(","):
        tag = part.split(";")[0].strip().lower()
        if tag in ("zh-tw", "zh-hk", "zh-mo", "zh-hant") or tag.startswith("zh-hant"):
            return "zh-Hant"
        if tag.startswith("zh"):
            return "zh-Hans"
        if tag.startswith("en"):
            return "en"
    return DEFAULT


def strings(lang: str) -> dict[str, str]:
    """Every UI string in one language (sent to the page for its scripts too)."""
    return {k: v[lang] for k, v in catalogue().items()}


def translator(lang: str) -> Any:
    texts = strings(lang)

    def t(key: str, **fmt: Any) -> str:
        text = texts.get(key, key)
        return text.format(**fmt) if fmt else text

    return t
