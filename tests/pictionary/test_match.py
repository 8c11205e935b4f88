"""The guess matcher's contract, ``tablesport pictionary match --json``: 180 pairs in three languages.

seed 000 Pictionary §3: "Identically sounding words can be used to guess the correct word ... 'mail' can be
drawn for 'male'"; "If the answer is a singular word, the plural form counts as correct, and vice versa"."""

from __future__ import annotations

import json
import subprocess

import pytest

from tablesport.games.pictionary.guess_matching import MatchInputError, edits_within_one, match
from tests.installed_env import cli

C, N, W = "correct", "near", "wrong"

EN = [
    # case, spaces, punctuation, articles
    ("cat", "cat", C), ("cat", "CAT", C), ("cat", " Cat ", C), ("cat", "cat!", C), ("cat", "the cat", C),
    ("cat", "a cat", C), ("apple", "an apple", C), ("ice cream", "icecream", C),
    ("ice cream", "ice-cream", C), ("ice cream", "Ice  Cream", C), ("T-shirt", "t shirt", C),
    ("T-shirt", "tshirt", C), ("Big Ben", "big ben", C), ("New York", "new-york", C),
    ("hot dog", "hotdog", C), ("the moon", "moon", C), ("brushing teeth", "Brushing-Teeth", C),
    ("jack-in-the-box", "jack in the box", C), ("walking the dog", "walking dog", C),
    ("rock, paper", "rock paper", C),
    # singular and plural
    ("cat", "cats", C), ("cats", "cat", C), ("mouse", "mice", C), ("goose", "geese", C),
    ("child", "children", C), ("box", "boxes", C), ("bus", "buses", C), ("knife", "knives", C),
    ("leaf", "leaves", C), ("baby", "babies", C),
    ("tooth", "teeth", C), ("sheep", "sheep", C), ("fish", "fishes", C), ("strawberry", "strawberries", C),
    ("glass", "glasses", C), ("ice cream", "ice creams", C), ("jumping jack", "jumping jacks", C),
    ("potato", "potatoes", C), ("person", "people", C), ("wolf", "wolves", C),
    # homophones (a table compiled for tablesport)
    ("male", "mail", C), ("mail", "male", C), ("knight", "night", C), ("flower", "flour", C),
    ("pear", "pair", C),
    ("bear", "bare", C), ("sea", "see", C), ("son", "sun", C), ("eight", "ate", C), ("whale", "wail", C),
    ("knot", "not", C), ("nose", "knows", C), ("deer", "dear", C), ("hair", "hare", C), ("rose", "rows", C),
    ("steak", "stake", C), ("stairs", "stares", C), ("knights", "night", C), ("the flower", "flours", C),
    ("tail", "tale", C), ("plane", "plain", C), ("waist", "waste", C), ("cereal", "serial", C),
    # one typo: near
    ("elephant", "elephnat", N), ("elephant", "elepant", N), ("elephant", "elephantt", N),
    ("giraffe", "girafe", N), ("umbrella", "umbrela", N), ("pyramid", "piramid", N),
    ("kangaroo", "kangaro", N), ("ice cream", "ice crean", N), ("butterfly", "buterfly", N),
    ("dinosaur", "dinosuar", N), ("penguin", "pengiun", N), ("volcano", "volcanoe", N),
    ("toothbrush", "toothbrushs", C), ("lighthouse", "lighthose", N), ("astronaut", "astronat", N),
    # wrong
    ("cat", "dog", W), ("cat", "cot", W), ("cat", "ca", W), ("elephant", "elefant", W), ("male", "female", W),
    ("flower", "flowerpot", W), ("apple", "pineapple", W), ("sun", "sunny", W), ("tree", "three", N),
    ("pear", "peach", W), ("bus", "but", W), ("ice cream", "cream", W), ("ice cream", "ice", W),
    ("knight", "king", W), ("rainbow", "rain", W), ("swimming", "swim team", W), ("hot dog", "dog", W),
    ("cat", "!!!", W), ("cat", "the", W), ("bat", "a", W),
]

ZH_HANS = [
    # same word, spaces and punctuation
    ("长城", "长城", C), ("长城", "长 城", C), ("长城", "长城！", C), ("长城", "“长城”", C),
    ("苹果", "苹果。", C), ("大熊猫", " 大熊猫 ", C), ("冰淇淋", "冰淇淋？", C), ("电脑", "電腦", C),
    ("头发", "頭髮", C), ("长颈鹿", "長頸鹿", C), ("飞机", "飛機", C), ("龙舟", "龍舟", C),
    ("图书馆", "圖書館", C), ("自行车", "自行車", C), ("鱼", "魚", C),
    # same pinyin with tones: sounds the same
    ("公式", "攻势", C), ("长城", "常城", C), ("蜡烛", "腊烛", C), ("书包", "书苞", C), ("熊猫", "熊毛", N),
    ("鲸鱼", "京鱼", C), ("海报", "海豹", C), ("猩猩", "星星", C), ("迷路", "麋鹿", C), ("油轮", "游轮", C),
    ("半岛", "绊倒", C), ("翻船", "帆船", C), ("投球", "头球", C), ("期中", "期终", C),
    # same pinyin without tones, pinyin typed in letters, one character off: near
    ("熊猫", "胸毛", N), ("长城", "changcheng", N), ("熊猫", "xiongmao", N), ("苹果", "pingguo", N),
    ("长颈鹿", "长脖鹿", N), ("向日葵", "向月葵", N), ("摩天轮", "摩天伦", C), ("大熊猫", "大熊毛", N),
    ("汉堡", "寒宝", N), ("火锅", "活过", N), ("老虎", "捞户", N), ("天鹅", "田鹅", N), ("太阳", "太羊", C),
    # wrong
    ("长城", "城墙", W), ("苹果", "香蕉", W), ("熊猫", "熊", W), ("电脑", "电视", W), ("飞机", "火箭", W),
    ("长颈鹿", "斑马", W), ("长城", "changjiang", W), ("苹果", "apple", W), ("月亮", "太阳", W),
    ("猫", "狗", W), ("长城", "！！", W), ("向日葵", "葵花籽油", W),
]

ZH_HANT = [
    ("長城", "長城", C), ("長城", "长城", C), ("電腦", "电脑", C), ("蘋果", "苹果", C), ("頭髮", "头发", C),
    ("長頸鹿", "长颈鹿", C), ("圖書館", "图书馆", C), ("飛機", "飞机", C), ("龍舟", "龙舟", C),
    ("冰淇淋", "冰淇淋！", C), ("熊貓", "熊 貓", C), ("腳踏車", "腳踏車。", C), ("計程車", "计程车", C),
    ("鮭魚", "鲑鱼", C), ("鳳梨", "凤梨", C),
    ("公式", "攻勢", C), ("長城", "常城", C), ("鯨魚", "京魚", C), ("海報", "海豹", C), ("猩猩", "星星", C),
    ("迷路", "麋鹿", C), ("油輪", "遊輪", C), ("蠟燭", "臘燭", C), ("書包", "書苞", C), ("太陽", "太羊", C),
    ("熊貓", "胸毛", N), ("長城", "changcheng", N), ("熊貓", "xiongmao", N), ("長頸鹿", "長脖鹿", N),
    ("向日葵", "向月葵", N), ("摩天輪", "摩天倫", C), ("漢堡", "寒寶", N), ("火鍋", "活過", N),
    ("老虎", "撈戶", N),
    ("長城", "城牆", W), ("蘋果", "香蕉", W), ("熊貓", "熊", W), ("電腦", "電視", W), ("飛機", "火箭", W),
    ("長頸鹿", "斑馬", W), ("月亮", "太陽", W), ("貓", "狗", W), ("長城", "changjiang", W),
    ("蘋果", "apple", W), ("向日葵", "葵花籽油", W),
]

PAIRS = [(a, g, "en", v) for a, g, v in EN] + [(a, g, "zh-Hans", v) for a, g, v in ZH_HANS] + \
    [(a, g, "zh-Hant", v) for a, g, v in ZH_HANT]


def test_the_contract_has_at_least_150_pairs_of_each_verdict_in_three_languages() -> None:
    assert len(PAIRS) >= 150
    for lang in ("en", "zh-Hans", "zh-Hant"):
        assert {v for _, _, lg, v in PAIRS if lg == lang} == {C, N, W}


@pytest.mark.parametrize("answer, guess, lang, verdict", PAIRS, ids=[f"{p[2]}:{p[0]}/{p[1]}" for p in PAIRS])
def test_verdict(answer: str, guess: str, lang: str, verdict: str) -> None:
    got = match(answer, guess, lang)
    assert got.verdict == verdict, got.why
    assert got.why


def test_the_command_answers_json_lines_in_order() -> None:
    """``tablesport pictionary match --json``: JSON Lines in, one {"verdict", "why"} per line out, in
    order."""
    lines = "\n".join(json.dumps({"answer": a, "guess": g, "lang": lg}, ensure_ascii=False)
                      for a, g, lg, _ in PAIRS)
    run = subprocess.run([*cli(), "pictionary", "match", "--json"],
                         input=lines, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    out = [json.loads(x) for x in run.stdout.splitlines()]
    assert [o["verdict"] for o in out] == [v for *_, v in PAIRS]
    assert all(set(o) == {"verdict", "why"} for o in out)


def test_one_object_and_the_default_language() -> None:
    run = subprocess.run([*cli(), "pictionary", "match", "--json"],
                         input='{"answer": "male", "guess": "mail"}', capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0 and json.loads(run.stdout) == {
        "verdict": "correct", "why": "sounds the same (homophones: male/mail)"}


@pytest.mark.parametrize("stdin, says", [
    ("", "no request"),
    ("not json", "not JSON"),
    ('{"answer": "cat"}', '"guess" must be a string'),
    ('{"answer": "cat", "guess": "dog", "lang": "fr"}', "unknown lang"),
    ('{"answer": "cat", "guess": "dog", "mood": 1}', "unknown field"),
    ('["cat", "dog"]', "a request is an object"),
    ('{"answer": "", "guess": "dog"}', "non-empty"),
    ('{"answer": "cat", "guess": "' + "x" * 50 + '"}', "at most 40"),
    ('{"answer": "cat", "guess": "dog"}\n{"answer": 1, "guess": "x"}', "line 2"),
])
def test_bad_input_is_one_line_and_exit_code_2(stdin: str, says: str) -> None:
    run = subprocess.run([*cli(), "pictionary", "match", "--json"],
                         input=stdin, capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stdout == ""
    lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and says in lines[0], run.stderr


def test_unknown_language_in_python() -> None:
    with pytest.raises(MatchInputError, match="zh-Hans"):
        match("cat", "cat", "de")


@pytest.mark.parametrize("a, b, within", [("abcd", "abdc", True), ("abcd", "abc", True),
                                          ("abcd", "xabcd", True), ("abcd", "abxd", True),
                                          ("abcd", "badc", False), ("abcd", "ab", False)])
def test_one_edit(a: str, b: str, within: bool) -> None:
    assert edits_within_one(a, b) is within
