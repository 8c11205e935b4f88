"""Typed guesses against the word: ``correct``, ``near`` (the picturist confirms with one click) or
``wrong``, with the reason in words.

English (seed 000 Pictionary §3):

* case, spaces, punctuation and the articles *a*, *an*, *the* are ignored;
* "If the answer is a singular word, the plural form counts as correct, and vice versa": singular
  and plural forms are compared with inflect (``ice creams`` for ``ice cream``, ``mice`` for ``mouse``);
* "Identically sounding words can be used … 'mail' can be drawn for 'male'": a homophone table
  compiled for tablesport (``data/homophones_en.txt``), word by word;
* one typo (a letter missing, added, changed, or two letters swapped) in a word of 4 letters or more
  is a near miss.

Chinese (简体 and 繁體; the word may be given in either, the guess typed in either):

* spaces and punctuation (full and half width) are ignored; traditional characters are compared in
  their simplified form (OpenCC ``t2s``), so 電腦 is 电脑;
* the same pinyin with tones (pypinyin, phrase readings) sounds the same: correct (公式 / 攻势);
* the same pinyin without tones, the toneless pinyin typed in letters, or one character off in a word
  of 3 characters or more: a near miss.

The verdicts depend only on this module, its data and the versions of inflect, pypinyin and OpenCC,
so a game record replays to the same verdicts.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

LANGS = ("en", "zh-Hans", "zh-Hant")
ARTICLES = frozenset({"a", "an", "the"})
DATA = Path(__file__).parent / "data"
MAX_GUESS = 40
"""Characters in a typed guess (after trimming); longer is refused."""


class MatchInputError(ValueError):
    """A guess or answer the matcher cannot take (empty, too long, unknown language)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    verdict: str  # "correct" | "near" | "wrong"
    why: str

    def to_json(self) -> dict[str, str]:
        return {"verdict": self.verdict, "why": self.why}


# -- shared ------------------------------------------------------------------------------------

def _plain(text: str) -> str:
    """NFKC (full-width letters become ASCII), lower case."""
    return unicodedata.normalize("NFKC", text).lower()


def _tokens(text: str) -> list[str]:
    """Words of ``text`` with punctuation and symbols dropped (apostrophes join: "don't" → "dont")."""
    out = []
    for ch in _plain(text):
        cat = unicodedata.category(ch)
        if ch in "'’`":
            continue
        out.append(" " if cat[0] in "PSZC" else ch)
    return "".join(out).split()


def edits_within_one(a: str, b: str) -> bool:
    """True if ``b`` is ``a`` with at most one letter missing, added, changed, or two adjacent swapped."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [i for i in range(la) if a[i] != b[i]]
        if len(diff) == 1:
            return True
        return (len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]]
                and a[diff[1]] == b[diff[0]])
    if la > lb:
        a, b = b, a
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    return a[i:] == b[i + 1:]


# -- English -----------------------------------------------------------------------------------

@cache
def _inflect() -> Any:
    import inflect

    return inflect.engine()


@cache
def homophones() -> dict[str, str]:
    """Word → one word standing for its homophone group (``data/homophones_en.txt``; lines that
    share a word are one group)."""
    parent: dict[str, str] = {}

    def find(w: str) -> str:
        while parent.setdefault(w, w) != w:
            w = parent[w]
        return w

    for raw in (DATA / "homophones_en.txt").read_text(encoding="utf-8").splitlines():
        words = raw.split("#", 1)[0].split()
        for w in words[1:]:
            parent[find(w)] = find(words[0])
    return {w: find(w) for w in parent}


@lru_cache(maxsize=65536)
def _singular(word: str) -> str:
    """The singular of an English noun, or the word itself (inflect's reading)."""
    sing = _inflect().singular_noun(word)
    return sing if isinstance(sing, str) and sing else word


def _number_match(a: list[str], g: list[str]) -> bool:
    """Singular and plural count for each other: inflect's ``compare`` on the phrase, then on the
    phrase without spaces ("icecreams" for "ice cream")."""
    eng = _inflect()
    for x, y in ((" ".join(a), " ".join(g)), ("".join(a), "".join(g))):
        try:
            if eng.compare(x, y):
                return True
        except Exception:  # inflect refuses some odd strings; they simply do not match
            continue
    return False


def _sound_key(words: list[str]) -> list[str]:
    table = homophones()
    out = []
    for w in words:
        if w in table:
            out.append(table[w])
        else:
            s = _singular(w)
            out.append(table.get(s, s))
    return out


def match_en(answer: str, guess: str) -> Verdict:
    a = [w for w in _tokens(answer) if w not in ARTICLES]
    g = [w for w in _tokens(guess) if w not in ARTICLES]
    if not g:
        return Verdict("wrong", "nothing to compare once articles and punctuation are left out")
    ca, cg = "".join(a), "".join(g)
    if ca == cg:
        if _tokens(answer) == _tokens(guess):
            return Verdict("correct", "the same word (case and punctuation ignored)")
        return Verdict("correct", "the same word (spaces, punctuation and articles ignored)")
    if _number_match(a, g):
        return Verdict("correct", "singular and plural count for each other")
    ka, kg = _sound_key(a), _sound_key(g)
    if "".join(ka) == "".join(kg):
        pairs = [f"{x}/{y}" for x, y in zip(a, g, strict=False) if x != y]
        return Verdict("correct", "sounds the same (homophones"
                       + (f": {', '.join(pairs)}" if pairs else "") + ")")
    sa, sg = "".join(_singular(w) for w in a), "".join(_singular(w) for w in g)
    if len(ca) >= 4 and (edits_within_one(ca, cg) or edits_within_one(sa, sg)):
        return Verdict("near", "one letter off: the picturist decides")
    return Verdict("wrong", "not the word")


# -- Chinese -----------------------------------------------------------------------------------

@cache
def _t2s() -> Any:
    from opencc import OpenCC  # type: ignore[import-untyped]

    try:
        return OpenCC("t2s")
    except Exception:  # the C++ binding names its configuration files
        return OpenCC("t2s.json")


def to_simplified(text: str) -> str:
    return str(_t2s().convert(text))


_LATIN = re.compile(r"[a-z0-9]+")


def _zh_compact(text: str) -> str:
    """NFKC, lower case, no spaces, punctuation or symbols."""
    return "".join(ch for ch in _plain(text) if unicodedata.category(ch)[0] not in "PSZC")


def _pinyin(text: str, tones: bool) -> list[str]:
    from pypinyin import Style, lazy_pinyin

    style = Style.TONE3 if tones else Style.NORMAL
    return [p.lower() for p in lazy_pinyin(text, style=style, neutral_tone_with_five=True)]


def match_zh(answer: str, guess: str) -> Verdict:
    raw_a, raw_g = _zh_compact(answer), _zh_compact(guess)
    if not raw_g:
        return Verdict("wrong", "nothing to compare once spaces and punctuation are left out")
    a, g = to_simplified(raw_a), to_simplified(raw_g)
    if raw_a == raw_g:
        return Verdict("correct", "the same word")
    if a == g:
        return Verdict("correct", "the same word in simplified or traditional characters")
    if _LATIN.fullmatch(g):
        if g == "".join(_pinyin(a, tones=False)):
            return Verdict("near", "the word's pinyin typed in letters: the picturist decides")
        return Verdict("wrong", "not the word")
    pa, pg = _pinyin(a, tones=True), _pinyin(g, tones=True)
    if pa == pg:
        return Verdict("correct", f"sounds the same (same pinyin with tones: {' '.join(pa)})")
    if _pinyin(a, tones=False) == _pinyin(g, tones=False):
        return Verdict("near", "the same pinyin without tones: the picturist decides")
    if len(a) >= 3 and edits_within_one(a, g):
        return Verdict("near", "one character off: the picturist decides")
    return Verdict("wrong", "not the word")


# -- the contract ------------------------------------------------------------------------------

def match(answer: str, guess: str, lang: str) -> Verdict:
    """The verdict on ``guess`` for ``answer`` in ``lang`` (``en``, ``zh-Hans``, ``zh-Hant``)."""
    if lang not in LANGS:
        raise MatchInputError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    if not isinstance(answer, str) or not answer.strip():
        raise MatchInputError("the answer must be a non-empty string")
    if not isinstance(guess, str):
        raise MatchInputError("the guess must be a string")
    if len(guess.strip()) > MAX_GUESS:
        raise MatchInputError(f"a guess has at most {MAX_GUESS} characters, this one {len(guess.strip())}")
    if lang == "en":
        return match_en(answer, guess)
    return match_zh(answer, guess)


def same_word(a: str, b: str, lang: str) -> bool:
    """True if a guess of ``b`` would be correct for ``a`` (used to find duplicates in word lists)."""
    return match(a, b, lang).verdict == "correct"


def canonical(word: str, lang: str) -> str:
    """A key equal for two words that count as the same answer (dedup index of a word list):
    English the singular words with homophones folded, Chinese the pinyin with tones."""
    if lang == "en":
        toks = [w for w in _tokens(word) if w not in ARTICLES]
        return "".join(_sound_key(toks))
    return " ".join(_pinyin(to_simplified(_zh_compact(word)), tones=True))
