"""Skill and card texts for the screens (data/texts.yaml): what each skill and card does, in every UI
language. The screen shows them on hover or tap; :func:`missing_texts` names any gap."""

from __future__ import annotations

from functools import cache

import yaml

from .cards import CARDS, DATA
from .generals import generals

LANGS = ("zh-Hans", "zh-Hant", "en")
Texts = dict[str, dict[str, dict[str, str]]]


@cache
def texts() -> Texts:
    """``{"skills": {skill id: {lang: text}}, "cards": {card name: {lang: text}}}``."""
    raw: Texts = yaml.safe_load((DATA / "texts.yaml").read_text(encoding="utf-8"))
    return {"skills": raw.get("skills") or {}, "cards": raw.get("cards") or {}}


def missing_texts() -> list[str]:
    """``section:key:lang`` for every general's skill and every card without a text in a language."""
    wanted = {"skills": sorted({s.id for g in generals().values() for s in g.skills}),
              "cards": sorted({c.name for c in CARDS})}
    have = texts()
    return [f"{section}:{key}:{lang}" for section, keys in wanted.items() for key in keys for lang in LANGS
            if not str((have[section].get(key) or {}).get(lang) or "").strip()]
