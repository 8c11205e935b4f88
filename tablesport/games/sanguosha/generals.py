"""The generals (data/generals.yaml) and the general pools of each preset (reference §3.1)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import yaml

from .cards import DATA


@dataclass(frozen=True, slots=True)
class SkillInfo:
    id: str
    name: str
    name_zh: str
    compulsory: bool
    lord: bool


@dataclass(frozen=True, slots=True)
class General:
    id: str
    name: str
    name_zh: str
    kingdom: str
    hp: int
    gender: str
    pack: str
    skills: tuple[SkillInfo, ...]

    @property
    def skill_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.skills)


@cache
def generals() -> dict[str, General]:
    raw = yaml.safe_load((DATA / "generals.yaml").read_text(encoding="utf-8"))
    out = {}
    for g in raw:
        skills = tuple(SkillInfo(s["id"], s["name"], str(s["name_zh"]), bool(s.get("compulsory", False)),
                                 bool(s.get("lord", False))) for s in g["skills"])
        out[g["id"]] = General(g["id"], g["name"], str(g["name_zh"]), g["kingdom"], int(g["hp"]), g["gender"],
                               g.get("pack", "standard"), skills)
    return out


def pool(spec: dict[str, list[str]]) -> tuple[str, ...]:
    """A preset's general pool: the generals of ``packs`` minus ``remove`` plus ``add`` (data order)."""
    packs = set(spec.get("packs", ()))
    remove = set(spec.get("remove", ()))
    ids = [g.id for g in generals().values() if g.pack in packs and g.id not in remove]
    ids += [i for i in spec.get("add", ()) if i not in ids]
    unknown = [i for i in ids if i not in generals()]
    if unknown:
        raise KeyError(f"unknown generals {unknown}")
    return tuple(ids)
