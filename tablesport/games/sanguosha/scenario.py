"""Ruling scenarios: a YAML file sets up a position, scripts every seat's answers and states what
must happen. Format: docs/sanguosha-scenarios.md. ``run_scenario(path)`` returns a report."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tablesport.core import RuleError, canon, to_json

from . import cards as C
from .game import PRESETS
from .generals import generals
from .modes import seat_general
from .state import SgsState
from .timing import PHASES

SUIT_LETTERS = {"S": "spade", "H": "heart", "C": "club", "D": "diamond"}
RANK_LETTERS = {"A": 1, "J": 11, "Q": 12, "K": 13}
SPEC = re.compile(r"^([a-z_]+)(?:\s+([SHCD])(A|J|Q|K|10|[2-9]))?$")


class ScenarioError(Exception):
    pass


@dataclass
class Report:
    name: str
    rule: str
    ok: bool
    failures: list[str] = field(default_factory=list)
    events: list[dict[str, Any]] = field(default_factory=list)
    state: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rule": self.rule, "ok": self.ok, "failures": self.failures,
                "events": self.events, "state": self.state}


class Cards:
    """Resolves card specs ("slash", "slash S7", "peach H3", "c12") to card ids of the deck."""

    def __init__(self, deck: tuple[int, ...]) -> None:
        self.free = list(deck)
        self.alias: dict[str, list[int]] = {}

    def take(self, spec: str) -> int:
        spec = str(spec).strip()
        if re.fullmatch(r"c\d+", spec):
            c = C.card_id(spec)
            if c not in self.free:
                raise ScenarioError(f"card {spec} is not available (used twice or not in this deck)")
        else:
            m = SPEC.match(spec)
            if not m:
                raise ScenarioError(f"bad card spec {spec!r}: use 'name', 'name S7' (suit S/H/C/D, rank A-K) or 'c<id>'")
            name, suit, rank_s = m.group(1), m.group(2), m.group(3)
            rank = RANK_LETTERS.get(rank_s) or int(rank_s) if rank_s else 0
            found = [c for c in self.free if C.NAME[c] == name
                     and (suit is None or (C.SUIT[c] == SUIT_LETTERS[suit] and C.RANK[c] == rank))]
            if not found:
                raise ScenarioError(f"no free card matches {spec!r} in this deck")
            c = found[0]
        self.free.remove(c)
        self.alias.setdefault(spec, []).append(c)
        return c


def build(spec: dict[str, Any], seed: int = 0) -> tuple[SgsState, Cards]:
    preset = spec.get("preset", "sgs-3v3-2011")
    if preset not in PRESETS:
        raise ScenarioError(f"unknown preset {preset!r}; known: {sorted(PRESETS)}")
    rs = PRESETS[preset]
    players = spec.get("players") or []
    if not 2 <= len(players) <= 8:
        raise ScenarioError("a scenario needs 2 to 8 players")
    params = dict(spec.get("params") or {})
    rs2 = type(rs)(rs.game, rs.preset, len(players), rs.title, rs.sides, {**rs.params, **params, "mode": "free"},
                   rs.source)
    g = SgsState(rs2, seed, setup=False)
    cards = Cards(g.deck)
    cur = int(spec.get("current", 0))
    g.flow.resume(g, cur, {"side_of": [p.get("side") for p in players], "commanders": spec.get("commanders")})
    for seat, ps in enumerate(players):
        p = g.players[seat]
        gid = ps.get("general")
        if gid:
            if gid not in generals():
                raise ScenarioError(f"unknown general {gid!r}")
            seat_general(g, seat, gid)
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
        g.draw_pile.remove(c) if c in g.draw_pile else None
        g.discard_pile.append(c)
    start = spec.get("start", "play")
    if start not in PHASES and start != "turn":
        raise ScenarioError(f"start must be 'turn' or a phase {PHASES}")
    t = g.push("turn", "phases", seat=cur, i=0 if start == "turn" else PHASES.index(start))
    g.current = cur
    g.turn = {"seat": cur, "skip": list(spec.get("skip") or []), "slashes": int(spec.get("slashes_used", 0))}
    if start == "turn":
        t.step = "start"
    g.turn_no = 1
    return g, cards


def resolve(value: Any, cards: Cards, g: SgsState, seat: int) -> Any:
    if isinstance(value, list | tuple):
        return tuple(resolve(v, cards, g, seat) for v in value)
    if isinstance(value, str) and value in cards.alias:
        ids = cards.alias[value]
        mine = [c for c in ids if c in g.players[seat].cards()]
        return C.TOKEN[(mine or ids)[0]]
    return value


def resolve_action(raw: Any, cards: Cards, g: SgsState, seat: int) -> Any:
    """Card specs become tokens; the skill id after invoke/as/use_as/skill stays a skill id."""
    if isinstance(raw, list | tuple) and len(raw) >= 2 and raw[0] in ("invoke", "as", "use_as", "skill"):
        return (raw[0], raw[1], *resolve(list(raw[2:]), cards, g, seat))
    return resolve(raw, cards, g, seat)


def _match(want: Any, got: Any) -> bool:
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and _match(v, got[k]) for k, v in want.items())
    if isinstance(want, list):
        return isinstance(got, list) and len(want) == len(got) and all(_match(a, b) for a, b in zip(want, got, strict=True))
    return bool(want == got)


def _ev_match(want: dict[str, Any], ev: dict[str, Any]) -> bool:
    """``want`` is a subset of the event's kind and data (a data field called ``kind``, as in
    ``timeout`` events, may be matched either way)."""
    return _match(want, {**ev["data"], "kind": ev["kind"]}) or _match(want, {"kind": ev["kind"], **ev["data"]})


def _names(ids: list[int]) -> list[str]:
    return sorted(C.NAME[c] for c in ids)


def check_state(g: SgsState, want: dict[str, Any], cards: Cards) -> list[str]:
    fails = []

    def ids_of(specs: list[str]) -> list[str]:
        out = []
        for s in specs:
            if s in cards.alias:
                out.append(C.NAME[cards.alias[s][0]])
            else:
                out.append(SPEC.match(s).group(1) if SPEC.match(s) else s)
        return sorted(out)

    for seat_s, pw in (want.get("players") or {}).items():
        p = g.players[int(seat_s)]
        for k, v in pw.items():
            if k == "hand":
                got: Any = _names(p.hand)
                v = ids_of(v)
            elif k == "hand_count":
                got = len(p.hand)
            elif k == "equip":
                got = _names([c for c in p.equip if c >= 0])
                v = ids_of(v)
            elif k == "judge":
                got = sorted(n for _c, n in p.judge)
                v = sorted(v)
            elif k in ("hp", "max_hp", "alive", "face_up", "general"):
                got = getattr(p, k)
            elif k == "pile_count":
                got = sum(len(x) for x in p.pile.values())
            else:
                fails.append(f"unknown player field {k!r}")
                continue
            if got != v:
                fails.append(f"seat {seat_s} {k}: expected {v!r}, got {got!r}")
    if "discard" in want:
        got = _names(g.discard_pile)
        if got != ids_of(want["discard"]):
            fails.append(f"discard pile: expected {ids_of(want['discard'])}, got {got}")
    if "discard_count" in want and len(g.discard_pile) != want["discard_count"]:
        fails.append(f"discard_count: expected {want['discard_count']}, got {len(g.discard_pile)}")
    if "draw_count" in want and len(g.draw_pile) != want["draw_count"]:
        fails.append(f"draw_count: expected {want['draw_count']}, got {len(g.draw_pile)}")
    if "processing" in want and _names(g.processing) != ids_of(want["processing"]):
        fails.append(f"processing: expected {want['processing']}, got {_names(g.processing)}")
    if "over" in want and g.over != want["over"]:
        fails.append(f"over: expected {want['over']}, got {g.over}")
    if "winner" in want and g.mode.get("winner") != want["winner"]:
        fails.append(f"winner: expected {want['winner']}, got {g.mode.get('winner')}")
    if "phase" in want and g.phase != want["phase"]:
        fails.append(f"phase: expected {want['phase']!r}, got {g.phase!r}")
    if "current" in want and g.current != want["current"]:
        fails.append(f"current: expected {want['current']}, got {g.current}")
    return fails


TOP_KEYS = {"name", "rule", "preset", "params", "players", "commanders", "current", "start", "skip",
            "slashes_used", "draw_pile", "draw_pile_only", "discard_pile", "actions", "expect", "notes", "covers"}
PLAYER_KEYS = {"general", "hp", "max_hp", "hand", "equip", "judge", "side", "gender", "skills", "alive", "face_up",
               "flags"}
EXPECT_KEYS = {"events", "no_events", "state", "pending", "error"}
STATE_KEYS = {"players", "discard", "discard_count", "draw_count", "processing", "over", "winner", "phase",
              "current"}


def _check_keys(where: str, got: Any, allowed: set[str]) -> None:
    if not isinstance(got, dict):
        raise ScenarioError(f"{where} must be a mapping")
    unknown = sorted(set(got) - allowed)
    if unknown:
        raise ScenarioError(f"unknown key(s) {unknown} in {where}; allowed: {sorted(allowed)}")


def validate(spec: dict[str, Any]) -> None:
    """Refuse misspelt keys, so that a scenario can never pass by checking nothing."""
    _check_keys("the scenario", spec, TOP_KEYS)
    for i, ps in enumerate(spec.get("players") or []):
        _check_keys(f"players[{i}]", ps, PLAYER_KEYS)
    expect = spec.get("expect") or {}
    _check_keys("expect", expect, EXPECT_KEYS)
    _check_keys("expect.state", expect.get("state") or {}, STATE_KEYS)


def run_spec(spec: dict[str, Any], seed: int = 0) -> Report:
    validate(spec)
    name = str(spec.get("name", "?"))
    rule = str(spec.get("rule", ""))
    if not rule:
        raise ScenarioError(f"scenario {name!r} must name the rule or seed clause it checks ('rule:')")
    g, cards = build(spec, seed)
    events: list[dict[str, Any]] = []
    fails: list[str] = []
    g.ev = []
    g.run()
    events += [e.to_json() | {"to": sorted(e.to) if e.to is not None else None} for e in g.ev]
    g.ev = []
    expect = spec.get("expect") or {}
    err_want = expect.get("error")
    for i, step in enumerate(spec.get("actions") or []):
        if not isinstance(step, list) or len(step) != 2:
            raise ScenarioError(f"action {i}: write [seat, action]")
        seat, raw = step
        if seat == "timeout":
            d = g.pending()
            if d is None:
                fails.append(f"action {i}: timeout but the game is over")
                break
            evs = g.timeout(d.seats[0])
        elif seat == "time_up":
            evs = g.time_up()
        elif seat == "referee":
            evs = g.referee(canon(raw))
        else:
            act = canon(resolve_action(raw, cards, g, int(seat)))
            try:
                evs = g.apply(int(seat), act)
            except RuleError as exc:
                if err_want and i == len(spec["actions"]) - 1:
                    if exc.rule != err_want:
                        fails.append(f"action {i}: expected error {err_want!r}, got {exc.rule!r}: {exc}")
                    err_want = None
                    break
                d = g.pending()
                fails.append(f"action {i} {to_json(act)!r} by seat {seat} rejected: {exc}; pending "
                             f"{d.kind if d else None} for {d.seats if d else None}")
                break
        events += [e.to_json() | {"to": sorted(e.to) if e.to is not None else None} for e in evs]
    if err_want:
        fails.append(f"expected error {err_want!r} but no action was rejected")
    pos = 0
    for want in expect.get("events") or []:
        while pos < len(events) and not _ev_match(want, events[pos]):
            pos += 1
        if pos >= len(events):
            fails.append(f"expected event {want} not found (in order)")
            break
        pos += 1
    kinds = {e["kind"] for e in events}
    for k in expect.get("no_events") or []:
        if isinstance(k, dict):
            if any(_ev_match(k, e) for e in events):
                fails.append(f"unexpected event {k}")
        elif k in kinds:
            fails.append(f"unexpected event kind {k!r}")
    fails += check_state(g, expect.get("state") or {}, cards)
    pend = expect.get("pending")
    d = g.pending()
    if pend is not None:
        if pend == "none":
            if d is not None:
                fails.append(f"expected no decision, got {d.kind} for {d.seats}")
        elif d is None:
            fails.append(f"expected a pending decision {pend}, got none")
        else:
            if "seat" in pend and pend["seat"] not in d.seats:
                fails.append(f"pending seat: expected {pend['seat']}, got {d.seats}")
            if "kind" in pend and pend["kind"] != d.kind:
                fails.append(f"pending kind: expected {pend['kind']}, got {d.kind}")
            opts = d.options_for(d.seats[0]) or ()
            for o in pend.get("includes") or []:
                if canon(resolve_action(o, cards, g, d.seats[0])) not in opts:
                    fails.append(f"pending options lack {o}")
            for o in pend.get("excludes") or []:
                if canon(resolve_action(o, cards, g, d.seats[0])) in opts:
                    fails.append(f"pending options include {o}")
    try:
        g.check_invariants()
    except AssertionError as exc:
        fails.append(f"invariant: {exc}")
    return Report(name, rule, not fails, fails, events, to_json(g.view(None)))


def load(path: str | Path) -> dict[str, Any]:
    spec = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(spec, dict):
        raise ScenarioError(f"{path}: a scenario file is one YAML mapping")
    return spec


def run_scenario(path: str | Path, seed: int = 0) -> Report:
    return run_spec(load(path), seed)
