"""What every card does, as a table keyed by card name (:data:`CARD_RULES`), with the rules helpers the
table and the engine share (reference §2.3 basic cards, §2.4 instant tricks, §2.6 delayed tricks, §2.7
equipment). The frames that resolve a use are in card_use.py.

A :class:`CardRule` says

* ``targets(g, seat, subs)`` — the legal target tuples when ``seat`` uses the card (made of the
  physical cards ``subs``) in its play phase: seats, ``()`` for a card aimed at its user, ``(holder,
  victim)`` for Collateral, a direction for the global tricks in 3v3;
* ``place`` — where the card goes when used: ``equip`` (its slot), ``judge`` (a judgement area:
  delayed tricks) or ``process`` (resolved, then discarded);
* ``effect(g, user, target, source, ci)`` — what happens to one target (``ci``: the stack index of the
  ``use`` frame; ``source``: the damage source, which 祸首 may change); ``None``: no effect of its own;
* ``trick`` — an instant trick: each target's effect comes after the ``trick_effect`` timing and a
  Nullification window;
* ``aims`` — how the chosen targets become the resolution order: ``chosen`` (as listed), ``user`` (no
  target chosen: the user himself), ``first`` (only the first: Collateral's second seat is the
  victim), ``all_from_user`` / ``others_from_user`` (the global tricks, in seat order from the user);
* ``prepare(g, d)`` — done once before the effects (Amazing Grace reveals its cards).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING, Any, Final, Literal

from . import cards as C

if TYPE_CHECKING:
    from .state import SgsState

TOKEN: Final = C.TOKEN

Targets = list[tuple[Any, ...]]
TargetsFn = Callable[["SgsState", int, tuple[int, ...]], Targets]
EffectFn = Callable[["SgsState", int, int, int, int], None]


@dataclass(frozen=True, slots=True)
class CardRule:
    targets: TargetsFn
    effect: EffectFn | None = None
    place: Literal["equip", "judge", "process"] = "process"
    trick: bool = False
    aims: Literal["chosen", "user", "first", "all_from_user", "others_from_user"] = "chosen"
    prepare: Callable[[SgsState, dict[str, Any]], None] | None = None


# ====================================================================== rules helpers
def can_slash(g: SgsState, seat: int) -> bool:
    """May ``seat`` use (another) Slash this play phase? One, unless a weapon or skill allows more."""
    hooks = g.hooked(seat, "extra_slashes")
    extra = sum(sk.extra_slashes(g, seat) for sk in hooks) if hooks else 0
    return bool(g.turn.get("slashes", 0) < 1 + extra)


def has_any_card(g: SgsState, seat: int, judge: bool = True) -> bool:
    p = g.players[seat]
    return bool(p.hand) or max(p.equip) >= 0 or (judge and bool(p.judge))     # an empty slot holds -1


def trick_distance(g: SgsState, seat: int, name: str, base: int) -> int:
    """``seat``'s distance limit for trick ``name`` (skills may lift it)."""
    for sk in g.hooked(seat, "trick_distance"):
        base = sk.trick_distance(g, seat, name, base)
    return base


def use_targets(g: SgsState, seat: int, name: str, subs: tuple[int, ...]) -> Targets:
    """The legal target tuples for ``seat`` using ``name`` (made of ``subs``) in its play phase."""
    rule = CARD_RULES.get(name)
    return rule.targets(g, seat, subs) if rule is not None else []


# ====================================================================== targets
def _no_use(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    """Dodge and Nullification only answer; they are never used on their own initiative."""
    return []


def _self(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    return [()]


def _peach_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    p = g.players[seat]
    return [()] if p.hp < p.max_hp else []


def _lightning_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    return [()] if all(n != "lightning" for _c, n in g.players[seat].judge) else []


def _direction(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    """The global tricks: in 3v3 the user names the direction (卡牌结算顺序), in 1v1 nothing."""
    return [("ccw",), ("cw",)] if g.config("aoe_direction_choice", False) else [()]


def _slash_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    valid = g.within(seat, g.targetable(seat, "slash"), g.attack_range(seat, subs), subs)
    out: Targets = [(s,) for s in valid]
    hooks = g.hooked(seat, "extra_targets")
    if hooks:       # skills that let one Slash aim at more: the combinations of up to 1 + extra seats
        extra = sum(sk.extra_targets(g, seat, "slash", subs) for sk in hooks)
        for k in range(2, min(1 + extra, len(valid)) + 1):
            out.extend(combinations(valid, k))
    return out


def _duel_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    return [(s,) for s in g.targetable(seat, "duel")]


def _snatch_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    others = [s for s in g.targetable(seat, "snatch") if has_any_card(g, s)]
    return [(s,) for s in g.within(seat, others, trick_distance(g, seat, "snatch", 1), subs)]


def _dismantle_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    return [(s,) for s in g.targetable(seat, "dismantle") if has_any_card(g, s)]


def _collateral_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    """(holder, victim): a character with a weapon, and one the holder could Slash."""
    out: Targets = []
    for h in g.targetable(seat, "collateral"):
        if g.players[h].equip[0] < 0:
            continue
        for v in g.order_from(h, include=False):
            if g.may_target(h, v, "slash") and g.in_range(h, v):
                out.append((h, v))
    return out


def _delayed_targets(name: str, reach: int | None) -> TargetsFn:
    """Indulgence (any distance) and Supply Shortage (distance ``reach``, skills may lift it): a
    character without that trick in its judgement area."""
    def targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
        lim = 99 if reach is None else trick_distance(g, seat, name, reach)
        free = [s for s in g.targetable(seat, name) if all(n != name for _c, n in g.players[s].judge)]
        return [(s,) for s in g.within(seat, free, lim, subs)]
    return targets


# ====================================================================== effects on one target
def _slash(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("slash_hit", "targeted", {"user": user, "target": t, "ci": ci, "need": 1, "nododge": False})


def _peach(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("recover", "start", {"seat": t, "n": 1, "source": user})


def _duel(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("duel", "ask", {"user": source, "target": t, "turn": t, "ci": ci})


def _snatch(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    if has_any_card(g, t):
        g.push("choose_card", "ask", {"chooser": user, "owner": t, "areas": "hej", "act": "take",
                                      "why": "snatch"})


def _dismantle(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    if has_any_card(g, t):
        g.push("choose_card", "ask", {"chooser": user, "owner": t, "areas": "hej", "act": "discard",
                                      "why": "dismantle"})


def _ex_nihilo(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.draw(t, 2)


def _collateral(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("collateral", "ask", {"user": user, "holder": t, "victim": g.stack[ci].d["targets"][1], "ci": ci})


def _aoe(need: str) -> EffectFn:
    """Barbarian Invasion (answer: a Slash) and Arrow Barrage (a Dodge); Without Equal asks two."""
    def effect(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
        name = g.stack[ci].d["name"]
        cnt = max([sk.needed_responses(g, user, name) for sk in g.hooked(user, "needed_responses")],
                  default=1)
        g.push("aoe_hit", "ask", {"user": source, "target": t, "need": need, "count": cnt, "ci": ci})
    return effect


def _peach_garden(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    if g.players[t].hp < g.players[t].max_hp:
        g.push("recover", "start", {"seat": t, "n": 1, "source": user})


def _amazing_grace(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("ag_pick", "ask", {"seat": t, "ci": ci})


def _reveal_for_grace(g: SgsState, d: dict[str, Any]) -> None:
    """Amazing Grace turns up one card per target."""
    got = g.take_top(len(d["targets"]))
    g.processing.extend(got)
    g.public.update(got)
    d["ag"] = list(got)
    g.emit("reveal", {"cards": [TOKEN[c] for c in got], "why": "amazing_grace"})


# ====================================================================== the table
EQUIPMENT = CardRule(_self, place="equip")

CARD_RULES: Final[dict[str, CardRule]] = {
    "slash": CardRule(_slash_targets, _slash),
    "dodge": CardRule(_no_use),
    "peach": CardRule(_peach_targets, _peach, aims="user"),
    "duel": CardRule(_duel_targets, _duel, trick=True),
    "snatch": CardRule(_snatch_targets, _snatch, trick=True),
    "dismantle": CardRule(_dismantle_targets, _dismantle, trick=True),
    "ex_nihilo": CardRule(_self, _ex_nihilo, trick=True, aims="user"),
    "collateral": CardRule(_collateral_targets, _collateral, trick=True, aims="first"),
    "nullification": CardRule(_no_use),
    "barbarian_invasion": CardRule(_direction, _aoe("slash"), trick=True, aims="others_from_user"),
    "arrow_barrage": CardRule(_direction, _aoe("dodge"), trick=True, aims="others_from_user"),
    "peach_garden": CardRule(_direction, _peach_garden, trick=True, aims="all_from_user"),
    "amazing_grace": CardRule(_direction, _amazing_grace, trick=True, aims="all_from_user",
                              prepare=_reveal_for_grace),
    "indulgence": CardRule(_delayed_targets("indulgence", None), place="judge"),
    "supply_shortage": CardRule(_delayed_targets("supply_shortage", 1), place="judge"),
    "lightning": CardRule(_lightning_targets, place="judge"),
    **{c.name: EQUIPMENT for c in C.CARDS if c.type == "equipment"},
}
ANSWER_ONLY: Final = frozenset(name for name, rule in CARD_RULES.items() if rule.targets is _no_use)
"""The cards that only answer (no play-phase targets of their own)."""
