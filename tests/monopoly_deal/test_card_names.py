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


@pytest.mark.parametrize("lang", LANGS)
def test_every_wild_and_rent_card_has_the_same_name_in_the_log_and_on_the_screen(lang: str) -> None:
    """Wild and rent cards are named by their colours: the log (``deal_card``, colours joined by the log's
    list separator) as the screen (ui.yaml ``md.card.*``, screen.js joins with the same 、) — in English
    both use the game data's name, e.g. "Property Wild Card (Brown / Light blue)"."""
    from tablesport.games.monopoly_deal.cards import CARDS as DECK
    from tablesport.server.content.texts import LIST_SEP

    cards = [c for c in CARDS if c["kind"] in ("wild", "rent")]
    assert {c["kind"] for c in cards} == {"wild", "rent"}
    for card in cards:
        cols, name = card.get("colours"), next(c.name for c in DECK.values() if c.key == card["key"])
        if lang == "en":
            assert LOG["deal_card"][card["kind"]][lang].format(colours="", name=name) == name
            continue
        if cols == "any":
            log_cols, screen_cols = LOG["colour"]["any"][lang], UI["md.any_colour"][lang]
        else:
            log_cols = LIST_SEP[lang].join(LOG["colour"][c][lang] for c in cols)
            screen_cols = "、".join(UI[f"md.colour.{c}"][lang] for c in cols)
        shown = str(UI[f"md.card.{card['kind']}"][lang]).format(colours=screen_cols)
        assert LOG["deal_card"][card["kind"]][lang].format(colours=log_cols, name=name) == shown, card["key"]
