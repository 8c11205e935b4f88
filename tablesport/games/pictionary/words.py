"""Word cards: one word per category on each card (P, O, A, D, AP), as a CSV file.

The project's own lists are ``data/words/en.csv``, ``zh-Hans.csv`` and ``zh-Hant.csv`` (600 cards or
more each).  An organiser's list has the same form: a header naming the five columns (the codes
``P,O,A,D,AP`` or the names ``person_place_animal,object,action,difficult,all_play``, in any order)
and one card per row.  :func:`parse_csv` checks everything and raises :class:`WordListError` naming
the line, the column and what is allowed:

* every row has the five words, none empty; a word is 2 to 30 characters of letters, spaces,
  hyphens and apostrophes (Chinese: 1 to 30 Chinese characters, no Latin letters or digits);
* no digits, no other symbols (a picturist may not draw letters or numbers, and an answer with them
  cannot be guessed fairly);
* no two words anywhere in the list are the same answer for the matcher (the same word, a plural,
  a homophone; in Chinese the same pinyin with tones or the other script's form);
* no word from the list of unsuitable words (``data/unsuitable.txt``), and none of the words the
  table itself uses in its messages (:data:`RESERVED`);
* between 20 and 5,000 cards.
"""

from __future__ import annotations

import csv
import io
import unicodedata
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path

from tablesport.core import TablesportError

from .guess_matching import LANGS, canonical, to_simplified

DATA = Path(__file__).parent / "data"
CATEGORIES = ("P", "O", "A", "D", "AP")
NAMES = {"P": "person_place_animal", "O": "object", "A": "action", "D": "difficult", "AP": "all_play"}
TITLES = {"P": "Person/Place/Animal", "O": "Object", "A": "Action", "D": "Difficult", "AP": "All Play"}
MIN_CARDS, MAX_CARDS = 20, 5000
MAX_WORD = 30

Card = tuple[str, str, str, str, str]
"""One word per category, in the order of :data:`CATEGORIES`."""

RESERVED = frozenset({
    # view, decision and event keys and values of the Pictionary table (a word equal to one of these
    # would be indistinguishable from the table's own messages in the leak checks)
    "game", "mode", "lang", "board", "track", "finish", "start", "teams", "team", "seats", "pos", "picturist",
    "picturists", "words", "fouls", "reports", "turn", "phase", "die", "roll", "rolls", "word", "category",
    "answer", "open", "changes", "drawings", "guesses", "near", "result", "you", "role", "seat", "clock",
    "time", "final", "tiebreak", "winner", "reason", "how", "by", "text", "verdict", "why", "id", "kind",
    "points", "ops", "all", "play", "squares", "digital", "facilitator", "guesser", "watcher", "over",
    "ready", "change", "pass", "guess", "line", "more", "undo", "clear", "accept", "reject", "report",
    "foul", "guessed", "missed", "correct", "wrong", "letters", "talking", "signs", "time_up", "colours",
    "sizes", "stats", "no", "to", "from", "count", "left", "last", "size", "colour", "width", "height",
    "pictionary", "spectator", "passed", "accepted", "against", "first", "AP", "all_play", "out", "prev",
})


class PictionaryError(TablesportError, ValueError):
    """A Pictionary table that cannot be set up as asked (the message says what is allowed)."""


class WordListError(PictionaryError):
    """A word list that cannot be used; the message names the line, the column and what is allowed."""


@cache
def unsuitable() -> frozenset[str]:
    """Words and parts of words kept out of every list (lower case, simplified Chinese)."""
    out = set()
    for raw in (DATA / "unsuitable.txt").read_text(encoding="utf-8").splitlines():
        w = raw.split("#", 1)[0].strip().lower()
        if w:
            out.add(w)
    return frozenset(out)


def _is_cjk(ch: str) -> bool:
    return "CJK" in unicodedata.name(ch, "")


def check_word(word: str, lang: str) -> str | None:
    """What is wrong with ``word`` in a list of ``lang`` (``None``: nothing)."""
    if word != word.strip() or "  " in word:
        return "has spaces at an end or two spaces in a row"
    shortest = 2 if lang == "en" else 1
    if not shortest <= len(word) <= MAX_WORD:
        return f"must be {shortest} to {MAX_WORD} characters long, not {len(word)}"
    if any(ch.isdigit() for ch in word):
        return "has a digit (numbers may not be drawn; write the number as a word)"
    if lang == "en":
        bad = sorted({ch for ch in word if not (ch.isalpha() or ch in " -'")})
        if bad:
            return f"has {''.join(bad)!r}: only letters, spaces, hyphens and apostrophes"
        if not all(ch.isascii() or ch.isalpha() for ch in word):
            return "has characters other than letters"
    else:
        if not any(_is_cjk(ch) for ch in word):
            return "has no Chinese character"
        bad = sorted({ch for ch in word if not _is_cjk(ch) and ch not in "·"})
        if bad:
            return f"has {''.join(bad)!r}: only Chinese characters (and ·)"
    if word in RESERVED:
        return "is one of the words the table uses in its own messages; use another word"
    low = to_simplified(word.lower()) if lang != "en" else word.lower()
    parts = set(low.replace("-", " ").split()) if lang == "en" else set()
    for bad_word in unsuitable():
        if (lang == "en" and (bad_word in parts or (" " in bad_word and bad_word in low))) or \
                (lang != "en" and not bad_word.isascii() and bad_word in low):
            return "is on the list of unsuitable words"
    return None


def _columns(header: Sequence[str]) -> list[str]:
    by_name = {**{c.lower(): c for c in CATEGORIES}, **{v: k for k, v in NAMES.items()}}
    cols: list[str] = []
    for i, raw in enumerate(header, 1):
        key = raw.strip().lower().replace("/", "_").replace(" ", "_")
        if key not in by_name:
            raise WordListError(f"line 1, column {i}: unknown column {raw.strip()!r}; the columns are "
                                f"{', '.join(CATEGORIES)} or {', '.join(NAMES.values())}")
        cat = by_name[key]
        if cat in cols:
            raise WordListError(f"line 1, column {i}: column {cat} ({TITLES[cat]}) appears twice")
        cols.append(cat)
    missing = [c for c in CATEGORIES if c not in cols]
    if missing:
        raise WordListError(f"line 1: the header lacks {', '.join(f'{c} ({TITLES[c]})' for c in missing)}; "
                            f"a card has one word per category: {', '.join(CATEGORIES)}")
    return cols


def parse_csv(text: str, lang: str, duplicates: bool = True) -> tuple[Card, ...]:
    """The cards of a CSV word list, checked (see the module docstring); ``duplicates=False`` skips
    the search for duplicates (the project's own lists, which the tests check)."""
    if lang not in LANGS:
        raise WordListError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    text = text.lstrip("\ufeff")
    try:
        rows = list(csv.reader(io.StringIO(text)))
    except csv.Error as exc:
        raise WordListError(f"not a CSV file: {exc}") from None
    numbered = [(n, r) for n, r in enumerate(rows, 1) if any(c.strip() for c in r)]
    if not numbered:
        raise WordListError("the file is empty: it needs a header line and one card per line")
    cols = _columns(numbered[0][1])
    cards: list[Card] = []
    lines: list[int] = []
    for n, row in numbered[1:]:
        if len(row) != len(cols):
            raise WordListError(f"line {n}: {len(row)} words; a card has {len(cols)} ({', '.join(cols)})")
        by_cat = {}
        for col, cell in zip(cols, row, strict=True):
            word = unicodedata.normalize("NFC", cell).strip()
            if not word:
                raise WordListError(f"line {n}, {TITLES[col]}: empty; "
                                    "every card has a word for each category")
            problem = check_word(word, lang)
            if problem:
                raise WordListError(f"line {n}, {TITLES[col]}: {word!r} {problem}")
            by_cat[col] = word
        cards.append(tuple(by_cat[c] for c in CATEGORIES))  # type: ignore[arg-type]
        lines.append(n)
    if not MIN_CARDS <= len(cards) <= MAX_CARDS:
        raise WordListError(f"{len(cards)} cards; a list has {MIN_CARDS} to {MAX_CARDS}")
    if duplicates:
        check_duplicates(cards, lang, lines)
    return tuple(cards)


def check_duplicates(cards: Sequence[Card], lang: str, lines: Sequence[int] | None = None) -> None:
    """Refuse two words that are the same answer (see :func:`match.canonical`)."""
    seen: dict[str, tuple[int, str, str]] = {}
    for i, card in enumerate(cards):
        n = lines[i] if lines is not None else i + 2
        for cat, word in zip(CATEGORIES, card, strict=True):
            key = canonical(word, lang)
            if key in seen:
                m, mcat, mword = seen[key]
                same = "the same word" if mword == word else "the same answer"
                raise WordListError(f"line {n}, {TITLES[cat]}: {word!r} is {same} as {mword!r} on line {m} "
                                    f"({TITLES[mcat]}); every word of a list must be different")
            seen[key] = (n, cat, word)


def cards_from_params(value: object, lang: str) -> tuple[Card, ...]:
    """An organiser's list given inline as preset parameter ``cards`` (a list of 5-word lists)."""
    if not isinstance(value, list | tuple) or not all(isinstance(c, list | tuple) for c in value):
        raise WordListError("cards must be a list of cards, each a list of 5 words in the order "
                            f"{', '.join(CATEGORIES)}")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CATEGORIES)
    for card in value:
        w.writerow([str(x) for x in card])
    return parse_csv(buf.getvalue(), lang)


@cache
def builtin(lang: str) -> tuple[Card, ...]:
    """The project's own list for ``lang`` (checked when it is first read)."""
    if lang not in LANGS:
        raise WordListError(f"unknown language {lang!r}; known: {', '.join(LANGS)}")
    return parse_csv((DATA / "words" / f"{lang}.csv").read_text(encoding="utf-8"), lang, duplicates=False)


def to_csv(cards: Iterable[Card]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CATEGORIES)
    w.writerows(cards)
    return buf.getvalue()


__all__ = ["CATEGORIES", "NAMES", "RESERVED", "TITLES", "Card", "PictionaryError", "WordListError", "builtin",
           "cards_from_params", "check_duplicates", "check_word", "parse_csv", "to_csv", "to_simplified"]
