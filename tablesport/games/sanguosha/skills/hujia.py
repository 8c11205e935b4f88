"""护驾 Escort (Cao Cao) — lord skill: when you need to use or play a Dodge, you may ask the other Wei
characters, one at a time in turn order, to play a Dodge for you; the first who does supplies it as if
you had played it; if nobody does you may still answer yourself. Reference §3.3 #1.

Inert in every seed preset: commanders may not use lord skills in 3v3 (主帅不能使用主公技, [S11][S14][S12])
and Cao Cao is banned from the 1v1 pool; the engine offers a lord skill only where a preset sets
``lord_skills`` (and this one only with another living Wei character). The answer is
``("as", "hujia", ())``; the others of the kingdom are then asked in turn order (their decision's
data names the lord as ``behalf``)."""

from __future__ import annotations

from typing import Any

from tablesport.compiled_build import python_class

from ..families import OnOwnCard
from ..skill import register
from ..state import Frame, SgsState
from ..timing import CARD_PLAYED, CARD_USED, Timing


def allies_of_kingdom(g: SgsState, seat: int) -> list[int]:
    k = g.players[seat].kingdom
    return [s for s in g.order_from(seat, include=False) if g.players[s].kingdom == k]


@python_class
class LordRequest(OnOwnCard):
    """Escort / Rouse: the lord's answer is a claim that an ally of his kingdom supplies the card."""

    lord = True
    need = ""
    timings = frozenset({CARD_PLAYED, CARD_USED})
    ask = False

    def view_as(self, g: SgsState, seat: int, need: str | None,
                context: str) -> list[tuple[tuple[int, ...], str]]:
        want = need if need is not None else ("slash" if self.need == "slash" else None)
        if want != self.need or context == "dying" or not allies_of_kingdom(g, seat):
            return []
        if g.stack and g.stack[-1].d.get(self.id + "_tried"):
            return []                           # the allies already refused this request
        if context == "play" and g.used_in_phase(seat, self.id + "_refused"):
            return []                           # refused once this play phase: not claimed again
        return [((), self.need)]

    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> bool:
        """The owner's claim through this skill: a card played, or a use (the use frame, not a
        Nullification or a dying Peach, which fire with their own context)."""
        if not super().can_trigger(g, seat, timing, ctx) or self.card_of(timing, ctx)[2] != self.id:
            return False
        return timing == CARD_PLAYED or "counted" in ctx

    def on_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any], ci: int) -> None:
        ctx[self.id + "_tried"] = True
        g.push_skill(self.id, "next", seat, {"ci": ci, "mode": timing, "order": allies_of_kingdom(g, seat),
                                             "i": 0})

    def step_next(self, g: SgsState, f: Frame) -> None:
        d = f.d
        if d.pop("ok", False):                  # an ally supplied the card
            g.pop()
            return
        while d["i"] < len(d["order"]) and not g.players[d["order"][d["i"]]].alive:
            d["i"] += 1
        if d["i"] >= len(d["order"]):           # nobody did: the claim does not count
            g.pop()
            ctx = g.stack[d["ci"]].d
            if d["mode"] == "card_played":
                ctx["count"] += 1
            else:
                ctx["targets"] = ()
                if ctx.get("counted"):
                    g.turn["slashes"] = g.turn.get("slashes", 1) - 1
                g.bump(f"p:{d['seat']}:{self.id}_refused")
            return
        ally = d["order"][d["i"]]
        d["i"] += 1
        g.push("ask_card", "ask", {"seat": ally, "need": self.need, "count": 1, "ret": g.top_index(),
                                   "key": "ok", "mode": "play", "armor": False, "about": d["seat"],
                                   "behalf": d["seat"]})


@register
class Hujia(LordRequest):
    id = "hujia"
    need = "dodge"
