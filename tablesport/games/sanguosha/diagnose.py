"""Why an answer is illegal: a RuleError naming the rule (reference §2; the issue's bad-input list)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesport.core import RuleError

from . import cards as C
from .card_rules import can_slash, use_targets

if TYPE_CHECKING:
    from .state import SgsState


def _allowed(opts: Any) -> str:
    shown = [repr(o) for o in list(opts)[:8]]
    more = len(opts) - len(shown)
    return ", ".join(shown) + (f" … (+{more} more)" if more > 0 else "")


def diagnose(g: SgsState, seat: int, action: Any, opts: Any) -> RuleError:
    kind = g.ask.kind if g.ask else ""
    allowed = _allowed(opts)
    if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
        return RuleError("action_format", f"{action!r} is not an answer to a {kind!r} decision", allowed)
    if kind == "play" and action[0] == "use" and len(action) == 3:
        return _diagnose_use(g, seat, action, allowed)
    if action[0] in ("card", "as", "discard", "take") and len(action) >= 2:
        try:
            c = C.card_id(action[1])
        except KeyError:
            return RuleError("card_token", f"{action[1]!r} is not a card", allowed)
        if action[0] == "discard" and c not in g.players[seat].cards():
            return RuleError("own_cards_only", f"{C.TOKEN[c]} is not one of your cards", allowed)
        if action[0] == "card" and c not in g.players[seat].hand:
            return RuleError("card_in_hand", f"{C.TOKEN[c]} is not in your hand", allowed)
        if action[0] == "card":
            return RuleError("wrong_card", f"{C.CARDS[c].title} does not answer this request", allowed)
    return RuleError("illegal_answer", f"{action!r} is not a legal answer to the {kind!r} decision", allowed)


def _diagnose_use(g: SgsState, seat: int, action: tuple[Any, ...], allowed: str) -> RuleError:
    p = g.players[seat]
    try:
        c = C.card_id(action[1])
    except KeyError:
        return RuleError("card_token", f"{action[1]!r} is not a card", allowed)
    if c not in p.hand:
        return RuleError("card_in_hand", f"{C.TOKEN[c]} is not in your hand", allowed)
    name = C.NAME[c]
    title = C.CARDS[c].title
    if name in ("dodge", "nullification"):
        return RuleError("response_only", f"{title} cannot be used in the play phase; it only answers",
                         allowed)
    if name == "slash" and not can_slash(g, seat):
        return RuleError("one_slash_per_play_phase", "you already used your Slash this play phase "
                         "(only a Crossbow or a skill allows more)", allowed)
    if name == "peach" and p.hp >= p.max_hp:
        return RuleError("peach_needs_wound", "outside dying, a Peach is only used on yourself while wounded",
                         allowed)
    targets = action[2]
    legal = use_targets(g, seat, name, (c,))
    for t in targets if isinstance(targets, tuple) else ():
        if isinstance(t, int) and 0 <= t < g.n and t != seat and g.players[t].alive:
            for sk in g.skills_of(t):
                if not sk.may_target(g, t, seat, name):      # Empty City, Modesty, Chief Culprit
                    return RuleError("target_protected", f"seat {t}'s skill {sk.id} forbids being a target "
                                     f"of {title}", f"one of {legal!r}")
    if name == "slash" and isinstance(targets, tuple):
        for t in targets:
            if isinstance(t, int) and 0 <= t < g.n and g.players[t].alive and t != seat \
                    and g.may_target(seat, t, name) and not g.in_range(seat, t, (c,)):
                return RuleError("attack_range", f"seat {t} is at distance {g.distance(seat, t, (c,))}, "
                                 f"beyond your attack range {g.attack_range(seat, (c,))}", allowed)
        if len(targets) > 1:
            return RuleError("slash_targets", "a Slash has one target (up to three with Sky Halberd as your "
                             "last hand card)", allowed)
    if name == "snatch" and isinstance(targets, tuple) and len(targets) == 1 and isinstance(targets[0], int) \
            and 0 <= targets[0] < g.n and targets[0] != seat and g.players[targets[0]].alive:
        return RuleError("snatch_distance", "Snatch needs a target at distance 1 with a card", allowed)
    if targets not in legal:
        return RuleError("target", f"{targets!r} cannot be chosen as the target(s) of {title}",
                         f"one of {legal!r}")
    return RuleError("illegal_answer", f"{action!r} is not legal now", allowed)
