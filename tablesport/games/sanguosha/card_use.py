"""Card use: the frames that resolve a use of a card (the ``use`` frame: its slot, a judgement area, or
processing, ``card_used``, then each target's effect as the card table says), and the frames of the
cards' effects (a Slash's target, an instant trick's target, Barbarian Invasion and Arrow Barrage, Amazing
Grace, the Duel, Collateral). What each card does is the table of card_rules.py."""

from __future__ import annotations

from typing import Any

from . import cards as C
from .card_rules import CARD_RULES
from .state import Frame, SgsState, handler
from .timing import CARD_USED, SLASH_DODGED, SLASH_TARGETED, TRICK_EFFECT

NAME, TOKEN = C.NAME, C.TOKEN


def armor_active(g: SgsState, seat: int, ctx: dict[str, Any] | None = None) -> str | None:
    """The name of ``seat``'s armor if it works now (Qinggang Sword ignores it for its Slash)."""
    a = g.players[seat].equip[1]
    if a < 0 or (ctx is not None and ctx.get("ignore_armor")):
        return None
    return NAME[a]



def push_use(g: SgsState, user: int, name: str, subs: tuple[int, ...], targets: tuple[Any, ...], *,
             via: str | None, counted: bool = False, nonull: bool = False,
             ignore_distance: bool = False) -> Frame:
    """Use a card (physical, or virtual with its subcards) — the whole resolution is one ``use`` frame."""
    if len(subs) == 1:
        suit = g.suit_of(subs[0], user)
        color = "red" if suit in C.RED_SUITS else "black"     # color_of, from the suit
    elif subs:
        cols = {g.color_of(c, user) for c in subs}
        color = cols.pop() if len(cols) == 1 else "none"
        suit = "none"
    else:
        color, suit = "none", "none"
    return g.push("use", "start", {"user": user, "name": name, "subs": subs, "targets": targets, "via": via,
                                   "counted": counted, "color": color, "suit": suit, "nonull": nonull,
                                   "ignore_distance": ignore_distance})


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
        g.emit("use", {"seat": user, "card": name, "cards": [TOKEN[c] for c in subs],
                       "targets": list(d["targets"]), "via": d["via"]})
        if rule.place == "equip":
            g.equip_card(user, subs[0])
            g.stack.pop()
            return
        if rule.place == "judge":
            tgt: int = user if name == "lightning" else d["targets"][0]
            c = subs[0]
            g.remove_card(c)
            g.public.add(c)
            g.players[tgt].judge.append((c, name))
            g.emit("place_trick", {"seat": tgt, "card": TOKEN[c], "trick": name})
            g.stack.pop()
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
        if g.fire_now(CARD_USED) or g.lost_q:
            return
    if f.step == "effect":
        targets = d["targets"]
        while True:
            i = d["i"]
            if i >= len(targets):   # a card in resolution finishes even if its user has died meanwhile
                f.step = "finish"
                break
            d["i"] = len(targets) if rule.aims == "first" else i + 1
            t: int = targets[i]
            if not g.players[t].alive:
                continue
            if rule.trick:
                g.push("trick", "start", {"user": user, "target": t, "ci": g.top_index(), "name": name,
                                          "source": user})
                return
            if rule.effect is not None:
                rule.effect(g, user, t, user, g.top_index())
                return
    # finish: leftovers (Amazing Grace's unclaimed cards, the used card) go to the discard pile
    left = [c for c in d["subs"] if c in g.processing] + [c for c in d.get("ag", []) if c in g.processing]
    if left:
        g.discard(left, user, "used")
    g.stack.pop()


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
    name: str = d["name"]
    user: int = d["user"]
    t: int = d["target"]
    if f.step == "start":
        f.step = "null"
        if g.fire_now(TRICK_EFFECT):
            return
    if f.step == "null":
        if d.get("cancel"):
            g.stack.pop()
            return
        f.step = "effect"
        if not use.get("nonull"):
            g.push("nullify", "start", {"ret": g.top_index(), "key": "nullified", "user": user, "target": t,
                                        "trick": name, "cards": use["subs"]})
            return
    if f.step == "effect":
        g.stack.pop()
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
    user: int = d["user"]
    if f.step == "targeted":
        w = g.players[user].equip[0]
        d["ignore_armor"] = w >= 0 and NAME[w] == "qinggang_sword" and w not in use["subs"]
        for sk in g.hooked(user, "needed_responses"):     # the others ask for one
            d["need"] = max(d["need"], sk.needed_responses(g, user, "slash"))
        f.step = "dodge"
        if g.fire_now(SLASH_TARGETED):
            return
    t: int = d["target"]
    if f.step == "dodge":
        if not g.players[t].alive:
            g.stack.pop()
            return
        if d.get("cancel"):
            g.stack.pop()
            return
        if use["color"] == "black" and armor_active(g, t, d) == "renwang_shield":
            g.emit("no_effect", {"seat": t, "card": "slash", "why": "renwang_shield"})
            g.stack.pop()
            return
        if d["nododge"]:
            f.step = "hit"
            return
        f.step = "dodged?"
        g.push("ask_card", "ask", {"seat": t, "need": "dodge", "count": d["need"], "ret": g.top_index(),
                                   "key": "dodged", "mode": "play", "armor": not d["ignore_armor"],
                                   "about": user})
        return
    if f.step == "dodged?":
        if d.pop("dodged", False):
            g.emit("dodged", {"seat": t, "by": user})
            f.step = "after_dodge"
            g.fire_now(SLASH_DODGED)
            return
        f.step = "hit"
        return
    if f.step == "after_dodge":
        if d.get("force_hit"):
            f.step = "hit"
            return
        g.stack.pop()
        return
    if f.step == "hit":
        f.step = "done"
        if g.players[t].alive:
            g.push("damage", "start", {"source": user, "target": t, "n": 1, "nature": "", "via": "slash",
                                       "cards": use["subs"], "ci": d["ci"]})
        return
    g.stack.pop()



@handler("aoe_hit")
def h_aoe_hit(g: SgsState, f: Frame) -> None:
    d = f.d
    if f.step == "ask":
        f.step = "got"
        g.push("ask_card", "ask", {"seat": d["target"], "need": d["need"], "count": d["count"],
                                   "ret": g.top_index(), "key": "ok", "mode": "play", "armor": True,
                                   "about": d["user"]})
        return
    g.stack.pop()
    if not d.get("ok") and g.players[d["target"]].alive:
        use = g.stack[d["ci"]].d
        g.push("damage", "start", {"source": d["user"] if g.players[d["user"]].alive else -1,
                                   "target": d["target"], "n": 1, "nature": "", "via": use["name"],
                                   "cards": use["subs"], "ci": d["ci"]})


@handler("ag_pick")
def h_ag_pick(g: SgsState, f: Frame) -> None:
    d = f.d
    use = g.stack[d["ci"]].d
    if f.step == "ask":
        avail = [c for c in use["ag"] if c in g.processing]
        if not avail:
            g.stack.pop()
            return
        f.step = "got"
        opts = tuple([("take", TOKEN[c]) for c in avail])
        g.request(d["seat"], "amazing_grace", opts, prompt="Take one of the revealed cards",
                  time_limit=g.config("response_seconds"), timeout=opts[0])
        return
    c = C.card_id(d.pop("answer")[1])
    g.give(c, d["seat"])
    g.stack.pop()


@handler("duel")
def h_duel(g: SgsState, f: Frame) -> None:
    """Duel: starting with the target, each in turn plays a Slash (two against Without Equal);
    the first who does not takes 1 damage from the other."""
    d = f.d
    turn: int = d["turn"]
    other: int = d["user"] if turn == d["target"] else d["target"]
    if f.step == "ask":
        if not g.players[turn].alive or not g.players[other].alive:
            g.stack.pop()
            return
        cnt = max([sk.needed_responses(g, other, "duel") for sk in g.hooked(other, "needed_responses")],
                  default=1)
        f.step = "got"
        g.push("ask_card", "ask", {"seat": turn, "need": "slash", "count": cnt, "ret": g.top_index(),
                                   "key": "ok", "mode": "play", "armor": False, "about": other})
        return
    if d.pop("ok", False):
        d["turn"] = other
        f.step = "ask"
        return
    g.stack.pop()
    if g.players[turn].alive:
        use = g.stack[d["ci"]].d if d["ci"] >= 0 else {"subs": (), "name": "duel"}
        g.push("damage", "start", {"source": other if g.players[other].alive else -1, "target": turn, "n": 1,
                                   "nature": "", "via": "duel", "cards": use["subs"], "ci": d["ci"]})


@handler("collateral")
def h_collateral(g: SgsState, f: Frame) -> None:
    """Collateral: the holder may use a Slash on the named victim; if not, the user takes the
    holder's weapon (reference §2.4)."""
    d = f.d
    h: int = d["holder"]
    v: int = d["victim"]
    user: int = d["user"]
    if f.step == "ask":
        if not g.players[v].alive or not g.may_target(h, v, "slash"):
            f.step = "refused"
            return
        f.step = "got"
        g.push("ask_card", "ask", {"seat": h, "need": "slash", "count": 1, "ret": g.top_index(), "key": "ok",
                                   "mode": "use", "armor": False, "about": v, "victim": v})
        return
    if f.step == "got" and d.get("ok"):
        g.stack.pop()
        name, subs, via = d["ok_card"]
        push_use(g, h, name, subs, (v,), via=via, counted=False)
        return
    g.stack.pop()
    w = g.players[h].equip[0]
    if w >= 0 and g.players[user].alive:
        g.give(w, user)
