# Over 500 lines: one referee class: every card's rule changes the same piles and payment chain.
"""The Monopoly Deal referee: turns, the three plays, every card, payments and Just Say No chains.

Flow: deal → each turn: claim a win held since the last turn, draw 2 (5 with an empty hand), up to 3
plays (bank a card, lay a property, play an action) with free rearranging of one's own properties, end
→ over the hand limit the player puts back the extras one at a time (event: to the bottom of the draw
pile; classic: to the discard pile) → next player.

An action aimed at players is resolved one charged player at a time (from the player's left): that
player may answer with a Just Say No, the actor may answer that with another, and so on (``respond``
decisions); when the chain stops, an even number of Just Say Nos lets the action stand. Then the
charged player pays (``pay``) or loses/swaps the card or set.

Decisions: ``play`` (the player on turn), ``respond`` (one step of a Just Say No chain), ``pay``
(which table cards pay a debt; not listed — the payer names any cards that cover it), ``discard``
(one extra card over the hand limit).

Rulings this engine makes where the sheets are silent (docs/monopoly-deal.md):

* a House/Hotel whose set stops being complete (a card paid away or moved) goes to its owner's bank
  as money; a House or Hotel paid to another player goes to that player's bank;
* received properties keep the colour they had (wildcards too) and join the receiver's first set of
  that colour with room, else start a new set; the receiver may rearrange them on their own turn;
* rent is charged for the player's best set of the named colour;
* an empty draw pile is refilled by shuffling the discard pile (the cards played in that same step stay
  out); with both empty, the player draws what
  there is; when every hand and both piles are empty nothing can change and the game ends by value.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from tablesport.core import Action, Decision, Event, Result, Rng, RuleError, Ruleset, State, canon

from .cards import CARD_COLOURS, CARDS, IS_PROPERTY, KIND, MULTI_WILD, SIZE, VALUE, deck, rent_for
from .payment import cheapest_cover

NO_BUILDINGS = frozenset({"railroad", "utility"})
TARGETED = ("rent", "birthday", "debt_collector", "sly_deal", "forced_deal", "deal_breaker")
PLAY_FORMAT = ('["end"] | ["bank", card] | ["property", card, colour] | ["move", card, colour] | '
               '["house"|"hotel", card, set index] | ["pass_go"|"birthday", card] | '
               '["debt_collector", card, seat] | ["sly_deal", card, their card] | '
               '["forced_deal", card, my card, their card] | ["deal_breaker", card, seat, set index] | '
               '["rent", card, colour, seat or null, [Double the Rent cards]]')

# the play options of every card, built once: ("move", card, colour) per colour the card shows (and without
# one colour: the moves away from it), ("property", card, colour), ("bank", card)
MOVES: dict[str, tuple[Action, ...]] = {c: tuple(("move", c, colour) for colour in cols)
                                        for c, cols in CARD_COLOURS.items() if IS_PROPERTY[c]}
MOVES_AWAY: dict[str, dict[str, tuple[Action, ...]]] = {
    own: {c: tuple(a for a in moves if a[2] != own) for c, moves in MOVES.items() if own in CARD_COLOURS[c]}
    for own in SIZE}
"""Per colour of a set: its cards' moves to their other colours."""
LAYS: dict[str, tuple[Action, ...]] = {c: tuple(("property", c, colour) for colour in CARD_COLOURS[c])
                                       for c in MOVES}
BANKS: dict[str, Action] = {c: ("bank", c) for c in CARDS}
KEY: dict[str, str] = {c: card.key for c, card in CARDS.items()}
PLAIN = frozenset({str, int, bool, float, type(None)})
END: Action = ("end",)
OTHERS: dict[int, tuple[tuple[int, ...], ...]] = {
    n: tuple(tuple((s + k) % n for k in range(1, n)) for s in range(n)) for n in range(1, 9)}
"""Per table size and seat: the other seats from the seat's left."""


_NEW: Final = object.__new__    # Event and Decision define no __new__ of their own


def _event(kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> Event:
    """``Event(kind, data, to)`` without the frozen dataclass's __init__ (one Python call and an
    object.__setattr__ per field; a few events per decision)."""
    e = _NEW(Event)
    object.__setattr__(e, "kind", kind)
    object.__setattr__(e, "data", data)
    object.__setattr__(e, "to", to)
    return e


def _decision(seats: tuple[int, ...], kind: str, prompt: str, options: tuple[Action, ...] | None,
              time_limit: float | None, on_timeout: str, data: dict[str, Any],
              timer_key: Any = None) -> Decision:
    """``Decision(...)`` made as :func:`_event` makes an event (one per decision)."""
    x = _NEW(Decision)
    object.__setattr__(x, "seats", seats)
    object.__setattr__(x, "kind", kind)
    object.__setattr__(x, "prompt", prompt)
    object.__setattr__(x, "options", options)
    object.__setattr__(x, "time_limit", time_limit)
    object.__setattr__(x, "on_timeout", on_timeout)
    object.__setattr__(x, "data", data)
    object.__setattr__(x, "stream", False)
    object.__setattr__(x, "timer_key", timer_key)
    object.__setattr__(x, "private", False)
    return x


class Pile:
    """One property set on the table: its colour, its cards, and a House/Hotel on a complete set."""

    __slots__ = ("colour", "cards", "house", "hotel", "size")

    def __init__(self, colour: str, cards: list[str], house: str | None = None,
                 hotel: str | None = None) -> None:
        self.colour = colour
        self.cards = cards
        self.house = house
        self.hotel = hotel
        self.size = SIZE[colour]   # the cards of a complete set of this colour

    @property
    def complete(self) -> bool:
        return len(self.cards) >= self.size

    def rent(self) -> int:
        r = rent_for(self.colour, len(self.cards))
        if self.house:
            r += 3
        if self.hotel:
            r += 4
        return r

    def value(self) -> int:
        v = sum(VALUE[c] for c in self.cards)
        if self.house:
            v += VALUE[self.house]
        if self.hotel:
            v += VALUE[self.hotel]
        return v

    def copy(self) -> Pile:
        return Pile(self.colour, list(self.cards), self.house, self.hotel)

    def to_json(self) -> dict[str, Any]:
        return {"colour": self.colour, "cards": list(self.cards), "house": self.house, "hotel": self.hotel,
                "complete": self.complete, "rent": self.rent()}


class Act:
    """The action being resolved: who played what, at whom, and where its Just Say No chain stands."""

    __slots__ = ("kind", "actor", "card", "targets", "depth", "amount", "colour", "take", "give", "pile",
                 "doubles")

    def __init__(self, kind: str, actor: int, card: str, targets: list[int], amount: int = 0) -> None:
        self.kind = kind
        self.actor = actor
        self.card = card
        self.targets = targets          # charged players still to resolve; targets[0] is the current one
        self.depth = 0                  # Just Say Nos played in the current chain
        self.amount = amount
        self.colour: str | None = None
        self.take: str | None = None    # Sly/Forced Deal: the card taken
        self.give: str | None = None    # Forced Deal: the card given
        self.pile: int | None = None    # Deal Breaker: the set taken
        self.doubles: tuple[str, ...] = ()

    def copy(self) -> Act:
        a = Act(self.kind, self.actor, self.card, list(self.targets), self.amount)
        a.depth, a.colour, a.take, a.give, a.pile, a.doubles = (self.depth, self.colour, self.take, self.give,
                                                                self.pile, self.doubles)
        return a

    @property
    def responder(self) -> int:
        return self.targets[0] if self.depth % 2 == 0 else self.actor

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "actor": self.actor, "card": self.card, "target": self.targets[0],
                "targets": list(self.targets), "just_say_no": self.depth, "amount": self.amount,
                "colour": self.colour, "take": self.take, "give": self.give, "pile": self.pile,
                "doubles": list(self.doubles)}


def _rep(cards: Sequence[str]) -> list[str]:
    """One card of each key (equal cards play alike: options name the first)."""
    first: dict[str, str] = {}
    for c in cards:
        k = KEY[c]
        if k not in first:
            first[k] = c
    return list(first.values())


class MonopolyDealState(State):
    __slots__ = ("ruleset", "params", "max_plays", "sets_to_win", "rng", "n", "hands", "banks", "piles",
                 "draw", "discard", "turn", "plays", "moves", "turn_no", "phase", "act", "winner", "reason",
                 "out", "_decision", "_fresh")

    def __init__(self, ruleset: Ruleset, seed: int) -> None:
        self.ruleset = ruleset
        self.params: dict[str, Any] = dict(ruleset.params)   # the rules read a plain dict (no Ruleset call)
        self.max_plays = int(ruleset["plays"])
        self.sets_to_win = int(ruleset["sets_to_win"])
        self.rng = Rng(seed)
        n = self.n = ruleset.seats
        self.draw: list[str] = deck(deal_breakers=ruleset["deal_breakers"])
        self.rng.shuffle(self.draw)
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.banks: list[list[str]] = [[] for _ in range(n)]
        self.piles: list[list[Pile]] = [[] for _ in range(n)]
        self.turn = self.rng.randrange(n)   # 000: "Throw dice to decide who goes first"
        self.plays = 0
        self.moves = 0   # rearranging moves made this turn (free, but at most ruleset["moves_per_turn"])
        self.turn_no = 0
        self.phase = "play"
        self.act: Act | None = None
        self.winner: int | None = None
        self.reason = ""
        self._decision: Decision | None = None
        self.out: tuple[str, ...] = ()   # cards a hand-made position (a ruling scenario) leaves out
        self._fresh = 0   # discard[_fresh:] came to the discard pile during the step being applied
        for _ in range(ruleset["deal"]):
            for s in range(n):
                self.hands[s].append(self.draw.pop())
        self._start_turn(self.turn, [])

    # -- reading the table -------------------------------------------------------------------------------
    def value(self, seat: int) -> int:
        """Bank + property value (buildings included): what the event ranks by."""
        return sum(VALUE[c] for c in self.banks[seat]) + sum(p.value() for p in self.piles[seat])

    def complete_colours(self, seat: int) -> set[str]:
        return {p.colour for p in self.piles[seat] if len(p.cards) >= p.size}

    def has_won(self, seat: int) -> bool:
        piles = self.piles[seat]    # fewer sets than needed: no need to look (most of a game)
        return len(piles) >= self.sets_to_win and len(self.complete_colours(seat)) >= self.sets_to_win

    def payable(self, seat: int) -> list[str]:
        """The table cards that can pay: bank, properties (not a multicolour wild), buildings."""
        out = list(self.banks[seat])
        for p in self.piles[seat]:
            out += [c for c in p.cards if c not in MULTI_WILD]
            if p.house:
                out.append(p.house)
            if p.hotel:
                out.append(p.hotel)
        return out

    def find_pile(self, seat: int, card: str) -> int | None:
        for i, p in enumerate(self.piles[seat]):
            if card in p.cards:
                return i
        return None

    def owner_of(self, card: str) -> tuple[int, int] | None:
        """(seat, set index) of a property card on the table."""
        for s in range(self.n):
            i = self.find_pile(s, card)
            if i is not None:
                return s, i
        return None

    def rent_of(self, seat: int, colour: str) -> int:
        return max((p.rent() for p in self.piles[seat] if p.colour == colour), default=0)

    def _max_plays(self) -> int:
        return self.max_plays

    def _has_jsn(self, seat: int) -> bool:
        return any(KIND[c] == "just_say_no" for c in self.hands[seat])

    def _can_jsn(self, seat: int) -> bool:
        """A Just Say No counts as a play on the player's own turn (so needs a play left there)."""
        if not self._has_jsn(seat):
            return False
        return seat != self.turn or self.plays < self.max_plays

    # -- the referee asks --------------------------------------------------------------------------------
    def pending(self) -> Decision | None:
        if self.phase == "over":
            return None
        d = self._decision
        if d is None:
            d = self._decision = self._make_decision()
        return d

    def _make_decision(self) -> Decision:
        rs = self.params
        if self.phase == "play":
            left = self.max_plays - self.plays
            return _decision((self.turn,), "play",
                             f"Play up to {left} more card(s), rearrange, or end the turn",
                             tuple(self._play_options()), rs["play_seconds"], "the turn ends",
                             {"plays": self.plays, "plays_left": left,
                              "moves_left": max(0, rs["moves_per_turn"] - self.moves)},
                             timer_key=(self.turn_no, self.plays))
        if self.phase == "discard":
            extra = len(self.hands[self.turn]) - rs["hand_limit"]
            where = "the bottom of the draw pile" if rs["extras_to"] == "draw_bottom" else "the discard pile"
            return _decision((self.turn,), "discard",
                             f"Put back {extra} card(s) over {rs['hand_limit']} to {where}",
                             tuple(("discard", c) for c in _rep(self.hands[self.turn])), rs["play_seconds"],
                             "your lowest-value card goes back", {"extra": extra, "to": rs["extras_to"]})
        act = self.act
        assert act is not None
        if self.phase == "respond":
            who = act.responder
            opts: list[Action] = [("accept",)]
            if self._can_jsn(who):
                opts.append(("just_say_no",))
            prompt = (f"Seat {act.actor} plays {act.kind.replace('_', ' ')} on seat {act.targets[0]}"
                      + (f" ({act.depth} Just Say No so far)" if act.depth else "")
                      + ": accept, or answer with a Just Say No")
            return _decision((who,), "respond", prompt, tuple(opts), rs["answer_seconds"],
                             "no Just Say No is played", {"action": act.to_json()})
        payer = act.targets[0]
        return _decision((payer,), "pay",
                         f"Pay {act.amount}M to seat {act.actor} from your bank and properties",
                         None, rs["answer_seconds"], "the lowest-value cards that cover the debt are paid",
                         {"debt": act.amount, "to": act.actor, "payable": self.payable(payer),
                          "format": '["pay", [table cards]]'})

    def _move_options(self, seat: int, out: list[Action]) -> list[Action]:
        """``out``, then every rearranging move: a card to another colour it shows, or to another part set
        of its own colour (joining sets)."""
        piles = self.piles[seat]
        if not piles:
            return out
        open_sets: dict[str, int] = {}
        for p in piles:
            if len(p.cards) < p.size:
                open_sets[p.colour] = open_sets.get(p.colour, 0) + 1
        for p in piles:
            own = p.colour
            moves = MOVES if open_sets.get(own, 0) - (1 if len(p.cards) < p.size else 0) else MOVES_AWAY[own]
            for c in p.cards:   # with another part set of its colour, a card may join it
                m = moves[c]
                if m:           # most cards show one colour: nothing to move to
                    out += m
        return out

    def _open_sets(self, seat: int, colour: str) -> int:
        k = 0
        for p in self.piles[seat]:
            if p.colour == colour and len(p.cards) < p.size:
                k += 1
        return k

    def _can_move(self, seat: int, card: str, colour: str, pile: Pile) -> bool:
        if colour != pile.colour:
            return True
        return self._open_sets(seat, colour) - (1 if len(pile.cards) < SIZE[colour] else 0) > 0

    def _has_move(self, seat: int) -> bool:
        """Whether anything can be rearranged (a wildcard on the table, or two part sets of one colour)."""
        seen: set[str] = set()
        for p in self.piles[seat]:
            for c in p.cards:
                if len(CARD_COLOURS[c]) > 1:
                    return True
            if len(p.cards) < p.size:
                if p.colour in seen:
                    return True
                seen.add(p.colour)
        return False

    def _play_options(self) -> list[Action]:
        s = self.turn
        opts = self._move_options(s, [END]) if self.moves < self.params["moves_per_turn"] else [END]
        left = self.max_plays - self.plays
        if left <= 0:
            return opts
        others = OTHERS[self.n][s]
        mine = self.piles[s]
        hand = self.hands[s]
        for c in _rep(hand):
            kind = KIND[c]
            if kind == "property" or kind == "wild":
                opts.extend(LAYS[c])
                continue
            opts.append(BANKS[c])
            if kind == "pass_go":
                opts.append(("pass_go", c))
            elif kind == "birthday":
                opts.append(("birthday", c))
            elif kind == "debt_collector":
                opts.extend(("debt_collector", c, t) for t in others)
            elif kind == "house":
                opts.extend(("house", c, i) for i, p in enumerate(mine)
                            if p.complete and p.colour not in NO_BUILDINGS and p.house is None)
            elif kind == "hotel":
                opts.extend(("hotel", c, i) for i, p in enumerate(mine)
                            if p.complete and p.colour not in NO_BUILDINGS and p.house and p.hotel is None)
            elif kind == "sly_deal":
                opts.extend(("sly_deal", c, x) for t in others for p in self.piles[t]
                            if len(p.cards) < p.size for x in p.cards)
            elif kind == "forced_deal":
                theirs = [x for t in others for p in self.piles[t] if len(p.cards) < p.size for x in p.cards]
                opts.extend(("forced_deal", c, m, x) for p in mine if len(p.cards) < p.size for m in p.cards
                            for x in theirs)
            elif kind == "deal_breaker":
                opts.extend(("deal_breaker", c, t, i) for t in others for i, p in enumerate(self.piles[t])
                            if p.complete)
            elif kind == "rent":
                card_colours = CARD_COLOURS[c]
                wild = CARDS[c].any_colour
                colours = sorted({p.colour for p in mine if p.colour in card_colours})
                combos: list[tuple[str, ...]] = [()]
                doubles = [x for x in hand if KIND[x] == "double_rent"]
                if left >= 2 and doubles:
                    combos.append((doubles[0],))
                if left >= 3 and len(doubles) >= 2:
                    combos.append((doubles[0], doubles[1]))
                for colour in colours:
                    for combo in combos:
                        if wild:
                            opts.extend(("rent", c, colour, t, combo) for t in others)
                        else:
                            opts.append(("rent", c, colour, None, combo))
        return opts

    # -- seats answer ------------------------------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        d = self.pending()
        if d is None:
            raise RuleError("game_over", "the game is over")
        opts = d.options
        if type(opts) is tuple and seat in d.seats:
            for o in opts:
                if o is action:     # the very option listed (a bot's or random_action's pick): legal
                    return self._apply_listed(seat, d.kind, o)
        if type(action) is tuple:
            for x in action:
                if type(x) not in PLAIN:
                    action = canon(action)   # lists to tuples (a tuple of plain values is already canonical)
                    break
        else:
            action = canon(action)
        self._fresh = len(self.discard)
        if not isinstance(action, tuple) or not action or not isinstance(action[0], str):
            raise RuleError("action_format", f"{action!r} is not an action",
                            PLAY_FORMAT if d.kind == "play" else self._format(d))
        if action[0] == "move" and seat != self.turn and isinstance(seat, int) and 0 <= seat < self.n:
            raise RuleError("rearrange_own_turn", "properties and wildcards are rearranged only on the "
                            "owner's own turn (000 B: 'You can only reorganize your property collection on "
                            "your turn')", f"wait for your turn; seat {self.turn} is on turn")
        if seat not in d.seats:
            raise RuleError("not_your_turn", f"seat {seat} has nothing to decide now",
                            f"seat {d.seats[0]} is asked ({d.kind})")
        events: list[Event] = []
        if d.kind == "play":
            self._check_play(seat, action)
            self._decision = None
            self._do_play(seat, action, events)
        elif d.kind == "respond":
            if action not in (d.options or ()):
                if action == ("just_say_no",) and self._has_jsn(seat):
                    raise RuleError("three_plays", "a Just Say No on your own turn counts as one of your "
                                    f"{self._max_plays()} plays and you have none left", "accept")
                raise RuleError("respond", f"{action!r} is not an answer here",
                                "accept or just_say_no (with one in hand)")
            self._decision = None
            self._do_respond(seat, action, events)
        elif d.kind == "pay":
            cards = self._check_payment(seat, action)
            self._decision = None
            self._do_pay(seat, cards, events)
        else:
            if (len(action) != 2 or action[0] != "discard" or not isinstance(action[1], str)
                    or action[1] not in self.hands[seat]):
                raise RuleError("hand_limit", f"{action!r}: put back one card from your hand",
                                '["discard", card in your hand]')
            self._decision = None
            self._do_discard(seat, action[1], events)
        return events

    def _apply_listed(self, seat: int, kind: str, action: tuple[Any, ...]) -> list[Event]:
        """:meth:`apply` for one of the decision's listed options, which its checks would all pass."""
        self._fresh = len(self.discard)
        self._decision = None
        events: list[Event] = []
        if kind == "play":
            self._do_play(seat, action, events)
        elif kind == "respond":
            self._do_respond(seat, action, events)
        else:
            self._do_discard(seat, action[1], events)
        return events

    def _format(self, d: Decision) -> str:
        if d.kind == "pay":
            return '["pay", [table cards]]'
        if d.kind == "discard":
            return '["discard", card in your hand]'
        return '["accept"] or ["just_say_no"]'

    def timeout(self, seat: int) -> list[Event]:
        d = self.pending()
        if d is None or seat not in d.seats:
            raise RuleError("timeout", f"seat {seat} has no decision pending")
        events = [_event("timeout", {"seat": seat, "decision": d.kind})]
        if d.kind == "play":
            events += self.apply(seat, ("end",))
        elif d.kind == "respond":
            events += self.apply(seat, ("accept",))
        elif d.kind == "pay":
            act = self.act
            assert act is not None
            events += self.apply(seat, ("pay", tuple(cheapest_cover(self.payable(seat), act.amount))))
        else:
            hand = self.hands[seat]
            events += self.apply(seat, ("discard", min(hand, key=lambda c: (VALUE[c], c))))
        return events

    def clock_limit(self) -> float | None:
        minutes = self.params["game_minutes"]
        return None if minutes is None or self.phase == "over" else float(minutes) * 60.0

    def time_up(self) -> list[Event]:
        if self.phase == "over":
            raise RuleError("time_up", "the game is over")
        if self.params["game_minutes"] is None:
            raise RuleError("time_up", f"{self.ruleset.preset} runs without a game clock")
        self._fresh = len(self.discard)
        events = [_event("time_up", {"minutes": self.params["game_minutes"]})]
        self._finish("time_up", None, events)
        return events

    # -- checks (raise before any change) ----------------------------------------------------------------
    def _in_hand(self, seat: int, card: Any, kinds: Sequence[str] | None = None) -> str:
        if not isinstance(card, str) or card not in self.hands[seat]:
            raise RuleError("card_in_hand", f"{card!r} is not a card in your hand",
                            f"one of {sorted(self.hands[seat])}")
        if kinds is not None and KIND[card] not in kinds:
            raise RuleError("card_kind", f"{card} ({CARDS[card].name}) is not {' or '.join(kinds)}")
        return card

    def _other(self, seat: int, target: Any) -> int:
        if (isinstance(target, bool) or not isinstance(target, int) or not 0 <= target < self.n
                or target == seat):
            raise RuleError("target", f"{target!r} is not another player",
                            f"one of {[t for t in range(self.n) if t != seat]}")
        return target

    def _pile_of(self, seat: int, index: Any) -> Pile:
        piles = self.piles[seat]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(piles):
            raise RuleError("property_set", f"{index!r} is not one of seat {seat}'s property sets",
                            f"0..{len(piles) - 1}" if piles else "none: no property on the table")
        return piles[index]

    def _colour(self, card: str, colour: Any) -> str:
        if colour not in CARD_COLOURS[card]:
            raise RuleError("property_colour", f"{card} ({CARDS[card].name}) cannot be {colour!r}",
                            f"one of {list(CARD_COLOURS[card])}")
        assert isinstance(colour, str)
        return colour

    def _check_play(self, seat: int, a: tuple[Any, ...]) -> None:
        verb = a[0]
        if verb == "end":
            if len(a) != 1:
                raise RuleError("action_format", f"{a!r}: end takes nothing", '["end"]')
            return
        if verb == "move":
            if len(a) != 3:
                raise RuleError("action_format", f"{a!r}", '["move", card, colour]')
            where = self.find_pile(seat, a[1]) if isinstance(a[1], str) else None
            if where is None:
                raise RuleError("rearrange", f"{a[1]!r} is not one of your properties on the table",
                                "a property card in your sets")
            self._colour(a[1], a[2])
            if self.moves >= self.params["moves_per_turn"]:
                cap = self.params["moves_per_turn"]
                raise RuleError("moves_per_turn", f"at most {cap} rearranging moves in one turn (house rule, "
                                "so that a turn cannot be stalled)",
                                "play a card or end the turn")
            if not self._can_move(seat, a[1], a[2], self.piles[seat][where]):
                raise RuleError("rearrange", f"moving {a[1]} to {a[2]} changes nothing",
                                "another colour of a wildcard, or joining two part sets of one colour")
            return
        verbs = ("bank", "property", "house", "hotel", "pass_go", "birthday", "debt_collector", "sly_deal",
                 "forced_deal", "deal_breaker", "rent")
        if verb not in verbs:
            raise RuleError("action_format", f"{verb!r} is not a play", PLAY_FORMAT)
        need = 1 + (len(a[4]) if verb == "rent" and len(a) == 5 and isinstance(a[4], tuple) else 0)
        if self.plays + need > self._max_plays():
            raise RuleError("three_plays", f"this would be play {self.plays + need} this turn; a turn has at "
                            f"most {self._max_plays()} plays (000 On your turn §2)",
                            "rearrange your properties or end the turn" if self.plays >= self._max_plays()
                            else f"{self._max_plays() - self.plays} more play(s)")
        arity = {"bank": 2, "property": 3, "house": 3, "hotel": 3, "pass_go": 2, "birthday": 2,
                 "debt_collector": 3, "sly_deal": 3, "forced_deal": 4, "deal_breaker": 4, "rent": 5}[verb]
        if len(a) != arity:
            raise RuleError("action_format", f"{a!r} has the wrong number of parts", PLAY_FORMAT)
        card = self._in_hand(seat, a[1])
        kind = KIND[card]
        if verb == "bank":
            if IS_PROPERTY[card]:
                raise RuleError("property_not_money", f"{card} is a property: properties are laid in "
                                "front of you, never banked (000 A/B)", '["property", card, colour]')
            return
        if verb == "property":
            if not IS_PROPERTY[card]:
                raise RuleError("card_kind", f"{card} is not a property", "bank it or play it as an action")
            self._colour(card, a[2])
            return
        if kind != verb and not (verb == "rent" and kind == "rent"):
            raise RuleError("card_kind",
                            f"{card} ({CARDS[card].name}) is not a {verb.replace('_', ' ')} card")
        if verb in ("house", "hotel"):
            p = self._pile_of(seat, a[2])
            if p.colour in NO_BUILDINGS:
                raise RuleError("building_colour", f"a {verb.title()} is never put on a {p.colour} set",
                                "a complete set of another colour")
            if not p.complete:
                raise RuleError("building_complete_set", f"a {verb.title()} goes only on a complete "
                                f"set; this {p.colour} set has {len(p.cards)} of {SIZE[p.colour]}")
            if verb == "house" and p.house:
                raise RuleError("one_house", "this set already has a House")
            if verb == "hotel" and not p.house:
                raise RuleError("hotel_needs_house", "a Hotel goes only on a complete set with a House")
            if verb == "hotel" and p.hotel:
                raise RuleError("one_hotel", "this set already has a Hotel")
            return
        if verb in ("pass_go", "birthday"):
            return
        if verb == "debt_collector":
            self._other(seat, a[2])
            return
        if verb == "sly_deal":
            self._check_take(seat, a[2], "sly_deal")
            return
        if verb == "forced_deal":
            mine = self.find_pile(seat, a[2]) if isinstance(a[2], str) else None
            if mine is None:
                raise RuleError("forced_deal", f"{a[2]!r} is not one of your properties on the table")
            if self.piles[seat][mine].complete:
                raise RuleError("forced_deal_complete_set",
                                "Forced Deal never gives a card from a complete set",
                                "a card from one of your part sets")
            self._check_take(seat, a[3], "forced_deal")
            return
        if verb == "deal_breaker":
            t = self._other(seat, a[2])
            p = self._pile_of(t, a[3])
            if not p.complete:
                raise RuleError("deal_breaker_complete_set", "a Deal Breaker takes a complete set only",
                                f"a complete set of seat {t}")
            return
        # rent
        colour, target, doubles = a[2], a[3], a[4]
        self._colour(card, colour)
        if not any(p.colour == colour for p in self.piles[seat]):
            have = sorted({p.colour for p in self.piles[seat]} & set(CARD_COLOURS[card]))
            raise RuleError("rent_colour", f"you have no {colour} property to charge rent for",
                            f"one of {have}")
        if CARDS[card].any_colour:
            self._other(seat, target)
        elif target is not None:
            raise RuleError("rent_target", "a two-colour rent card charges every other player",
                            "null as target")
        if not isinstance(doubles, tuple) or len(set(doubles)) != len(doubles):
            raise RuleError("double_rent",
                            f"{doubles!r}: list the Double the Rent cards played with the rent")
        for x in doubles:
            self._in_hand(seat, x, ("double_rent",))

    def _check_take(self, seat: int, card: Any, verb: str) -> None:
        where = self.owner_of(card) if isinstance(card, str) else None
        if where is None or where[0] == seat:
            raise RuleError(verb, f"{card!r} is not a property of another player on the table",
                            "a card in another player's part set")
        if self.piles[where[0]][where[1]].complete:
            raise RuleError(f"{verb}_complete_set", f"{verb.replace('_', ' ').title()} never takes a "
                            "card from a complete set (only a Deal Breaker takes a complete set)",
                            "a card in another player's part set")

    def _check_payment(self, seat: int, a: tuple[Any, ...]) -> list[str]:
        act = self.act
        assert act is not None
        if len(a) != 2 or a[0] != "pay" or not isinstance(a[1], tuple):
            raise RuleError("action_format", f"{a!r}", '["pay", [table cards]]')
        cards = list(a[1])
        if len(set(cards)) != len(cards):
            raise RuleError("payment", "a card is named twice")
        payable = set(self.payable(seat))
        for c in cards:
            if c in MULTI_WILD:
                raise RuleError("multicolour_wild_cannot_pay", "a multicolour Property Wild Card has no "
                                "value and cannot be used to pay",
                                "bank cards, other properties, House/Hotel")
            if c not in payable:
                if isinstance(c, str) and c in self.hands[seat]:
                    raise RuleError("pay_from_table", "never pay with cards from your hand, only from the "
                                    "cards in front of you (000 How to pay)", f"from {sorted(payable)}")
                raise RuleError("payment", f"{c!r} is not a card on your table", f"from {sorted(payable)}")
        paid = sum(VALUE[c] for c in cards)
        if paid < act.amount:
            raise RuleError("payment_covers_debt", f"{paid}M does not cover the {act.amount}M debt while "
                            "more is on your table; no change is given, so pay at least the debt",
                            f"cards from {sorted(payable)} worth at least {act.amount}M")
        return cards

    # -- changes -------------------------------------------------------------------------------------------
    def _draw(self, seat: int, k: int, events: list[Event]) -> None:
        got: list[str] = []
        for _ in range(k):
            if not self.draw:
                # the discards are shuffled into a new draw pile; cards played in this same step stay on
                # the discard pile (they were shown face up a moment ago)
                if not self._fresh:
                    break
                self.draw = self.discard[:self._fresh]
                self.discard = self.discard[self._fresh:]
                self._fresh = 0
                self.rng.shuffle(self.draw)
                events.append(_event("reshuffle", {"cards": len(self.draw)}))
            got.append(self.draw.pop())
        self.hands[seat].extend(got)
        events.append(_event("draw", {"seat": seat, "count": len(got)}))
        if got:
            events.append(_event("drew", {"seat": seat, "cards": got}, frozenset({seat})))

    def _add_property(self, seat: int, card: str, colour: str) -> int:
        for i, p in enumerate(self.piles[seat]):
            if p.colour == colour and len(p.cards) < p.size:
                p.cards.append(card)
                return i
        self.piles[seat].append(Pile(colour, [card]))
        return len(self.piles[seat]) - 1

    def _tidy(self, seat: int, events: list[Event]) -> None:
        """Empty sets go; a House/Hotel on a set that is no longer complete goes to its owner's bank."""
        for p in self.piles[seat]:
            if not p.cards or p.house or p.hotel:
                break
        else:
            return   # no building and no empty set: nothing to tidy
        keep = []
        for p in self.piles[seat]:
            if p.hotel and not p.house:   # the House was paid away: the Hotel cannot stand alone
                self.banks[seat].append(p.hotel)
                events.append(_event("buildings_to_bank", {"seat": seat, "cards": [p.hotel]}))
                p.hotel = None
            if (p.house or p.hotel) and len(p.cards) < p.size:
                moved = [b for b in (p.house, p.hotel) if b]
                self.banks[seat].extend(moved)
                p.house = p.hotel = None
                events.append(_event("buildings_to_bank", {"seat": seat, "cards": moved}))
            if p.cards:
                keep.append(p)
            else:
                for b in (p.house, p.hotel):
                    if b:
                        self.banks[seat].append(b)
        self.piles[seat] = keep

    def _do_play(self, seat: int, a: tuple[Any, ...], events: list[Event]) -> None:
        verb = a[0]
        if verb == "end":
            self._end_turn(events)
            return
        if verb == "move":
            card, colour = a[1], a[2]
            i = self.find_pile(seat, card)
            assert i is not None
            piles = self.piles[seat]
            src = piles[i]
            dest = None
            for j, p in enumerate(piles):
                if j != i and p.colour == colour and len(p.cards) < p.size:
                    dest = p
                    break
            src.cards.remove(card)
            if dest is None:
                piles.append(Pile(colour, [card]))
            else:
                dest.cards.append(card)
            self.moves += 1
            events.append(_event("move", {"seat": seat, "card": card, "colour": colour}))
            self._tidy(seat, events)
            self._after_play(events)
            return
        card = a[1]
        hand = self.hands[seat]
        hand.remove(card)
        self.plays += 1
        if verb == "bank":
            self.banks[seat].append(card)
            events.append(_event("bank", {"seat": seat, "card": card}))
        elif verb == "property":
            i = self._add_property(seat, card, a[2])
            events.append(_event("property", {"seat": seat, "card": card, "colour": a[2], "set": i}))
        elif verb in ("house", "hotel"):
            p = self.piles[seat][a[2]]
            if verb == "house":
                p.house = card
            else:
                p.hotel = card
            events.append(_event("building", {"seat": seat, "card": card, "set": a[2], "colour": p.colour}))
        elif verb == "pass_go":
            self.discard.append(card)
            events.append(_event("action", {"seat": seat, "card": card, "action": "pass_go"}))
            self._draw(seat, self.params["pass_go_draw"], events)
        else:
            self.discard.append(card)
            others = [(seat + k) % self.n for k in range(1, self.n)]
            if verb == "birthday":
                act = Act(verb, seat, card, others, self.params["birthday_amount"])
            elif verb == "debt_collector":
                act = Act(verb, seat, card, [a[2]], self.params["debt_amount"])
            elif verb == "sly_deal":
                where = self.owner_of(a[2])
                assert where is not None
                act = Act(verb, seat, card, [where[0]])
                act.take = a[2]
            elif verb == "forced_deal":
                where = self.owner_of(a[3])
                assert where is not None
                act = Act(verb, seat, card, [where[0]])
                act.give, act.take = a[2], a[3]
            elif verb == "deal_breaker":
                act = Act(verb, seat, card, [a[2]])
                act.pile = a[3]
            else:  # rent
                colour, target, doubles = a[2], a[3], a[4]
                for x in doubles:
                    hand.remove(x)
                    self.discard.append(x)
                self.plays += len(doubles)
                amount = self.rent_of(seat, colour) * 2 ** len(doubles)
                act = Act(verb, seat, card, others if target is None else [target], amount)
                act.colour, act.doubles = colour, tuple(doubles)
            data = act.to_json()
            data["seat"] = seat
            data["action"] = data.pop("kind")
            events.append(_event("action", data))
            self.act = act
            self._ask(events)
            return
        self._after_play(events)

    def _ask(self, events: list[Event]) -> None:
        """Open the next step of the current action: a chain answer, a payment, or the effect."""
        act = self.act
        assert act is not None
        while act.targets:
            who = act.responder
            if self._can_jsn(who) or self.params["ask_everyone"]:
                self.phase = "respond"
                return
            # nobody can answer: the chain stops here
            if act.depth % 2 == 1:
                events.append(_event("cancelled", {"seat": act.targets[0], "by": "just_say_no",
                                                   "actor": act.actor, "action": act.kind}))
                act.targets.pop(0)
                act.depth = 0
                continue
            if self._effect(events):
                return  # a payment decision is open
            act.targets.pop(0)
            act.depth = 0
        self.act = None
        self.phase = "play"
        self._after_play(events)

    def _do_respond(self, seat: int, a: tuple[Any, ...], events: list[Event]) -> None:
        act = self.act
        assert act is not None
        if a == ("just_say_no",):
            card = next(c for c in self.hands[seat] if KIND[c] == "just_say_no")
            self.hands[seat].remove(card)
            self.discard.append(card)
            if seat == self.turn:
                self.plays += 1
            act.depth += 1
            events.append(_event("just_say_no", {"seat": seat, "card": card, "depth": act.depth,
                                                 "target": act.targets[0]}))
            self._ask(events)
            return
        events.append(_event("accept", {"seat": seat, "depth": act.depth}))
        if act.depth % 2 == 1:
            events.append(_event("cancelled", {"seat": act.targets[0], "by": "just_say_no",
                                               "actor": act.actor, "action": act.kind}))
        elif self._effect(events):
            self.phase = "pay"
            return
        act.targets.pop(0)
        act.depth = 0
        self._ask(events)

    def _effect(self, events: list[Event]) -> bool:
        """The action stands against ``targets[0]``; True when a payment decision is now open."""
        act = self.act
        assert act is not None
        t = act.targets[0]
        if act.kind in ("rent", "birthday", "debt_collector"):
            payable = self.payable(t)
            total = sum(VALUE[c] for c in payable)
            if total > act.amount:
                self.phase = "pay"
                return True
            # short (or exactly enough): everything on the table pays; nothing on the table pays nothing
            self._transfer(t, act.actor, payable, events, act.amount)
            return False
        if act.kind == "sly_deal":
            assert act.take is not None
            self._move_card(t, act.actor, act.take)
            events.append(_event("take", {"seat": act.actor, "from": t, "card": act.take}))
            self._tidy(t, events)
        elif act.kind == "forced_deal":
            assert act.take is not None and act.give is not None
            self._move_card(t, act.actor, act.take)
            self._move_card(act.actor, t, act.give)
            events.append(_event("swap", {"seat": act.actor, "from": t, "take": act.take, "give": act.give}))
            self._tidy(t, events)
            self._tidy(act.actor, events)
        elif act.kind == "deal_breaker":
            assert act.pile is not None
            pile = self.piles[t].pop(act.pile)
            self.piles[act.actor].append(pile)
            events.append(_event("deal_breaker", {"seat": act.actor, "from": t, "pile": pile.to_json()}))
        return False

    def _move_card(self, src: int, dst: int, card: str) -> None:
        i = self.find_pile(src, card)
        assert i is not None
        colour = self.piles[src][i].colour
        self.piles[src][i].cards.remove(card)
        self._add_property(dst, card, colour)

    def _transfer(self, payer: int, to: int, cards: list[str], events: list[Event], debt: int) -> None:
        for c in cards:
            if c in self.banks[payer]:
                self.banks[payer].remove(c)
                self.banks[to].append(c)
                continue
            for p in self.piles[payer]:
                if c in p.cards:
                    p.cards.remove(c)
                    self._add_property(to, c, p.colour)
                    break
                if c == p.house:
                    p.house = None
                    self.banks[to].append(c)
                    break
                if c == p.hotel:
                    p.hotel = None
                    self.banks[to].append(c)
                    break
        events.append(_event("pay", {"seat": payer, "to": to, "cards": list(cards), "debt": debt,
                                     "paid": sum(VALUE[c] for c in cards)}))
        self._tidy(payer, events)

    def _do_pay(self, seat: int, cards: list[str], events: list[Event]) -> None:
        act = self.act
        assert act is not None
        self._transfer(seat, act.actor, cards, events, act.amount)
        act.targets.pop(0)
        act.depth = 0
        self._ask(events)

    def _after_play(self, events: list[Event]) -> None:
        """After a play resolves: the player on turn claims a win; with no play left and nothing to
        rearrange the turn ends by itself."""
        if self.phase != "play":
            return
        if self.has_won(self.turn):
            self._finish("three_sets", self.turn, events)
            return
        if self.plays >= self.max_plays and (not self._has_move(self.turn)
                                             or self.moves >= self.params["moves_per_turn"]):
            self._end_turn(events)

    def _end_turn(self, events: list[Event]) -> None:
        seat = self.turn
        events.append(_event("end_turn", {"seat": seat}))
        if len(self.hands[seat]) > self.params["hand_limit"]:
            self.phase = "discard"
            return
        self._next_turn(events)

    def _do_discard(self, seat: int, card: str, events: list[Event]) -> None:
        self.hands[seat].remove(card)
        if self.params["extras_to"] == "draw_bottom":
            self.draw.insert(0, card)
            events.append(_event("hand_limit", {"seat": seat, "to": "draw_bottom"}))
            events.append(_event("put_back", {"seat": seat, "card": card}, frozenset({seat})))
        else:
            self.discard.append(card)
            events.append(_event("hand_limit", {"seat": seat, "to": "discard", "card": card}))
        if len(self.hands[seat]) <= self.params["hand_limit"]:
            self._next_turn(events)

    def _next_turn(self, events: list[Event]) -> None:
        self._start_turn((self.turn + 1) % self.n, events)

    def _start_turn(self, seat: int, events: list[Event]) -> None:
        self.turn = seat
        self.plays = 0
        self.moves = 0
        self.phase = "play"
        self.turn_no += 1
        events.append(_event("turn", {"seat": seat, "turn": self.turn_no}))
        if self.has_won(seat):   # a win reached on another player's turn is claimed now
            self._finish("three_sets", seat, events)
            return
        limit = self.params["turn_limit"]
        if limit is not None and self.turn_no > limit:
            self._finish("turn_limit", None, events)
            return
        if not self.draw and not self.discard and not any(self.hands):
            self._finish("no_cards", None, events)
            return
        rs = self.params
        self._draw(seat, rs["draw_empty"] if not self.hands[seat] else rs["draw"], events)

    def _finish(self, reason: str, winner: int | None, events: list[Event]) -> None:
        self.phase = "over"
        self.act = None
        self.reason = reason
        self.winner = winner
        self._decision = None
        values = [self.value(s) for s in range(self.n)]
        events.append(_event("game_over", {"reason": reason, "winner": winner, "values": values}))

    # -- results -------------------------------------------------------------------------------------------
    def result(self) -> Result | None:
        if self.phase != "over":
            return None
        values = [self.value(s) for s in range(self.n)]
        scores = tuple(float(v) for v in values)
        w = self.winner
        if self.params["ranking"] == "first_then_value" and w is not None:
            placements = tuple(1 if s == w else
                               2 + sum(1 for o in range(self.n) if o != w and values[o] > values[s])
                               for s in range(self.n))
        else:
            placements = tuple(1 + sum(1 for o in values if o > v) for v in values)
        stats = {
            "values": values,
            "bank": [sum(VALUE[c] for c in b) for b in self.banks],
            "property": [sum(p.value() for p in ps) for ps in self.piles],
            "complete_sets": [len(self.complete_colours(s)) for s in range(self.n)],
            "claimed_by": w,
            "turns": self.turn_no,
        }
        return Result(placements, scores, self.reason, stats=stats)

    # -- what seats may know -------------------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        v: dict[str, Any] = {
            "game": "monopoly-deal",
            "preset": self.ruleset.preset,
            "seats": self.n,
            "turn": self.turn,
            "turn_no": self.turn_no,
            "plays": self.plays,
            "max_plays": self._max_plays(),
            "phase": self.phase,
            "draw_count": len(self.draw),
            "discard": list(self.discard),
            "players": [{"hand_count": len(self.hands[s]), "bank": list(self.banks[s]),
                         "sets": [p.to_json() for p in self.piles[s]], "value": self.value(s),
                         "complete_colours": sorted(self.complete_colours(s))} for s in range(self.n)],
            "action": self.act.to_json() if self.act else None,
            "winner": self.winner,
            "reason": self.reason or None,
        }
        if seat is not None:
            v["seat"] = seat
            v["hand"] = list(self.hands[seat])
        return v

    def hidden_from(self, viewer: int | None) -> set[str]:
        hidden = set(self.draw)
        for s in range(self.n):
            if s != viewer:
                hidden.update(self.hands[s])
        return hidden

    def determinize(self, seat: int, rng: Rng) -> MonopolyDealState:
        c = self.clone()
        pool = list(c.draw)
        for s in range(c.n):
            if s != seat:
                pool.extend(c.hands[s])
        rng.shuffle(pool)
        k = 0
        for s in range(c.n):
            if s != seat:
                m = len(c.hands[s])
                c.hands[s] = pool[k:k + m]
                k += m
        c.draw = pool[k:]
        c._decision = None
        return c

    # -- plumbing ------------------------------------------------------------------------------------------
    def clone(self) -> MonopolyDealState:
        c = MonopolyDealState.__new__(MonopolyDealState)
        c.ruleset = self.ruleset
        c.params = self.params
        c.max_plays = self.max_plays
        c.sets_to_win = self.sets_to_win
        c.rng = self.rng.copy()
        c.n = self.n
        c.hands = [list(h) for h in self.hands]
        c.banks = [list(b) for b in self.banks]
        c.piles = [[p.copy() for p in ps] for ps in self.piles]
        c.draw = list(self.draw)
        c.discard = list(self.discard)
        c.turn = self.turn
        c.plays = self.plays
        c.moves = self.moves
        c.turn_no = self.turn_no
        c.phase = self.phase
        c.act = self.act.copy() if self.act else None
        c.winner = self.winner
        c.reason = self.reason
        c._decision = self._decision
        c.out = self.out
        c._fresh = self._fresh
        return c

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "hands": self.hands,
            "banks": self.banks,
            "piles": [[p.to_json() for p in ps] for ps in self.piles],
            "draw": self.draw,
            "discard": self.discard,
            "turn": self.turn,
            "plays": self.plays,
            "moves": self.moves,
            "turn_no": self.turn_no,
            "phase": self.phase,
            "act": self.act.to_json() if self.act else None,
            "winner": self.winner,
            "reason": self.reason,
            "out": self.out,
        }

    def check_invariants(self) -> None:
        where: list[str] = [*self.draw, *self.discard, *self.out]
        for s in range(self.n):
            where += self.hands[s] + self.banks[s]
            for p in self.piles[s]:
                assert p.cards, f"seat {s} has an empty set"
                assert len(p.cards) <= SIZE[p.colour], f"seat {s}: {p.colour} set over its size"
                for c in p.cards:
                    assert IS_PROPERTY[c] and p.colour in CARD_COLOURS[c], f"{c} cannot be {p.colour}"
                if p.house or p.hotel:
                    assert p.complete and p.colour not in NO_BUILDINGS, f"seat {s}: building on {p.colour}"
                assert p.hotel is None or p.house is not None, "a Hotel without a House"
                where += p.cards + [b for b in (p.house, p.hotel) if b]
        expected = deck(deal_breakers=self.params["deal_breakers"])
        assert sorted(where) == sorted(expected), "cards lost or duplicated"
        for s in range(self.n):
            assert all(not IS_PROPERTY[c] for c in self.banks[s]), f"a property in seat {s}'s bank"

    def random_action(self, seat: int, rng: Rng) -> Action:
        d = self.pending()
        if d is not None and seat in d.seats:
            opts = d.options
            if type(opts) is tuple and opts:    # listed: drawn as State.random_action draws, without its
                return opts[rng.randrange(len(opts))]   # generic look-ups
            if d.kind == "pay":
                act = self.act
                assert act is not None
                cards = list(d.data["payable"])
                rng.shuffle(cards)
                out: list[str] = []
                total = 0
                for c in cards:
                    if total >= act.amount:
                        break
                    out.append(c)
                    total += VALUE[c]
                return ("pay", tuple(out))
        return super().random_action(seat, rng)
