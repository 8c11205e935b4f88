"""Word cards: the project's own lists (≥ 600 cards per language, checked) and an organiser's CSV list."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tablesport.games.pictionary.words import (
    CATEGORIES,
    DATA,
    RESERVED,
    WordListError,
    builtin,
    check_duplicates,
    check_word,
    parse_csv,
    to_csv,
)
from tests.installed_env import cli

from .helpers import table

LANGS = ("en", "zh-Hans", "zh-Hant")


@pytest.mark.parametrize("lang", LANGS)
def test_own_list_has_600_cards_of_five_words_all_checked(lang: str) -> None:
    """One word per category on each card (P, O, A, D, AP); every word drawable, suitable and different from
    every other word of the list (plurals, homophones, the other script and the same pinyin count as the
    same)."""
    text = (DATA / "words" / f"{lang}.csv").read_text(encoding="utf-8")
    cards = parse_csv(text, lang)  # duplicates included
    assert len(cards) >= 600
    assert all(len(c) == len(CATEGORIES) for c in cards)
    words = [w for c in cards for w in c]
    assert len(set(words)) == len(words)
    assert not RESERVED & set(words)
    assert builtin(lang) == cards


def test_traditional_list_is_written_in_traditional_characters() -> None:
    from tablesport.games.pictionary.guess_matching import to_simplified

    hant = [w for c in builtin("zh-Hant") for w in c]
    changed = sum(1 for w in hant if to_simplified(w) != w)
    assert changed > len(hant) // 3  # most words have a character that differs between the scripts
    assert "計程車" in hant and "計程车" not in hant


HEADER = "P,O,A,D,AP\n"


def good_list() -> str:
    return HEADER + "\n".join(",".join(f"{w}" for w in card) for card in builtin("en")[:25]) + "\n"


def test_an_organiser_list_with_named_columns_in_any_order() -> None:
    cards = builtin("en")[:25]
    text = "all_play,object,Person/Place/Animal,action,difficult\n" + "".join(
        f"{c[4]},{c[1]},{c[0]},{c[2]},{c[3]}\n" for c in cards)
    assert parse_csv(text, "en") == cards
    assert parse_csv("\ufeff" + good_list(), "en") == cards  # a spreadsheet's byte order mark


@pytest.mark.parametrize("text, says", [
    ("", "empty"),
    ("P,O,A,D\n", "lacks AP (All Play)"),
    ("P,O,A,D,AP,X\n", "unknown column 'X'"),
    ("P,O,A,D,P\n", "appears twice"),
    (HEADER + "cat,dog\n", "line 2: 2 words; a card has 5"),
    (HEADER + "cat,,run,fame,kite\n", "line 2, Object: empty"),
    (HEADER + "cat,car 2,run,fame,kite\n", "has a digit"),
    (HEADER + "cat,c@r,run,fame,kite\n", "only letters"),
    (HEADER + "cat,beer,run,fame,kite\n", "unsuitable"),
    (HEADER + "cat,clock,run,fame,kite\n", "the table uses"),
    (HEADER + "cat,dog,run,fame,kite\n", "20 to 5000"),
    (HEADER + "cat,cats,run,fame,kite\n", "'cats' is the same answer as 'cat' on line 2"),
    (HEADER + "mail,dog,run,fame,male\n", "'male' is the same answer as 'mail'"),
])
def test_an_organiser_list_is_checked_with_clear_errors(text: str, says: str) -> None:
    if "20 to 5000" not in says and text.startswith(HEADER):
        text += "".join(",".join(c) + "\n" for c in builtin("en")[:25])
    with pytest.raises(WordListError) as err:
        parse_csv(text, "en")
    assert says in str(err.value)


def test_chinese_lists_refuse_latin_letters_and_same_sounding_words() -> None:
    cards = [list(c) for c in builtin("zh-Hans")[:25]]
    assert (check_word("T恤", "zh-Hans") and check_word("香烟", "zh-Hans")
            and check_word("猫", "zh-Hans") is None)
    cards[3][1] = "攻势"
    cards[4][2] = "公式"
    with pytest.raises(WordListError, match="same answer"):
        check_duplicates([tuple(c) for c in cards], "zh-Hans")  # type: ignore[misc]


def test_a_table_plays_an_organisers_list_and_refuses_a_bad_one() -> None:
    cards = [list(c) for c in builtin("en")[:30]]
    st = table(cards=cards)
    assert st.cards == tuple(tuple(c) for c in cards)
    with pytest.raises(WordListError, match="line 4"):
        table(cards=[*cards[:2], ["a", "b", "c", "d", "e"], *cards[3:]])


def test_the_words_command(tmp_path: Path) -> None:
    f = tmp_path / "ours.csv"
    f.write_text(to_csv(builtin("zh-Hant")[:40]), encoding="utf-8")
    words = [*cli(), "pictionary", "words"]
    run = subprocess.run([*words, str(f), "--lang", "zh-Hant", "--json"], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0 and '"cards": 40' in run.stdout
    bad = tmp_path / "bad.csv"
    bad.write_text("P,O,A,D,AP\ncat,dog\n", encoding="utf-8")
    run = subprocess.run([*words, str(bad)], capture_output=True, text=True, timeout=120)
    assert (run.returncode == 2 and "line 2: 2 words" in run.stderr
            and len(run.stderr.strip().splitlines()) == 1)
