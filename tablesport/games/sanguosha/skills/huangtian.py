"""黄天 Yellow Heaven (Zhang Jiao) — lord skill: other Qun characters may, in their own turn, give you a
Dodge or a Lightning. Reference §3.3 #32.

Inert in every seed preset, and registered as such: commanders may not use lord skills in 3v3 (主帅不能
使用主公技, [S11][S14]; Zhang Jiao is not in the 2012 pool) and in 1v1 he has no other Qun character beside
him, so the engine never offers it (``lord = True``; ``lord_skills`` is off in every preset). The giving
action itself is not modelled."""

from __future__ import annotations

from ..skill import Skill, register


@register
class Huangtian(Skill):
    id = "huangtian"
    lord = True
