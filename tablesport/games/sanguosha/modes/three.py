"""The 3v3 mode (2011, 2014 and 2012 seeds): draft, preparation, action units, time-up and its
tie-breaks, kill rewards. Seats 0–2 are one team (0 its commander player), 3–5 the other (3 its
commander player); the ring is cold vanguard A, cold commander, cold vanguard B, warm vanguard B, warm
commander, warm vanguard A (reference §2.1). Edition differences are preset parameters (game.py)."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from typing import Any, Final

from ..engine import abort_turn
from ..generals import pool
from ..mode import register_mode
from ..state import Frame, SgsState, handler
from .common import CompetitionMode
from .sides import compare_points, finish, other_side, seat_general, side_seats, side_stats

TEAM: Final = ((0, 1, 2), (3, 4, 5))   # commander player, vanguard A player, vanguard B player


@handler("m3_setup")
def h_m3_setup(g: SgsState, f: Frame) -> None:
    """3v3 选将阶段 and 准备阶段 (2011 §二.1–2, 2014 §二.1–2, 2012 §3.1–3.2)."""
    d = f.d
    m = g.mode
    if f.step == "compare":
        win, shown = compare_points(g)
        d["winner"] = win
        g.emit("compare_points", {"ranks": shown, "winner": TEAM[win][0]})
        f.step = "identity"
        g.request(TEAM[win][0], "pick_identity", (("card", 0), ("card", 1)),
                  prompt="Take one of the two face-down commander identity cards",
                  time_limit=g.config("pick_seconds"), timeout=("card", 0))
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
        g.emit("identity", {"cold": TEAM[cold_team][0], "warm": TEAM[1 - cold_team][0]})
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
        g.emit("candidates", {"generals": list(cands)})  # a copy: picks blank the draft's own list
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
                      time_limit=g.config("first_picker_seconds"), timeout=("self",),
                      data={"deciding": "cold"})
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
        g.emit("pick", {"side": side, "general": gid})
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
        g.emit("clock_start", {"seconds": m["clock_limit"]})
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
        g.emit("first_actor", {"side": first})
        if not g.config("deal_before_first_actor"):
            _deal(g)
        g.stack.pop()
        g.push("m3_units", "choose", {})


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
    g.emit("first_picker", {"side": first})
    _ask_draft(g, d, g.stack[-1])


def _ask_draft(g: SgsState, d: dict[str, Any], f: Frame) -> None:
    m = g.mode
    if not d["seq"]:
        m["unpicked"] = [x for x in m["candidates"] if x]
        g.emit("draft_done", {"cold": list(m["picks"]["cold"]), "warm": list(m["picks"]["warm"]),
                              "unpicked": m["unpicked"]})
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
    picks = tuple([("pick", i) for i, x in enumerate(m["candidates"]) if x])
    g.request(commander_seat(g, side), "draft", picks, prompt="Pick a general",
              time_limit=g.config("draft_seconds"), timeout=picks[0],
              data={"candidates": list(m["candidates"]), "side": side})


def seat_sides(g: SgsState, cold_team: int) -> None:
    """The teams' sides, commanders and the ring (counter-clockwise): cold vanguard A, cold commander,
    cold vanguard B, warm vanguard B, warm commander, warm vanguard A (reference §2.1)."""
    m = g.mode
    m["cold_team"] = cold_team
    c, w = TEAM[cold_team], TEAM[1 - cold_team]
    for s in range(g.n):
        m["side_of"][s] = "cold" if s in c else "warm"
    g.order = [c[1], c[0], c[2], w[2], w[0], w[1]]
    m["commanders"] = {"cold": c[0], "warm": w[0]}


def _seat_teams(g: SgsState) -> None:
    """The fielded generals take their seats; commanders get +1 max HP and HP."""
    m = g.mode
    seat_sides(g, m["cold_team"])
    for side, team in (("cold", TEAM[m["cold_team"]]), ("warm", TEAM[1 - m["cold_team"]])):
        trio = m["fielded"][side]
        for k, s in enumerate(team):
            seat_general(g, s, trio[k], g.config("commander_bonus", 1) if k == 0 else 0)
    m["upright"] = [True] * g.n


def _deal(g: SgsState) -> None:
    for s in g.order:
        g.draw(s, g.config("starting_hand", 4))


@handler("m3_units")
def h_m3_units(g: SgsState, f: Frame) -> None:
    """Action units (2011 §二.3.1, 2014 §二.3.1, 2012 §3.3.1): the commander alone or both vanguards,
    identity cards sideways on acting, reset when all are sideways; D10 alternation after reset."""
    d = f.d
    m = g.mode
    players = g.players
    upright: list[bool] = m["upright"]     # typed: read as a plain list in the compiled build
    if f.step == "choose":
        side = m["next_side"]
        members = [s for s in side_seats(g, side) if players[s].alive and upright[s]]
        if not members:
            side = other_side(g, side)
            members = [s for s in side_seats(g, side) if players[s].alive and upright[s]]
            if not members:
                _reset(g)
                return
        cmd: int = m["commanders"][side]
        opts: list[Any] = []
        if upright[cmd]:
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
        g.request(cmd, "choose_unit", opts,
                  prompt="Choose the next action unit (and which vanguard goes first)",
                  time_limit=g.config("declare_seconds"), timeout=opts[0], data={"side": side})
        return
    if f.step == "got":
        a = d.pop("answer")
        side = d["side"]
        cmd = m["commanders"][side]
        if a[0] == "commander":
            d["unit"] = [cmd]
        else:
            vans = [s for s in side_seats(g, side) if s != cmd and players[s].alive and upright[s]]
            first = a[1]
            d["unit"] = [first] + [s for s in vans if s != first]
        g.emit("unit", {"side": side, "seats": list(d["unit"])})
        f.step = "next"
    if f.step == "next":
        unit: list[int] = d["unit"]
        while unit:
            s = unit.pop(0)
            if players[s].alive and upright[s]:
                upright[s] = False
                g.emit("sideways", {"seat": s})
                f.step = "after"
                g.push("turn", "start", {"seat": s})
                return
        m["next_side"] = other_side(g, d["side"])
        f.step = "choose"
        return
    if f.step == "after":
        g.current = -1
        f.step = "next"
        all_sideways = True
        for s in range(g.n):
            if players[s].alive and upright[s]:
                all_sideways = False
                break
        if m["time_up"] and g.config("time_up_at") == "turn_end":
            adjudicate(g)
            return
        if all_sideways:
            if m["time_up"] and g.config("time_up_at") == "round_end":
                adjudicate(g)
                return
            _reset(g)


def _reset(g: SgsState) -> None:
    g.mode["upright"] = [True] * g.n
    g.emit("reset", {})


def adjudicate(g: SgsState) -> None:
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
    g.emit("overtime", {"minutes": g.config("overtime_minutes"), "number": m["overtimes"]})




@register_mode
class ThreeVThree(CompetitionMode):
    """3v3: commanders draft for their teams; action units; a commander's death ends the game."""

    name = "3v3"
    technical_points = True

    def start(self, g: SgsState) -> None:
        self.init_data(g, [None] * g.n)
        g.push("m3_setup", "compare", {})

    def resume(self, g: SgsState, current: int, position: Mapping[str, Any]) -> None:
        """A 3v3 game in progress: ``cold_team`` (0: seats 0–2 hold the cold cards, 1: seats 3–5),
        ``sideways`` (identity cards already turned this round; the current seat's is turned too),
        ``unit`` (the running action unit's seats still to act after ``current``), or with no turn
        running (``current`` -1) ``next_side`` (the side that chooses the next unit); the clock."""
        self.init_data(g, [None] * g.n)
        seat_sides(g, int(position.get("cold_team", 0)))
        m = g.mode
        sideways = set(position.get("sideways") or ())
        m["upright"] = [s not in sideways and s != current for s in range(g.n)]
        m["first_turn"] = False
        self.resume_clock(g, position)
        if current >= 0:
            g.push("m3_units", "after", {"side": m["side_of"][current],
                                         "unit": list(position.get("unit") or ())})
        else:
            m["next_side"] = position["next_side"]
            g.push("m3_units", "choose", {})

    def on_timeout(self, g: SgsState, seat: int, kind: str) -> None:
        if kind == "first_picker":          # 2011/2014: a timed-out warm side passes the choice to cold
            g.stack[-1].d["timed_out"] = True
        super().on_timeout(g, seat, kind)

    def after_time_up(self, g: SgsState) -> None:
        if g.current < 0 and g.config("time_up_at") == "turn_end":
            adjudicate(g)   # no turn is running (a unit is being chosen): the game ends now

    def on_death(self, g: SgsState, seat: int, killer: int) -> None:
        m = g.mode
        side = m["side_of"][seat]
        if seat == m["commanders"][side]:
            finish(g, other_side(g, side), "commander_killed")
            return
        n = g.config("kill_reward", 0)
        if n and killer >= 0 and g.players[killer].alive:
            g.emit("reward", {"seat": killer, "cards": n})
            g.draw(killer, n)
        if g.current == seat:
            abort_turn(g)

    def view(self, g: SgsState, seat: int | None) -> dict[str, Any]:
        v = super().view(g, seat)
        m = g.mode
        for k in ("candidates", "unpicked", "first_picker", "next_side", "commanders"):
            if k in m:
                v[k] = m[k]
        if "commanders" not in v and m.get("cold_team") is not None:
            # the commander players are known once the identity cards are taken (before the fielding)
            v["commanders"] = {side: commander_seat(g, side) for side in ("cold", "warm")}
        if "picks" in m:
            v["picks"] = {k: list(x) for k, x in m["picks"].items()}
            v["draft_order"] = list(g.config("draft_order"))   # the sides alternate, first_picker first
        if "upright" in m:
            v["upright"] = list(m["upright"])
        return v

    def side_result(self, g: SgsState, side: str, seats: tuple[int, ...]) -> dict[str, Any]:
        m = g.mode
        st = side_stats(g, side)
        zero = g.config("loser_surviving_zero", ())
        win = m.get("winner")
        if win is not None and side != win and ("*" in zero or m.get("reason") in zero):
            st["surviving_on_table"] = st["surviving"]
            st["surviving"] = 0    # 2011 glossary 17 (concession, commander dead) / 2012 §4.1 2) (always)
        st["commander"] = {"seat": m["commanders"][side], "general": g.players[m["commanders"][side]].general}
        st["generals"] = [g.players[s].general for s in seats]
        if "picks" in m:   # the draft: this side's generals in the order it picked them
            st["picks"] = list(m["picks"][side])
            st["picked_first"] = m["first_picker"] == side
        return st
