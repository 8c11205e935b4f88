"""The shared shape of the retrial skills (鬼才, 鬼道, 缓释): before a judgement card takes effect,
offer the owner a card to put in its place (reference §2.6). Subclasses say which cards may be used,
the prompt, and whether the old judgement card is taken (an exchange) or discarded."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..engine import retrial
from ..skill import Skill
from ..state import Frame, SgsState
from ._util import TOKEN, offer, played


class RetrialSkill(Skill):
    timings = frozenset({"retrial"})
    ask = False        # one question: which card replaces the judgement, or decline
    exchange = False   # True: the owner takes the old judgement card into hand

    def candidates(self, g: SgsState, seat: int, ctx: dict[str, Any]) -> list[int]:
        raise NotImplementedError

    def prompt(self, ctx: dict[str, Any]) -> str:
        raise NotImplementedError

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        return ctx["card"] >= 0 and bool(self.candidates(g, seat, ctx))

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        opts = [("invoke", self.id, TOKEN[c]) for c in self.candidates(g, seat, ctx)]
        offer(g, self.id, seat, opts, self.prompt(ctx), ci=ci)

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        g.pop()
        if a[0] != "invoke":
            return
        seat, c = f.d["seat"], C.card_id(a[2])
        g.emit("skill", seat=seat, skill=self.id)
        retrial(g, f.d["ci"], seat, c, exchange=self.exchange)
        played(g, seat, (c,))
