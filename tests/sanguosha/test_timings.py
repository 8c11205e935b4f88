"""Timings: each timing point fires once where the engine guide says (docs/sanguosha-engine.md, the
timing table), with the context it documents."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from tablesport.core import Rng
from tablesport.games.sanguosha import GAME, engine
from tablesport.games.sanguosha import timing as timing_module
from tablesport.games.sanguosha.state import SgsState
from tablesport.games.sanguosha.timing import CONTEXTS, Timing


def test_every_timing_has_its_module_name_and_nothing_else_does() -> None:
    """The module names the engine imports (``from .timing import TURN_START``) are the members, all
    of them."""
    names = {k: v for k, v in vars(timing_module).items() if isinstance(v, Timing)}
    assert names == dict(Timing.__members__)


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, Any]]]:
    """Record every fired timing with a copy of its context (the firing frame's data, or its own)."""
    fired: list[tuple[str, dict[str, Any]]] = []
    real = SgsState.fire

    def fire(self: SgsState, timing: str, ci: int | None = None, **extra: Any) -> bool:
        ctx = dict(extra) if extra else dict(self.stack[-1 if ci is None else ci].d)
        fired.append((str(timing), ctx))
        return real(self, timing, ci, **extra)

    real_now = SgsState.fire_now

    def fire_now(self: SgsState, timing: str, **extra: Any) -> bool:
        fired.append((str(timing), dict(extra) if extra else dict(self.stack[-1].d)))
        return real_now(self, timing, **extra)

    monkeypatch.setattr(SgsState, "fire", fire)
    monkeypatch.setattr(SgsState, "fire_now", fire_now)
    # every phase through its frames, so that each of its timings is fired (a quiet phase passes over
    # timings nobody listens to without firing them)
    monkeypatch.setattr(engine, "_quiet_phase", lambda g, seat, ph: False)
    return fired


def test_after_draw_fires_once_per_draw_phase_with_its_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Engine guide, timing ``after_draw``: fired after the draw of the draw phase with ``seat`` and
    ``n`` (the cards drawn) — once per draw phase, not a second time at the phase's end."""
    fired = _spy(monkeypatch)
    s = GAME.start("sgs-1v1-2014", 5)
    rng = Rng(5)
    draws = 0
    while (d := s.pending()) is not None:
        for ev in s.apply(d.seats[0], s.random_action(d.seats[0], rng)):
            if ev.kind == "phase" and ev.data["phase"] == "draw":
                draws += 1
    after = [ctx for t, ctx in fired if t == "after_draw"]
    assert draws > 20
    assert len(after) == draws
    assert all("n" in ctx and "seat" in ctx for ctx in after)
    assert Counter(t for t, _ in fired)["draw_phase"] == draws


@pytest.mark.parametrize("preset", ["sgs-3v3-2011", "sgs-3v3-2012", "sgs-1v1-2014"])
def test_every_fired_context_has_its_documented_keys(preset: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """timing.CONTEXTS: each timing hands its listeners the keys its TypedDict requires (random games
    of every general pool, so that every timing fires)."""
    fired = _spy(monkeypatch)
    seen: set[str] = set()
    for seed in range(6):
        s = GAME.start(preset, seed)
        rng = Rng(seed)
        while (d := s.pending()) is not None:
            s.apply(d.seats[0], s.random_action(d.seats[0], rng))
        for timing, ctx in fired:
            want = CONTEXTS[Timing(timing)].__required_keys__
            assert want <= set(ctx), (timing, sorted(want - set(ctx)))
            seen.add(timing)
        fired.clear()
    assert len(seen) >= 20


def test_every_timing_has_a_context_type() -> None:
    assert set(CONTEXTS) == set(Timing)
