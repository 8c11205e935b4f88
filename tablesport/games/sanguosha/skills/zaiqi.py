"""再起 Rise Again (Meng Huo), [S12] §2.2.1: in your draw phase, if wounded, you may instead reveal the
top X cards of the deck (X = your lost HP); you recover 1 HP for each heart among them, discard those
hearts, and take the rest into your hand."""

from __future__ import annotations

from typing import Any

from ..skill import Skill, register
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import TOKEN, offer


@register
class Zaiqi(Skill):
    id = "zaiqi"
    timings = frozenset({Timing.DRAW_PHASE})
    ask = False

    def can_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any]) -> bool:
        p = g.players[seat]
        return ctx["seat"] == seat and ctx["n"] > 0 and p.hp < p.max_hp

    def on_trigger(self, g: SgsState, seat: int, timing: str, ctx: dict[str, Any], ci: int) -> None:
        p = g.players[seat]
        offer(g, self.id, seat, [("invoke", self.id)], f"Rise Again: reveal {p.max_hp - max(p.hp, 0)} cards instead "
              "of drawing?", ci=ci)

    def step_got(self, g: SgsState, f: Frame) -> None:
        g.pop()
        if f.d.pop("answer")[0] != "invoke":
            return
        seat = f.d["seat"]
        p = g.players[seat]
        g.emit("skill", seat=seat, skill=self.id)
        g.stack[f.d["ci"]].d["n"] = 0
        shown = g.take_top(p.max_hp - max(p.hp, 0))
        g.processing.extend(shown)
        g.emit("reveal", seat=seat, cards=[TOKEN[c] for c in shown], why=self.id)
        hearts = [c for c in shown if g.suit_of(c, seat) == "heart"]
        for c in shown:
            if c not in hearts:
                g.give(c, seat)
        if hearts:
            g.push("discard_processing", "start", cards=tuple(hearts), seat=seat)
            g.push("recover", "start", seat=seat, n=len(hearts), source=seat)
