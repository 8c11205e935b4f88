"""The 3v3 draft advisor: which of the revealed generals to pick next (docs/advisor.md).

It reads the advisor tables that ``tablesport analyze`` writes from a simulation dataset
(``<preset>-advisor.json``; the shipped ones are in ``data/advisor/``): per general and role
(commander, vanguard) its estimated effect on the side's win chance with a standard error, and the
pairs of generals whose sides did better or worse together than the model of single effects says
(only pairs that pass the tables' significance test).

A side's **value** of a set of generals is the best trio it can field from them (one commander, two
vanguards): the sum of the trio's effects in their roles plus its pairs' synergies, on the log-odds
scale; while a side holds fewer than three, any of them may be left out for an average general still
to come (effect 0), so a weak pick early is worth nothing rather than a loss. A
candidate's **score** is what taking it changes: the gain to this side's value plus, while the other
side has picks left, what it would have added to the other side's (denial). Candidates are ranked by
score; each carries its own effect in the role it would take, with the 95 % interval, and its
synergies with the side's picks.

Pure Python and JSON: no analytics extra needed to advise.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

from tablesport.core import TablesportError

TABLES_DIR = Path(__file__).with_name("data") / "advisor"
SIDES = ("cold", "warm")
Z95 = 1.959963984540054


class AdvisorError(TablesportError):
    """A request the advisor cannot answer; the message says what is allowed."""


@dataclass(frozen=True)
class Tables:
    preset: str
    games: int
    roles: tuple[str, str]
    """(the lead role, the role beside it): ("commander", "vanguard")."""
    effect: dict[str, dict[str, tuple[float, float]]]
    """general → role → (log-odds effect, standard error)."""
    synergy: dict[frozenset[str], dict[str, Any]]
    source: dict[str, Any]

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Tables:
        try:
            roles = (str(raw["roles"][0]), str(raw["roles"][1]))
            effect = {str(g): {r: (float(e[r]["logit"]), float(e[r]["se"])) for r in roles}
                      for g, e in raw["generals"].items()}
            synergy = {frozenset((str(s["a"]), str(s["b"]))): dict(s) for s in raw.get("synergies", [])}
            return cls(str(raw["preset"]), int(raw["games"]), roles, effect, synergy,
                       {k: raw[k] for k in ("games", "draws", "sides", "first_side", "model", "synergy_test",
                                            "source") if k in raw})
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            raise AdvisorError(f"not advisor tables (tablesport analyze writes them): {exc!r}") from None

    def role_effect(self, general: str, role: str) -> float:
        return self.effect.get(general, {}).get(role, (0.0, 0.0))[0]

    def pair(self, a: str, b: str) -> float:
        """A pair's synergy on the log-odds scale (its win-rate excess × 4, the slope at an even game)."""
        s = self.synergy.get(frozenset((a, b)))
        return 4.0 * float(s["effect"]) if s else 0.0


def shipped_presets() -> list[str]:
    return sorted(p.stem for p in TABLES_DIR.glob("*.json"))


@cache
def _load(path: str) -> Tables:
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise AdvisorError(f"cannot read advisor tables {path}: {exc}") from None
    if not isinstance(raw, dict):
        raise AdvisorError(f"{path}: not advisor tables (a JSON object is expected)")
    return Tables.from_json(raw)


def load_tables(preset: str, path: Path | None = None) -> Tables:
    """The tables of ``preset``: from ``path`` if given, else the shipped ones."""
    if path is None:
        path = TABLES_DIR / f"{preset}.json"
        if not path.exists():
            raise AdvisorError(f"no advisor tables for preset {preset!r}; shipped for: "
                               f"{', '.join(shipped_presets()) or 'none'} (or pass --tables FILE)")
    tables = _load(str(path))
    if tables.preset != preset:
        raise AdvisorError(f"the tables {path} are for {tables.preset}, not {preset}")
    return tables


# ---------------------------------------------------------------------------------------- requests
@dataclass(frozen=True)
class Request:
    preset: str
    generals: tuple[str, ...]
    first_picker: str
    picks: dict[str, tuple[str, ...]]
    turn: str

    @property
    def other(self) -> str:
        return SIDES[1 - SIDES.index(self.turn)]

    def available(self) -> list[str]:
        taken = set(self.picks["cold"]) | set(self.picks["warm"])
        return [g for g in self.generals if g not in taken]


def draft_sequence(preset: str, first: str) -> list[str]:
    """The side of each pick, in order (the preset's ``draft_order``)."""
    from .game import PRESETS

    second = SIDES[1 - SIDES.index(first)]
    seq: list[str] = []
    for i, k in enumerate(PRESETS[preset].params["draft_order"]):
        seq += [first if i % 2 == 0 else second] * k
    return seq


def _general_ids(preset: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """name or id → id for the preset's pool, and the pool."""
    from .game import PRESETS
    from .generals import generals, pool

    ids = pool(PRESETS[preset].params["pool"])
    info = generals()
    lookup: dict[str, str] = {}
    for gid in ids:
        lookup[gid] = gid
        lookup[info[gid].name_zh] = gid
        lookup[info[gid].name.lower()] = gid
    return lookup, ids


def parse_request(obj: Any) -> Request:
    """Check a request (the JSON of ``tablesport sanguosha advise``); :class:`AdvisorError` says what is
    wrong and what is allowed."""
    from .game import PRESETS

    if not isinstance(obj, dict):
        raise AdvisorError("the request must be a JSON object with preset, generals, first_picker, picks "
                           "and turn")
    allowed = {"preset", "generals", "first_picker", "picks", "turn"}
    extra = sorted(set(obj) - allowed)
    if extra:
        raise AdvisorError(f"unknown field(s) {', '.join(extra)}; allowed: {', '.join(sorted(allowed))}")
    missing = sorted(allowed - set(obj) - {"picks"})
    if missing:
        raise AdvisorError(f"missing field(s) {', '.join(missing)}")
    preset = obj["preset"]
    threes = sorted(p for p, rs in PRESETS.items() if rs.params.get("mode") == "3v3")
    if preset not in threes:
        raise AdvisorError(f"preset {preset!r}: the advisor knows the 3v3 presets {', '.join(threes)}")
    lookup, pool_ids = _general_ids(preset)

    def gid(name: Any, where: str) -> str:
        if not isinstance(name, str) or (name not in lookup and name.lower() not in lookup):
            raise AdvisorError(f"{where}: unknown general {name!r}; the {preset} pool has: "
                               f"{', '.join(pool_ids)}")
        return lookup.get(name) or lookup[name.lower()]

    revealed = obj["generals"]
    if not isinstance(revealed, list) or len(revealed) != 16:
        n = len(revealed) if isinstance(revealed, list) else "not a list"
        raise AdvisorError(f"generals: the 16 revealed generals, as a list (got {n})")
    gens = tuple(gid(g, "generals") for g in revealed)
    dup = sorted({g for g in gens if gens.count(g) > 1})
    if dup:
        raise AdvisorError(f"generals: revealed twice: {', '.join(dup)}")
    for key in ("first_picker", "turn"):
        if obj[key] not in SIDES:
            raise AdvisorError(f"{key}: {obj[key]!r} is not a side; allowed: cold, warm")
    raw_picks = obj.get("picks", {})
    if not isinstance(raw_picks, dict) or set(raw_picks) - set(SIDES):
        raise AdvisorError("picks: an object {\"cold\": [...], \"warm\": [...]} of each side's picks so far, "
                           "in pick order")
    picks: dict[str, tuple[str, ...]] = {}
    for side in SIDES:
        lst = raw_picks.get(side, [])
        if not isinstance(lst, list):
            raise AdvisorError(f"picks.{side}: a list of generals, not {lst!r}")
        picks[side] = tuple(gid(g, f"picks.{side}") for g in lst)
        for g in picks[side]:
            if g not in gens:
                raise AdvisorError(f"picks.{side}: {g} is not one of the 16 revealed generals")
    every = picks["cold"] + picks["warm"]
    dup = sorted({g for g in every if every.count(g) > 1})
    if dup:
        raise AdvisorError(f"picks: picked twice: {', '.join(dup)}")
    seq = draft_sequence(preset, obj["first_picker"])
    done = len(every)
    if done >= len(seq):
        raise AdvisorError(f"the draft is over: {len(seq)} picks are made "
                           f"({len(picks['cold'])} cold, {len(picks['warm'])} warm)")
    want = {s: seq[:done].count(s) for s in SIDES}
    if want != {s: len(picks[s]) for s in SIDES}:
        raise AdvisorError(f"picks: after {done} picks with {obj['first_picker']} picking first, the sides "
                           f"hold {want['cold']} cold and {want['warm']} warm (draft order "
                           f"{'-'.join(str(k) for k in _order(preset))}), not {len(picks['cold'])} and "
                           f"{len(picks['warm'])}")
    if obj["turn"] != seq[done]:
        raise AdvisorError(f"turn: it is not {obj['turn']}'s turn; pick {done + 1} is {seq[done]}'s")
    return Request(preset, gens, obj["first_picker"], picks, obj["turn"])


def _order(preset: str) -> tuple[int, ...]:
    from .game import PRESETS

    return tuple(PRESETS[preset].params["draft_order"])


# ---------------------------------------------------------------------------------------- values
def trio_value(t: Tables, commander: str | None, vanguards: tuple[str, ...]) -> float:
    lead, beside = t.roles
    v = t.role_effect(commander, lead) if commander else 0.0
    v += sum(t.role_effect(g, beside) for g in vanguards)
    members = ([commander] if commander else []) + list(vanguards)
    v += sum(t.pair(a, b) for a, b in combinations(members, 2))
    return v


Field = tuple[str | None, tuple[str, ...]]
"""(commander, vanguards): ``None`` for a commander still to pick."""


def best_trio(t: Tables, names: tuple[str, ...] | list[str]) -> tuple[float, Field]:
    """The best (value, (commander, vanguards)) fielded from ``names``.

    With three or more, a trio of them; with fewer, the side has picks to come, so any of them may be
    left out for an average general still to pick (effect 0), the commander too."""
    best: tuple[float, Field] = (0.0, (None, ()))
    first = True
    sizes = [3] if len(names) >= 3 else list(range(len(names) + 1))
    for size in sizes:
        for trio in combinations(names, size):
            options: list[Field] = [(c, tuple(g for g in trio if g != c)) for c in trio]
            if size < 3 and len(trio) < 3:
                options.append((None, trio))   # the commander still to come
            for c, vans in options:
                if len(vans) > 2:
                    continue
                v = trio_value(t, c, vans)
                if first or v > best[0]:
                    best, first = (v, (c, vans)), False
    return best


def _points(logit: float) -> float:
    return round(1.0 / (1.0 + math.exp(-logit)) - 0.5, 4)


def advise(req: Request, t: Tables) -> dict[str, Any]:
    """The candidates ranked by score (see the module docstring)."""
    from .generals import generals

    info = generals()
    mine, theirs = list(req.picks[req.turn]), list(req.picks[req.other])
    seq = draft_sequence(req.preset, req.first_picker)
    done = len(req.picks["cold"]) + len(req.picks["warm"])
    other_left = seq[done + 1:].count(req.other)
    base_mine, _ = best_trio(t, mine)
    base_theirs, _ = best_trio(t, theirs)
    lead, beside = t.roles
    rows: list[dict[str, Any]] = []
    for g in req.available():
        v_mine, (c, vans) = best_trio(t, [*mine, g])
        gain = v_mine - base_mine
        denial = (best_trio(t, [*theirs, g])[0] - base_theirs) if other_left else 0.0
        if c == g:
            role = lead
        elif g in vans:
            role = beside
        else:
            role = max(t.roles, key=lambda r: t.role_effect(g, r))
        logit, se = t.effect.get(g, {}).get(role, (0.0, math.inf))
        known = g in t.effect
        contribution = {"effect": _points(logit),
                        "lo": _points(logit - Z95 * se) if known else -0.5,
                        "hi": _points(logit + Z95 * se) if known else 0.5}
        syn = [{"with": h, **{k: t.synergy[frozenset((g, h))][k] for k in ("effect", "lo", "hi", "n")}}
               for h in mine if frozenset((g, h)) in t.synergy]
        rows.append({"general": g, "name": info[g].name, "name_zh": info[g].name_zh,
                     "score": round(gain + denial, 4), "role": role, "contribution": contribution,
                     "roles": {r: {"effect": _points(t.effect[g][r][0]),
                                   "lo": _points(t.effect[g][r][0] - Z95 * t.effect[g][r][1]),
                                   "hi": _points(t.effect[g][r][0] + Z95 * t.effect[g][r][1])}
                               for r in t.roles if known},
                     "gain": _points(gain), "denial": _points(denial), "synergies": syn,
                     "in_data": known})
    rows.sort(key=lambda r: (-r["score"], -r["contribution"]["effect"], r["general"]))
    for rank, r in enumerate(rows, 1):
        r["rank"] = rank
    return {
        "preset": req.preset, "side": req.turn, "pick": done + 1,
        "picks_left": {s: seq[done:].count(s) for s in SIDES},
        "candidates": rows,
        "tables": {"games": t.games,
                   **{k: v for k, v in t.source.items() if k in ("source", "synergy_test")}},
        "explain": "score: the change in log-odds of winning from this pick (gain to this side's best trio + "
                   "denial to the other side's while it has picks left); contribution: the general's own "
                   "effect on the side's win rate in the role it would take, against an average general in "
                   "that role, with its 95 % interval (win-rate points at an even game)",
    }


def best_field(t: Tables, picks: list[str]) -> Field:
    """The trio to field from a side's picks: (commander, vanguards)."""
    return best_trio(t, picks)[1]
