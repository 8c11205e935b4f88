"""The rules pages (``/rules/<preset>``): a short account of each preset's rules in the page's language,
written by the project from the seed rule sheets and kept as data in each game package's
``texts/rules.yaml``.

A game's file holds

* ``sections``: for each of :data:`PROSE` (the goal, the set-up, a turn, how the game ends and is scored,
  the competition's own rules) a list of paragraphs, each ``{zh-Hans, zh-Hant, en}``; a paragraph with
  ``only: [patterns]`` (``fnmatch`` patterns of preset names) belongs to those presets alone, which is how a
  preset's differences are written. ``{name}`` in a text is the preset's parameter ``name`` (so numbers
  such as the hand size or the initial meld are read from the ruleset, never retyped);
* ``timers``: for each timing parameter of the presets (``*_seconds``, ``*_minutes``) what it times, in
  three languages; the page shows the preset's own value beside it (and, where a table with people sets
  it otherwise, :attr:`~tablesport.core.Game.live_params`, that value too);
* ``source``: paragraphs naming the seed a preset comes from.

:func:`rules_page` builds a page; ``tests/server/test_rules_pages.py`` checks that every preset has every
section in every language and that the timers shown are the ruleset's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fnmatch import fnmatchcase
from functools import cache
from typing import Any

import yaml

from tablesport.core import Ruleset, UnknownPreset
from tablesport.games import all_games, all_presets

from .i18n import LANGS, translator
from .texts import game_texts, texts_file

PROSE = ("goal", "setup", "turn", "end", "competition")
"""The written sections, in page order; the page adds ``timers`` after ``turn`` and ``source`` last."""
SECTIONS = ("goal", "setup", "turn", "timers", "end", "competition", "source")
TIMER = re.compile(r"_(seconds|minutes)$")
_PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True, slots=True)
class Paragraph:
    texts: dict[str, str]
    only: tuple[str, ...] = ()

    def applies(self, preset: str) -> bool:
        return not self.only or any(fnmatchcase(preset, pattern) for pattern in self.only)


@dataclass(frozen=True, slots=True)
class Timer:
    texts: dict[str, str]
    unused: tuple[str, ...] = ()
    """Presets (``fnmatch`` patterns) that carry the parameter but whose engine times nothing with it."""

    def used_in(self, preset: str) -> bool:
        return not any(fnmatchcase(preset, pattern) for pattern in self.unused)


@dataclass(frozen=True, slots=True)
class GameRules:
    game: str
    sections: dict[str, tuple[Paragraph, ...]]
    timers: dict[str, Timer]
    source: tuple[Paragraph, ...]


def _texts(entry: dict[str, Any], where: str) -> dict[str, str]:
    missing = [lang for lang in LANGS if not str(entry.get(lang) or "").strip()]
    if missing:
        raise ValueError(f"{where}: no text in {', '.join(missing)}")
    return {lang: str(entry[lang]).strip() for lang in LANGS}


def _paragraphs(entries: list[dict[str, Any]] | None, where: str) -> tuple[Paragraph, ...]:
    return tuple(Paragraph(_texts(e, f"{where} {n}"), tuple(str(p) for p in e.get("only") or ()))
                 for n, e in enumerate(entries or ()))


@cache
def game_rules(game: str) -> GameRules:
    """The rules data of ``game`` (its package's ``texts/rules.yaml``); a text missing a language fails
    here."""
    path = texts_file(game, "rules")
    data = yaml.safe_load(path.read_text(encoding="utf-8")) if path is not None else {}
    sections = data.get("sections") or {}
    unknown = sorted(set(sections) - set(PROSE))
    if unknown:
        raise ValueError(f"{game} texts/rules.yaml: unknown sections {unknown}; known: {', '.join(PROSE)}")
    return GameRules(
        game=game,
        sections={key: _paragraphs(sections.get(key), f"{game} texts/rules.yaml {key}") for key in PROSE},
        timers={str(k): Timer(_texts(v, f"{game} texts/rules.yaml timer {k}"),
                              tuple(str(p) for p in v.get("unused") or ()))
                for k, v in (data.get("timers") or {}).items()},
        source=_paragraphs(data.get("source"), f"{game} texts/rules.yaml source"),
    )


def timer_params(rs: Ruleset) -> list[str]:
    """The preset's timing parameters (``*_seconds``, ``*_minutes``), in the preset's order."""
    return [k for k in rs.params if TIMER.search(k)]


def duration(param: str, value: Any, lang: str) -> str:
    """A timer's value in words: ``30 s``, ``40 min``, or "no time limit" for ``None``."""
    t = translator(lang)
    if value is None:
        return str(t("rules.untimed"))
    seconds = float(value) * (60 if param.endswith("_minutes") else 1)
    if seconds >= 120 and seconds % 60 == 0:
        return str(t("rules.minutes", n=f"{seconds / 60:g}"))
    return str(t("rules.seconds", n=f"{seconds:g}"))


def fill(text: str, rs: Ruleset, where: str) -> str:
    """``{name}`` → the preset's parameter ``name`` (a number or a word, shown as it is)."""

    def value(m: re.Match[str]) -> str:
        name = m.group(1)
        if name not in rs.params:
            raise ValueError(f"{where}: {{{name}}} is not a parameter of {rs.preset}")
        v = rs.params[name]
        if isinstance(v, bool) or not isinstance(v, int | float | str):
            raise ValueError(f"{where}: {{{name}}} of {rs.preset} is {v!r}, not a number or a word")
        return f"{v:g}" if isinstance(v, float) else str(v)

    return _PLACEHOLDER.sub(value, text)


def timers(game: str, rs: Ruleset, lang: str) -> list[dict[str, Any]]:
    """Each timing parameter of the preset: what it times, its value and, where a table with people
    sets it otherwise (the game's ``live_params``), that value."""
    g = all_games()[game]
    data = game_rules(game)
    out = []
    for param in timer_params(rs):
        if param not in data.timers:
            raise ValueError(f"{game} texts/rules.yaml: no words for the timer {param} of {rs.preset}")
        if not data.timers[param].used_in(rs.preset):
            continue
        value = rs.params[param]
        live = g.live_params.get(param, value)
        out.append({"param": param, "label": data.timers[param].texts[lang], "value": value,
                    "shown": duration(param, value, lang),
                    "live": None if live == value else {"value": live, "shown": duration(param, live, lang)}})
    return out


def title_of(game: str, preset: str, lang: str) -> tuple[str, str]:
    """The game's and the preset's titles in ``lang`` (as the lobby shows them)."""
    texts = game_texts(game)
    game_title = texts.title[lang] if texts.title else all_games()[game].title
    return game_title, texts.presets.get(preset, {}).get(lang, all_presets()[preset][1].title)


def rules_page(preset: str, lang: str) -> dict[str, Any]:
    """The page of ``preset`` in ``lang``: titles, each section's paragraphs, the timers, the source.
    Raises :class:`UnknownPreset` for a preset that does not exist."""
    found = all_presets().get(preset)
    if found is None:
        raise UnknownPreset(f"unknown preset {preset!r}; known: {', '.join(sorted(all_presets()))}")
    game, rs = found
    data = game_rules(game.name)
    where = f"{game.name} texts/rules.yaml"
    sections = {key: [fill(p.texts[lang], rs, f"{where} {key}")
                      for p in data.sections[key] if p.applies(preset)] for key in PROSE}
    game_title, preset_title = title_of(game.name, preset, lang)
    return {
        "game": game.name, "preset": preset, "game_title": game_title, "title": preset_title,
        "seats": game.players(rs), "sections": sections, "timers": timers(game.name, rs, lang),
        "source": [fill(p.texts[lang], rs, f"{where} source") for p in data.source if p.applies(preset)],
    }


def rules_index(lang: str) -> list[dict[str, Any]]:
    """Every game with its presets' titles (the ``/rules`` page)."""
    out = []
    for game in all_games().values():
        presets = [{"preset": p, "title": title_of(game.name, p, lang)[1], "seats": rs.seats}
                   for p, rs in game.presets.items()]
        out.append({"game": game.name, "title": title_of(game.name, next(iter(game.presets)), lang)[0],
                    "presets": presets})
    return out
