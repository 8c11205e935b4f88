"""刚烈 Unyielding (Xiahou Dun): each time you are damaged you may judge; unless it is a heart, the damage
source chooses: discard two hand cards, or take 1 damage from you (with fewer than two hand cards it must
take the damage). Needs a living source. Reference §3.3 #3."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any

from .. import cards as C
from ..families import OnDamaged
from ..skill import register
from ..state import Frame, SgsState
from ..timing import DamageCtx
from ._util import TOKEN, discard_own

if TYPE_CHECKING:
    from ..bots.reading import Ctx


@register
class Ganglie(OnDamaged):
    id = "ganglie"

    def when(self, g: SgsState, seat: int, ctx: DamageCtx) -> bool:
        return self.living_source(g, seat, ctx) is not None

    def act(self, g: SgsState, seat: int, ctx: DamageCtx, ci: int) -> None:
        g.push_skill(self.id, "judged", seat, {"source": ctx["source"]})
        g.push("judge", "start", {"seat": seat, "reason": self.id, "ret": g.top_index()})

    def step_judged(self, g: SgsState, f: Frame) -> None:
        seat, src = f.d["seat"], f.d["source"]
        if f.d.get("judge_suit") == "heart" or not g.players[src].alive:
            g.pop()
            return
        hand = g.players[src].hand
        if len(hand) < 2:
            g.pop()
            self._hit(g, seat, src)
            return
        f.step = "chosen"
        opts = tuple(("discard", TOKEN[a], TOKEN[b]) for a, b in combinations(hand, 2)) + (("damage",),)
        self.choose(g, src, opts, "Unyielding: discard two hand cards or take 1 damage", timeout=("damage",),
                    info={"from": seat})

    def step_chosen(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        g.pop()
        if a[0] == "discard":
            discard_own(g, f.d["source"], [C.card_id(a[1]), C.card_id(a[2])], self.id)
        else:
            self._hit(g, f.d["seat"], f.d["source"])

    def _hit(self, g: SgsState, seat: int, src: int) -> None:
        g.push("damage", "start", {"source": seat, "target": src, "n": 1, "nature": "", "via": self.id,
                                   "cards": (), "ci": -1})

    def ai_choose(self, view: Ctx, opts: list[Any]) -> Any:
        pairs = [o for o in opts if o[0] == "discard"]
        if pairs and (view.me["hp"] <= 2 or len(view.hand) >= 4):
            return view.least_kept_pair(pairs)
        return ("damage",) if ("damage",) in opts else opts[0]
