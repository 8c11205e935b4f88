"""Running a scenario: set up, play the scripted steps (refused ones included), check every ``expect``
block where it stands, and report. ``run_spec(spec)`` / ``run_scenario(path)`` return a
:class:`Report` (one per part for a file with ``parts``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tablesport.core import Event, RuleError, to_json
from tablesport.core.scenario import Report, ScenarioError

from ..state import SgsState
from .cardspec import Cards
from .checks import check_counts, check_events, check_pending, check_state, decision_record
from .setup import build
from .spec import load, runs
from .steps import perform


class Log:
    """The events and decisions of a run, and where the current ``expect`` window starts."""

    def __init__(self) -> None:
        self.events: list[dict[str, Any]] = []
        self.decisions: list[dict[str, Any]] = []
        self.mark = (0, 0)

    def add(self, g: SgsState, events: list[Event]) -> None:
        self.events += [e.to_json() | {"to": sorted(e.to) if e.to is not None else None} for e in events]
        d = g.pending()
        if d is not None:
            self.decisions.append(decision_record(d))

    def window(self) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        """The events and decisions since the previous check (and move the mark)."""
        e, d = self.mark
        self.mark = (len(self.events), len(self.decisions))
        return self.events[e:], self.decisions[d:]


def check(g: SgsState, expect: dict[str, Any], log: Log, cards: Cards) -> list[str]:
    events, decisions = log.window()
    fails = check_events(expect, events)
    fails += check_counts(expect.get("counts") or {}, events, decisions)
    fails += check_state(g, expect.get("state") or {})
    if expect.get("pending") is not None:
        fails += check_pending(g, expect["pending"], cards)
    return fails


def run_one(spec: dict[str, Any], seed: int = 0) -> Report:
    name = str(spec.get("name", "?"))
    rule = str(spec.get("rule") or "")
    if not rule:
        raise ScenarioError(f"scenario {name!r} must name the rule or seed clause it checks ('rule:')")
    g, cards = build(spec, seed)
    log = Log()
    g.ev = []
    g.run()
    log.add(g, g.ev)
    g.ev = []
    expect = spec.get("expect") or {}
    err_want = expect.get("error")
    fails: list[str] = []
    steps = spec.get("actions") or []
    for i, step in enumerate(steps):
        act, refused, at = (step, None, None) if isinstance(step, list) else \
            (step.get("act"), step.get("refused"), step.get("expect"))
        if act is not None:
            who, raw = act
            if who == "timeout" and g.pending() is None:
                fails.append(f"step {i}: a timeout, but the game is over")
                break
            before = g.state_hash() if refused is not None else ""
            try:
                log.add(g, perform(g, who, raw, cards))
            except RuleError as exc:
                if refused is not None:
                    if exc.rule != refused:
                        fails.append(f"step {i}: expected refusal {refused!r}, got {exc.rule!r}: {exc}")
                    if g.state_hash() != before:
                        fails.append(f"step {i}: the refused step changed the state")
                elif err_want and i == len(steps) - 1:
                    if exc.rule != err_want:
                        fails.append(f"step {i}: expected error {err_want!r}, got {exc.rule!r}: {exc}")
                    err_want = None
                    break
                else:
                    d = g.pending()
                    fails.append(f"step {i} {to_json(act)!r} rejected: {exc}; pending "
                                 f"{d.kind if d else None} for {d.seats if d else None}")
                    break
            else:
                if refused is not None:
                    fails.append(f"step {i}: expected refusal {refused!r}, but {to_json(act)!r} was accepted")
        if at is not None:
            fails += [f"step {i}: {f}" for f in check(g, at, log, cards)]
    if err_want:
        fails.append(f"expected error {err_want!r} but no action was rejected")
    fails += check(g, expect, log, cards)
    try:
        g.check_invariants()
    except AssertionError as exc:
        fails.append(f"invariant: {exc}")
    return Report(name, rule, not fails, fails, log.events, log.decisions, to_json(g.view(None)))


def run_spec(spec: dict[str, Any], seed: int = 0) -> Report:
    """Run a scenario (every part of it); unknown keys and bad values raise :class:`ScenarioError`."""
    todo = runs(spec)
    if "parts" not in spec:
        return run_one(todo[0], seed)
    reports = [run_one(r, seed) for r in todo]
    fails = [f"[{r.name}] {f}" for r in reports for f in r.failures]
    return Report(str(spec.get("name", "?")), str(spec.get("rule") or reports[0].rule), not fails, fails,
                  parts=reports)


def run_scenario(path: str | Path, seed: int = 0) -> Report:
    return run_spec(load(path), seed)
