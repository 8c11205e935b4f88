# Over 500 lines: the frame stack's handlers in one table (turn, phases, judgements), each short.
"""The rules engine: the handlers of the frames on the stack (triggers, turn, phases, judgement,
responses, Nullification windows, choosing a card, damage, recovery, dying, death) and the legal-option
lists. What each card does is the card table of card_use.py.

Reference: the 2011/2014/2012 seeds and reference §2 (core rules), §4 (asking order), §8 (D12).
"""

from __future__ import annotations

from typing import Any, Final

from . import cards as C
from .card_rules import ANSWER_ONLY, CARD_RULES, can_slash
from .card_use import push_use
from .skill import SKILLS, decline_time
from .state import Frame, Player, SgsState, handler
from .timing import (
    AFTER,
    AFTER_DRAW,
    BEFORE,
    CARD_PLAYED,
    CARD_USED,
    DAMAGE_DONE,
    DAMAGE_INFLICT,
    DAMAGE_TAKE,
    DEATH,
    DRAW_PHASE,
    DYING,
    FINISH_PHASE,
    HP_RECOVERED,
    HP_REDUCED,
    JUDGE_DONE,
    PHASES,
    RETRIAL,
    START_PHASE,
    TURN_END,
    TURN_START,
)

NAME, RANK, TOKEN = C.NAME, C.RANK, C.TOKEN
NULLIFICATIONS: Final = frozenset(c for c in range(C.N) if NAME[c] == "nullification")


# ====================================================================== triggers and skill frames
@handler("trigger")
def h_trigger(g: SgsState, f: Frame) -> None:
    d = f.d
    seat: int       # typed locals: the frame's values are Any, and the compiled build reads the seats'
    ci: int = d["ci"]   # attributes and the frames' data directly only through typed names
    if f.step == "confirm":
        seat, sid = d.pop("cur")
        if d.pop("answer") == ("invoke", sid):
            g.emit("skill", {"seat": seat, "skill": sid})
            f.step = "next"
            SKILLS[sid].on_trigger(g, seat, d["t"], g.stack[ci].d, ci)
            return
        f.step = "next"
        return
    q = d["q"]
    timing = d["t"]
    while q:
        seat, sid = q.pop(0)
        if not g.players[seat].alive or not g.has_skill(seat, sid):
            continue
        sk = SKILLS[sid]
        ctx = g.stack[ci].d
        if not sk.can_trigger(g, seat, timing, ctx):
            continue
        if sk.compulsory or not sk.ask:
            if sk.compulsory:
                g.emit("skill", {"seat": seat, "skill": sid})
            sk.on_trigger(g, seat, timing, ctx, ci)
            return
        d["cur"] = (seat, sid)
        f.step = "confirm"
        g.request(seat, "invoke", (("invoke", sid), ("decline",)),
                  prompt=sk.invoke_prompt(g, seat, timing, ctx), time_limit=decline_time(g),
                  data={"skill": sid, "timing": timing})
        return
    g.stack.pop()


@handler("skill")
def h_skill(g: SgsState, f: Frame) -> None:
    SKILLS[f.d["sid"]].run(g, f)


# ====================================================================== turn and phases
@handler("turn")
def h_turn(g: SgsState, f: Frame) -> None:
    d = f.d
    seat: int = d["seat"]
    p = g.players[seat]
    if f.step == "start":
        g.current = seat
        g.turn = {"seat": seat, "skip": [], "slashes": 0}
        g.reset_counts("t")
        g.turn_no += 1
        g.emit("turn", {"seat": seat, "number": g.turn_no})
        if not p.face_up:
            p.face_up = True
            g.emit("flip", {"seat": seat, "face_up": True, "why": "skipped turn"})
            g.stack.pop()
            return
        d["i"] = 0
        f.step = "phases"
        if g.fire_now(TURN_START):
            return
    stack = g.stack
    if f.step == "post":        # the body of a phase begun by _bare_phase is over: its after_<ph> step
        f.step = "phases"
        ph = PHASES[d["i"] - 1]
        if AFTER[ph] in g.listeners():      # h_phase's last step, in the phase frame it would have had
            h_phase(g, g.push("phase", "post", {"seat": seat, "ph": ph}))
            if g.ask is not None or g.lost_q or not stack or stack[-1] is not f:
                return
    if f.step == "phases":
        # Each phase runs here at once; while one leaves nothing behind (no question, no frame, no
        # loss to announce) the next follows in the same call, as the frame loop would have run it.
        while True:
            if not p.alive:
                g.stack.pop()
                return
            i = d["i"]
            if i >= len(PHASES):
                f.step = "end"
                g.phase = ""
                g.fire_now(TURN_END)
                return
            d["i"] = i + 1
            ph = PHASES[i]
            if _quiet_phase(g, seat, ph):
                continue
            if _bare_phase(g, seat, ph):
                f.step = "post"
                return
            h_phase(g, g.push("phase", "pre", {"seat": seat, "ph": ph}))
            if g.ask is not None or g.lost_q or not stack or stack[-1] is not f:
                return
    g.emit("turn_end", {"seat": seat})
    g.stack.pop()


_BODY: Final = {"start": (START_PHASE,), "judge": (), "draw": (DRAW_PHASE, AFTER_DRAW), "discard": (),
                "finish": (FINISH_PHASE,)}
"""The phases that can run without frames (the judgement phase only with an empty judgement area, the
discard phase only with nothing to discard), with the timings their body fires."""
_QUIET_UNLESS_HEARD: Final = {ph: (BEFORE[ph], AFTER[ph], *body) for ph, body in _BODY.items()}
"""For each phase of :data:`_BODY`: every timing it fires (before, after, its body's); a listener to any
of them needs the phase's frame."""


def _quiet_phase(g: SgsState, seat: int, ph: str) -> bool:
    """Run phase ``ph`` at once, as :func:`h_phase` would, where nothing in it can stop: a skipped phase,
    or one whose body asks nothing and whose timings have no listener. False: it needs its frame."""
    skip: list[str] = g.turn["skip"]
    if ph in skip:
        g.emit("phase_skipped", {"seat": seat, "phase": ph})
        return True
    timings = _QUIET_UNLESS_HEARD.get(ph)
    if timings is None:
        return False
    p = g.players[seat]
    if (ph == "judge" and p.judge) or (ph == "discard" and _discard_limit(g, seat) < len(p.hand)):
        return False
    lis = g.listeners()
    for t in timings:
        if t in lis:
            return False
    g.phase = ph
    g.reset_counts("p")
    g.emit("phase", {"seat": seat, "phase": ph})
    if ph == "draw":        # h_phase's body and h_draw_phase, with no listener to change the count
        n = _draw_count(g)
        if n > 0:
            g.draw(seat, n)
    elif ph == "finish" and g.config("announce_at_end", False):
        g.emit("announce", {"seat": seat, "hp": p.hp, "hand_count": len(p.hand)})
    return True


_BODY_FRAME: Final = {"judge": ("judge_phase", "start"), "draw": ("draw_phase", "start"),
                      "play": ("play_phase", "ask"), "discard": ("discard_phase", "ask")}
"""The phases whose body is a frame of its own (the judgement phase only with a card to judge): its kind
and first step."""


def _bare_phase(g: SgsState, seat: int, ph: str) -> bool:
    """Begin phase ``ph`` without a phase frame, as :func:`h_phase`'s first two steps would, where its
    body is a frame and nothing listens before it: the body's frame goes straight on the turn frame,
    which does the phase's last step (``after_<ph>``) once that frame is gone. False: it needs its frame.
    (Not skipped and its character alive: :func:`h_turn` and :func:`_quiet_phase` saw to that.)"""
    body = _BODY_FRAME.get(ph)
    if body is None or BEFORE[ph] in g.listeners() or (ph == "judge" and not g.players[seat].judge):
        return False
    g.phase = ph
    g.reset_counts("p")
    g.emit("phase", {"seat": seat, "phase": ph})
    g.push(body[0], body[1], {"seat": seat, "n": _draw_count(g)} if ph == "draw" else {"seat": seat})
    return True


def _draw_count(g: SgsState) -> int:
    """The draw phase's count before skills: 2, less on the first turn where the preset says so."""
    n = 2
    if g.mode.get("first_turn_pending"):
        g.mode["first_turn_pending"] = False
        n -= int(g.config("first_turn_draw_less", 0))
    return n


def _discard_limit(g: SgsState, seat: int) -> int:
    """The hand limit in the discard phase: current HP (not below 0), as skills change it."""
    limit = max(g.players[seat].hp, 0)
    for sk in g.hooked(seat, "hand_limit"):
        limit = sk.hand_limit(g, seat, limit)
    return limit


@handler("phase")
def h_phase(g: SgsState, f: Frame) -> None:
    """One phase: ``before_<ph>`` skills (may skip it), the body, ``after_<ph>`` skills. A step whose
    timing has no listener (nothing pushed, no question, no card moved) goes straight on to the next."""
    d = f.d
    seat: int = d["seat"]
    ph: str = d["ph"]
    step = f.step
    if step == "pre":
        f.step = step = "body"
        if ph not in g.turn["skip"]:
            g.phase = ph
            g.reset_counts("p")
            if g.fire_now(BEFORE[ph]):      # skills that may skip this phase (Divine Speed, Self-Restraint)
                return
    if step == "body":
        f.step = step = "post"
        skipped = ph in g.turn["skip"]
        if skipped or not g.players[seat].alive:
            if skipped:
                g.emit("phase_skipped", {"seat": seat, "phase": ph})
            g.stack.pop()
            return
        g.emit("phase", {"seat": seat, "phase": ph})
        if ph == "start":
            if g.fire_now(START_PHASE):
                return
        elif ph == "judge":
            if g.players[seat].judge:       # an empty judgement area: nothing to resolve
                g.push("judge_phase", "start", {"seat": seat})
                return
        elif ph == "draw":
            g.push("draw_phase", "start", {"seat": seat, "n": _draw_count(g)})
            return
        elif ph == "play":
            g.push("play_phase", "ask", {"seat": seat})
            return
        elif ph == "discard":
            g.push("discard_phase", "ask", {"seat": seat})
            return
        else:
            if g.config("announce_at_end", False):   # 2014 二.3.2 f) / 2012 3.3.2 e): HP and hand size
                p = g.players[seat]
                g.emit("announce", {"seat": seat, "hp": p.hp, "hand_count": len(p.hand)})
            if g.fire_now(FINISH_PHASE):
                return
    if step == "post":
        f.step = "done"
        if g.fire_now(AFTER[ph]):   # not "after_draw": that one is the draw's own (seat, n)
            return
    g.stack.pop()


@handler("draw_phase")
def h_draw_phase(g: SgsState, f: Frame) -> None:
    """Draw phase: draw 2; skills at ``draw_phase`` may change ``n`` (Heroic Look +1, Bare-Chested −1)
    or take over the phase (Surprise Raid, Rise Again set ``n`` to 0)."""
    d = f.d
    if f.step == "start":
        f.step = "draw"
        if g.fire_now(DRAW_PHASE):
            return
    if f.step == "draw":
        seat: int = d["seat"]
        if d["n"] > 0 and g.players[seat].alive:
            g.draw(seat, d["n"])
        f.step = "after"
        if g.fire_now(AFTER_DRAW):
            return
    g.stack.pop()


@handler("judge_phase")
def h_judge_phase(g: SgsState, f: Frame) -> None:
    """Judgement phase: each delayed trick, most recently placed first (reference §2.2), may be
    Nullified; otherwise its judgement decides the effect."""
    d = f.d
    seat: int = d["seat"]
    p = g.players[seat]
    if f.step == "start":
        done = d.setdefault("done", [])
        left = [k for k, (c, _n) in enumerate(p.judge) if c not in done]
        if not p.alive or not left:
            g.stack.pop()
            return
        card, name = p.judge.pop(left[-1])
        done.append(card)
        g.processing.append(card)
        d["card"], d["name"] = card, name
        g.emit("judge_trick", {"seat": seat, "card": TOKEN[card], "trick": name})
        f.step = "nullified"
        g.push("nullify", "start", {"ret": g.top_index(), "key": "nullified", "user": seat, "target": seat,
                                    "trick": name, "cards": (card,)})
        return
    card, name = d["card"], d["name"]
    if f.step == "nullified":
        if d.pop("nullified", False):
            if name == "lightning":
                _pass_lightning(g, seat, card)
            else:
                g.discard([card], seat, "nullified")
            f.step = "start"
            return
        f.step = "judged"
        g.push("judge", "start", {"seat": seat, "reason": name, "ret": g.top_index()})
        return
    if f.step == "judged":
        jsuit, jrank = d.pop("judge_suit"), d.pop("judge_rank")
        d.pop("judge", None)
        f.step = "start"
        if name == "indulgence":
            if jsuit != "heart":
                g.turn["skip"].append("play")
                g.emit("effect", {"seat": seat, "trick": name, "result": "skip play phase"})
            g.discard([card], seat, "resolved")
        elif name == "supply_shortage":
            if jsuit != "club":
                g.turn["skip"].append("draw")
                g.emit("effect", {"seat": seat, "trick": name, "result": "skip draw phase"})
            g.discard([card], seat, "resolved")
        elif name == "lightning":
            if jsuit == "spade" and 2 <= jrank <= 9:
                g.discard([card], seat, "resolved")
                g.push("damage", "start", {"source": -1, "target": seat, "n": 3, "nature": "thunder",
                                           "via": "lightning", "cards": (), "ci": -1})
            else:
                _pass_lightning(g, seat, card)
        else:
            g.discard([card], seat, "resolved")


def _pass_lightning(g: SgsState, seat: int, card: int) -> None:
    """Lightning moves on to the next character without a Lightning (reference §2.6)."""
    s = seat
    for _ in range(g.n):
        s = g.next_seat(s)
        if s == seat:
            break
        if all(n != "lightning" for _c, n in g.players[s].judge):
            g.processing.remove(card)
            g.players[s].judge.append((card, "lightning"))
            g.emit("move_trick", {"card": TOKEN[card], "to": s, "trick": "lightning"})
            return
    g.processing.remove(card)
    g.players[seat].judge.insert(0, (card, "lightning"))
    g.emit("move_trick", {"card": TOKEN[card], "to": seat, "trick": "lightning"})


@handler("judge")
def h_judge(g: SgsState, f: Frame) -> None:
    """A judgement: flip the top card; retrial skills may replace it (``retrial`` timing); it takes
    effect (the requester reads ``judge``/``judge_suit``/``judge_rank``); ``judge_done`` skills may
    take it (Heaven's Envy); otherwise it is discarded."""
    d = f.d
    if f.step == "start":
        got = g.take_top(1)
        if not got:
            d["card"] = -1
            f.step = "end"
            return
        c = got[0]
        g.processing.append(c)
        g.public.add(c)
        d["card"] = c
        g.emit("judge", {"seat": d["seat"], "reason": d["reason"], "card": TOKEN[c]})
        f.step = "result"
        if g.fire_now(RETRIAL):
            return
    if f.step == "result":
        c = d["card"]
        parent = g.stack[d["ret"]].d
        parent["judge"] = c
        parent["judge_suit"] = g.suit_of(c, d["seat"]) if c >= 0 else ""
        parent["judge_rank"] = RANK[c] if c >= 0 else 0
        g.emit("judge_result", {"seat": d["seat"], "reason": d["reason"], "card": TOKEN[c],
                                "suit": parent["judge_suit"]})
        f.step = "end"
        if g.fire_now(JUDGE_DONE):
            return
    c = d["card"]
    if c >= 0 and c in g.processing:
        g.discard([c], d["seat"], "judgement")
    if "judge" not in g.stack[d["ret"]].d:
        parent = g.stack[d["ret"]].d
        parent["judge"], parent["judge_suit"], parent["judge_rank"] = -1, "", 0
    g.stack.pop()


def retrial(g: SgsState, ci: int, seat: int, new: int, exchange: bool = False) -> None:
    """Replace the judgement card of the judge frame at ``ci`` by ``seat``'s card ``new``; the old
    card is discarded, or taken into ``seat``'s hand when ``exchange`` (Dark Arts)."""
    d = g.stack[ci].d
    old = d["card"]
    g.remove_card(new)
    g.processing.append(new)
    g.public.add(new)
    d["card"] = new
    g.emit("retrial", {"seat": seat, "old": TOKEN[old], "card": TOKEN[new]})
    if old >= 0:
        if exchange:
            g.give(old, seat)
        else:
            g.discard([old], seat, "retrial")


# ====================================================================== play phase
@handler("play_phase")
def h_play_phase(g: SgsState, f: Frame) -> None:
    d = f.d
    seat: int = d["seat"]
    if f.step == "ask":
        if not g.players[seat].alive or g.current != seat or "play" in g.turn["skip"]:
            g.stack.pop()
            return
        opts = play_options(g, seat)
        f.step = "got"
        g.request(seat, "play", opts, prompt="Use a card or a skill, or end the play phase",
                  time_limit=g.config("play_seconds"), timeout=("end",))
        return
    a: tuple[Any, ...] = d.pop("answer")     # one of the options: a tuple whose first item says what
    what: str = a[0]
    f.step = "ask"
    if what == "end":
        g.stack.pop()
        return
    if what == "use":
        c = C.card_id(a[1])
        name = NAME[c]
        push_use(g, seat, name, (c,), tuple(a[2]), via=None, counted=True)
    elif what == "use_as":
        subs = tuple(C.card_id(t) for t in a[2])
        push_use(g, seat, a[3], subs, tuple(a[4]), via=a[1], counted=True)
    elif what == "skill":
        sk = SKILLS[a[1]]
        g.mark_used(seat, sk.id)
        g.emit("skill", {"seat": seat, "skill": sk.id})
        sk.on_active(g, seat, a[2])
    elif what == "grant":
        sk, owner = SKILLS[a[1]], a[2]
        g.emit("skill", {"seat": owner, "skill": sk.id, "actor": seat})
        sk.on_granted(g, owner, seat, a[3])


@handler("discard_phase")
def h_discard_phase(g: SgsState, f: Frame) -> None:
    """Discard phase: discard down to current HP, one card at a time (reference §2.2)."""
    d = f.d
    seat: int = d["seat"]
    p = g.players[seat]
    if f.step == "got":
        c = C.card_id(d.pop("answer")[1])
        g.discard([c], seat, "discard phase")
        f.step = "ask"
        if g.lost_q:            # the last hand card's loss is announced before the next ask
            return
    k = len(p.hand) - _discard_limit(g, seat)
    if not p.alive or k <= 0:
        g.stack.pop()
        return
    f.step = "got"
    opts = tuple([("discard", TOKEN[c]) for c in p.hand])
    g.request(seat, "discard", opts, prompt=f"Discard {k} more card(s)",
              time_limit=g.config("discard_seconds"), timeout=opts[0], data={"left": k})


# ====================================================================== legal options
def play_options(g: SgsState, seat: int) -> list[Any]:
    """Every legal play-phase action of ``seat``: ("use", card, targets), ("use_as", skill, cards,
    name, targets), ("skill", skill, payload), ("grant", skill, owner, payload), ("end",)."""
    p = g.players[seat]
    out: list[Any] = []
    slash_ok = can_slash(g, seat)
    memo: dict[tuple[str, bool] | None, list[tuple[Any, ...]]] = {}
    add = out.append
    last = len(p.hand) == 1
    for c in p.hand:
        name = NAME[c]
        if name in ANSWER_ONLY or (name == "slash" and not slash_ok):
            continue
        hand_key = (name, last)     # targets depend on the name (and Halberd's last card)
        ts = memo.get(hand_key)
        if ts is None:
            rule = CARD_RULES.get(name)
            ts = memo[hand_key] = rule.targets(g, seat, (c,)) if rule is not None else []
        if ts:
            tok = TOKEN[c]
            for t in ts:
                add(("use", tok, t))
    va = g.hooked(seat, "view_as")
    ao = g.hooked(seat, "active_options")
    equipped = {c for c in p.equip if c >= 0} if va else set()
    for sk in g.skills_of(seat) if va or ao else ():
        for subs, name in sk.view_as(g, seat, None, "play") if sk in va else ():
            if name == "slash" and not slash_ok:
                continue
            st = tuple([TOKEN[c] for c in subs])
            key = (name, set(p.hand) <= set(subs)) if not equipped & set(subs) else None
            ts = memo.get(key) if key is not None else None
            if ts is None:
                rule = CARD_RULES.get(name)
                ts = rule.targets(g, seat, subs) if rule is not None else []
                if key is not None:
                    memo[key] = ts
            for t in ts:
                out.append(("use_as", sk.id, st, name, t))
        if sk not in ao:
            continue
        if sk.limit_phase and g.used_in_phase(seat, sk.id) >= sk.limit_phase:
            continue
        if sk.limit_turn and g.used_in_turn(seat, sk.id) >= sk.limit_turn:
            continue
        for payload in sk.active_options(g, seat):
            out.append(("skill", sk.id, payload))
    for owner, sk in g.granters():
        if owner != seat and g.players[owner].alive:
            for payload in sk.granted_options(g, owner, seat):
                out.append(("grant", sk.id, owner, payload))
    out.append(("end",))
    return out


# ====================================================================== asking for cards
def response_options(g: SgsState, seat: int, need: str, mode: str, armor: bool,
                     victim: int = -1) -> list[Any]:
    """Answers to a request for ``need``: ("card", c), ("as", skill, cards), ("armor",), ("pass",)."""
    p = g.players[seat]
    out: list[Any] = [("card", TOKEN[c]) for c in p.hand if NAME[c] == need]
    ctx = "use" if mode == "use" else "respond"
    for sk in g.hooked(seat, "view_as"):
        for subs, name in sk.view_as(g, seat, need, ctx):
            if name == need:
                if victim >= 0 and not g.in_range(seat, victim, subs):
                    continue
                out.append(("as", sk.id, tuple(TOKEN[c] for c in subs)))
    if victim >= 0:
        out = [o for o in out if o[0] != "card" or g.in_range(seat, victim, (C.card_id(o[1]),))]
    if armor and need == "dodge":
        a = g.players[seat].equip[1]
        if a >= 0 and NAME[a] == "eight_diagrams":
            out.append(("armor",))
    out.append(("pass",))
    return out


def _ask_card_core(g: SgsState, f: Frame) -> None:
    """Ask ``seat`` for ``count`` cards named ``need``. mode ``play``: the card is played (打出) and
    discarded; mode ``use``: the choice is returned in ``<key>_card`` for the requester to use.
    Writes True/False into the requester's ``key``."""
    d = f.d
    seat: int = d["seat"]
    ret = g.stack[d["ret"]].d
    if f.step == "ask":
        if d["count"] <= 0:
            ret[d["key"]] = True
            g.stack.pop()
            return
        if not g.players[seat].alive:
            ret[d["key"]] = False
            g.stack.pop()
            return
        opts = response_options(g, seat, d["need"], d["mode"], d["armor"] and not d.get("armor_used"),
                                d.get("victim", -1))
        if len(opts) == 1 and not g.config("ask_always", False):
            ret[d["key"]] = False
            g.stack.pop()
            return
        f.step = "got"
        g.request(seat, "respond", opts, prompt=f"Play {d['need']} ({d['count']} needed) or pass",
                  time_limit=g.config("response_seconds"), timeout=("pass",),
                  data={"need": d["need"], "count": d["count"], "about": d.get("about", -1)}
                  if "behalf" not in d else
                  {"need": d["need"], "count": d["count"], "about": d["about"], "behalf": d["behalf"]})
        return
    if f.step == "armor":
        d["armor_used"] = True          # one Eight Diagrams judgement per Dodge needed
        f.step = "ask"
        if d.pop("judge_suit", "") in ("heart", "diamond"):
            d["count"] -= 1
            d["armor_used"] = False     # the next Dodge needed (Without Equal) may judge again
            g.emit("play", {"seat": seat, "card": d["need"], "cards": [], "via": "eight_diagrams"})
            d["played"] = ("dodge", (), "eight_diagrams")
            g.fire(CARD_PLAYED)
        d.pop("judge", None)
        d.pop("judge_rank", None)
        return
    a = d.pop("answer")
    if a[0] == "pass":
        ret[d["key"]] = False
        g.stack.pop()
        return
    if a[0] == "armor":
        f.step = "armor"
        g.emit("skill", {"seat": seat, "skill": "eight_diagrams"})
        g.push("judge", "start", {"seat": seat, "reason": "eight_diagrams", "ret": g.top_index()})
        return
    if a[0] == "card":
        subs: tuple[int, ...] = (C.card_id(a[1]),)
        via = None
    else:
        subs = tuple(C.card_id(t) for t in a[2])
        via = a[1]
    if d["mode"] == "use":
        ret[d["key"]] = True
        ret[d["key"] + "_card"] = (d["need"], subs, via)
        g.stack.pop()
        return
    g.to_processing(subs)
    g.emit("play", {"seat": seat, "card": d["need"], "cards": [TOKEN[c] for c in subs], "via": via})
    d["count"] -= 1
    d["armor_used"] = False
    d["played"] = (d["need"], subs, via)
    f.step = "played"
    g.fire_now(CARD_PLAYED)


def _ask_card_played(g: SgsState, f: Frame) -> None:
    d = f.d
    subs = d["played"][1]
    left = [c for c in subs if c in g.processing]
    if left:
        g.discard(left, d["seat"], "played")
    f.step = "ask"


@handler("ask_card")
def h_ask_card(g: SgsState, f: Frame) -> None:
    if f.step == "played":
        _ask_card_played(g, f)
        return
    _ask_card_core(g, f)


# ====================================================================== Nullification windows
def _holds_nullification(hand: list[int]) -> bool:
    return not NULLIFICATIONS.isdisjoint(hand)


@handler("nullify")
def h_nullify(g: SgsState, f: Frame) -> None:
    """Ask, counter-clockwise from the current actor (D12), whether anyone plays Nullification on
    this effect; a Nullification opens its own window (chains of any depth); writes whether the
    effect is nullified (True) into the requester's ``key``."""
    d = f.d
    if f.step == "start":
        start = g.current if g.current >= 0 else d["user"]
        others = g.others(start)    # g.order_from(start), from the cache of the living seats
        d["order"] = [start, *others] if g.players[start].alive else list(others)
        d["i"] = 0
        f.step = "ask"
    if f.step == "ask":
        order: list[int] = d["order"]
        always = g.config("ask_always", False)
        i: int = d["i"]
        while i < len(order):
            s = order[i]
            p = g.players[s]
            if p.alive and (always or not NULLIFICATIONS.isdisjoint(p.hand) or g.hooked(s, "view_as")):
                opts = response_options(g, s, "nullification", "respond", False)
                if len(opts) > 1 or always:
                    d["i"] = i
                    f.step = "got"
                    g.request(s, "respond", opts, prompt=f"Nullify {d['trick']} on seat {d['target']}?",
                              time_limit=g.config("response_seconds"), timeout=("pass",),
                              data={"need": "nullification", "trick": d["trick"], "target": d["target"],
                                    "user": d["user"]})
                    return
            i += 1
        d["i"] = i
        g.stack[d["ret"]].d[d["key"]] = False
        g.stack.pop()
        return
    if f.step == "got":
        a = d.pop("answer")
        if a[0] == "pass":
            d["i"] += 1
            f.step = "ask"
            return
        s = d["order"][d["i"]]
        subs = (C.card_id(a[1]),) if a[0] == "card" else tuple(C.card_id(t) for t in a[2])
        g.to_processing(subs)
        d["ncards"] = subs
        d["nuser"] = s
        g.emit("use", {"seat": s, "card": "nullification", "cards": [TOKEN[c] for c in subs],
                       "targets": [d["target"]], "via": None if a[0] == "card" else a[1],
                       "against": d["trick"]})
        f.step = "chain"
        d["name"], d["subs"] = "nullification", subs
        g.fire(CARD_USED, user=s, name="nullification", subs=subs,
               via=None if a[0] == "card" else a[1], targets=(), color="none")
        return
    if f.step == "chain":
        f.step = "resolved"
        g.push("nullify", "start", {"ret": g.top_index(), "key": "countered", "user": d["nuser"],
                                    "target": d["target"], "trick": "nullification", "cards": d["ncards"]})
        return
    left = [c for c in d["ncards"] if c in g.processing]
    if left:
        g.discard(left, d["nuser"], "used")
    countered = d.pop("countered", False)
    if not countered:
        g.emit("nullified", {"trick": d["trick"], "target": d["target"]})
    g.stack[d["ret"]].d[d["key"]] = not countered
    g.stack.pop()


# ====================================================================== choosing a card of a character
@handler("choose_card")
def h_choose_card(g: SgsState, f: Frame) -> None:
    """``chooser`` takes or discards one card of ``owner`` from the areas ``h``/``e``/``j``; hand cards
    are chosen blind (the engine picks one at random)."""
    d = f.d
    owner: int = d["owner"]
    chooser: int = d["chooser"]
    p = g.players[owner]
    if f.step == "ask":
        opts: list[Any] = []
        if "h" in d["areas"] and p.hand:
            opts.append(("hand",))
        if "e" in d["areas"]:
            opts += [("card", TOKEN[c]) for c in p.equip if c >= 0 and c not in d.get("exclude", ())]
        if "j" in d["areas"]:
            opts += [("card", TOKEN[c]) for c, _n in p.judge]
        if not opts or not p.alive or not g.players[chooser].alive:
            g.stack.pop()
            return
        f.step = "got"
        g.request(chooser, "choose_card", opts, prompt=f"Choose a card of seat {owner} to {d['act']}",
                  time_limit=g.config("response_seconds"), timeout=opts[0],
                  data={"owner": owner, "act": d["act"], "why": d.get("why", "")})
        return
    a = d.pop("answer")
    if a[0] == "hand":
        c = p.hand[g.rng.randrange(len(p.hand))]
    else:
        c = C.card_id(a[1])
    g.stack.pop()
    if d["act"] == "take":
        g.give(c, chooser, public=a[0] != "hand")
    else:
        g.discard([c], owner, d.get("why", "discarded"))
    if "ret" in d:
        g.stack[d["ret"]].d[d.get("key", "chosen")] = c


# ================================================================ HP: damage, recovery, loss, dying, death
@handler("damage")
def h_damage(g: SgsState, f: Frame) -> None:
    """Damage with its source: ``damage_inflict`` (source side, before), ``damage_take`` (target side,
    before), HP change, dying, ``damage_done`` (both sides, after)."""
    d = f.d
    t: int = d["target"]
    if f.step == "start":
        if not g.players[t].alive:
            g.stack.pop()
            return
        f.step = "take"
        if d["source"] >= 0 and g.fire_now(DAMAGE_INFLICT):
            return
    if f.step == "take":
        if d.get("cancel") or not g.players[t].alive:
            g.stack.pop()
            return
        f.step = "apply"
        if g.fire_now(DAMAGE_TAKE):
            return
    if f.step == "apply":
        t = d["target"]
        if d.get("cancel") or not g.players[t].alive or d["n"] <= 0:
            g.stack.pop()
            return
        p = g.players[t]
        p.hp -= d["n"]
        g.emit("damage", {"seat": t, "source": d["source"], "n": d["n"], "nature": d["nature"],
                          "via": d["via"], "hp": p.hp})
        f.step = "dying"
        if g.fire_now(HP_REDUCED, seat=t, n=d["n"], source=d["source"]):
            return
    if f.step == "dying":
        f.step = "after"
        if g.players[t].alive and g.players[t].hp <= 0:
            g.push("dying", "start", {"seat": t, "source": d["source"], "cause": "damage"})
            return
    if f.step == "after":
        f.step = "end"
        if g.fire_now(DAMAGE_DONE):
            return
    g.stack.pop()


@handler("recover")
def h_recover(g: SgsState, f: Frame) -> None:
    """Recovery of ``n`` HP, never above the maximum; ``hp_recovered`` after it."""
    d = f.d
    p: Player = g.players[d["seat"]]
    n = min(d["n"], p.max_hp - p.hp)
    g.stack.pop()
    if n > 0 and p.alive:
        p.hp += n
        g.emit("recover", {"seat": p.seat, "n": n, "hp": p.hp, "source": d.get("source", -1)})
        g.fire(HP_RECOVERED, seat=p.seat, n=n)


@handler("lose_hp")
def h_lose_hp(g: SgsState, f: Frame) -> None:
    """HP loss (not damage, no source): e.g. Self-Injury."""
    d = f.d
    p: Player = g.players[d["seat"]]
    if f.step == "start":
        if not p.alive:
            g.stack.pop()
            return
        p.hp -= d["n"]
        g.emit("lose_hp", {"seat": p.seat, "n": d["n"], "hp": p.hp})
        f.step = "dying"
        g.fire(HP_REDUCED, seat=p.seat, n=d["n"], source=-1)
        return
    g.stack.pop()
    if p.alive and p.hp <= 0:
        g.push("dying", "start", {"seat": p.seat, "source": -1, "cause": "loss"})


@handler("dying")
def h_dying(g: SgsState, f: Frame) -> None:
    """Dying: Peach requests counter-clockwise from the current actor, each may give any number,
    the dying character included; saved at HP ≥ 1, else death (reference §2.8)."""
    d = f.d
    seat: int = d["seat"]
    p = g.players[seat]
    if f.step == "start":
        g.emit("dying", {"seat": seat, "hp": p.hp})
        f.step = "init"
        g.fire(DYING)
        return
    if f.step == "init":
        if d.get("cancel") or p.hp >= 1 or not p.alive:
            g.stack.pop()
            return
        d["order"] = g.order_from(g.current if g.current >= 0 and g.players[g.current].alive else seat)
        d["i"] = 0
        f.step = "ask"
    if f.step == "ask":
        if p.hp >= 1 or not p.alive or d.get("cancel"):    # cancel: a skill ended the dying state (不屈)
            g.stack.pop()
            return
        order = d["order"]
        while d["i"] < len(order):
            s: int = order[d["i"]]
            if g.players[s].alive:
                opts = peach_options(g, s, seat)
                if len(opts) > 1 or g.config("ask_always", False):
                    f.step = "got"
                    g.request(s, "respond", opts, prompt=f"Seat {seat} is dying ({p.hp} HP): use a Peach?",
                              time_limit=g.config("response_seconds"), timeout=("pass",),
                              data={"need": "peach", "dying": seat, "hp": p.hp})
                    return
            d["i"] += 1
        g.stack.pop()
        g.push("death", "start", {"seat": seat, "killer": d["source"]})
        return
    a = d.pop("answer")
    f.step = "ask"
    if a[0] == "pass":
        d["i"] += 1
        return
    s = d["order"][d["i"]]
    if a[0] == "card":
        subs: tuple[int, ...] = (C.card_id(a[1]),)
        via = None
    else:
        subs, via = tuple(C.card_id(t) for t in a[2]), a[1]
    g.to_processing(subs)
    g.emit("use", {"seat": s, "card": "peach", "cards": [TOKEN[c] for c in subs], "targets": [seat],
                   "via": via})
    g.push("discard_processing", "start", {"cards": subs, "seat": s})
    g.push("recover", "start", {"seat": seat, "n": 1, "source": s})
    g.fire(CARD_USED, user=s, name="peach", subs=subs, via=via, targets=(seat,), color="none")


@handler("discard_processing")
def h_discard_processing(g: SgsState, f: Frame) -> None:
    left = [c for c in f.d["cards"] if c in g.processing]
    g.stack.pop()
    if left:
        g.discard(left, f.d["seat"], "used")


def peach_options(g: SgsState, seat: int, dying: int) -> list[Any]:
    p = g.players[seat]
    out: list[Any] = [("card", TOKEN[c]) for c in p.hand if NAME[c] == "peach"]
    for sk in g.hooked(seat, "view_as"):
        for subs, name in sk.view_as(g, seat, "peach", "dying"):
            if name == "peach":
                out.append(("as", sk.id, tuple(TOKEN[c] for c in subs)))
    out.append(("pass",))
    return out


@handler("death")
def h_death(g: SgsState, f: Frame) -> None:
    """Death: every card of the character is discarded; then the mode rules (rewards, game end,
    replacement); a character dying in its own turn ends that turn."""
    d = f.d
    seat: int = d["seat"]
    p = g.players[seat]
    if f.step == "start":
        f.step = "discard"
        g.fire(DEATH, seat=seat, killer=d["killer"])
        return
    if f.step == "discard":
        p.alive = False
        g.skills_changed()
        g.emit("death", {"seat": seat, "general": p.general, "killer": d["killer"]})
        cards = p.all_cards()
        g.discard(cards, seat, "death")
        g.lost_q = [x for x in g.lost_q if x[0] != seat]
        f.step = "mode"
        return
    g.stack.pop()
    g.flow.on_death(g, seat, d["killer"])


def abort_turn(g: SgsState) -> None:
    """End the current turn at once (its character died): drop every pending step of the turn."""
    for i in range(len(g.stack) - 1, -1, -1):
        if g.stack[i].kind == "turn":
            del g.stack[i:]
            break
    g.flush_processing()
    g.ask = None
    g.phase = ""
    g.emit("turn_end", {"seat": g.current, "why": "died"})
