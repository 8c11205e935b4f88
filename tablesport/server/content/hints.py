"""Hints at a guided table (``/learn/<game>``): what the seat's current decision means, what its options
do and a tip, in the page's language.

Each game's ``texts/hints.yaml`` (in its package) holds

* ``learn``: the introductory ``preset`` a guided game is played under and the ``bot`` (one the lobby
  offers, a gentle one) that takes the other seats;
* ``kinds``: for every decision kind the game declares (:attr:`~tablesport.core.GameInfo.decision_kinds`) a
  hint ``{what, options, tip}``, each ``{zh-Hans, zh-Hant, en}``. A hint may instead name a field of the
  decision's data (``by: need``) and give ``variants`` by that field's value, with a ``default``. ``{name}``
  in a text is the decision's data field ``name``, shown as the game's log shows it (:mod:`.texts`: a seat,
  a card, a skill ...); a variant whose fields the decision lacks falls back to the default.

A hint is made from the seat's own decision (``Decision.to_json(seat)``: what that seat is told anyway), so
it cannot tell the seat anything it may not see.  ``tests/server/test_hints.py`` checks that every declared
kind has a hint in every language and that the hints of played games render without raw data.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

import yaml

from tablesport.games import all_games

from .i18n import LANGS
from .texts import renderer, texts_file

PARTS = ("what", "options", "tip")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class Hint:
    texts: dict[str, dict[str, str]]  # part → lang → text
    by: str | None = None
    variants: dict[str, Hint] | None = None
    default: Hint | None = None

    def wanted(self) -> set[str]:
        return {m.group(1) for part in self.texts.values() for m in _PLACEHOLDER.finditer(part["en"])}


@dataclass(frozen=True, slots=True)
class Learn:
    preset: str
    bot: str


@dataclass(frozen=True, slots=True)
class GameHints:
    game: str
    learn: Learn
    kinds: dict[str, Hint]


def _hint(entry: dict[str, Any], where: str) -> Hint:
    if "by" in entry:
        variants = {str(k): _hint(v, f"{where}.{k}") for k, v in (entry.get("variants") or {}).items()}
        if "default" not in entry:
            raise ValueError(f"{where}: a hint by {entry['by']!r} needs a default")
        return Hint({}, str(entry["by"]), variants, _hint(entry["default"], f"{where}.default"))
    texts: dict[str, dict[str, str]] = {}
    for part in PARTS:
        given = entry.get(part) or {}
        missing = [lang for lang in LANGS if not str(given.get(lang) or "").strip()]
        if missing:
            raise ValueError(f"{where}.{part}: no text in {', '.join(missing)}")
        texts[part] = {lang: str(given[lang]).strip() for lang in LANGS}
    return Hint(texts)


@cache
def game_hints(game: str) -> GameHints:
    """The hints of ``game`` (its package's ``texts/hints.yaml``); a text missing a language fails here."""
    path = texts_file(game, "hints")
    if path is None:
        raise ValueError(f"{game} has no hints (texts/hints.yaml)")
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    learn = data.get("learn") or {}
    return GameHints(game, Learn(str(learn.get("preset", "")), str(learn.get("bot", ""))),
                     {str(k): _hint(v, f"{game} texts/hints.yaml {k}")
                      for k, v in (data.get("kinds") or {}).items()})


def learnable() -> list[str]:
    """The games a guided first game exists for (every game with a hints file)."""
    return [name for name, game in all_games().items() if game.texts("hints") is not None]


def _shown(game: str, hint: Hint, data: dict[str, Any], lang: str) -> dict[str, str] | None:
    wanted = hint.wanted()
    if any(data.get(k) is None or data.get(k) == [] for k in wanted):
        return None
    params = renderer(game, lang).params({k: data[k] for k in wanted})
    if params is None:
        return None
    return {part: _PLACEHOLDER.sub(lambda m: params.get(m.group(1), m.group(0)), texts[lang])
            for part, texts in hint.texts.items()}


def _pick(game: str, hint: Hint, data: dict[str, Any], lang: str) -> dict[str, str] | None:
    if hint.by is None:
        return _shown(game, hint, data, lang)
    assert hint.variants is not None and hint.default is not None
    variant = hint.variants.get(str(data.get(hint.by)))
    shown = _pick(game, variant, data, lang) if variant is not None else None
    return shown if shown is not None else _pick(game, hint.default, data, lang)


def hint_for(game: str, decision: dict[str, Any], lang: str) -> dict[str, str] | None:
    """The hint for a seat's decision (its ``Decision.to_json(seat)``) in ``lang``: ``kind``, ``what``,
    ``options`` and ``tip``; ``None`` when the game has no hint for that kind."""
    hint = game_hints(game).kinds.get(str(decision.get("kind")))
    if hint is None:
        return None
    shown = _pick(game, hint, dict(decision.get("data") or {}), lang)
    return None if shown is None else {"kind": str(decision.get("kind")), **shown}
