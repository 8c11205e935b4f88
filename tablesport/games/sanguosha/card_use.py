"""Card use: what every card does, as a table keyed by card name (:data:`CARD_RULES`), and the frames
that resolve a use (reference §2.3 basic cards, §2.4 instant tricks, §2.6 delayed tricks, §2.7
equipment).

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
from typing import Any, Literal

from . import cards as C
from .state import Frame, SgsState, handler
from .timing import Timing

NAME, TOKEN = C.NAME, C.TOKEN

Targets = list[tuple[Any, ...]]
TargetsFn = Callable[[SgsState, int, tuple[int, ...]], Targets]
EffectFn = Callable[[SgsState, int, int, int, int], None]


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
    extra = sum(sk.extra_slashes(g, seat) for sk in g.hooked(seat, "extra_slashes"))
    return bool(g.turn.get("slashes", 0) < 1 + extra)


def has_any_card(g: SgsState, seat: int, judge: bool = True) -> bool:
    p = g.players[seat]
    return bool(p.hand) or any(c >= 0 for c in p.equip) or (judge and bool(p.judge))


def trick_distance(g: SgsState, seat: int, name: str, base: int) -> int:
    """``seat``'s distance limit for trick ``name`` (skills may lift it)."""
    for sk in g.hooked(seat, "trick_distance"):
        base = sk.trick_distance(g, seat, name, base)
    return base


def use_targets(g: SgsState, seat: int, name: str, subs: tuple[int, ...]) -> Targets:
    """The legal target tuples for ``seat`` using ``name`` (made of ``subs``) in its play phase."""
    rule = CARD_RULES.get(name)
    return rule.targets(g, seat, subs) if rule is not None else []


def armor_active(g: SgsState, seat: int, ctx: dict[str, Any] | None = None) -> str | None:
    """The name of ``seat``'s armor if it works now (Qinggang Sword ignores it for its Slash)."""
    a = g.players[seat].equip[1]
    if a < 0 or (ctx is not None and ctx.get("ignore_armor")):
        return None
    return NAME[a]


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
    others = g.targetable(seat, "slash")
    reach = g.attack_range(seat, subs)
    valid = [s for s in others if g.distance(seat, s, subs) <= reach]
    extra = sum(sk.extra_targets(g, seat, "slash", subs) for sk in g.hooked(seat, "extra_targets"))
    out: Targets = [(s,) for s in valid]
    for k in range(2, min(1 + extra, len(valid)) + 1):
        out.extend(combinations(valid, k))
    return out


def _duel_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    return [(s,) for s in g.targetable(seat, "duel")]


def _snatch_targets(g: SgsState, seat: int, subs: tuple[int, ...]) -> Targets:
    others = g.targetable(seat, "snatch")
    lim = trick_distance(g, seat, "snatch", 1)
    return [(s,) for s in others if has_any_card(g, s) and g.distance(seat, s, subs) <= lim]


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
        return [(s,) for s in g.targetable(seat, name)
                if all(n != name for _c, n in g.players[s].judge) and g.distance(seat, s, subs) <= lim]
    return targets


# ====================================================================== effects on one target
def _slash(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("slash_hit", "targeted", user=user, target=t, ci=ci, need=1, nododge=False)


def _peach(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("recover", "start", seat=t, n=1, source=user)


def _duel(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("duel", "ask", user=source, target=t, turn=t, ci=ci)


def _snatch(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    if has_any_card(g, t):
        g.push("choose_card", "ask", chooser=user, owner=t, areas="hej", act="take", why="snatch")


def _dismantle(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    if has_any_card(g, t):
        g.push("choose_card", "ask", chooser=user, owner=t, areas="hej", act="discard", why="dismantle")


def _ex_nihilo(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.draw(t, 2)


def _collateral(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("collateral", "ask", user=user, holder=t, victim=g.stack[ci].d["targets"][1], ci=ci)


def _aoe(need: str) -> EffectFn:
    """Barbarian Invasion (answer: a Slash) and Arrow Barrage (a Dodge); Without Equal asks two."""
    def effect(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
        name = g.stack[ci].d["name"]
        cnt = max([sk.needed_responses(g, user, name) for sk in g.skills_of(user)] or [1])
        g.push("aoe_hit", "ask", user=source, target=t, need=need, count=cnt, ci=ci)
    return effect


def _peach_garden(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    if g.players[t].hp < g.players[t].max_hp:
        g.push("recover", "start", seat=t, n=1, source=user)


def _amazing_grace(g: SgsState, user: int, t: int, source: int, ci: int) -> None:
    g.push("ag_pick", "ask", seat=t, ci=ci)


def _reveal_for_grace(g: SgsState, d: dict[str, Any]) -> None:
    """Amazing Grace turns up one card per target."""
    got = g.take_top(len(d["targets"]))
    g.processing.extend(got)
    g.public.update(got)
    d["ag"] = list(got)
    g.emit("reveal", cards=[TOKEN[c] for c in got], why="amazing_grace")


# ====================================================================== the table
EQUIPMENT = CardRule(_self, place="equip")

CARD_RULES: dict[str, CardRule] = {
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


# ====================================================================== card use
def push_use(g: SgsState, user: int, name: str, subs: tuple[int, ...], targets: tuple[Any, ...], *,
             via: str | None, counted: bool = False, nonull: bool = False, ignore_distance: bool = False) -> Frame:
    """Use a card (physical, or virtual with its subcards) — the whole resolution is one ``use`` frame."""
    if len(subs) == 1:
        color = g.color_of(subs[0], user)
        suit = g.suit_of(subs[0], user)
    elif subs:
        cols = {g.color_of(c, user) for c in subs}
        color = cols.pop() if len(cols) == 1 else "none"
        suit = "none"
    else:
        color, suit = "none", "none"
    return g.push("use", "start", user=user, name=name, subs=subs, targets=targets, via=via, counted=counted,
                  color=color, suit=suit, nonull=nonull, ignore_distance=ignore_distance)


@handler("use")
def h_use(g: SgsState, f: Frame) -> None:
    """One use of a card: it goes to its slot, a judgement area, or to processing; the ``card_used``
    timing; then its effect on each target in order (a trick through ``trick``); leftovers are
    discarded."""
    d = f.d
    user, name = d["user"], d["name"]
    rule = CARD_RULES[name]
    if f.step == "start":
        subs = d["subs"]
        if d["counted"] and name == "slash":
            g.turn["slashes"] = g.turn.get("slashes", 0) + 1
        g.emit("use", seat=user, card=name, cards=[TOKEN[c] for c in subs], targets=list(d["targets"]),
               via=d["via"])
        if rule.place == "equip":
            g.equip_card(user, subs[0])
            g.pop()
            return
        if rule.place == "judge":
            tgt = user if name == "lightning" else d["targets"][0]
            c = subs[0]
            g.remove_card(c)
            g.public.add(c)
            g.players[tgt].judge.append((c, name))
            g.emit("place_trick", seat=tgt, card=TOKEN[c], trick=name)
            g.pop()
            return
        g.to_processing(subs)
        f.step = "effect"
        d["i"] = 0
        if rule.aims in ("all_from_user", "others_from_user"):
            d["targets"] = tuple(_global_order(g, user, name, d["targets"], rule.aims == "all_from_user"))
        elif rule.aims == "user" and not d["targets"]:
            d["targets"] = (user,)
        if rule.prepare is not None:
            rule.prepare(g, d)
        g.fire(Timing.CARD_USED)
        return
    if f.step == "effect":
        i = d["i"]
        targets = d["targets"]
        if i >= len(targets):   # a card in resolution finishes even if its user has died meanwhile
            f.step = "finish"
            return
        d["i"] = len(targets) if rule.aims == "first" else i + 1
        t = targets[i]
        if not g.players[t].alive:
            return
        if rule.trick:
            g.push("trick", "start", user=user, target=t, ci=g.top_index(), name=name, source=user)
        elif rule.effect is not None:
            rule.effect(g, user, t, user, g.top_index())
        return
    # finish: leftovers (Amazing Grace's unclaimed cards, the used card) go to the discard pile
    left = [c for c in d["subs"] if c in g.processing] + [c for c in d.get("ag", []) if c in g.processing]
    if left:
        g.discard(left, user, "used")
    g.pop()


def _global_order(g: SgsState, user: int, name: str, dirn: tuple[Any, ...], with_user: bool) -> list[int]:
    """Targets of a global trick in resolution order: AoEs start at the user's next character,
    Peach Garden and Amazing Grace at the user; 3v3 lets the user pick the direction (§2.4)."""
    cw = bool(dirn) and dirn[0] == "cw"
    order = g.order_from(user)
    if cw:
        order = [order[0]] + order[1:][::-1]
    if not with_user:
        return [s for s in order[1:] if g.may_target(user, s, name)]
    return [s for s in order if g.may_target(user, s, name)]


@handler("trick")
def h_trick(g: SgsState, f: Frame) -> None:
    """One target of an instant trick: ``trick_effect`` triggers (may cancel or change the source),
    the Nullification window, then the card's effect."""
    d = f.d
    use = g.stack[d["ci"]].d
    name, user, t = d["name"], d["user"], d["target"]
    if f.step == "start":
        f.step = "null"
        g.fire(Timing.TRICK_EFFECT)
        return
    if f.step == "null":
        if d.get("cancel"):
            g.pop()
            return
        f.step = "effect"
        if not use.get("nonull"):
            g.push("nullify", "start", ret=g.top_index(), key="nullified", user=user, target=t, trick=name,
                   cards=use["subs"])
        return
    if f.step == "effect":
        g.pop()
        if d.get("nullified") or not g.players[t].alive:
            return
        effect = CARD_RULES[name].effect
        if effect is not None:
            effect(g, user, t, d["source"], d["ci"])


@handler("slash_hit")
def h_slash_hit(g: SgsState, f: Frame) -> None:
    """One target of a Slash: targeted triggers, Renwang Shield, Dodge request (Eight Diagrams),
    dodged triggers (Blade, Axe), damage."""
    d = f.d
    use = g.stack[d["ci"]].d
    user = d["user"]
    if f.step == "targeted":
        w = g.players[user].equip[0]
        d["ignore_armor"] = w >= 0 and NAME[w] == "qinggang_sword" and w not in use["subs"]
        for sk in g.skills_of(user):
            d["need"] = max(d["need"], sk.needed_responses(g, user, "slash"))
        f.step = "dodge"
        g.fire(Timing.SLASH_TARGETED)
        return
    t = d["target"]
    if f.step == "dodge":
        if not g.players[t].alive:
            g.pop()
            return
        if d.get("cancel"):
            g.pop()
            return
        if use["color"] == "black" and armor_active(g, t, d) == "renwang_shield":
            g.emit("no_effect", seat=t, card="slash", why="renwang_shield")
            g.pop()
            return
        if d["nododge"]:
            f.step = "hit"
            return
        f.step = "dodged?"
        g.push("ask_card", "ask", seat=t, need="dodge", count=d["need"], ret=g.top_index(), key="dodged",
               mode="play", armor=not d["ignore_armor"], about=user)
        return
    if f.step == "dodged?":
        if d.pop("dodged", False):
            g.emit("dodged", seat=t, by=user)
            f.step = "after_dodge"
            g.fire(Timing.SLASH_DODGED)
            return
        f.step = "hit"
        return
    if f.step == "after_dodge":
        if d.get("force_hit"):
            f.step = "hit"
            return
        g.pop()
        return
    if f.step == "hit":
        f.step = "done"
        if g.players[t].alive:
            g.push("damage", "start", source=user, target=t, n=1, nature="", via="slash", cards=use["subs"],
                   ci=d["ci"])
        return
    g.pop()



@handler("aoe_hit")
def h_aoe_hit(g: SgsState, f: Frame) -> None:
    d = f.d
    if f.step == "ask":
        f.step = "got"
        g.push("ask_card", "ask", seat=d["target"], need=d["need"], count=d["count"], ret=g.top_index(),
               key="ok", mode="play", armor=True, about=d["user"])
        return
    g.pop()
    if not d.get("ok") and g.players[d["target"]].alive:
        use = g.stack[d["ci"]].d
        g.push("damage", "start", source=d["user"] if g.players[d["user"]].alive else -1, target=d["target"], n=1,
               nature="", via=use["name"], cards=use["subs"], ci=d["ci"])


@handler("ag_pick")
def h_ag_pick(g: SgsState, f: Frame) -> None:
    d = f.d
    use = g.stack[d["ci"]].d
    if f.step == "ask":
        avail = [c for c in use["ag"] if c in g.processing]
        if not avail:
            g.pop()
            return
        f.step = "got"
        opts = tuple(("take", TOKEN[c]) for c in avail)
        g.request(d["seat"], "amazing_grace", opts, prompt="Take one of the revealed cards",
                  time_limit=g.config("response_seconds"), timeout=opts[0])
        return
    c = C.card_id(d.pop("answer")[1])
    g.give(c, d["seat"])
    g.pop()


@handler("duel")
def h_duel(g: SgsState, f: Frame) -> None:
    """Duel: starting with the target, each in turn plays a Slash (two against Without Equal);
    the first who does not takes 1 damage from the other."""
    d = f.d
    turn = d["turn"]
    other = d["user"] if turn == d["target"] else d["target"]
    if f.step == "ask":
        if not g.players[turn].alive or not g.players[other].alive:
            g.pop()
            return
        cnt = max([sk.needed_responses(g, other, "duel") for sk in g.skills_of(other)] or [1])
        f.step = "got"
        g.push("ask_card", "ask", seat=turn, need="slash", count=cnt, ret=g.top_index(), key="ok", mode="play",
               armor=False, about=other)
        return
    if d.pop("ok", False):
        d["turn"] = other
        f.step = "ask"
        return
    g.pop()
    if g.players[turn].alive:
        use = g.stack[d["ci"]].d if d["ci"] >= 0 else {"subs": (), "name": "duel"}
        g.push("damage", "start", source=other if g.players[other].alive else -1, target=turn, n=1, nature="",
               via="duel", cards=use["subs"], ci=d["ci"])


@handler("collateral")
def h_collateral(g: SgsState, f: Frame) -> None:
    """Collateral: the holder may use a Slash on the named victim; if not, the user takes the
    holder's weapon (reference §2.4)."""
    d = f.d
    h, v, user = d["holder"], d["victim"], d["user"]
    if f.step == "ask":
        if not g.players[v].alive or not g.may_target(h, v, "slash"):
            f.step = "refused"
            return
        f.step = "got"
        g.push("ask_card", "ask", seat=h, need="slash", count=1, ret=g.top_index(), key="ok", mode="use",
               armor=False, about=v, victim=v)
        return
    if f.step == "got" and d.get("ok"):
        g.pop()
        name, subs, via = d["ok_card"]
        push_use(g, h, name, subs, (v,), via=via, counted=False)
        return
    g.pop()
    w = g.players[h].equip[0]
    if w >= 0 and g.players[user].alive:
        g.give(w, user)
