"""The rules every seed mode shares outside its mode class (so that the compiled build compiles them):
comparing points, seating a general, the sides' seats and statistics, the end of a game (with the 2012
forfeit-Peach rule)."""

from __future__ import annotations

from typing import Any

from .. import cards as C
from ..generals import generals
from ..state import Frame, SgsState, handler


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
    """Put general ``gid`` on ``seat`` at full HP (``bonus``: the commander's +1), skills working."""
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
    g.emit("general", {"seat": seat, "general": gid, "hp": p.hp, "max_hp": p.max_hp})


def side_seats(g: SgsState, side: str) -> list[int]:
    side_of: list[str | None] = g.mode["side_of"]
    return [s for s in range(g.n) if side_of[s] == side]


def other_side(g: SgsState, side: str) -> str:
    sides = g.ruleset.sides
    return sides[1] if side == sides[0] else sides[0]


def lost_hp(g: SgsState, s: int) -> int:
    """A general's lost HP for the time-up tie-breaks."""
    p = g.players[s]
    if p.flags.get("buqu_alive"):   # Zhou Tai in the Indomitable state: lost HP = max HP (2012 §4.1)
        return p.max_hp
    return p.max_hp - max(p.hp, 0)   # D17: HP below 0 counts as 0


def side_stats(g: SgsState, side: str) -> dict[str, Any]:
    """A side's surviving generals, their lost HP and its technical points."""
    seats = side_seats(g, side)
    alive = [s for s in seats if g.players[s].alive]
    return {"surviving": len(alive), "lost_hp": sum(lost_hp(g, s) for s in alive),
            "technical_points": g.mode["technical"].get(side, 0)}


# ====================================================================== the end of a game
def finish(g: SgsState, winner: str | None, reason: str) -> None:
    """End the game (the 2012 forfeit-Peach rule runs first when it applies)."""
    m = g.mode
    m["winner"] = winner
    m["reason"] = reason
    g.stack.clear()
    g.ask = None
    g.flush_processing()
    if (g.config("forfeit_peach", False) and winner is not None
            and reason in ("concession", "technical_points", "disqualified")):
        seats = [s for s in side_seats(g, winner) if g.players[s].alive]
        g.push("forfeit_peach", "ask", {"seats": seats, "i": 0})
        return
    _close(g)


def _close(g: SgsState) -> None:
    g.over = True
    g.stack.clear()
    g.ask = None
    g.mode["clock_final"] = g.mode["clock_limit"]
    g.mode["clock_limit"] = None
    g.emit("game_over", {"winner": g.mode["winner"], "reason": g.mode["reason"]})


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
        g.emit("recover", {"seat": s, "n": 1, "hp": p.hp, "source": s})
        return
    while d["i"] < len(d["seats"]):
        s = d["seats"][d["i"]]
        p = g.players[s]
        peaches = [c for c in p.hand if C.NAME[c] == "peach"]
        if p.hp < p.max_hp and peaches:
            f.step = "got"
            g.request(s, "forfeit_peach", tuple(("card", C.TOKEN[c]) for c in peaches) + (("pass",),),
                      prompt="The opponents lost by forfeit: use a Peach on yourself?",
                      time_limit=g.config("declare_seconds"),
                      data={"target": s, "hp": p.hp, "max_hp": p.max_hp})
            return
        d["i"] += 1
    _close(g)


