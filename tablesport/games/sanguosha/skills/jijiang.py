"""激将 Rouse (Liu Bei) — lord skill: when you need to use or play a Slash, you may ask the other Shu
characters, one at a time in turn order, to play a Slash on your behalf. Reference §3.3 #8.

Inert in every seed preset: commanders may not use lord skills in 3v3 (主帅不能使用主公技, [S11][S14][S12])
and in 1v1 Liu Bei has no other Shu character beside him; the engine offers a lord skill only where a
preset sets ``lord_skills``. Answers: ``("as", "jijiang", ())``; in the play phase
``("use_as", "jijiang", [], "slash", targets)`` (the Slash counts as Liu Bei's; if no ally supplies one it
has no effect and does not use up his Slash)."""

from __future__ import annotations

from ..skill import register
from .hujia import LordRequest


@register
class Jijiang(LordRequest):
    id = "jijiang"
    need = "slash"
