"""One name per card per language: the event log (texts/game.yaml, ``values.deal_card`` and
``values.action``) names each card as the screen does (ui.yaml ``md.kind.*`` and ``md.money`` in Chinese,
the game data's card names in English). The log said 顺手牵羊 where the card said 巧取."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

GAME = Path(__file__).parents[2] / "tablesport" / "games" / "monopoly_deal"
LANGS = ("en", "zh-Hans", "zh-Hant")


def load(*parts: str) -> Any:
    return yaml.safe_load((GAME.joinpath(*parts)).read_text(encoding="utf-8"))


UI = load("ui.yaml")
LOG = load("texts", "game.yaml")["values"]
CARDS = load("data", "cards.yaml")["cards"]
# the kinds named by their kind alone (money, property, wild and rent names are composed)
NAMED = sorted({c["kind"] for c in CARDS if c["kind"] not in ("money", "property", "wild", "rent")})


def screen_name(card: dict[str, Any], lang: str) -> str:
    """The name screen.js ``cardName`` shows for a card named by its kind or its value."""
    if card["kind"] == "money":
        return str(UI["md.money"][lang]).format(n=card["value"])
    return str(card["name"]) if lang == "en" else str(UI[f"md.kind.{card['kind']}"][lang])


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_card_has_the_same_name_in_the_log_and_on_the_screen(lang: str) -> None:
    assert "sly_deal" in NAMED and "birthday" in NAMED
    for card in CARDS:
        if card["kind"] not in NAMED:
            continue
        shown = screen_name(card, lang)
        assert LOG["deal_card"][card["kind"]][lang] == shown, (card["key"], lang)
        if card["kind"] in LOG["action"]:  # the action named in "plays … on …" and "cancelled" lines
            assert LOG["action"][card["kind"]][lang] == shown, (card["key"], lang)
    # the spelled-out keys of the same actions (the engine's words) name them the same way too
    for key, names in LOG["action"].items():
        kind = key.replace(" ", "_")
        if kind in NAMED:
            assert names[lang] == LOG["action"][kind][lang], (key, lang)


@pytest.mark.parametrize("lang", LANGS)
def test_every_money_card_has_the_same_name_in_the_log_and_on_the_screen(lang: str) -> None:
    money = [c for c in CARDS if c["kind"] == "money"]
    assert money
    for card in money:
        assert LOG["deal_card"]["money"][lang].format(value=card["value"]) == screen_name(card, lang), card[
            "key"
        ]
