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

from tablesport.compiled_build import python_class

from .. import cards as C
from ..engine import retrial
from ..families import Offered
from ..skill import Option
from ..state import Frame, SgsState
from ..timing import RETRIAL, JudgeCtx
from ._util import TOKEN, played

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
    """Is a judgement result of ``suit``/``rank`` good for the judged character? None for an unknown
    reason."""
    j = JUDGEMENTS.get(reason)
    if j is None:
        return None
    suits, lo, hi, fav = j
    hit = suit in suits and lo <= rank <= hi
    return hit if fav else not hit


@python_class
class RetrialSkill(Offered[JudgeCtx]):
    """Offer the owner a card of :meth:`candidates` to replace any character's judgement card."""

    timings = frozenset({RETRIAL})
    owner = None       # anyone's judgement
    exchange = False   # True: the owner takes the old judgement card into hand

    def candidates(self, g: SgsState, seat: int, ctx: JudgeCtx) -> list[int]:
        raise NotImplementedError

    def when(self, g: SgsState, seat: int, ctx: JudgeCtx) -> bool:
        return ctx["card"] >= 0

    def options(self, g: SgsState, seat: int, ctx: JudgeCtx) -> list[Option]:
        return [("invoke", self.id, TOKEN[c]) for c in self.candidates(g, seat, ctx)]

    def info(self, g: SgsState, seat: int, ctx: JudgeCtx) -> dict[str, Any]:
        card = ctx["card"]
        return {"judged": ctx["seat"], "reason": ctx["reason"], "card": TOKEN[card],
                "suit": g.suit_of(card, ctx["seat"])}

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        seat, c = f.d["seat"], C.card_id(answer[2])
        retrial(g, f.d["ci"], seat, c, exchange=self.exchange)
        played(g, seat, (c,))
