"""Ruling scenarios: a YAML file sets up a Monopoly Deal position, scripts the seats' answers (refused
ones included), timeouts and the game clock, and states what must happen. Format: docs/monopoly-deal.md
("Ruling scenarios"). Unknown keys are refused, so a misspelt expectation never passes silently."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tablesport.core import Event, RuleError, canon, to_json
from tablesport.core.scenario import Report, ScenarioError

from .game import GAME
from .position import build
from .state import MonopolyDealState

TOP = {"name", "rule", "preset", "seed", "params", "turn", "plays", "players", "draw_top", "draw_rest",
       "discard", "steps", "expect"}
PLAYER = {"hand", "bank", "sets"}
SET = {"colour", "cards", "house", "hotel"}
STEP = {"seat", "do", "refused", "timeout", "time_up", "expect"}
EXPECT = {"events", "no_events", "pending", "players", "draw_top", "draw_bottom", "discard", "result", "turn",
          "plays"}
EXPECT_PLAYER = {"hand", "hand_count", "bank", "sets", "value"}
PENDING = {"seat", "kind", "includes", "excludes", "data"}
RESULT = {"reason", "placements", "scores", "values", "claimed_by"}


def _keys(obj: Any, allowed: set[str], where: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise ScenarioError(f"{where}: expected a mapping with keys from {sorted(allowed)}, got {obj!r}")
    unknown = sorted(str(k) for k in obj if k not in allowed)
    if unknown:
        raise ScenarioError(f"{where}: unknown key(s) {', '.join(unknown)}; "
                            f"allowed: {', '.join(sorted(allowed))}")
    return obj


def load(path: Path) -> dict[str, Any]:
    try:
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise ScenarioError(f"not YAML: {str(exc).splitlines()[0]}") from None
    return validate(spec)


def validate(spec: Any) -> dict[str, Any]:
    checked = _keys(spec, TOP, "scenario")
    for k in ("name", "rule"):
        if not isinstance(checked.get(k), str) or not checked[k]:
            raise ScenarioError(f"a scenario names its {k!r} (the rule it checks)")
    return checked


def setup(spec: dict[str, Any]) -> MonopolyDealState:
    preset = spec.get("preset", "monopoly-deal-event")
    if preset not in GAME.presets:
        raise ScenarioError(f"unknown preset {preset!r}; known: {', '.join(sorted(GAME.presets))}")
    rs = GAME.presets[preset]
    params = spec.get("params") or {}
    if not isinstance(params, dict):
        raise ScenarioError("params: a mapping of preset parameters")
    try:
        rs = rs.with_params(**params)
    except KeyError as exc:
        raise ScenarioError(str(exc)) from None
    players = spec.get("players") or []
    if not isinstance(players, list) or len(players) > rs.seats:
        raise ScenarioError(f"players: a list of at most {rs.seats} seats")
    hands: dict[int, list[str]] = {}
    banks: dict[int, list[str]] = {}
    sets: dict[int, list[dict[str, Any]]] = {}
    for s, p in enumerate(players):
        p = _keys(p or {}, PLAYER, f"players[{s}]")
        hands[s] = list(p.get("hand") or [])
        banks[s] = list(p.get("bank") or [])
        sets[s] = [_keys(x, SET, f"players[{s}].sets") for x in p.get("sets") or []]
    try:
        return build(rs, int(spec.get("seed", 1)), turn=spec.get("turn", 0), plays=int(spec.get("plays", 0)),
                     hands=hands, banks=banks, sets=sets, draw_top=list(spec.get("draw_top") or []),
                     discard=list(spec.get("discard") or []), draw_rest=bool(spec.get("draw_rest", True)))
    except RuleError as exc:
        raise ScenarioError(exc.message) from None


def _event_json(e: Event) -> dict[str, Any]:
    return {**to_json(e.data), "kind": e.kind, "seen_by": sorted(e.to) if e.to is not None else None}


def _partial(got: Any, want: Any) -> bool:
    """``want`` as a part of ``got``: a mapping names only the keys it checks."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and _partial(got[k], v) for k, v in want.items())
    return bool(got == want)


def _matches(event: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(k in event and event[k] == to_json(v) for k, v in want.items())


def _sets_json(st: MonopolyDealState, seat: int) -> list[dict[str, Any]]:
    out = []
    for p in st.piles[seat]:
        d: dict[str, Any] = {"colour": p.colour, "cards": sorted(p.cards)}
        if p.house:
            d["house"] = p.house
        if p.hotel:
            d["hotel"] = p.hotel
        out.append(d)
    return out


def check(st: MonopolyDealState, exp: dict[str, Any], window: list[dict[str, Any]], where: str) -> list[str]:
    exp = _keys(exp, EXPECT, where)
    bad: list[str] = []
    i = 0
    for want in exp.get("events") or []:
        want = dict(want)
        while i < len(window) and not _matches(window[i], want):
            i += 1
        if i == len(window):
            bad.append(f"{where}: no event {want} (in order)")
            break
        i += 1
    for want in exp.get("no_events") or []:
        hit = [e for e in window if _matches(e, dict(want))]
        if hit:
            bad.append(f"{where}: unexpected event {hit[0]}")
    if "pending" in exp:
        d = st.pending()
        pw = exp["pending"]
        if pw is None:
            if d is not None:
                bad.append(f"{where}: the game should be over; {d.kind} for {list(d.seats)} is pending")
        elif d is None:
            bad.append(f"{where}: no decision pending (the game is over), expected {pw}")
        else:
            pw = _keys(pw, PENDING, f"{where}.pending")
            if "seat" in pw and d.seats != (pw["seat"],):
                bad.append(f"{where}: pending seat {list(d.seats)}, expected {pw['seat']}")
            if "kind" in pw and d.kind != pw["kind"]:
                bad.append(f"{where}: pending {d.kind}, expected {pw['kind']}")
            opts = [to_json(o) for o in d.options_for(d.seats[0]) or ()]
            for o in pw.get("includes") or []:
                if to_json(canon(o)) not in opts:
                    bad.append(f"{where}: option {o} is not offered")
            for o in pw.get("excludes") or []:
                if to_json(canon(o)) in opts:
                    bad.append(f"{where}: option {o} is offered")
            for k, v in (pw.get("data") or {}).items():
                got = to_json(d.data).get(k)
                if not _partial(got, to_json(v)):
                    bad.append(f"{where}: decision data {k} = {got}, expected {v}")
    for seat, pw in (exp.get("players") or {}).items():
        if not isinstance(seat, int) or not 0 <= seat < st.n:
            raise ScenarioError(f"{where}.players: {seat!r} is not a seat (0..{st.n - 1})")
        pw = _keys(pw, EXPECT_PLAYER, f"{where}.players.{seat}")
        got = {"hand": sorted(st.hands[seat]), "hand_count": len(st.hands[seat]),
               "bank": sorted(st.banks[seat]), "sets": _sets_json(st, seat), "value": st.value(seat)}
        for k, v in pw.items():
            want = sorted(v) if k in ("hand", "bank") else v
            if k == "sets":
                want = [{**x, "cards": sorted(x["cards"])} for x in v]
            if got[k] != want:
                bad.append(f"{where}: seat {seat} {k} = {got[k]}, expected {want}")
    if "draw_top" in exp:
        top = list(reversed(st.draw))[:len(exp["draw_top"])]
        if top != exp["draw_top"]:
            bad.append(f"{where}: draw pile top {top}, expected {exp['draw_top']}")
    if "draw_bottom" in exp:
        bottom = st.draw[:len(exp["draw_bottom"])]
        if bottom != exp["draw_bottom"]:
            bad.append(f"{where}: draw pile bottom {bottom}, expected {exp['draw_bottom']}")
    if "discard" in exp and st.discard != exp["discard"]:
        bad.append(f"{where}: discard pile {st.discard}, expected {exp['discard']}")
    for k in ("turn", "plays"):
        if k in exp and getattr(st, k) != exp[k]:
            bad.append(f"{where}: {k} = {getattr(st, k)}, expected {exp[k]}")
    if "result" in exp:
        rw = _keys(exp["result"], RESULT, f"{where}.result")
        res = st.result()
        if res is None:
            bad.append(f"{where}: the game is not over")
        else:
            got_r = {"reason": res.reason, "placements": list(res.placements), "scores": list(res.scores),
                     "values": res.stats["values"], "claimed_by": res.stats["claimed_by"]}
            for k, v in rw.items():
                if got_r[k] != to_json(v):
                    bad.append(f"{where}: result {k} = {got_r[k]}, expected {v}")
    return bad


def run_spec(spec: dict[str, Any]) -> Report:
    spec = validate(spec)
    st = setup(spec)
    steps = spec.get("steps") or []
    if not isinstance(steps, list):
        raise ScenarioError("steps: a list")
    events: list[dict[str, Any]] = []
    mark = 0
    failures: list[str] = []
    for n, raw in enumerate(steps, 1):
        step = _keys(raw, STEP, f"step {n}")
        where = f"step {n}"
        if "expect" in step:
            if set(step) != {"expect"}:
                raise ScenarioError(f"{where}: an expect step holds nothing else")
            failures += check(st, step["expect"], events[mark:], where)
            mark = len(events)
            continue
        try:
            if step.get("time_up"):
                new = st.time_up()
            elif step.get("timeout"):
                new = st.timeout(int(step["seat"]))
            elif "do" in step and "seat" in step:
                if "refused" in step:
                    before = st.state_hash()
                    try:
                        st.apply(int(step["seat"]), canon(step["do"]))
                    except RuleError as exc:
                        if exc.rule != step["refused"]:
                            failures.append(f"{where}: refused by {exc.rule}, expected {step['refused']}")
                        if st.state_hash() != before:
                            failures.append(f"{where}: a refused action changed the state")
                        continue
                    failures.append(f"{where}: {step['do']} was accepted, expected refusal {step['refused']}")
                    break
                new = st.apply(int(step["seat"]), canon(step["do"]))
            else:
                raise ScenarioError(f"{where}: a step is {{seat, do[, refused]}}, {{seat, timeout: true}}, "
                                    "{time_up: true} or {expect: ...}")
        except RuleError as exc:
            failures.append(f"{where}: refused: {exc}")
            break
        events += [_event_json(e) for e in new]
    if "expect" in spec:
        failures += check(st, spec["expect"], events[mark:], "expect")
    state = {**st.view(None), "hands": [list(h) for h in st.hands]}
    res = st.result()
    if res is not None:
        state["result"] = res.to_json()
    return Report(spec["name"], spec["rule"], not failures, failures, events, state=state)


def run_scenario(path: Path) -> Report:
    return run_spec(load(path))
