"""The web app's three languages: 简体中文 (``zh-Hans``), 繁體中文 (``zh-Hant``) and English (``en``).

UI strings live in ``catalogue.yaml`` beside this module (key → one text per language), in
``texts/*.yaml`` (the table flow's: giving up, stand-ins, my tables, error pages) and, for a
game's screen, in that game package's ``ui.yaml`` (see :meth:`tablesport.core.Game.ui_strings`).  Names of
cards, generals, skills, cities and tiles come from the game data (``name`` / ``name_zh``); their
traditional form is derived by :func:`to_hant` (OpenCC's simplified → traditional conversion, which reads
words, not single characters; ``hant.yaml`` holds the names it would get wrong and the pages'
character table).
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
def _hant_yaml() -> dict[str, dict[str, str]]:
    """``chars``: simplified → traditional character; ``phrases``: whole names the conversion gets wrong."""
    data = yaml.safe_load((HERE / "hant.yaml").read_text(encoding="utf-8")) or {}
    return {part: {str(k): str(v) for k, v in (data.get(part) or {}).items()}
            for part in ("chars", "phrases")}


@cache
def _s2t() -> Any:
    from opencc import OpenCC  # type: ignore[import-untyped]

    try:
        return OpenCC("s2t")
    except Exception:  # the C++ binding names its configuration files
        return OpenCC("s2t.json")


@cache
def to_hant(text: str) -> str:
    """The traditional form of a simplified text: a name ``hant.yaml`` lists, else OpenCC's conversion."""
    phrases = _hant_yaml()["phrases"]
    if text in phrases:
        return phrases[text]
    return str(_s2t().convert(text))


@cache
def hant_table() -> dict[str, dict[str, str]]:
    """What the pages convert with (``common.js``'s ``toHant``, for a name sent without its
    ``name_zh_hant``): ``phrases`` — every Chinese name of every game's data with its traditional form —
    and ``chars``, a character table for the rest."""
    from tablesport.games import all_games

    names: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            if isinstance(value.get("name_zh"), str):
                names.add(value["name_zh"])
            for v in value.values():
                walk(v)
        elif isinstance(value, list | tuple):
            for v in value:
                walk(v)

    for game in all_games().values():
        walk(game.names())
    own = _hant_yaml()
    return {"chars": own["chars"], "phrases": {n: to_hant(n) for n in sorted(names)} | own["phrases"]}


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
