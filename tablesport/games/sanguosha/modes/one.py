"""The 1v1 mode (2014 seed, 1v1 part): roles, the draft of 10 candidates (4 face down), three
generals fielded in a fixed order, alternating turns, replacement on death, time-up after the Lord's
turn. Seats 0 and 1."""

from __future__ import annotations

from collections.abc import Mapping
from itertools import permutations
from typing import Any

from tablesport.core import Rng

from ..engine import abort_turn
from ..generals import pool
from ..mode import register_mode
from ..state import Frame, SgsState, handler
from .common import CompetitionMode
from .sides import compare_points, finish, lost_hp, seat_general


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
            g.emit("compare_points", {"ranks": shown, "winner": chooser})
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
        g.emit("roles", {"lord": m["lord"], "renegade": 1 - m["lord"]})
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
        g.emit("candidates", {"open": gens[:6], "hidden": 4})
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
            g.emit("pick", {"seat": seat, "hidden": True})
            g.emit("pick_hidden", {"seat": seat, "general": gid}, frozenset({seat}))
        else:
            g.emit("pick", {"seat": seat, "general": gid})
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
        g.emit("clock_start", {"seconds": m["clock_limit"]})
        for s in (0, 1):
            g.draw(s, g.players[s].max_hp)
        m["first_turn_pending"] = True
        g.pop()
        g.push("m1_turns", "next", {"seat": 1 - m["lord"]})


def _ask_pick1(g: SgsState, d: dict[str, Any]) -> None:
    m = g.mode
    seat = m["side_of"].index(d["seq"][0])
    opts = tuple(("pick", i) for i, x in enumerate(m["candidates"]) if x)
    g.request(seat, "draft", opts, prompt="Pick a general", time_limit=g.config("draft_seconds"),
              timeout=opts[0],
              data={"candidates": [x if x and i not in m["hidden"] else ("hidden" if x else "")
                                   for i, x in enumerate(m["candidates"])]})


@handler("m1_turns")
def h_m1_turns(g: SgsState, f: Frame) -> None:
    """Turns alternate; time-up ends the game when the Lord's turn ends (2014 1v1 §三)."""
    d = f.d
    m = g.mode
    if f.step == "next":
        f.step = "after"
        g.push("turn", "start", {"seat": d["seat"]})
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
    lost = [lost_hp(g, s) for s in (0, 1)]
    if lost[0] != lost[1]:
        finish(g, m["side_of"][0 if lost[0] < lost[1] else 1], "time_up_lost_hp")
        return
    win, shown = compare_points(g)
    g.emit("compare_points", {"ranks": shown, "winner": win})
    finish(g, m["side_of"][win], "time_up_points")


@register_mode
class OneVOne(CompetitionMode):
    """1v1: three generals a side, one in play; the first to lose three loses the game."""

    name = "1v1"

    def start(self, g: SgsState) -> None:
        self.init_data(g, [None] * g.n)
        g.push("m1_setup", "compare", {})

    def resume(self, g: SgsState, current: int, position: Mapping[str, Any]) -> None:
        """A 1v1 game in progress: the ``lord`` seat, both ``lineup``s (three generals in fighting order),
        the ``deaths`` so far (the general in play is ``lineup[seat][deaths[seat]]``) and the reserves
        taken face down (``hidden``: seen only by their owner until they enter, D9); ``current``'s turn
        is running; the clock."""
        lord = int(position["lord"])
        self.init_data(g, ["lord" if s == lord else "renegade" for s in range(g.n)])
        m = g.mode
        m["lord"] = lord
        m["lineup"] = [tuple(x) for x in position["lineup"]]
        m["deaths"] = list(position.get("deaths") or (0, 0))
        m["taken"] = {str(s): list(m["lineup"][s]) for s in (0, 1)}
        m["revealed"] = [gid for s in (0, 1) for gid in m["lineup"][s][:m["deaths"][s] + 1]]
        if position.get("hidden"):
            m["hidden_taken"] = list(position["hidden"])
        m["candidates"] = []
        m["hidden"] = []
        m["first_turn_pending"] = False
        g.order = [0, 1]
        self.resume_clock(g, position)
        g.push("m1_turns", "after", {"seat": current})

    def on_death(self, g: SgsState, seat: int, killer: int) -> None:
        """Replacement (2014 1v1 §二.4): the next general of the line-up enters with a full hand; a
        general dying in its own turn ends that turn."""
        m = g.mode
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

    def determinize(self, g: SgsState, seat: int, rng: Rng) -> None:
        """D9 for search: the generals ``seat`` cannot see (face-down candidates, the opponent's
        face-down picks) are redrawn from the pool's generals it has not seen, and the opponent's
        line-up after its fielded general is redrawn from its picks not fielded yet. The draw
        depends only on what ``seat`` sees (sorted lists) and on ``rng``."""
        m = g.mode
        if "taken" not in m:
            return
        o = str(1 - seat)
        revealed = set(m["revealed"])
        hid = set(m.get("hidden_taken", ()))
        slots: list[tuple[str, int]] = [("c", i) for i in m.get("hidden", ())
                                        if i < len(m["candidates"]) and m["candidates"][i]]
        slots += [("t", j) for j, x in enumerate(m["taken"][o]) if x in hid and x not in revealed]
        if slots:
            seen = {x for i, x in enumerate(m["candidates"]) if x and i not in m.get("hidden", ())}
            seen |= set(m["taken"][str(seat)]) | revealed
            seen |= {x for x in m["taken"][o] if x not in hid}
            fresh = rng.sample(sorted(set(pool(g.config("pool"))) - seen), len(slots))
            new_hidden = [x for x in m.get("hidden_taken", ()) if x in m["taken"][str(seat)] or x in revealed]
            for (where, i), gid in zip(slots, fresh, strict=True):
                if where == "c":
                    m["candidates"][i] = gid
                else:
                    m["taken"][o][i] = gid
                    new_hidden.append(gid)
            m["hidden_taken"] = new_hidden
        if "lineup" in m and "deaths" in m:
            s = 1 - seat
            shown = m["lineup"][s][:m["deaths"][s] + 1]
            rest = [x for x in m["taken"][o] if x not in shown]
            k = len(m["lineup"][s]) - len(shown)
            m["lineup"][s] = tuple(shown) + tuple(rng.sample(rest, k)) if k > 0 else tuple(shown)

    def hidden_tokens(self, g: SgsState, viewer: int | None) -> set[str]:
        """D9: a face-down candidate is hidden from everyone, and once taken from everyone but its
        taker, until it is fielded."""
        m = g.mode
        out: set[str] = set()
        if "taken" not in m:
            return out
        for i in m.get("hidden", ()):
            if i < len(m["candidates"]) and m["candidates"][i]:
                out.add(m["candidates"][i])
        revealed = set(m["revealed"])
        for s in (0, 1):
            if s != viewer:
                out.update(x for x in m["taken"][str(s)]
                           if x in m.get("hidden_taken", ()) and x not in revealed)
        return out

    def view(self, g: SgsState, seat: int | None) -> dict[str, Any]:
        v = super().view(g, seat)
        m = g.mode
        if "candidates" in m:
            v["candidates"] = [x if x and i not in m["hidden"] else ("hidden" if x else "")
                               for i, x in enumerate(m["candidates"])]
        if "taken" in m:
            hid = set(m.get("hidden_taken", ()))
            v["taken"] = {k: [x if (k == str(seat) or x not in hid or x in m["revealed"]) else "hidden"
                              for x in lst]
                          for k, lst in m["taken"].items()}
            if "lineup" not in m:   # the draft's printed pick order (2014 1v1 §二.(一).2.(2))
                v["pick_order"] = [[role, k] for role, k in g.config("pick_order")]
        if "deaths" in m:
            v["deaths"] = list(m["deaths"])
        if "lord" in m:
            v["lord"] = m["lord"]
        return v

    def side_result(self, g: SgsState, side: str, seats: tuple[int, ...]) -> dict[str, Any]:
        m = g.mode
        return {"surviving": 3 - m["deaths"][seats[0]] if "deaths" in m else 3,
                "lost_hp": lost_hp(g, seats[0]) if g.players[seats[0]].alive else 0,
                "generals": list(m["lineup"][seats[0]]) if "lineup" in m else []}
