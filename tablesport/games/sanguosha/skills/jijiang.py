"""激将 Rouse (Liu Bei) — lord skill: when you need to use or play a Slash, you may ask the other Shu
characters, one at a time in turn order, to play a Slash on your behalf. Reference §3.3 #8.

Inert in every seed preset: 3v3 commanders may not use lord skills (主帅不能使用主公技, [S11][S14][S12])
and reference §3.1 keeps them inert in 1v1. A 1v1 table that sets ``lord_skills: "lord"`` gives the Lord
side (the 主公 card, [S14] 1v1 一.1) lord status: a Lord-side Liu Bei then asks a Shu opponent.
Answers: ``("as", "jijiang", ())``; in the play phase ``("use_as", "jijiang", [], "slash", targets)``
(the Slash counts as Liu Bei's; if nobody supplies one it has no effect and does not use up his Slash,
and Rouse is not offered again in that play phase — the same answer would follow; QSanguosha marks the
failed claim for the phase the same way)."""

from __future__ import annotations

from ..skill import register
from .hujia import LordRequest


@register
class Jijiang(LordRequest):
    id = "jijiang"
    need = "slash"
