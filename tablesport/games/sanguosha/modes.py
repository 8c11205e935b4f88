"""The competition modes: 3v3 (2011, 2014, 2012 seeds) and 1v1 (2014 seed), whole flow.

Edition differences are preset parameters (see game.py): the draft order, timers, the order of
dealing and the first-actor choice, kill rewards, the time-up moment, the tie-breaks, concession
and forfeit rules. Seat layout: 3v3 seats 0–2 are one team (0 = its commander player), 3–5 the
other (3 = commander); 1v1 seats 0 and 1.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from tablesport.core import Result, RuleError, SideResult

from . import cards as C
from .engine import abort_turn
from .generals import generals, pool
from .state import Frame, SgsState, handler


def start_mode(g: SgsState) -> None:
    m = g.mode
    m["kind"] = g.config("mode")
    m["side_of"] = [None] * g.n
    m["clock_limit"] = None
    m["time_up"] = False
    m["overtimes"] = 0
    m["fouls"] = [0] * g.n
    m["technical"] = {}
    if m["kind"] == "3v3":
        g.push("m3_setup", "compare")
    elif m["kind"] == "1v1":
        g.push("m1_setup", "compare")
    else:
        raise ValueError(f"unknown mode {m['kind']!r}")


# ====================================================================== shared helpers
def compare_points(g: SgsState) -> tuple[int, list[tuple[int, int]]]:
    """比点: each side reveals a random card of the deck (A lowest, K highest); ties repeat.
    Returns 0 or 1 (the winner) and the ranks shown. The cards stay in the deck."""
    shown = []
    while True:
        a = g.deck[g.rng.randrange(len(g.deck))]
        b = g.deck[g.rng.randrange(len(g.deck))]
        shown.append((C.RANK[a], C.RANK[b]))
        if C.RANK[a] != C.RANK[b]:
            return (0 if C.RANK[a] > C.RANK[b] else 1), shown


def seat_general(g: SgsState, seat: int, gid: str, bonus: int = 0) -> None:
    gen = generals()[gid]
    p = g.players[seat]
    p.general = gid
    p.max_hp = gen.hp + bonus
    p.hp = p.max_hp
    p.alive = True
    p.face_up = True
    p.gender = gen.gender
    p.kingdom = gen.kingdom
    p.skills = gen.skill_ids
    g.skills_changed()
    p.flags = {}
    p.pile = {}
    g.emit("general", seat=seat, general=gid, hp=p.hp, max_hp=p.max_hp)


def finish(g: SgsState, winner: str | None, reason: str) -> None:
    """End the game (the 2012 forfeit-Peach rule runs first when it applies)."""
    m = g.mode
    m["winner"] = winner
    m["reason"] = reason
    g.stack.clear()
    g.ask = None
    g._dec = None
    g.flush_processing()
    if (g.config("forfeit_peach", False) and winner is not None
            and reason in ("concession", "technical_points", "disqualified")):
        seats = [s for s in side_seats(g, winner) if g.players[s].alive]
        g.push("forfeit_peach", "ask", seats=seats, i=0)
        return
    _close(g)


def _close(g: SgsState) -> None:
    g.over = True
    g.stack.clear()
    g.ask = None
    g._dec = None
    g.mode["clock_final"] = g.mode["clock_limit"]
    g.mode["clock_limit"] = None
    g.emit("game_over", winner=g.mode["winner"], reason=g.mode["reason"])


@handler("forfeit_peach")
def h_forfeit_peach(g: SgsState, f: Frame) -> None:
    """2012 §4: when a side forfeits, concedes or is declared lost, each surviving general of the
    other side may use Peaches from its own hand on itself (only while wounded) before the result."""
    d = f.d
    if f.step == "got":
        a = d.pop("answer")
        f.step = "ask"
        s = d["seats"][d["i"]]
        if a[0] == "pass":
            d["i"] += 1
            return
        c = C.card_id(a[1])
        g.discard([c], s, "peach")
        p = g.players[s]
        p.hp = min(p.max_hp, p.hp + 1)
        g.emit("recover", seat=s, n=1, hp=p.hp, source=s)
        return
    while d["i"] < len(d["seats"]):
        s = d["seats"][d["i"]]
        p = g.players[s]
        peaches = [c for c in p.hand if C.NAME[c] == "peach"]
        if p.hp < p.max_hp and peaches:
            f.step = "got"
            g.request(s, "forfeit_peach", tuple(("card", C.TOKEN[c]) for c in peaches) + (("pass",),),
                      prompt="The opponents lost by forfeit: use a Peach on yourself?",
                      time_limit=g.config("declare_seconds"))
            return
        d["i"] += 1
    _close(g)


def finish_no_stack(g: SgsState) -> None:
    finish(g, None, "no_play_left")


def side_seats(g: SgsState, side: str) -> list[int]:
    return [s for s in range(g.n) if g.mode["side_of"][s] == side]


def other_side(g: SgsState, side: str) -> str:
    sides = g.ruleset.sides
    return sides[1] if side == sides[0] else sides[0]


# ====================================================================== 3v3
TEAM = ((0, 1, 2), (3, 4, 5))   # commander player, vanguard A player, vanguard B player


@handler("m3_setup")
def h_m3_setup(g: SgsState, f: Frame) -> None:
    """3v3 选将阶段 and 准备阶段 (2011 §二.1–2, 2014 §二.1–2, 2012 §3.1–3.2)."""
    d = f.d
    m = g.mode
    if f.step == "compare":
        win, shown = compare_points(g)
        d["winner"] = win
        g.emit("compare_points", ranks=shown, winner=TEAM[win][0])
        f.step = "identity"
        g.request(TEAM[win][0], "pick_identity", (("card", 0), ("card", 1)),
                  prompt="Take one of the two face-down commander identity cards", time_limit=g.config("pick_seconds"),
                  timeout=("card", 0))
        return
    if f.step == "identity":
        d.pop("answer")
        # the two cards were shuffled face down: which one is cold is a coin flip
        cold_team = d["winner"] if g.rng.randrange(2) == 0 else 1 - d["winner"]
        m["cold_team"] = cold_team
        for t in (0, 1):
            side = "cold" if t == cold_team else "warm"
            for s in TEAM[t]:
                m["side_of"][s] = side
        g.emit("identity", cold=TEAM[cold_team][0], warm=TEAM[1 - cold_team][0])
        gens = list(pool(g.config("pool")))
        g.rng.shuffle(gens)
        m["piles"] = [tuple(gens[i * 8:(i + 1) * 8]) for i in range(4)]
        f.step = "pile1"
        d["taken"] = []
        _ask_pile(g, TEAM[d["winner"]][0], d)
        return
    if f.step in ("pile1", "pile2"):
        k = d.pop("answer")[1]
        chooser_team = d["winner"] if f.step == "pile1" else 1 - d["winner"]
        d["taken"].append(k)
        m.setdefault("team_piles", {})[str(chooser_team)] = k
        if f.step == "pile1":
            f.step = "pile2"
            _ask_pile(g, TEAM[1 - d["winner"]][0], d)
            return
        cands: list[str] = []
        for k2 in d["taken"]:
            cands += m["piles"][k2]
        m["candidates"] = cands
        m["piles"] = []
        g.emit("candidates", generals=cands)
        warm = commander_seat(g, "warm")
        f.step = "first_picker"
        g.request(warm, "first_picker", (("self",), ("other",)), prompt="Which side picks generals first?",
                  time_limit=g.config("first_picker_seconds"), timeout=("self",),
                  data={"deciding": "warm"})
        return
    if f.step == "first_picker":
        a = d.pop("answer")
        if d.pop("timed_out", False) and g.config("first_picker_timeout") == "pass_to_cold":
            f.step = "first_picker_cold"
            g.request(commander_seat(g, "cold"), "first_picker", (("self",), ("other",)),
                      prompt="The warm side timed out: which side picks generals first?",
                      time_limit=g.config("first_picker_seconds"), timeout=("self",), data={"deciding": "cold"})
            return
        first = "warm" if a == ("self",) else "cold"
        _start_draft(g, d, first)
        return
    if f.step == "first_picker_cold":
        a = d.pop("answer")
        d.pop("timed_out", None)
        first = "cold" if a == ("self",) else "warm"
        _start_draft(g, d, first)
        return
    if f.step == "draft":
        a = d.pop("answer")
        side = d["seq"][0]
        gid = m["candidates"][a[1]]
        m["candidates"][a[1]] = ""
        m["picks"][side].append(gid)
        g.emit("pick", side=side, general=gid)
        d["seq"] = d["seq"][1:]
        _ask_draft(g, d, f)
        return
    if f.step == "field":
        answers = d.pop("answers")
        m["fielded"] = {}
        for side in ("cold", "warm"):
            cs = commander_seat(g, side)
            trio = answers[cs]
            m["fielded"][side] = trio
        _seat_teams(g)
        m["clock_limit"] = float(g.config("game_minutes") * 60)
        g.emit("clock_start", seconds=m["clock_limit"])
        if g.config("deal_before_first_actor"):
            _deal(g)
        f.step = "first_actor"
        g.request(commander_seat(g, "cold"), "first_actor", (("cold",), ("warm",)),
                  prompt="Which side acts first (its commander takes the first turn)?",
                  time_limit=g.config("pick_seconds"), timeout=("cold",))
        return
    if f.step == "first_actor":
        first = d.pop("answer")[0]
        m["next_side"] = first
        m["first_turn"] = True
        g.emit("first_actor", side=first)
        if not g.config("deal_before_first_actor"):
            _deal(g)
        g.pop()
        g.push("m3_units", "choose")


def commander_seat(g: SgsState, side: str) -> int:
    return TEAM[g.mode["cold_team"] if side == "cold" else 1 - g.mode["cold_team"]][0]


def _ask_pile(g: SgsState, seat: int, d: dict[str, Any]) -> None:
    opts = tuple(("pile", k) for k in range(4) if k not in d["taken"])
    g.request(seat, "pick_pile", opts, prompt="Take one face-down pile of 8 generals",
              time_limit=g.config("pick_seconds"), timeout=opts[0])


def _start_draft(g: SgsState, d: dict[str, Any], first: str) -> None:
    m = g.mode
    second = "cold" if first == "warm" else "warm"
    m["first_picker"] = first
    m["picks"] = {"cold": [], "warm": []}
    seq: list[str] = []
    for i, k in enumerate(g.config("draft_order")):
        seq += [first if i % 2 == 0 else second] * k
    d["seq"] = tuple(seq)
    g.emit("first_picker", side=first)
    _ask_draft(g, d, g.stack[-1])


def _ask_draft(g: SgsState, d: dict[str, Any], f: Frame) -> None:
    m = g.mode
    if not d["seq"]:
        m["unpicked"] = [x for x in m["candidates"] if x]
        g.emit("draft_done", cold=list(m["picks"]["cold"]), warm=list(m["picks"]["warm"]), unpicked=m["unpicked"])
        f.step = "field"
        opts = {}
        tmo = {}
        for side in ("cold", "warm"):
            cs = commander_seat(g, side)
            opts[cs] = tuple(permutations(m["picks"][side], 3))
            tmo[cs] = opts[cs][0]
        g.request_many(tuple(sorted(opts)), "field", opts, prompt="Field 3 generals: (commander, vanguard A, "
                       "vanguard B)", time_limit=g.config("field_seconds"), timeout=tmo)
        return
    side = d["seq"][0]
    f.step = "draft"
    opts = tuple(("pick", i) for i, x in enumerate(m["candidates"]) if x)
    g.request(commander_seat(g, side), "draft", opts, prompt="Pick a general", time_limit=g.config("draft_seconds"),
              timeout=opts[0], data={"candidates": list(m["candidates"]), "side": side})


def _seat_teams(g: SgsState) -> None:
    """Ring (counter-clockwise): cold vanguard A, cold commander, cold vanguard B, warm vanguard B,
    warm commander, warm vanguard A (reference §2.1). Commanders get +1 max HP and HP."""
    m = g.mode
    c = TEAM[m["cold_team"]]
    w = TEAM[1 - m["cold_team"]]
    g.order = [c[1], c[0], c[2], w[2], w[0], w[1]]
    for side, team in (("cold", c), ("warm", w)):
        trio = m["fielded"][side]
        for k, s in enumerate(team):
            seat_general(g, s, trio[k], g.config("commander_bonus", 1) if k == 0 else 0)
    m["upright"] = [True] * g.n
    m["commanders"] = {"cold": c[0], "warm": w[0]}


def _deal(g: SgsState) -> None:
    for s in g.order:
        g.draw(s, g.config("starting_hand", 4))


@handler("m3_units")
def h_m3_units(g: SgsState, f: Frame) -> None:
    """Action units (2011 §二.3.1, 2014 §二.3.1, 2012 §3.3.1): the commander alone or both vanguards,
    identity cards sideways on acting, reset when all are sideways; D10 alternation after reset."""
    d = f.d
    m = g.mode
    if f.step == "choose":
        side = m["next_side"]
        members = [s for s in side_seats(g, side) if g.players[s].alive and m["upright"][s]]
        if not members:
            side = other_side(g, side)
            members = [s for s in side_seats(g, side) if g.players[s].alive and m["upright"][s]]
            if not members:
                _reset(g)
                return
        cmd = m["commanders"][side]
        opts: list[Any] = []
        if m["upright"][cmd]:
            opts.append(("commander",))
        vans = [s for s in members if s != cmd]
        if not m.get("first_turn"):
            if len(vans) == 2:
                opts += [("vanguards", vans[0]), ("vanguards", vans[1])]
            elif vans:
                opts.append(("vanguards", vans[0]))
        if not opts:
            opts.append(("vanguards", vans[0]))
        m["first_turn"] = False
        d["side"] = side
        f.step = "got"
        if len(opts) == 1:
            d["answer"] = opts[0]
            return
        g.request(cmd, "choose_unit", opts, prompt="Choose the next action unit (and which vanguard goes first)",
                  time_limit=g.config("declare_seconds"), timeout=opts[0], data={"side": side})
        return
    if f.step == "got":
        a = d.pop("answer")
        side = d["side"]
        cmd = m["commanders"][side]
        if a[0] == "commander":
            d["unit"] = [cmd]
        else:
            vans = [s for s in side_seats(g, side) if s != cmd]
            first = a[1]
            d["unit"] = [first] + [s for s in vans if s != first]
        g.emit("unit", side=side, seats=list(d["unit"]))
        f.step = "next"
    if f.step == "next":
        while d["unit"]:
            s = d["unit"].pop(0)
            if g.players[s].alive and m["upright"][s]:
                m["upright"][s] = False
                g.emit("sideways", seat=s)
                f.step = "after"
                g.push("turn", "start", seat=s)
                return
        m["next_side"] = other_side(g, d["side"])
        f.step = "choose"
        return
    if f.step == "after":
        g.current = -1
        f.step = "next"
        all_sideways = all(not m["upright"][s] for s in range(g.n) if g.players[s].alive)
        if m["time_up"] and g.config("time_up_at") == "turn_end":
            _adjudicate(g)
            return
        if all_sideways:
            if m["time_up"] and g.config("time_up_at") == "round_end":
                _adjudicate(g)
                return
            _reset(g)


def _reset(g: SgsState) -> None:
    g.mode["upright"] = [True] * g.n
    g.emit("reset")


def _lost_hp(g: SgsState, s: int) -> int:
    p = g.players[s]
    if p.flags.get("buqu_alive"):   # Zhou Tai in the Indomitable state: lost HP = max HP (2012 §4.1)
        return p.max_hp
    return p.max_hp - max(p.hp, 0)   # D17: HP below 0 counts as 0


def side_stats(g: SgsState, side: str) -> dict[str, Any]:
    seats = side_seats(g, side)
    alive = [s for s in seats if g.players[s].alive]
    return {"surviving": len(alive), "lost_hp": sum(_lost_hp(g, s) for s in alive),
            "technical_points": g.mode["technical"].get(side, 0)}


def _adjudicate(g: SgsState) -> None:
    """Time-up tie-breaks: surviving generals, then lost HP of survivors, then (2011/2014) technical
    points, then a 5-minute overtime, repeated (D14)."""
    m = g.mode
    sides = g.ruleset.sides
    a, b = side_stats(g, sides[0]), side_stats(g, sides[1])
    keys = list(g.config("tiebreaks"))
    for key in keys:
        better_low = key != "surviving"
        if a[key] != b[key]:
            win = sides[0] if (a[key] < b[key]) == better_low else sides[1]
            finish(g, win, "time_up_" + key)
            return
    m["time_up"] = False
    m["overtimes"] += 1
    m["clock_limit"] = (m["clock_limit"] or 0.0) + float(g.config("overtime_minutes") * 60)
    g.emit("overtime", minutes=g.config("overtime_minutes"), number=m["overtimes"])


def time_up(g: SgsState) -> None:
    m = g.mode
    if m["clock_limit"] is None or g.over:
        raise RuleError("time_up", "no game clock is running")
    m["time_up"] = True
    g.emit("time_up", overtimes=m["overtimes"])
    if m["kind"] == "3v3" and g.current < 0 and g.config("time_up_at") == "turn_end":
        _adjudicate(g)   # no turn is running (a unit is being chosen): the game ends now


def on_timeout(g: SgsState, seat: int, kind: str) -> None:
    """2014 3v3 §3.3(B): stalling in the play phase costs the player a penalty point."""
    pts = g.config("stall_penalty", 0)
    if kind == "first_picker":
        g.stack[-1].d["timed_out"] = True
    if pts and kind == "play":
        _penalise(g, seat, pts, "stalling")


def _penalise(g: SgsState, seat: int, pts: int, why: str) -> None:
    m = g.mode
    m["fouls"][seat] += pts
    g.emit("penalty", seat=seat, points=pts, total=m["fouls"][seat], why=why)
    limit = g.config("disqualify_at", 0)
    if limit and m["fouls"][seat] >= limit and g.players[seat].alive:
        _disqualify(g, seat)


def _disqualify(g: SgsState, seat: int) -> None:
    """D13: the general is turned down and all its cards discarded, like a death without reward;
    a disqualified commander loses the game for his side."""
    p = g.players[seat]
    p.alive = False
    g.skills_changed()
    p.face_up = False
    g.discard(p.all_cards(), seat, "disqualified")
    g.lost_q = [x for x in g.lost_q if x[0] != seat]
    g.emit("disqualified", seat=seat, general=p.general)
    m = g.mode
    side = m["side_of"][seat]
    if m["kind"] == "3v3" and seat == m.get("commanders", {}).get(side):
        finish(g, other_side(g, side), "disqualified")
        return
    if g.current == seat:
        abort_turn(g)
    elif g.ask is not None and seat in g.ask.seats:
        a = g.ask
        g._answer(seat, a.timeout[seat] if type(a.timeout) is dict else a.timeout)


def referee(g: SgsState, action: Any) -> None:
    """Referee rulings: ("penalty", seat, points, reason), ("technical", side, points),
    ("concede", side)."""
    if g.over:
        raise RuleError("game_over", "the game is over")
    if not isinstance(action, tuple) or not action:
        raise RuleError("referee", f"unknown referee action {action!r}",
                        "('penalty', seat, 1|3, reason), ('technical', side, points), ('concede', side)")
    kind = action[0]
    m = g.mode
    if kind == "penalty" and g.config("penalty_points", False):
        if len(action) < 3 or action[1] not in range(g.n) or action[2] not in (1, 3):
            raise RuleError("penalty", "a penalty names a seat and 1 (stalling, acting out of turn) or 3 "
                            "(cheating talk) points", "('penalty', seat, 1|3, reason)")
        _penalise(g, action[1], action[2], action[3] if len(action) > 3 else "")
        return
    if kind == "technical" and m["kind"] == "3v3":
        if len(action) < 3 or action[1] not in g.ruleset.sides or not isinstance(action[2], int) or action[2] < 1:
            raise RuleError("technical", "technical points name a side and a positive count",
                            "('technical', 'cold'|'warm', n)")
        side = action[1]
        m["technical"][side] = m["technical"].get(side, 0) + action[2]
        g.emit("technical_points", side=side, total=m["technical"][side])
        if m["technical"][side] >= 3:
            finish(g, other_side(g, side), "technical_points")
        return
    if kind == "concede":
        if len(action) < 2 or action[1] not in g.ruleset.sides or m["side_of"][0] is None:
            raise RuleError("concede", "a concession names a side", f"one of {list(g.ruleset.sides)}")
        side = action[1]
        if g.config("concede_own_turn_only", False) and g.current != m.get("commanders", {}).get(side):
            raise RuleError("concede", "2012 rules: only a commander may concede, during his own turn",
                            "concede when your commander's turn is running")
        finish(g, other_side(g, side), "concession")
        return
    raise RuleError("referee", f"{g.ruleset.preset} has no referee action {kind!r}",
                    "('technical', side, n), ('concede', side)" + (", ('penalty', seat, points)"
                                                                  if g.config("penalty_points", False) else ""))


# ====================================================================== deaths
def on_death(g: SgsState, seat: int, killer: int) -> None:
    m = g.mode
    if m["kind"] == "scenario":
        from .scenario import on_death_scenario

        on_death_scenario(g, seat, killer)
        return
    if m["kind"] == "3v3":
        side = m["side_of"][seat]
        if seat == m["commanders"][side]:
            finish(g, other_side(g, side), "commander_killed")
            return
        n = g.config("kill_reward", 0)
        if n and killer >= 0 and g.players[killer].alive:
            g.emit("reward", seat=killer, cards=n)
            g.draw(killer, n)
        if g.current == seat:
            abort_turn(g)
        return
    # 1v1: replacement (2014 1v1 §二.4)
    m["deaths"][seat] += 1
    if m["deaths"][seat] >= 3:
        finish(g, m["side_of"][1 - seat], "three_generals_killed")
        return
    own_turn = g.current == seat
    nxt = m["lineup"][seat][m["deaths"][seat]]
    seat_general(g, seat, nxt)
    m["revealed"].append(nxt)
    g.draw(seat, g.players[seat].max_hp)
    if own_turn:
        abort_turn(g)


# ====================================================================== 1v1
@handler("m1_setup")
def h_m1_setup(g: SgsState, f: Frame) -> None:
    """1v1 (2014 1v1 §一–二): roles, 10 candidates (6 open, 4 hidden), the printed pick order,
    3 fielded in a fixed order, hand = max HP, Renegade first."""
    d = f.d
    m = g.mode
    if f.step == "compare":
        chooser = g.config("role_chooser")
        if chooser is None:
            chooser, shown = compare_points(g)
            g.emit("compare_points", ranks=shown, winner=chooser)
        f.step = "role"
        g.request(chooser, "choose_role", (("lord",), ("renegade",)), prompt="Choose your role",
                  time_limit=g.config("declare_seconds"), timeout=("lord",))
        d["chooser"] = chooser
        return
    if f.step == "role":
        role = d.pop("answer")[0]
        ch = d["chooser"]
        m["side_of"][ch] = role
        m["side_of"][1 - ch] = "renegade" if role == "lord" else "lord"
        m["lord"] = m["side_of"].index("lord")
        g.emit("roles", lord=m["lord"], renegade=1 - m["lord"])
        gens = list(pool(g.config("pool")))
        g.rng.shuffle(gens)
        m["candidates"] = gens[:10]
        m["hidden"] = list(range(6, 10))          # candidates 6..9 are face down
        m["taken"] = {"0": [], "1": []}
        m["revealed"] = []
        seq: list[str] = []
        for role_k, k in g.config("pick_order"):
            seq += [role_k] * k
        d["seq"] = tuple(seq)
        g.emit("candidates", open=gens[:6], hidden=4)
        f.step = "pick"
        _ask_pick1(g, d)
        return
    if f.step == "pick":
        i = d.pop("answer")[1]
        seat = m["side_of"].index(d["seq"][0])
        gid = m["candidates"][i]
        m["candidates"][i] = ""
        m["taken"][str(seat)].append(gid)
        if i in m["hidden"]:
            m.setdefault("hidden_taken", []).append(gid)
            g.emit("pick", seat=seat, hidden=True)
            g.emit("pick_hidden", frozenset({seat}), seat=seat, general=gid)
        else:
            g.emit("pick", seat=seat, general=gid)
        d["seq"] = d["seq"][1:]
        if d["seq"] and any(m["candidates"]):
            _ask_pick1(g, d)
            return
        f.step = "field"
        opts = {s: tuple(permutations(m["taken"][str(s)], 3)) for s in (0, 1)}
        g.request_many((0, 1), "field", opts, prompt="Choose 3 generals in fighting order",
                       time_limit=g.config("field_seconds"), timeout={s: opts[s][0] for s in (0, 1)})
        return
    if f.step == "field":
        answers = d.pop("answers")
        m["lineup"] = [tuple(answers[0]), tuple(answers[1])]
        m["deaths"] = [0, 0]
        m["candidates"] = []
        for s in (0, 1):
            seat_general(g, s, m["lineup"][s][0])
            m["revealed"].append(m["lineup"][s][0])
        g.order = [0, 1]
        g.skills_changed()
        m["clock_limit"] = float(g.config("game_minutes") * 60)
        g.emit("clock_start", seconds=m["clock_limit"])
        for s in (0, 1):
            g.draw(s, g.players[s].max_hp)
        m["first_turn_pending"] = True
        g.pop()
        g.push("m1_turns", "next", seat=1 - m["lord"])


def _ask_pick1(g: SgsState, d: dict[str, Any]) -> None:
    m = g.mode
    seat = m["side_of"].index(d["seq"][0])
    opts = tuple(("pick", i) for i, x in enumerate(m["candidates"]) if x)
    g.request(seat, "draft", opts, prompt="Pick a general", time_limit=g.config("draft_seconds"), timeout=opts[0],
              data={"candidates": [x if x and i not in m["hidden"] else ("hidden" if x else "")
                                   for i, x in enumerate(m["candidates"])]})


@handler("m1_turns")
def h_m1_turns(g: SgsState, f: Frame) -> None:
    """Turns alternate; time-up ends the game when the Lord's turn ends (2014 1v1 §三)."""
    d = f.d
    m = g.mode
    if f.step == "next":
        f.step = "after"
        g.push("turn", "start", seat=d["seat"])
        return
    seat = d["seat"]
    g.current = -1
    if m["time_up"] and seat == m["lord"]:
        _adjudicate_1v1(g)
        return
    d["seat"] = 1 - seat
    f.step = "next"


def _adjudicate_1v1(g: SgsState) -> None:
    m = g.mode
    left = [3 - m["deaths"][s] for s in (0, 1)]
    if left[0] != left[1]:
        finish(g, m["side_of"][0 if left[0] > left[1] else 1], "time_up_remaining_generals")
        return
    lost = [_lost_hp(g, s) for s in (0, 1)]
    if lost[0] != lost[1]:
        finish(g, m["side_of"][0 if lost[0] < lost[1] else 1], "time_up_lost_hp")
        return
    win, shown = compare_points(g)
    g.emit("compare_points", ranks=shown, winner=win)
    finish(g, m["side_of"][win], "time_up_points")


# ====================================================================== views and results
def hidden_tokens(g: SgsState, viewer: int | None) -> set[str]:
    """1v1 (D9): a face-down candidate is hidden from everyone, and once taken from everyone but its
    taker, until it is fielded."""
    m = g.mode
    out: set[str] = set()
    if m.get("kind") != "1v1" or "taken" not in m:
        return out
    for i in m.get("hidden", ()):
        if i < len(m["candidates"]) and m["candidates"][i]:
            out.add(m["candidates"][i])
    revealed = set(m["revealed"])
    for s in (0, 1):
        if s != viewer:
            out.update(x for x in m["taken"][str(s)] if x in m.get("hidden_taken", ()) and x not in revealed)
    return out


def mode_view(g: SgsState, seat: int | None) -> dict[str, Any]:
    m = g.mode
    v: dict[str, Any] = {"kind": m["kind"], "sides": list(m["side_of"]), "clock_limit": m["clock_limit"],
                         "time_up": m["time_up"], "overtimes": m["overtimes"], "fouls": list(m["fouls"]),
                         "technical_points": dict(m["technical"])}
    if m["kind"] != "1v1":
        for k in ("candidates", "unpicked", "first_picker", "next_side", "commanders"):
            if k in m:
                v[k] = m[k]
        if "picks" in m:
            v["picks"] = {k: list(x) for k, x in m["picks"].items()}
        if "upright" in m:
            v["upright"] = list(m["upright"])
    else:
        if "candidates" in m:
            v["candidates"] = [x if x and i not in m["hidden"] else ("hidden" if x else "")
                               for i, x in enumerate(m["candidates"])]
        if "taken" in m:
            hid = set(m.get("hidden_taken", ()))
            v["taken"] = {k: [x if (k == str(seat) or x not in hid or x in m["revealed"]) else "hidden" for x in lst]
                          for k, lst in m["taken"].items()}
        if "deaths" in m:
            v["deaths"] = list(m["deaths"])
        if "lord" in m:
            v["lord"] = m["lord"]
    return v


def make_result(g: SgsState) -> Result:
    m = g.mode
    sides = g.ruleset.sides
    win = m.get("winner")
    placements = tuple(1 if win is None or m["side_of"][s] == win else 2 for s in range(g.n))
    scores = tuple(1.0 if win is not None and m["side_of"][s] == win else (0.5 if win is None else 0.0)
                   for s in range(g.n))
    side_res = {}
    stats: dict[str, Any] = {"winner": win, "reason": m.get("reason"), "turns": g.turn_no,
                             "overtimes": m["overtimes"], "fouls": list(m["fouls"]),
                             "technical_points": dict(m["technical"])}
    for side in sides:
        seats = tuple(side_seats(g, side)) if m["side_of"][0] is not None else ()
        st: dict[str, Any] = {}
        if seats and g.players[seats[0]].general is not None:
            st = side_stats(g, side) if m["kind"] == "3v3" else {
                "surviving": 3 - m["deaths"][seats[0]] if "deaths" in m else 3,
                "lost_hp": _lost_hp(g, seats[0]) if g.players[seats[0]].alive else 0}
            zero = g.config("loser_surviving_zero", ())
            if win is not None and side != win and m["kind"] == "3v3" and ("*" in zero or m.get("reason") in zero):
                st["surviving_on_table"] = st["surviving"]
                st["surviving"] = 0    # 2011 glossary 17 (concession, commander dead) / 2012 §4.1 2) (always)
            if m["kind"] == "3v3":
                st["commander"] = {"seat": m["commanders"][side], "general": g.players[m["commanders"][side]].general}
            st["generals"] = [g.players[s].general for s in seats] if m["kind"] == "3v3" else list(
                m["lineup"][seats[0]]) if "lineup" in m else []
        side_res[side] = SideResult(seats, 1 if win is None or side == win else 2,
                                    1.0 if side == win else (0.5 if win is None else 0.0), st)
        stats[side] = st
    # Engines never read a clock: the driver knows the real duration. What the rules know is the
    # game time allowed when the game ended (the printed time plus overtimes) and whether it ran out.
    stats["clock_limit_s"] = m.get("clock_final")
    stats["time_up"] = (m.get("reason") or "").startswith("time_up")
    return Result(placements, scores, m.get("reason") or "over", side_res, stats)

