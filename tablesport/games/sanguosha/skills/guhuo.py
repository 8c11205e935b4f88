"""蛊惑 Bewitch (Yu Ji), original Wind text (reference §3.3 #33): name a basic card or an instant trick and
use one hand card face down as that card. The other characters (1v1: the opponent) are asked in turn
whether they challenge. Unchallenged, it resolves as the named card. Challenged, it is revealed: if it
really is the named card, every challenger loses 1 HP, and it then resolves only if it is a heart;
if it is not, every challenger draws 1 card; a card that does not resolve is discarded. Any character
may challenge, whatever their HP (D19).

In Yu Ji's play phase: ``("skill", "guhuo", (card, name, targets))``. Answering a request for a Slash,
Dodge, Peach or Nullification: ``("as", "guhuo", ())`` — the claim is announced, then Yu Ji picks the
face-down hand card privately and the challenge follows; a claim that fails leaves the request open
(the Dodge/Slash/Peach/Nullification counts as not given). The card stays face down in Yu Ji's hand
(only he sees it) until it resolves or is revealed."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..card_rules import can_slash, use_targets
from ..card_use import push_use
from ..families import OnOwnCard
from ..skill import decline_time, register
from ..state import Frame, SgsState
from ..timing import CARD_PLAYED, CARD_USED, Timing
from ._util import TOKEN

RESPONSES = ("slash", "dodge", "peach", "nullification")
NAMES = ("slash", "peach", "ex_nihilo", "duel", "snatch", "dismantle", "collateral", "barbarian_invasion",
         "arrow_barrage", "peach_garden", "amazing_grace")


@register
class Guhuo(OnOwnCard):
    id = "guhuo"
    timings = frozenset({CARD_PLAYED, CARD_USED})
    ask = False

    # -- answers to requests: a face-down claim, the card is picked after the claim ---------------
    def view_as(self, g: SgsState, seat: int, need: str | None,
                context: str) -> list[tuple[tuple[int, ...], str]]:
        if need in RESPONSES and context != "play" and g.players[seat].hand:
            return [((), need)]
        return []

    def _claimed(self, timing: Timing, ctx: dict[str, Any]) -> str | None:
        """The card name claimed by a face-down Bewitch answer in this trigger context, if any."""
        name, subs, via = self.card_of(timing, ctx)
        return name if via == self.id and not subs else None

    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> bool:
        return super().can_trigger(g, seat, timing, ctx) and self._claimed(timing, ctx) is not None \
            and bool(g.players[seat].hand)

    def on_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any], ci: int) -> None:
        name = self._claimed(timing, ctx)
        if timing == CARD_PLAYED:
            mode = "played"                     # ctx: the ask_card frame at ci
        elif name in ("nullification", "peach"):
            mode = name                         # a Nullification window / a dying Peach (own trigger ctx)
        else:
            mode = "used"                       # a Slash used in answer: ctx is the use frame at ci
        g.push_skill(self.id, "picked", seat, {"name": name, "mode": mode, "ci": ci,
                                               "targets": tuple(ctx.get("targets", ())),
                                               "order": g.order_from(seat, include=False), "i": 0,
                                               "challengers": [], "card": -1})
        self.choose(g, seat, tuple(("card", TOKEN[c]) for c in g.players[seat].hand),
                    f"Bewitch: the face-down card claimed as {name}", info={"name": name})

    def step_picked(self, g: SgsState, f: Frame) -> None:
        f.d["card"] = C.card_id(f.d.pop("answer")[1])
        g.emit("bewitch", {"seat": f.d["seat"], "name": f.d["name"], "targets": list(f.d["targets"])})
        g.emit("bewitch_card", {"seat": f.d["seat"], "card": TOKEN[f.d["card"]]}, frozenset({f.d["seat"]}))
        f.step = "ask"

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        out: list[Any] = []
        slash_ok = can_slash(g, seat)
        for c in g.players[seat].hand:
            for name in NAMES:
                if name == "slash" and not slash_ok:
                    continue
                out += [(TOKEN[c], name, t) for t in use_targets(g, seat, name, (c,))]
        return out

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        tok, name, targets = payload
        g.emit("bewitch", {"seat": seat, "name": name, "targets": list(targets)})
        g.emit("bewitch_card", {"seat": seat, "card": tok}, frozenset({seat}))
        f = g.push_skill(self.id, "ask", seat, {"card": C.card_id(tok), "name": name,
                                                "targets": tuple(targets),
                                                "order": g.order_from(seat, include=False), "i": 0,
                                                "challengers": []})
        self.step_ask(g, f)

    def step_ask(self, g: SgsState, f: Frame) -> None:
        d = f.d
        while d["i"] < len(d["order"]):
            s = d["order"][d["i"]]
            if g.players[s].alive:
                f.step = "got"
                g.request(s, "challenge", (("accept",), ("challenge",)),
                          prompt=f"Bewitch: seat {d['seat']} claims {d['name']}. Challenge?",
                          time_limit=decline_time(g), timeout=("accept",),
                          data={"skill": self.id, "user": d["seat"], "name": d["name"]})
                return
            d["i"] += 1
        self._settle(g, f)

    def step_got(self, g: SgsState, f: Frame) -> None:
        d = f.d
        if d.pop("answer")[0] == "challenge":
            d["challengers"].append(d["order"][d["i"]])
            g.emit("challenge", {"seat": d["order"][d["i"]], "skill": self.id})
        d["i"] += 1
        f.step = "ask"

    def _settle(self, g: SgsState, f: Frame) -> None:
        d = f.d
        seat, c, name = d["seat"], d["card"], d["name"]
        if not d["challengers"]:
            f.step = "resolve"
            return
        genuine = C.NAME[c] == name
        g.emit("reveal", {"seat": seat, "cards": [TOKEN[c]], "why": self.id, "genuine": genuine})
        g.public.add(c)
        if genuine:
            f.step = "resolve" if g.suit_of(c, seat) == "heart" else "discard"
            for s in reversed(d["challengers"]):
                g.push("lose_hp", "start", {"seat": s, "n": 1})
        else:
            for s in d["challengers"]:
                g.draw(s, 1)
            f.step = "discard"

    def step_resolve(self, g: SgsState, f: Frame) -> None:
        d = f.d
        g.pop()
        seat, c = d["seat"], d["card"]
        mode = d.get("mode", "play_phase")
        if c not in g.players[seat].hand:
            return
        if mode == "play_phase":
            if g.players[seat].alive:
                push_use(g, seat, d["name"], (c,), d["targets"], via=self.id, counted=d["name"] == "slash")
            return
        if mode == "used":                      # a Slash used in answer (Collateral, Blade): the subcard
            g.to_processing((c,))
            g.stack[d["ci"]].d["subs"] = (c,)
        elif mode == "nullification":
            nf = _frame(g, "nullify", "chain")
            g.to_processing((c,))
            if nf is not None:
                nf.d["ncards"] = (c,)
        else:                                   # played (Dodge/Slash) or a dying Peach: the card is spent
            g.discard([c], seat, self.id)

    def step_discard(self, g: SgsState, f: Frame) -> None:
        d = f.d
        g.pop()
        c = d["card"]
        if c in g.players[d["seat"]].hand:
            g.discard([c], d["seat"], self.id)
        mode = d.get("mode", "play_phase")
        if mode == "played":                    # the answer did not count: the request stays open
            g.stack[d["ci"]].d["count"] += 1
        elif mode == "used":
            g.stack[d["ci"]].d["targets"] = ()
        elif mode == "nullification":
            nf = _frame(g, "nullify", "chain")
            if nf is not None:
                nf.step = "ask"
                nf.d["i"] += 1
        elif mode == "peach":
            for fr in reversed(g.stack):
                if fr.kind == "recover" and d["targets"] and fr.d["seat"] == d["targets"][0]:
                    fr.d["n"] = 0
                    break


def _frame(g: SgsState, kind: str, step: str) -> Frame | None:
    for fr in reversed(g.stack):
        if fr.kind == kind and fr.step == step:
            return fr
    return None
