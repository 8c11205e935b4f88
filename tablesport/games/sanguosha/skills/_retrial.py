"""The shared shape of the retrial skills (鬼才, 鬼道, 缓释): before a judgement card takes effect,
offer the owner a card to put in its place (reference §2.6). Subclasses say which cards may be used,
the prompt, and whether the old judgement card is taken (an exchange) or discarded.

The decision's data says what is being judged (all public): ``judged`` (the seat whose judgement it
is), ``reason`` (the card or skill that asked for it: indulgence, supply_shortage, lightning,
eight_diagrams, luoshen, leiji, tieji, ganglie), ``card`` (the current judgement card) and ``suit``
(the suit it counts as for the judged character, e.g. Rosy Face). :data:`JUDGEMENTS` says which
results favour the judged character, for players and bots."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..engine import retrial
from ..skill import Skill
from ..state import Frame, SgsState
from ..timing import Timing
from ._util import TOKEN, offer, played

# reason → (suits, lowest rank, highest rank, favours): a judgement card of one of ``suits`` with a rank in
# the range makes the effect happen; ``favours`` says whether that result is good for the judged character.
JUDGEMENTS: dict[str, tuple[frozenset[str], int, int, bool]] = {
    "indulgence": (frozenset({"heart"}), 1, 13, True),              # heart: the play phase is not skipped
    "supply_shortage": (frozenset({"club"}), 1, 13, True),          # club: the draw phase is not skipped
    "lightning": (frozenset({"spade"}), 2, 9, False),               # spade 2–9: 3 thunder damage
    "eight_diagrams": (frozenset({"heart", "diamond"}), 1, 13, True),   # red: counts as a Dodge
    "luoshen": (frozenset({"spade", "club"}), 1, 13, True),         # black: Zhen Ji takes it, may go on
    "leiji": (frozenset({"spade"}), 1, 13, False),                  # spade: 2 thunder damage to the judged
    "tieji": (frozenset({"heart", "diamond"}), 1, 13, True),        # red: Ma Chao's Slash cannot be dodged
    "ganglie": (frozenset({"spade", "club", "diamond"}), 1, 13, True),  # not heart: the source pays
}


def favours_judged(reason: str, suit: str, rank: int) -> bool | None:
    """Is a judgement result of ``suit``/``rank`` good for the judged character? None for an unknown reason."""
    j = JUDGEMENTS.get(reason)
    if j is None:
        return None
    suits, lo, hi, fav = j
    hit = suit in suits and lo <= rank <= hi
    return hit if fav else not hit


class RetrialSkill(Skill):
    timings = frozenset({Timing.RETRIAL})
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
        card = ctx["card"]
        info = {"judged": ctx["seat"], "reason": ctx["reason"], "card": TOKEN[card],
                "suit": g.suit_of(card, ctx["seat"])}
        offer(g, self.id, seat, opts, self.prompt(ctx), ci=ci, info=info)

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        g.pop()
        if a[0] != "invoke":
            return
        seat, c = f.d["seat"], C.card_id(a[2])
        g.emit("skill", seat=seat, skill=self.id)
        retrial(g, f.d["ci"], seat, c, exchange=self.exchange)
        played(g, seat, (c,))
