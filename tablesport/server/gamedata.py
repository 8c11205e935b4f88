"""Names the game screens show, taken from each game's data (English ``name``, ``name_zh`` and
the derived traditional form ``name_zh_hant``)."""

from __future__ import annotations

from functools import cache
from typing import Any

from .i18n import to_hant


def _named(name: str, name_zh: str, **extra: Any) -> dict[str, Any]:
    return {"name": name, "name_zh": name_zh, "name_zh_hant": to_hant(name_zh), **extra}


@cache
def names(game: str) -> dict[str, Any]:
    """Cards, generals and skills by id for ``game`` (empty for games without named things)."""
    if game == "sanguosha":
        from tablesport.games.sanguosha.cards import CARDS
        from tablesport.games.sanguosha.generals import generals

        gens = generals()
        skills = {s.id: _named(s.name, s.name_zh, compulsory=s.compulsory, lord=s.lord)
                  for g in gens.values() for s in g.skills}
        return {
            "cards": {c.token: _named(c.title, c.name_zh, key=c.name, suit=c.suit, rank=c.rank, type=c.type,
                                      subtype=c.subtype, range=c.range) for c in CARDS},
            "card_names": {c.name: _named(c.title, c.name_zh) for c in CARDS},
            "generals": {g.id: _named(g.name, g.name_zh, kingdom=g.kingdom, hp=g.hp, gender=g.gender,
                                      skills=list(g.skill_ids)) for g in gens.values()},
            "skills": skills,
        }
    return {}
