"""The scenario format's keys, checked before anything runs: a misspelt or unknown key is an error
(so that a scenario can never pass by checking nothing), as is a value of the wrong shape. Format:
docs/sanguosha-scenarios.md."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from tablesport.core.scenario import ScenarioError

SETUP_KEYS = {"preset", "params", "players", "commanders", "mode", "current", "start", "skip", "slashes_used",
              "draw_pile", "draw_pile_only", "discard_pile"}
TOP_KEYS = {"name", "rule", "notes", "covers", "actions", "expect", "parts"} | SETUP_KEYS
PART_KEYS = {"name", "rule", "notes", "covers", "actions", "expect"} | SETUP_KEYS
PLAYER_KEYS = {"general", "hp", "max_hp", "hand", "equip", "judge", "side", "gender", "skills", "alive",
               "face_up", "flags", "piles"}
MODE_KEYS = {
    "3v3": {"kind", "cold", "sideways", "unit", "next_side", "clock", "time_up", "overtimes", "technical",
            "fouls"},
    "1v1": {"kind", "lord", "lineup", "deaths", "hidden", "clock", "time_up", "overtimes", "fouls"},
}
STEP_KEYS = {"act", "refused", "expect"}
EXPECT_KEYS = {"events", "no_events", "counts", "state", "pending", "error"}
STATE_KEYS = {"players", "discard", "discard_count", "draw_count", "draw_top", "processing", "over", "winner",
              "phase", "current", "slashes_used", "mode", "result"}
CHECK_PLAYER_KEYS = {"hp", "max_hp", "alive", "face_up", "general", "hand", "hand_count", "equip", "judge",
                     "pile_count", "piles", "flags"}
PENDING_KEYS = {"seat", "kind", "includes", "excludes", "options", "data"}
COUNT_KEYS = {"events", "decisions"}


def check_keys(where: str, got: Any, allowed: set[str]) -> dict[str, Any]:
    if not isinstance(got, dict):
        raise ScenarioError(f"{where} must be a mapping, not {type(got).__name__}")
    unknown = sorted(set(got) - allowed)
    if unknown:
        raise ScenarioError(f"unknown key(s) {unknown} in {where}; allowed: {sorted(allowed)}")
    return got


def _list(where: str, got: Any) -> list[Any]:
    if got is None:
        return []
    if not isinstance(got, list):
        raise ScenarioError(f"{where} must be a list")
    return got


def validate_expect(where: str, expect: Any, final: bool) -> None:
    allowed = EXPECT_KEYS if final else EXPECT_KEYS - {"error"}
    check_keys(where, expect, allowed)
    state = check_keys(f"{where}.state", expect.get("state") or {}, STATE_KEYS)
    for seat, pw in (state.get("players") or {}).items():
        check_keys(f"{where}.state.players[{seat}]", pw, CHECK_PLAYER_KEYS)
    pend = expect.get("pending")
    if pend is not None and pend != "none":
        check_keys(f"{where}.pending", pend, PENDING_KEYS)
    counts = check_keys(f"{where}.counts", expect.get("counts") or {}, COUNT_KEYS)
    for what in COUNT_KEYS:
        for i, c in enumerate(_list(f"{where}.counts.{what}", counts.get(what))):
            if not isinstance(c, dict) or not isinstance(c.get("count"), int):
                raise ScenarioError(f"{where}.counts.{what}[{i}] must be a mapping with an integer 'count'")


def validate_step(where: str, step: Any) -> None:
    if isinstance(step, list):
        if len(step) != 2:
            raise ScenarioError(f"{where}: write [seat, action] (or [timeout|time_up|referee, ...])")
        return
    check_keys(where, step, STEP_KEYS)
    if "refused" in step and "act" not in step:
        raise ScenarioError(f"{where}: 'refused' needs the 'act' that is refused")
    if "act" in step:
        validate_step(f"{where}.act", step["act"] if isinstance(step["act"], list) else [])
    if "expect" in step:
        validate_expect(f"{where}.expect", step["expect"], final=False)
    if not step:
        raise ScenarioError(f"{where}: an empty step")


def validate_run(where: str, spec: dict[str, Any]) -> None:
    """The keys of one runnable scenario (a file without parts, or one part merged with its file)."""
    for i, ps in enumerate(_list(f"{where} players", spec.get("players"))):
        check_keys(f"{where} players[{i}]", ps, PLAYER_KEYS)
    mode = spec.get("mode")
    if mode is not None:
        kind = mode.get("kind") if isinstance(mode, dict) else None
        if kind not in MODE_KEYS:
            raise ScenarioError(f"{where} mode.kind must be one of {sorted(MODE_KEYS)}, not {kind!r}")
        check_keys(f"{where} mode", mode, MODE_KEYS[kind])
    for i, step in enumerate(_list(f"{where} actions", spec.get("actions"))):
        validate_step(f"{where} actions[{i}]", step)
    validate_expect(f"{where} expect", spec.get("expect") or {}, final=True)


def runs(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The scenario's runs: itself, or each of its ``parts`` on the shared setup (a part's keys
    replace the file's). Checks every key first."""
    check_keys("the scenario", spec, TOP_KEYS)
    parts = spec.get("parts")
    if parts is None:
        validate_run("the scenario", spec)
        return [spec]
    if "actions" in spec or "expect" in spec:
        raise ScenarioError("a scenario with parts keeps its actions and expectations in the parts")
    out = []
    shared = {k: v for k, v in spec.items() if k != "parts"}
    for i, part in enumerate(_list("parts", parts)):
        check_keys(f"parts[{i}]", part, PART_KEYS)
        if not part.get("name"):
            raise ScenarioError(f"parts[{i}] needs a name")
        run = {**shared, **part, "name": f"{spec.get('name', '?')} — {part['name']}"}
        validate_run(f"parts[{i}] ({part['name']})", run)
        out.append(run)
    if not out:
        raise ScenarioError("'parts' is empty")
    return out


def load(path: str | Path) -> dict[str, Any]:
    spec = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    if not isinstance(spec, dict):
        raise ScenarioError(f"{path}: a scenario file is one YAML mapping")
    return spec
