"""反间 Sow Discord (Zhou Yu): once per play phase, choose another character; they name a suit, then take
one of your hand cards unseen and reveal it; if its suit differs from the named suit you deal them 1
damage. They keep the card. Reference §3.3 #19."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..skill import Skill, register
from ..state import Frame, SgsState

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Fanjian(Skill):
    id = "fanjian"
    limit_phase = 1

    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        if not g.players[seat].hand:
            return []
        return list(g.order_from(seat, include=False))

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        t = payload
        g.push_skill(self.id, "named", seat, {"target": t})
        self.choose(g, t, tuple(("suit", s) for s in C.SUITS), "Sow Discord: name a suit",
                    info={"from": seat})

    def step_named(self, g: SgsState, f: Frame) -> None:
        seat, t = f.d["seat"], f.d["target"]
        named = f.d.pop("answer")[1]
        g.pop()
        g.emit("name_suit", {"seat": t, "suit": named, "skill": self.id})
        hand = g.players[seat].hand
        if not hand:
            return
        c = hand[g.rng.randrange(len(hand))]
        suit = g.suit_of(c, seat)
        g.give(c, t, public=True)
        if suit != named and g.players[t].alive:
            g.push("damage", "start", {"source": seat, "target": t, "n": 1, "nature": "", "via": self.id,
                                       "cards": (), "ci": -1})

    def ai_play_value(self, view: Ctx, payload: Any) -> float:
        return 20.0 + 0.5 * view.priority(payload) if view.enemy(payload) else -1.0

    def ai_invoke_value(self, view: Ctx, args: tuple[Any, ...]) -> float:
        seats = view.seats_in(args)
        return 10.0 + view.priority(seats[0]) if seats and view.enemy(seats[0]) else -1.0

    def ai_choose(self, view: Ctx, opts: list[Any]) -> Any:
        return ("suit", "heart") if ("suit", "heart") in opts else opts[0]
