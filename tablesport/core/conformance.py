"""The conformance suite every game must pass (run for every registered preset by the tests).

:func:`check_game` plays a seeded random game and checks, along the way:

* every decision names seats and, where options are listed, at least one option per seat;
* every view (each seat's and the public one) and every decision is JSON-serialisable;
* no view, decision or event shown to a viewer contains a token from ``hidden_from(viewer)``;
* an action from a seat that was not asked, and a malformed action, raise ``RuleError`` and
  leave the state hash unchanged;
* a clone is independent: playing on it leaves the original untouched;
* ``determinize(seat)`` leaves that seat's own view unchanged;
* the game's own invariants (``State.check_invariants()``) hold;
* every decision kind, event kind and result reason is one the game declares in its
  :class:`~tablesport.core.protocol.GameInfo` (closed sets); a decision asks several seats at
  once only if the game declares ``simultaneous``; only a game that declares
  ``hidden_information`` hides anything;
* the game ends within ``max_steps`` with a well-formed result;
* replaying the game's record reproduces the final state hash.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .protocol import Decision, Event, Game, GameInfo, RuleError, Ruleset, State, to_json
from .records import Recorder, replay
from .rng import Rng


class ConformanceError(AssertionError):
    pass


@dataclass
class PlayoutReport:
    preset: str
    seed: int
    steps: int
    timeouts: int
    time_ups: int
    reason: str


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple | set | frozenset):
        for v in value:
            yield from _strings(v)


def _fail(rs: Ruleset, seed: int, step: int, what: str) -> ConformanceError:
    return ConformanceError(f"{rs.preset} seed {seed} step {step}: {what}")


MALFORMED = ({"no": "such action"}, ("\x00", -1, None), 10**12, "not-an-action")


def hidden_sets(state: State, rs: Ruleset) -> dict[int | None, set[str]]:
    return {viewer: state.hidden_from(viewer) for viewer in [*range(rs.seats), None]}


def check_views(state: State, decision: Decision | None, events: list[Event], rs: Ruleset, seed: int,
                step: int, hidden_before: dict[int | None, set[str]] | None = None,
                game_hides: bool = True) -> None:
    """Views and decisions must not show what is hidden now; the last step's events must not show a
    token that was hidden both before and after that step (a card seen in public and then drawn
    in the same step, after a reshuffle, was not a secret when it was shown).  Events are checked
    only when ``hidden_before`` (the hidden sets just before that step) is given."""
    viewers: list[int | None] = [*range(rs.seats), None]
    for viewer in viewers:
        view = to_json(state.view(viewer))
        try:
            json.dumps(view)
            if decision is not None:
                json.dumps(decision.to_json(viewer))
        except (TypeError, ValueError) as exc:
            raise _fail(rs, seed, step, f"view/decision for {viewer} is not JSON: {exc}") from None
        hidden = state.hidden_from(viewer)
        if not hidden:
            continue
        if not game_hides:
            raise _fail(rs, seed, step, f"viewer {viewer} has hidden tokens but the game does not declare "
                        "hidden information")
        shown = set(_strings(view))
        if decision is not None:
            shown.update(_strings(decision.to_json(viewer)))
        leak = shown & hidden
        if leak:
            raise _fail(rs, seed, step, f"viewer {viewer} sees hidden {sorted(leak)[:5]}")
        secret = hidden & hidden_before.get(viewer, set()) if hidden_before is not None else set()
        told: set[str] = set()
        for ev in events:
            if ev.visible_to(viewer):
                told.update(_strings(ev.to_json()))
        leak = told & secret
        if leak:
            raise _fail(rs, seed, step, f"viewer {viewer} is told hidden {sorted(leak)[:5]} by an event")


def check_declared(info: GameInfo, decision: Decision | None, events: list[Event], rs: Ruleset, seed: int,
                   step: int) -> None:
    """The decision's and events' kinds are in the game's closed sets; simultaneity as declared."""
    if decision is not None:
        if decision.kind not in info.decision_kinds:
            raise _fail(rs, seed, step,
                        f"decision kind {decision.kind!r} is not declared in {info.name}'s GameInfo")
        if len(decision.seats) > 1 and not info.simultaneous:
            raise _fail(rs, seed, step, f"decision {decision.kind!r} asks {len(decision.seats)} seats at "
                        f"once but {info.name} does not declare simultaneous decisions")
    for ev in events:
        if ev.kind not in info.event_kinds:
            raise _fail(rs, seed, step, f"event kind {ev.kind!r} is not declared in {info.name}'s GameInfo")


def check_illegal(state: State, decision: Decision, rs: Ruleset, seed: int, step: int) -> None:
    before = state.state_hash()
    outsiders = [s for s in range(rs.seats) if s not in decision.seats]
    attempts: list[tuple[int, Any]] = []
    if outsiders:
        seat = outsiders[0]
        opts = decision.options_for(decision.seats[0])
        attempts.append((seat, opts[0] if opts else MALFORMED[0]))
    attempts.extend((decision.seats[0], bad) for bad in MALFORMED)
    attempts.append((rs.seats + 5, MALFORMED[0]))
    for seat, action in attempts:
        opts = decision.options_for(seat) if seat in decision.seats else ()
        if opts and action in opts:
            continue
        try:
            state.apply(seat, action)
        except RuleError:
            pass
        else:
            raise _fail(rs, seed, step, f"illegal action {action!r} by seat {seat} was accepted")
        if state.state_hash() != before:
            raise _fail(rs, seed, step, f"rejected action {action!r} by seat {seat} changed the state")


def check_clone_and_determinize(state: State, decision: Decision, rs: Ruleset, seed: int, step: int,
                                rng: Rng) -> None:
    before = state.state_hash()
    twin = state.clone()
    if twin.state_hash() != before:
        raise _fail(rs, seed, step, "clone differs from the original")
    seat = decision.seats[0]
    twin.apply(seat, twin.random_action(seat, rng.copy()))
    if state.state_hash() != before:
        raise _fail(rs, seed, step, "playing on a clone changed the original")
    own = to_json(state.view(seat))
    det = state.determinize(seat, rng.copy())
    if to_json(det.view(seat)) != own:
        raise _fail(rs, seed, step, f"determinize({seat}) changed seat {seat}'s own view")
    if state.state_hash() != before:
        raise _fail(rs, seed, step, "determinize changed the original")


def check_referee_allowed(state: State, rs: Ruleset, seed: int, step: int) -> None:
    """``referee_allowed(("concede", seat))`` for every seat says what the ruling does on a copy, and
    changes nothing (the live table asks it for every seat at every step: its give-up button)."""
    before = state.state_hash()
    for seat in range(rs.seats):
        action = ("concede", seat)
        try:
            state.clone().referee(action)
            taken = True
        except RuleError:
            taken = False
        if state.referee_allowed(action) is not taken:
            raise _fail(rs, seed, step, f"referee_allowed({action!r}) says {not taken} but the ruling "
                                        f"{'is' if taken else 'is not'} taken")
    if state.state_hash() != before:
        raise _fail(rs, seed, step, "referee_allowed changed the state")


def check_game(
    game: Game,
    rs: Ruleset,
    seed: int,
    *,
    max_steps: int = 200_000,
    deep_every: int = 1,
    timeout_rate: float = 0.03,
    clock_per_decision: float | None = None,
) -> PlayoutReport:
    """Play one random game of ``rs`` with every check; ``deep_every`` spaces out the costly ones."""
    state = game.new_state(rs, seed)
    rng = Rng(seed).spawn(99)
    rec = Recorder(game.name, rs.preset, seed, ["random"] * rs.seats,
                   params=rs.overrides(game.ruleset(rs.preset)))
    events: list[Event] = []
    timeouts = time_ups = 0
    elapsed = 0.0
    fired_at: float | None = None
    step = 0
    info = game.info
    # the hidden sets just before the change that made `events`
    hidden_last: dict[int | None, set[str]] | None = None
    while True:
        near = deep_every <= 5 or (step + 1) % deep_every == 0 or (step + 2) % deep_every == 0
        hidden_pre = hidden_sets(state, rs) if near else None
        limit = state.clock_limit()
        if limit is not None and clock_per_decision is not None and elapsed >= limit and fired_at != limit:
            fired_at = limit
            events = state.time_up()
            hidden_last = hidden_pre
            rec.time_up()
            time_ups += 1
            continue
        decision = state.pending()
        if decision is None:
            break
        step += 1
        if step > max_steps:
            raise _fail(rs, seed, step, f"no end after {max_steps} steps")
        if not decision.seats:
            raise _fail(rs, seed, step, "a decision with no seats")
        for s in decision.seats:
            opts = decision.options_for(s)
            if opts is not None and len(opts) == 0:
                raise _fail(rs, seed, step, f"seat {s} is asked but has no legal option ({decision.kind})")
        check_declared(info, decision, events, rs, seed, step)
        deep = step % deep_every == 0
        if deep:
            check_views(state, decision, events, rs, seed, step, hidden_last, info.hidden_information)
            check_illegal(state, decision, rs, seed, step)
            check_clone_and_determinize(state, decision, rs, seed, step, rng)
            check_referee_allowed(state, rs, seed, step)
            try:
                state.check_invariants()
            except AssertionError as exc:
                raise _fail(rs, seed, step, f"invariant broken: {exc}") from None
        seat = decision.seats[0]
        if decision.time_limit is not None and rng.random() < timeout_rate:
            events = state.timeout(seat)
            hidden_last = hidden_pre
            rec.timeout(seat)
            timeouts += 1
        else:
            action = state.random_action(seat, rng)
            try:
                events = state.apply(seat, action)
                hidden_last = hidden_pre
            except RuleError as exc:
                raise _fail(rs, seed, step,
                            f"random_action gave an illegal action {action!r}: {exc}") from None
            rec.act(seat, action)
        if limit is not None and clock_per_decision is not None:
            elapsed += clock_per_decision
    check_views(state, None, events, rs, seed, step, hidden_last, info.hidden_information)
    check_declared(info, None, events, rs, seed, step)
    state.check_invariants()
    res = state.result()
    if res is None:
        raise _fail(rs, seed, step, "no decision pending but no result")
    if res.reason not in info.result_reasons:
        raise _fail(rs, seed, step, f"result reason {res.reason!r} is not declared in {info.name}'s GameInfo")
    if len(res.placements) != rs.seats or len(res.scores) != rs.seats:
        raise _fail(rs, seed, step, "result must give a placement and a score per seat")
    json.dumps(res.to_json())
    rec.finish(state)

    def start(g: str, preset: str, sd: int, params: dict[str, Any]) -> State:
        return game.new_state(game.ruleset(preset).with_params(**params), sd)

    again = replay(rec.text().splitlines(), start)
    if again.final_hash != state.state_hash():
        raise _fail(rs, seed, step, "replay did not reproduce the final hash")
    return PlayoutReport(rs.preset, seed, step, timeouts, time_ups, res.reason)
