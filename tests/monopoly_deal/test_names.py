"""One name per card in each language (issue 38 item 11): the buttons, hints and rules page call a card what
the log calls it (texts/game.yaml's ``values.action``)."""

from __future__ import annotations

from pathlib import Path

import yaml

PKG = Path(__file__).parents[2] / "tablesport" / "games" / "monopoly_deal"
OTHER_NAMES = {"zh-Hans": ("通过起点", "收债", "我说不"), "zh-Hant": ("通過起點", "收債", "我說不")}


def test_every_text_names_the_cards_as_the_log_does() -> None:
    actions = yaml.safe_load((PKG / "texts" / "game.yaml").read_text(encoding="utf-8"))["values"]["action"]
    assert actions["pass_go"]["zh-Hans"] == "经过起点" and actions["debt_collector"]["zh-Hans"] == "讨债"
    assert actions["just_say_no"]["zh-Hans"] == "我不要"
    for path in [PKG / "ui.yaml", *sorted((PKG / "texts").glob("*.yaml"))]:
        text = path.read_text(encoding="utf-8")
        for lang, names in OTHER_NAMES.items():
            for name in names:
                assert name not in text, f"{path.name} calls a card {name!r} ({lang})"
