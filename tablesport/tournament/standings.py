"""Standings from a competition document: preset, entrants, results, decisions.

The document (a mapping, read from YAML or JSON by the caller) is described in
docs/tournament.md. :func:`standings` returns rows
``{"rank", "entrant", "points", "tiebreaks": {...}, "needs_decision"}``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .entrants import Entrant, check_entrants, entrant_from
from .errors import TournamentError, in_words
from .formats import CompetitionFormat, get_format
from .rules import rule
from .rummikub import PlayerCard, Sheets, division_of, minutes, scores_of
from .series import SeriesGame, Side, check_series, game_from, score
from .tiebreak import Placing, TieBreak, decide_at_cut, rank, tiebreak_from

LEAGUE_STAGES = (None, "group", "league", "preliminary")


@dataclass(slots=True)
class SeriesMatch:
    a: str
    b: str
    games: list[SeriesGame]
    round: Any = None
    stage: str | None = None


@dataclass(slots=True)
class Competition:
    """A parsed document: what :func:`standings` ranks."""

    preset: CompetitionFormat
    entrants: dict[str, Entrant]
    chain: tuple[TieBreak, ...]
    values: dict[str, dict[str, float]]
    h2h: dict[frozenset[str], dict[str, float]] = field(default_factory=dict)
    decisions: list[list[str]] = field(default_factory=list)
    extra: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Figures that are not numbers: the series played (series), the places per game (tables), the best
    sheet (Rummikub), the division."""
    notes: dict[tuple[str, ...], str] = field(default_factory=dict)
    """The organiser's note on each recorded decision (e.g. 'drawn by lot')."""
    cutoff: int | None = None
    """Rummikub: the cut-off for new sheets (minutes of the day), when not the preset's."""


def _list(doc: Mapping[str, Any], key: str) -> list[Any]:
    v = doc.get(key) or []
    if not isinstance(v, list):
        raise TournamentError(f"'{key}' must be a list")
    return v


def load(doc: Any) -> Competition:
    if not isinstance(doc, Mapping):
        raise TournamentError("a competition document is a mapping with 'preset', 'entrants' and 'results'")
    unknown = set(doc) - {"preset", "entrants", "results", "decisions", "tiebreaks", "title", "penalties",
                          "cutoff"}
    if unknown:
        raise TournamentError(f"unknown top-level field(s) {in_words(sorted(unknown))}; "
                              "allowed: preset, entrants, results, decisions, tiebreaks, title, "
                              "cutoff (Rummikub: no new sheet from HH:MM)")
    if "preset" not in doc:
        raise TournamentError("the document names no 'preset'")
    preset = get_format(str(doc["preset"]))
    entrants = check_entrants([entrant_from(e) for e in _list(doc, "entrants")], preset.team_size)
    if preset.kind == "rummikub":
        entrants = {k: replace(e, division=division_of(e.division, k)) for k, e in entrants.items()}
    if len(entrants) < 2:
        raise TournamentError("a competition needs at least 2 entrants")
    chain = tuple(tiebreak_from(t) for t in doc["tiebreaks"]) if doc.get("tiebreaks") else preset.chain
    comp = Competition(preset, entrants, chain, {e: {} for e in entrants})
    if doc.get("cutoff") is not None:
        if preset.kind != "rummikub":
            raise TournamentError("'cutoff' (no new score sheet from HH:MM) is a Rummikub setting")
        comp.cutoff = minutes(str(doc["cutoff"]))
    results = _list(doc, "results")
    if preset.kind == "series":
        _series(comp, results)
    elif preset.kind == "table":
        _tables(comp, results)
    elif preset.kind == "duel":
        _duels(comp, results)
    elif preset.kind == "rummikub":
        _rummikub(comp, results)
    for d in _list(doc, "decisions"):
        order = d.get("order") if isinstance(d, Mapping) else d
        if not isinstance(order, list) or len(order) < 2:
            raise TournamentError(f"a decision is an ordered list of at least 2 entrants, not {d!r}")
        for e in order:
            if str(e) not in entrants:
                raise TournamentError(f"decision names unknown entrant {e!r}")
        comp.decisions.append([str(e) for e in order])
        if isinstance(d, Mapping) and d.get("note"):
            comp.notes[tuple(str(e) for e in order)] = str(d["note"])
    for item in chain:
        for e in entrants:
            if item.key not in comp.values[e]:
                raise TournamentError(f"tie-break {item.key!r} does not exist for {preset.name}; "
                                      f"known: {in_words(sorted(comp.values[e]))}")
    return comp


def _entrant(comp: Competition, value: Any, where: str) -> str:
    e = str(value) if value is not None else ""
    if e not in comp.entrants:
        raise TournamentError(f"{where}: unknown entrant {value!r}")
    return e  # a withdrawn entrant's games played before it withdrew still count for its opponents


def _stage_ok(r: Mapping[str, Any]) -> bool:
    return r.get("stage") in LEAGUE_STAGES


def _series(comp: Competition, results: Sequence[Any]) -> None:
    p = comp.preset
    for e in comp.entrants:
        comp.values[e].update(points=0, surviving_generals=0, lost_hp=0, technical_points=0, played=0, won=0,
                              drawn=0, lost=0, games_won=0, games_lost=0)
        comp.extra[e] = {"series": []}
    seen: dict[tuple[Any, Any, frozenset[str]], int] = {}
    for i, r in enumerate(results):
        where = f"result {i + 1}"
        if not isinstance(r, Mapping) or "a" not in r or "b" not in r:
            raise TournamentError(f"{where}: a match is a mapping with 'a', 'b' and 'games'")
        a, b = _entrant(comp, r["a"], where), _entrant(comp, r["b"], where)
        if a == b:
            raise TournamentError(f"{where}: {a!r} cannot play itself")
        where = f"result {i + 1} ({a} v {b})"
        key = (r.get("stage"), r.get("round"), frozenset((a, b)))
        if key in seen:
            raise TournamentError(f"{where}: duplicate result: this match was already entered "
                                  f"as result {seen[key]}; give a different 'round' or correct the first one")
        seen[key] = i + 1
        knockout = not _stage_ok(r)
        fmt = p.knockout_series if knockout else p.series
        assert fmt is not None
        games = [game_from(g, a, b, f"{where} game {k + 1}") for k, g in enumerate(_list(r, "games"))]
        for k, g in enumerate(games):
            if (g.loser_surviving or g.loser_lost_hp) and not p.time_up_loser_board:
                loser = b if g.winner == "a" else a
                raise TournamentError(f"{where} game {k + 1}: {loser!r} lost, so its surviving generals "
                                      f"and lost HP count 0 in {p.title}", rule=rule("loser_surviving_zero"),
                                      field="surviving")
        members = {"a": comp.entrants[a].members, "b": comp.entrants[b].members}
        partial = bool(r.get("in_progress"))
        prog = check_series(fmt, games, members, where, complete=not partial, a=a, b=b)
        if partial and prog.decided:
            raise TournamentError(f"{where}: marked in progress but decided ({prog.describe()})")
        if p.penalties and p.penalties.technical_limit:
            for k, g in enumerate(games):
                for side, tp in g.technical.items():
                    if tp >= p.penalties.technical_limit and g.winner == side:
                        raise TournamentError(f"{where} game {k + 1}: contradictory result: "
                                              f"{a if side == 'a' else b!r} reached {tp} technical points "
                                              "and so lost that game",
                                              rule=rule("technical_limit"))
        if knockout:
            continue
        wa, wb = score(games)
        pts = _match_points(p, wa, wb, where) if not partial else (None, None)
        h = comp.h2h.setdefault(frozenset((a, b)), {a: 0, b: 0}) if not partial else {}
        sides: tuple[tuple[Side, str, str, int, int, int | None], ...] = (
            ("a", a, b, wa, wb, pts[0]), ("b", b, a, wb, wa, pts[1]))
        for side, e, opp, mine, theirs, got in sides:
            comp.extra[e]["series"].append({"opponent": opp, "round": r.get("round"),
                                            "score": f"{mine}:{theirs}", "points": got,
                                            "decided": not partial})
            if got is None:
                continue
            v = comp.values[e]
            v["points"] += got
            h[e] += got
            v["played"] += 1
            v["won" if mine > theirs else "lost" if mine < theirs else "drawn"] += 1
            v["games_won"] += mine
            v["games_lost"] += theirs
            v["surviving_generals"] += sum(g.surviving_of(side) for g in games)
            v["lost_hp"] += sum(g.lost_hp_of(side) for g in games)
            v["technical_points"] += sum(g.technical.get(side, 0) for g in games)


def _match_points(p: CompetitionFormat, wa: int, wb: int, where: str) -> tuple[int, int]:
    hi, lo = max(wa, wb), min(wa, wb)
    key = f"{hi}:{lo}"
    if key not in p.match_points:
        raise TournamentError(f"{where}: a {wa}:{wb} match scores nothing in {p.name}; "
                              f"allowed: {', '.join(p.match_points)}")
    w, l_ = p.match_points[key]
    return (w, l_) if wa >= wb else (l_, w)


def _tables(comp: Competition, results: Sequence[Any]) -> None:
    p = comp.preset
    for e in comp.entrants:
        comp.values[e].update(points=0, best_game=float("-inf"), games=0, game_score=0)
        comp.extra[e] = {"places": []}
    seen: dict[tuple[Any, Any], set[str]] = {}
    for i, r in enumerate(results):
        where = f"result {i + 1}"
        if not isinstance(r, Mapping) or not isinstance(r.get("scores"), Mapping):
            raise TournamentError(f"{where}: a game is a mapping with 'scores' {{player: game score}}")
        if not _stage_ok(r):
            continue
        scores: dict[str, float] = {}
        for who, sc in r["scores"].items():
            e = _entrant(comp, who, where)
            if not isinstance(sc, int | float) or isinstance(sc, bool):
                raise TournamentError(f"{where}: the score of {e!r} must be a number, not {sc!r}")
            if p.score_range and not p.score_range[0] <= sc <= p.score_range[1]:
                raise TournamentError(f"{where}: {e!r} scored {sc}; a {p.title} game score lies between "
                                      f"{p.score_range[0]} and {p.score_range[1]}")
            if p.score_values is not None and sc not in p.score_values:
                r_ = rule(p.score_rule) if p.score_rule else None
                raise TournamentError(f"{where}: {e!r} scored {sc}; {r_.text if r_ else 'impossible'}",
                                      rule=r_, field="scores")
            scores[e] = sc
        if not 2 <= len(scores) <= p.table_size:
            raise TournamentError(f"{where}: a table has 2 to {p.table_size} players, not {len(scores)}")
        rnd = (r.get("stage"), r.get("round"))
        if rnd[1] is not None:
            already = seen.setdefault(rnd, set())
            twice = already & set(scores)
            if twice:
                raise TournamentError(f"{where}: duplicate result: {in_words(sorted(twice))} "
                                      "already have a game "
                                      f"in round {rnd[1]}")
            already |= set(scores)
        places = _game_places(r.get("places"), scores, comp, where)
        for e, sc in scores.items():
            # the game's own places (its tie-breaks) where a digital referee gave them; else equal scores
            # share the better place
            place = places[e] if places else 1 + sum(1 for o in scores.values() if o > sc)
            got = p.placement_points[place - 1] if p.placement_points else sc
            v = comp.values[e]
            v["points"] += got
            v["games"] += 1
            v["game_score"] += sc
            v["best_game"] = max(v["best_game"], sc)
            comp.extra[e]["places"].append(place)
    for e in comp.entrants:
        if comp.values[e]["best_game"] == float("-inf"):
            comp.values[e]["best_game"] = 0


def _game_places(raw: Any, scores: Mapping[str, float], comp: Competition, where: str
                 ) -> dict[str, int] | None:
    """``places`` {player: place} of a table game as its referee placed it (a game's own tie-breaks, e.g.
    Ticket to Ride's completed tickets), checked against the scores: the same players, places 1..n, and a
    higher score never placed below a lower one."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise TournamentError(f"{where}: 'places' maps each player to the place the game gave them")
    places = {_entrant(comp, who, where): p for who, p in raw.items()}
    if set(places) != set(scores):
        raise TournamentError(f"{where}: 'places' must name the players of 'scores': "
                              f"{in_words(sorted(scores))}")
    n = len(scores)
    for e, p in places.items():
        if not isinstance(p, int) or isinstance(p, bool) or not 1 <= p <= n:
            raise TournamentError(f"{where}: the place of {e!r} must be 1..{n}, not {p!r}")
    for a in scores:
        for b in scores:
            if scores[a] > scores[b] and places[a] > places[b]:
                raise TournamentError(f"{where}: {a!r} scored more than {b!r} ({scores[a]} > {scores[b]}) "
                                      f"but is placed below")
    return places


def _duels(comp: Competition, results: Sequence[Any]) -> None:
    p = comp.preset
    win, other = p.match_points["win"]
    for e in comp.entrants:
        comp.values[e].update(points=0, wins=0, games=0, squares=0)
    seen: dict[tuple[Any, Any], set[str]] = {}
    for i, r in enumerate(results):
        where = f"result {i + 1}"
        if not isinstance(r, Mapping) or "a" not in r or "b" not in r:
            raise TournamentError(f"{where}: a game is a mapping with 'a', 'b' and 'winner' or 'squares'")
        a, b = _entrant(comp, r["a"], where), _entrant(comp, r["b"], where)
        if a == b:
            raise TournamentError(f"{where}: {a!r} cannot play itself")
        if r.get("stage") == "final" and (r.get("time_up") or r.get("finish") is not True):
            raise TournamentError(
                f"{where}: the final is won only by reaching Finish; time-up decides nothing there — "
                "play continues until a team lands on Finish", rule=rule("pictionary_final"),
                allowed=["{winner: TEAM, finish: true} once a team reaches Finish"], field="finish")
        if not _stage_ok(r):
            continue
        rnd = (r.get("stage"), r.get("round"))
        if rnd[1] is not None:
            already = seen.setdefault(rnd, set())
            if already & {a, b}:
                raise TournamentError(f"{where}: duplicate result: {in_words(sorted(already & {a, b}))} "
                                      "already played "
                                      f"in round {rnd[1]}")
            already |= {a, b}
        squares = r.get("squares") or {}
        sq = {_entrant(comp, k, where): v for k, v in squares.items()}
        winner = r.get("winner")
        if r.get("time_up") and len(sq) != 2:
            raise TournamentError(f"{where}: a time-up result gives the squares covered by both teams",
                                  rule=rule("pictionary_time_up"), field="squares")
        if winner is None:
            if len(sq) != 2 or sq[a] == sq[b]:
                raise TournamentError(f"{where}: name the 'winner' (squares level or missing)",
                                      rule=rule("pictionary_time_up"), field="winner")
            winner = a if sq[a] > sq[b] else b  # seed 000: time up → more squares covered wins
        winner = _entrant(comp, winner, where)
        if winner not in (a, b):
            raise TournamentError(f"{where}: winner must be {a!r} or {b!r}")
        if len(sq) == 2 and r.get("finish") is None and sq[winner] < sq[a if winner == b else b]:
            raise TournamentError(f"{where}: contradictory result: {winner!r} covered fewer squares",
                                  rule=rule("pictionary_time_up"), field="winner")
        for e in (a, b):
            v = comp.values[e]
            v["points"] += win if e == winner else other
            v["wins"] += e == winner
            v["games"] += 1
            v["squares"] += sq.get(e, 0)


def _rummikub(comp: Competition, results: Sequence[Any]) -> None:
    """Games in the order they ended; ``{new_sheet: P, at}`` / ``{lost_sheet: P, at}`` entries (the hall's
    desk) open a sheet and mark the sheet held lost."""
    prm = comp.preset.params
    cut = float(prm["lost_sheet_cut"])  # type: ignore[arg-type]
    cards = {e.id: PlayerCard(e.id, e.division, e.club, int(e.extra.get("lost_sheets", 0)))
             for e in comp.entrants.values()}
    cutoff = comp.cutoff if comp.cutoff is not None else minutes(str(prm["cutoff"]))
    sheets = Sheets(cards, int(prm["games_per_sheet"]), cutoff)  # type: ignore[call-overload]
    divisions = {e.id: e.division for e in comp.entrants.values()}
    for i, r in enumerate(results):
        where = f"result {i + 1}"
        if isinstance(r, Mapping) and ("new_sheet" in r or "lost_sheet" in r):
            at = minutes(str(r["at"])) if r.get("at") else None
            try:
                if "lost_sheet" in r:
                    sheets.lose(_entrant(comp, r["lost_sheet"], where))
                else:
                    sheets.open(_entrant(comp, r["new_sheet"], where), at)
            except TournamentError as exc:
                raise exc.within(where) from None
            continue
        if not isinstance(r, Mapping) or "players" not in r:
            raise TournamentError(f"{where}: a game is a mapping with 'players', 'winner' and 'racks'")
        players = [_entrant(comp, p, where) for p in _list(r, "players")]
        try:
            scores = scores_of(r, players, divisions, float(prm["senior_factor"]))  # type: ignore[arg-type]
            sheets.record(scores, minutes(str(r["at"])) if r.get("at") else None)
        except TournamentError as exc:
            raise exc.within(where) from None
    for e, card in cards.items():
        wins, plus = card.result(cut)
        best = card.best()
        comp.values[e].update(wins=wins, plus_points=plus, sheets=len(card.sheets),
                              lost_sheets=card.lost_total, points=plus)
        comp.extra[e] = {"division": card.division, "best_sheet": list(best.scores) if best else []}


def standings(doc: Any) -> list[dict[str, Any]]:
    """The contract rows, best first (per division for Rummikub)."""
    comp = load(doc)
    return rows(comp)


def placings(comp: Competition, ids: Sequence[str] | None = None) -> list[Placing]:
    ids = list(ids if ids is not None else [e for e in comp.entrants if comp.entrants[e].active])

    def h2h(x: str, y: str) -> str | None:
        h = comp.h2h.get(frozenset((x, y)))
        if not h or h[x] == h[y]:
            return None
        return x if h[x] > h[y] else y

    return rank(ids, comp.values, comp.chain, h2h, comp.decisions)


def rows(comp: Competition) -> list[dict[str, Any]]:
    """The contract rows. ``tiebreaks`` holds every figure the chain used and the ones behind them, the
    chain's first: series (points, surviving generals, lost HP, technical points, then played / won /
    drawn / lost, games won and lost, and ``series``: each match with its score, in-progress ones with
    no points), tables (best single game, games, game score, ``places``), duels (wins, squares), Rummikub
    (wins and plus points of the best sheet, sheets, lost sheets, ``best_sheet``). ``decided_at`` names
    the chain item that separated the entrant from those level with it (given when it is not simply the
    first item, or when ``decided_by`` says head-to-head or organiser); ``head_to_head`` the pair's
    match points when it placed two; ``decision_note`` the organiser's note."""
    active = [e for e in comp.entrants if comp.entrants[e].active]
    part_of = _partition(comp)
    groups: dict[str, list[str]] = {}
    for e in active:
        groups.setdefault(part_of(e), []).append(e)
    cut = comp.preset.qualifying_cut  # a tie needs a decision only across the cut to the final
    parts = [(g, placings(comp, ids) if cut is None else decide_at_cut(placings(comp, ids), cut))
             for g, ids in sorted(groups.items())]
    out = []
    points_key = comp.chain[0].key if comp.preset.kind != "rummikub" else "plus_points"
    chain_keys = [t.key for t in comp.chain]
    for div, pl in parts:
        for p in pl:
            values = comp.values[p.entrant]
            keys = [k for k in chain_keys if k in values] + [k for k in values if k not in chain_keys]
            tb: dict[str, Any] = {k: _num(values[k]) for k in keys if k not in (points_key, "points")}
            tb.update({k: v for k, v in comp.extra.get(p.entrant, {}).items() if k != "division"})
            if comp.preset.kind == "rummikub":
                tb["division"] = div or None
            elif div:
                tb["group"] = div
            if p.decided_by:
                tb["decided_by"] = p.decided_by
            if p.decided_at and not p.needs_decision and (p.decided_by or p.decided_at != chain_keys[0]):
                tb["decided_at"] = p.decided_at  # the step that placed it, when not simply the first
            if p.against:
                h = comp.h2h.get(frozenset((p.entrant, p.against)), {})
                tb["head_to_head"] = {"opponent": p.against, "points": _num(h.get(p.entrant, 0)),
                                      "opponent_points": _num(h.get(p.against, 0))}
            if p.decided_by == "organiser":
                note = next((n for order, n in comp.notes.items() if p.entrant in order), "")
                if note:
                    tb["decision_note"] = note
            if p.needs_decision:
                tb["tied_with"] = list(p.tied_with)
            out.append({"rank": p.rank, "entrant": p.entrant, "points": _num(values[points_key]),
                        "tiebreaks": tb, "needs_decision": p.needs_decision})
    return out


def _partition(comp: Competition) -> Any:
    """Rummikub ranks per division (seed 002 賽制 6); entrants with a 'group' rank within their group."""
    if comp.preset.kind == "rummikub":
        return lambda e: comp.entrants[e].division or ""
    return lambda e: str(comp.entrants[e].extra.get("group", ""))


def _num(v: float) -> float | int:
    return int(v) if float(v).is_integer() else round(float(v), 2)
