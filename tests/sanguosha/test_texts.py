"""data/texts.yaml: every general's skill and every card has a text in each UI language, no text names
a skill or card the game does not have, and the screens' names carry the texts."""

from __future__ import annotations

from tablesport.games.sanguosha.card_texts import LANGS, missing_texts, texts
from tablesport.games.sanguosha.cards import CARDS
from tablesport.games.sanguosha.game import GAME
from tablesport.games.sanguosha.generals import generals


def test_every_skill_and_card_has_a_text_in_every_language() -> None:
    assert missing_texts() == []
    assert len(generals()) == 38


def test_no_text_for_an_unknown_skill_or_card() -> None:
    skills = {s.id for g in generals().values() for s in g.skills}
    assert set(texts()["skills"]) <= skills, set(texts()["skills"]) - skills
    assert set(texts()["cards"]) <= {c.name for c in CARDS}


def test_texts_are_in_their_language() -> None:
    for section in texts().values():
        for key, by_lang in section.items():
            assert set(by_lang) == set(LANGS), key
            assert not any("\u4e00" <= ch <= "\u9fff" for ch in by_lang["en"]), key
            assert any("\u4e00" <= ch <= "\u9fff" for ch in by_lang["zh-Hans"]), key
            # the traditional text differs from the simplified one wherever a simplified form occurs
            assert "伤" not in by_lang["zh-Hant"] and "牌堆顶" not in by_lang["zh-Hant"], key


def test_missing_text_is_reported(monkeypatch: object) -> None:
    import tablesport.games.sanguosha.card_texts as mod

    broken = {"skills": dict(texts()["skills"]), "cards": dict(texts()["cards"])}
    broken["skills"]["wusheng"] = {"zh-Hans": "x", "zh-Hant": "", "en": "y"}
    del broken["cards"]["peach"]
    monkeypatch.setattr(mod, "texts", lambda: broken)  # type: ignore[attr-defined]
    missing = mod.missing_texts()
    assert "skills:wusheng:zh-Hant" in missing
    assert {"cards:peach:zh-Hans", "cards:peach:zh-Hant", "cards:peach:en"} <= set(missing)


def test_screen_names_carry_the_texts() -> None:
    names = GAME.names()
    assert names["skills"]["wusheng"]["text"]["en"].startswith("You may use or play any red card")
    assert names["card_names"]["slash"]["text"]["zh-Hant"]
    assert names["card_names"]["kirin_bow"]["range"] == 5
