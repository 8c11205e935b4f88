"""What a scenario's ``expect`` blocks check: events (in order, absent, counted), the decisions put to
the seats (counted), the state (cards exactly, piles, the draw pile's top, the mode, the result) and
the decision pending. Each function returns the failures as sentences."""

from __future__ import annotations

from typing import Any

from tablesport.core import Decision, canon, to_json
from tablesport.core.scenario import ScenarioError

from .. import cards as C
from ..state import SgsState
from .cardspec import SPEC, TOKEN, Cards, label, match_cards, parse
from .steps import resolve_action


def match(want: Any, got: Any) -> bool:
    """``want`` is a subset of ``got`` (mappings: the listed keys; lists: element by element); a card
    spec matches a card token (``slash S7`` matches the token of that card, ``slash`` any Slash)."""
    if isinstance(want, dict):
        return isinstance(got, dict) and all(k in got and match(v, got[k]) for k, v in want.items())
    if isinstance(want, list):
        return isinstance(got, list) and len(want) == len(got) and all(
            match(a, b) for a, b in zip(want, got, strict=True))
    return bool(want == got) or _card_fits(want, got)


def _card_fits(want: Any, got: Any) -> bool:
    if not (isinstance(want, str) and isinstance(got, str) and TOKEN.fullmatch(got) and SPEC.match(want)):
        return False
    try:
        return parse(want).fits(C.card_id(got))
    except (ScenarioError, KeyError):
        return False


def event_match(want: Any, ev: dict[str, Any]) -> bool:
    """``want`` (a kind, or a subset of the event's kind and data; a data field called ``kind``, as in
    ``timeout`` events, may be matched either way)."""
    if isinstance(want, str):
        return bool(ev["kind"] == want)
    return match(want, {**ev["data"], "kind": ev["kind"]}) or match(want, {"kind": ev["kind"], **ev["data"]})


def decision_record(d: Decision) -> dict[str, Any]:
    return {"kind": d.kind, "seats": list(d.seats), "data": to_json(dict(d.data))}


def decision_match(want: dict[str, Any], d: dict[str, Any]) -> bool:
    """``want``: ``kind``, ``seat`` (one of the seats asked) and any fields of the decision's data."""
    for k, v in want.items():
        if k == "kind":
            if d["kind"] != v:
                return False
        elif k == "seat":
            if v not in d["seats"]:
                return False
        elif k not in d["data"] or not match(v, d["data"][k]):
            return False
    return True


def check_events(expect: dict[str, Any], events: list[dict[str, Any]]) -> list[str]:
    fails = []
    pos = 0
    for want in expect.get("events") or []:
        while pos < len(events) and not event_match(want, events[pos]):
            pos += 1
        if pos >= len(events):
            fails.append(f"expected event {want} not found (in order)")
            break
        pos += 1
    for k in expect.get("no_events") or []:
        if any(event_match(k, e) for e in events):
            fails.append(f"unexpected event {k}" if isinstance(k, dict) else f"unexpected event kind {k!r}")
    return fails


def check_counts(counts: dict[str, Any], events: list[dict[str, Any]],
                 decisions: list[dict[str, Any]]) -> list[str]:
    fails = []
    for c in counts.get("events") or []:
        want = {k: v for k, v in c.items() if k != "count"}
        got = sum(1 for e in events if event_match(want, e))
        if got != c["count"]:
            fails.append(f"events {want}: expected {c['count']}, got {got}")
    for c in counts.get("decisions") or []:
        want = {k: v for k, v in c.items() if k != "count"}
        got = sum(1 for d in decisions if decision_match(want, d))
        if got != c["count"]:
            fails.append(f"decisions {want}: expected {c['count']} asked, got {got}")
    return fails


def _cards_text(cards: list[int]) -> list[str]:
    return sorted(label(c) for c in cards)


def _judge_fits(want: list[Any], got: list[tuple[int, str]]) -> bool:
    """Judgement area entries, as a multiset: ``name`` (any card lying as that trick), ``name S6``
    (that card, lying as its own name) or ``{card: spec, as: name}`` (a card of the spec lying as
    ``name``: a view-as trick)."""
    if len(want) != len(got):
        return False
    left = list(got)
    for w in want:
        if isinstance(w, dict):
            spec, as_name, check_card = parse(w["card"]), str(w["as"]), True
        else:
            spec = parse(w)
            as_name, check_card = spec.name or C.NAME[spec.card], spec.exact
        hit = next((x for x in left if x[1] == as_name and (not check_card or spec.fits(x[0]))), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def check_player(g: SgsState, seat: int, pw: dict[str, Any]) -> list[str]:
    p = g.players[seat]
    fails = []
    for k, v in pw.items():
        if k in ("hand", "equip"):
            got = p.hand if k == "hand" else [c for c in p.equip if c >= 0]
            if not match_cards(v, got):
                fails.append(f"seat {seat} {k}: expected {v}, got {_cards_text(got)}")
        elif k == "judge":
            if not _judge_fits(list(v), p.judge):
                fails.append(f"seat {seat} judge: expected {v}, got {[(label(c), n) for c, n in p.judge]}")
        elif k == "piles":
            for name, specs in v.items():
                got = p.pile.get(str(name), [])
                if not match_cards(specs or [], got):
                    fails.append(f"seat {seat} pile {name}: expected {specs}, got {_cards_text(got)}")
        elif k == "flags":
            if not match(v, to_json(p.flags)):
                fails.append(f"seat {seat} flags: expected {v}, got {to_json(p.flags)}")
        else:
            got_v: Any = len(p.hand) if k == "hand_count" else (
                sum(len(x) for x in p.pile.values()) if k == "pile_count" else getattr(p, k))
            if got_v != v:
                fails.append(f"seat {seat} {k}: expected {v!r}, got {got_v!r}")
    return fails


def check_state(g: SgsState, want: dict[str, Any]) -> list[str]:
    fails = []
    for seat_s, pw in (want.get("players") or {}).items():
        seat = int(seat_s)
        if not 0 <= seat < g.n:
            fails.append(f"no seat {seat}")
            continue
        fails += check_player(g, seat, pw)
    if "discard" in want and not match_cards(want["discard"], g.discard_pile):
        fails.append(f"discard pile: expected {want['discard']}, got {_cards_text(g.discard_pile)}")
    if "processing" in want and not match_cards(want["processing"], g.processing):
        fails.append(f"processing: expected {want['processing']}, got {_cards_text(g.processing)}")
    if "draw_top" in want:
        top = g.draw_pile[::-1][:len(want["draw_top"])]
        if not match_cards(want["draw_top"], top, ordered=True):
            fails.append(f"draw pile top: expected {want['draw_top']}, got {[label(c) for c in top]}")
    simple = {"discard_count": len(g.discard_pile), "draw_count": len(g.draw_pile), "over": g.over,
              "winner": g.mode.get("winner"), "phase": g.phase, "current": g.current,
              "slashes_used": g.turn.get("slashes", 0)}
    for k, got in simple.items():
        if k in want and want[k] != got:
            fails.append(f"{k}: expected {want[k]!r}, got {got!r}")
    if "mode" in want:
        view = to_json(g.flow.view(g, None))
        if not match(want["mode"], view):
            fails.append(f"mode: expected {want['mode']}, got {view}")
    if "result" in want:
        res = g.result()
        if res is None:
            fails.append("result: the game is not over")
        elif not match(want["result"], to_json(res.to_json())):
            fails.append(f"result: expected {want['result']}, got {res.to_json()}")
    return fails


def check_pending(g: SgsState, pend: Any, cards: Cards) -> list[str]:
    d = g.pending()
    if pend == "none":
        return [] if d is None else [f"expected no decision, got {d.kind} for {d.seats}"]
    if d is None:
        return [f"expected a pending decision {pend}, got none"]
    fails = []
    if "seat" in pend and pend["seat"] not in d.seats:
        fails.append(f"pending seat: expected {pend['seat']}, got {d.seats}")
    if "kind" in pend and pend["kind"] != d.kind:
        fails.append(f"pending kind: expected {pend['kind']}, got {d.kind}")
    if "data" in pend and not match(pend["data"], to_json(dict(d.data))):
        fails.append(f"pending data: expected {pend['data']}, got {to_json(dict(d.data))}")
    seat = pend["seat"] if pend.get("seat") in d.seats else d.seats[0]
    opts = list(d.options_for(seat) or ())
    for o in pend.get("includes") or []:
        if canon(resolve_action(o, cards, g, seat)) not in opts:
            fails.append(f"pending options lack {o}")
    for o in pend.get("excludes") or []:
        if canon(resolve_action(o, cards, g, seat)) in opts:
            fails.append(f"pending options include {o}")
    if "options" in pend:
        want = [canon(resolve_action(o, cards, g, seat)) for o in pend["options"]]
        if want != opts:
            fails.append(f"pending options: expected {pend['options']}, got {to_json(opts)}")
    return fails
