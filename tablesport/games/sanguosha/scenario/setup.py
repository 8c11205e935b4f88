"""Building a scenario's position: the players and their cards, the piles, the running turn, and the
mode around it — free play, or a 3v3 or 1v1 game in progress (``mode:``)."""

from __future__ import annotations

from typing import Any

from tablesport.core.scenario import ScenarioError

from .. import cards as C
from ..game import PRESETS
from ..generals import generals
from ..modes import seat_general
from ..modes.three import TEAM
from ..state import SgsState
from ..timing import PHASES
from .cardspec import Cards

DEFAULT_PRESET = {"free": "sgs-3v3-2011", "3v3": "sgs-3v3-2011", "1v1": "sgs-1v1-2014"}
SEATS = {"3v3": 6, "1v1": 2}


def _int_list(where: str, v: Any, n: int | None = None, lo: int = 0, hi: int = 99) -> list[int]:
    if not isinstance(v, list) or not all(isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi
                                          for x in v) or (n is not None and len(v) != n):
        size = f"{n} " if n is not None else ""
        raise ScenarioError(f"{where} must be a list of {size}numbers from {lo} to {hi}, not {v!r}")
    return v


def position(spec: dict[str, Any], kind: str, players: list[dict[str, Any]], sides: tuple[str, ...]
             ) -> dict[str, Any]:
    """The mode data of the position, checked: the free play's sides and commanders, or the 3v3/1v1
    block (see docs/sanguosha-scenarios.md)."""
    if kind == "free":
        return {"side_of": [p.get("side") for p in players], "commanders": spec.get("commanders")}
    if len(players) != SEATS[kind]:
        raise ScenarioError(f"a {kind} position has {SEATS[kind]} players, not {len(players)}")
    if "commanders" in spec or any("side" in p for p in players):
        raise ScenarioError(f"in a {kind} position the mode gives the sides and commanders: leave out "
                            "'commanders' and the players' 'side'")
    block = dict(spec["mode"])
    out: dict[str, Any] = {k: block[k] for k in ("clock", "time_up", "overtimes", "technical") if k in block}
    if "clock" in out and out["clock"] is not None and not isinstance(out["clock"], int | float):
        raise ScenarioError(f"mode.clock is the game time allowed so far in seconds (or null), "
                            f"not {out['clock']!r}")
    if "technical" in out and (not isinstance(out["technical"], dict)
                               or not set(out["technical"]) <= set(sides)):
        raise ScenarioError(f"mode.technical maps a side ({', '.join(sides)}) to its points")
    if "fouls" in block:
        out["fouls"] = _int_list("mode.fouls", block["fouls"], len(players))
    n = len(players) - 1
    if kind == "3v3":
        cold = block.get("cold", 0)
        if cold not in (0, 1):
            raise ScenarioError("mode.cold is the team with the cold identity cards: 0 (seats 0–2) "
                                "or 1 (seats 3–5)")
        out["cold_team"] = cold
        out["sideways"] = _int_list("mode.sideways", block.get("sideways", []), hi=n)
        out["unit"] = _int_list("mode.unit", block.get("unit", []), hi=n)
        if spec.get("start") == "unit":
            if block.get("next_side") not in sides:
                raise ScenarioError(f"with start: unit, mode.next_side names the side that chooses: "
                                    f"{list(sides)}")
            out["next_side"] = block["next_side"]
        return out
    lord = block.get("lord")
    if lord not in (0, 1):
        raise ScenarioError("mode.lord is the Lord's seat, 0 or 1")
    lineup = block.get("lineup")
    if not isinstance(lineup, list) or len(lineup) != 2 or not all(
            isinstance(x, list) and len(x) == 3 and all(gid in generals() for gid in x) for x in lineup):
        raise ScenarioError("mode.lineup is two lists of three generals in fighting order, e.g. "
                            "[[guan_yu, zhao_yun, lu_bu], [zhen_ji, xu_chu, huang_gai]]")
    out["lord"] = lord
    out["lineup"] = lineup
    out["deaths"] = _int_list("mode.deaths", block.get("deaths", [0, 0]), 2, hi=2)
    hidden = block.get("hidden", [])
    reserves = {gid for s in (0, 1) for gid in lineup[s][out["deaths"][s] + 1:]}
    if not isinstance(hidden, list) or not set(hidden) <= reserves:
        raise ScenarioError(f"mode.hidden lists reserves of the line-ups taken face down (not yet in play): "
                            f"some of {sorted(reserves)}")
    out["hidden"] = hidden
    return out


def build(spec: dict[str, Any], seed: int = 0) -> tuple[SgsState, Cards]:
    """The state of a scenario (one run of it), ready to run, and the cards its specs took."""
    kind = (spec.get("mode") or {}).get("kind", "free")
    preset = spec.get("preset", DEFAULT_PRESET[kind])
    if preset not in PRESETS:
        raise ScenarioError(f"unknown preset {preset!r}; known: {sorted(PRESETS)}")
    rs = PRESETS[preset]
    if kind != "free" and rs["mode"] != kind:
        raise ScenarioError(f"a {kind} position needs a {kind} preset; {preset} plays {rs['mode']}")
    players = spec.get("players") or []
    if not 2 <= len(players) <= 8:
        raise ScenarioError("a scenario needs 2 to 8 players")
    params = dict(spec.get("params") or {})
    unknown = sorted(set(params) - set(rs.params))
    if unknown:
        raise ScenarioError(f"unknown parameter(s) {unknown} of {preset}; known: {sorted(rs.params)}")
    rs2 = type(rs)(rs.game, rs.preset, len(players), rs.title, rs.sides,
                   {**rs.params, **params, "mode": kind}, rs.source)
    pos = position(spec, kind, players, rs.sides)
    start = spec.get("start", "play")
    if start not in PHASES and start not in ("turn", "unit"):
        raise ScenarioError(f"start must be 'turn', a phase {PHASES}, or 'unit' (3v3: no turn running)")
    if start == "unit" and kind != "3v3":
        raise ScenarioError("start: unit (no turn running, the next action unit is chosen) is a 3v3 position")
    cur = -1 if start == "unit" else spec.get("current", 0)
    if not isinstance(cur, int) or not -1 <= cur < len(players):
        raise ScenarioError(f"current must be a seat 0–{len(players) - 1}")
    g = SgsState(rs2, seed, setup=False)
    cards = Cards(g.deck)
    commanders = {TEAM[0][0], TEAM[1][0]} if kind == "3v3" else set()
    for seat, ps in enumerate(players):
        p = g.players[seat]
        gid = ps.get("general")
        if kind == "1v1":
            fielded = pos["lineup"][seat][pos["deaths"][seat]]
            if gid is not None and gid != fielded:
                raise ScenarioError(f"seat {seat}'s general in play is {fielded} (lineup and deaths), "
                                    f"not {gid}")
            gid = fielded
        if gid:
            if gid not in generals():
                raise ScenarioError(f"unknown general {gid!r}")
            seat_general(g, seat, gid, g.config("commander_bonus", 1) if seat in commanders else 0)
        else:
            p.general = None
            p.max_hp = 4
            p.alive = True
            p.gender = ps.get("gender", "male")
        p.max_hp = int(ps.get("max_hp", p.max_hp))
        p.hp = int(ps.get("hp", p.max_hp))
        if "skills" in ps:
            p.skills = tuple(ps["skills"])
        p.alive = bool(ps.get("alive", True))
        p.flags.update(ps.get("flags") or {})
        p.face_up = bool(ps.get("face_up", True))
        for s in ps.get("hand") or []:
            p.hand.append(cards.take(s))
        for s in ps.get("equip") or []:
            c = cards.take(s)
            if C.SLOT_OF[c] < 0:
                raise ScenarioError(f"{s} is not equipment")
            p.equip[C.SLOT_OF[c]] = c
            g.public.add(c)
        for s in ps.get("judge") or []:
            name = None
            if isinstance(s, dict):
                s, name = s["card"], s["as"]
            c = cards.take(s)
            p.judge.append((c, name or C.NAME[c]))
            g.public.add(c)
        for pile, specs in (ps.get("piles") or {}).items():
            got = [cards.take(s) for s in specs]
            p.pile[str(pile)] = got
            g.public.update(got)
    if cur >= 0 and not g.players[cur].alive:
        raise ScenarioError(f"the current seat {cur} is not alive")
    g.flow.resume(g, cur, pos)
    g.skills_changed()
    top = [cards.take(s) for s in spec.get("draw_pile") or []]
    rest = list(cards.free)
    g.rng.shuffle(rest)
    if spec.get("draw_pile_only"):
        g.discard_pile = rest
        g.public.update(rest)
        rest = []
    g.draw_pile = rest + top[::-1]
    for s in spec.get("discard_pile") or []:
        c = cards.take(s)
        if c in g.draw_pile:
            g.draw_pile.remove(c)
        g.discard_pile.append(c)
    g.turn_no = 1
    if cur < 0:
        return g, cards
    t = g.push("turn", "phases", {"seat": cur, "i": 0 if start == "turn" else PHASES.index(start)})
    g.current = cur
    g.turn = {"seat": cur, "skip": list(spec.get("skip") or []), "slashes": int(spec.get("slashes_used", 0))}
    if start == "turn":
        t.step = "start"
    return g, cards
