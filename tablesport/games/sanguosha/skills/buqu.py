"""不屈 Indomitable (Zhou Tai), original Wind text (reference §3.3 #31): whenever your HP is reduced and
ends at 0 or below, you may put the top card of the deck face up on your general card for each point
below 1 (cards kept = 1 − HP). While all those cards have different ranks you do not die: you stay in
play at HP ≤ 0 (the "Indomitable state", which the 2012 seed §4.1 counts as surviving, lost HP = max HP).
A duplicate rank makes you dying as usual (Peaches save you; if not saved you die). When you recover HP
you discard the surplus cards (your choice) — removing a duplicate that way ends the dying procedure."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..families import Offered
from ..skill import Option, register
from ..state import Frame, SgsState
from ..timing import DYING, HP_RECOVERED, HP_REDUCED, HpCtx, Timing
from ._util import TOKEN

PILE = "buqu"


def _pile(g: SgsState, seat: int) -> list[int]:
    return g.players[seat].pile.get(PILE, [])


def protected(g: SgsState, seat: int) -> bool:
    """Does Zhou Tai's Indomitable pile keep him from dying now?"""
    p = g.players[seat]
    pile = _pile(g, seat)
    ranks = [C.RANK[c] for c in pile]
    return p.hp <= 0 and len(pile) >= 1 - p.hp and len(set(ranks)) == len(ranks)


def _mark(g: SgsState, seat: int) -> None:
    p = g.players[seat]
    p.flags["buqu_alive"] = p.alive and p.hp <= 0 and protected(g, seat)


@register
class Buqu(Offered[HpCtx]):
    id = "buqu"
    timings = frozenset({HP_REDUCED, DYING, HP_RECOVERED})

    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> bool:
        if ctx["seat"] != seat:
            return False
        p = g.players[seat]
        if timing == HP_REDUCED:
            return p.hp <= 0 and len(_pile(g, seat)) < 1 - p.hp
        if timing == DYING:
            return protected(g, seat)
        return bool(_pile(g, seat)) and len(_pile(g, seat)) > max(0, 1 - p.hp)

    def on_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any], ci: int) -> None:
        if timing == HP_REDUCED:
            super().on_trigger(g, seat, timing, ctx, ci)          # offered: reveal cards onto the general
        elif timing == DYING:
            ctx["cancel"] = True
            g.emit("effect", {"seat": seat, "skill": self.id, "result": "stays in play",
                              "hp": g.players[seat].hp})
            _mark(g, seat)
        else:
            g.push_skill(self.id, "surplus", seat)

    def prompt(self, g: SgsState, seat: int, ctx: HpCtx) -> str:
        return "Indomitable: reveal cards onto your general?"

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        seat = f.d["seat"]
        p = g.players[seat]
        pile = p.pile.setdefault(PILE, [])
        got = g.take_top(max(0, 1 - p.hp - len(pile)))
        pile.extend(got)
        g.emit("pile", {"seat": seat, "pile": PILE, "cards": [TOKEN[c] for c in got]})
        _mark(g, seat)

    def step_surplus(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        p = g.players[seat]
        pile = _pile(g, seat)
        if len(pile) <= max(0, 1 - p.hp):
            g.pop()
            _mark(g, seat)
            if protected(g, seat):          # a removed duplicate ends the dying procedure
                for fr in reversed(g.stack):
                    if fr.kind == "dying" and fr.d["seat"] == seat:
                        fr.d["cancel"] = True
                        g.emit("effect", {"seat": seat, "skill": self.id, "result": "stays in play",
                                          "hp": p.hp})
                        break
            if not pile:
                p.pile.pop(PILE, None)
            return
        f.step = "removed"
        self.choose(g, seat, tuple(("remove", TOKEN[c]) for c in pile),
                    "Indomitable: discard a card from your general")

    def step_removed(self, g: SgsState, f: Frame) -> None:
        g.discard([C.card_id(f.d.pop("answer")[1])], f.d["seat"], self.id)
        f.step = "surplus"
