"""Monopoly Deal.

Equal cards play alike, so most actions name a card by its key (``money-3``, ``rent-red-yellow``);
actions that move a particular card on the table (rearranging, Sly and Forced Deal) name its id.
Targets are seats counted from the actor on (1 = the next seat); a set is named by its index in its
owner's row of sets.  Payments are not listed by the game (any cover of the debt may be named), so they
are four macro-actions, each the cover of the debt that costs least by its own measure.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tablesport.core import Action, Decision, Ruleset
from tablesport.encoding.choices import Path
from tablesport.encoding.encoder import Encoder, Question, Slots, flat
from tablesport.encoding.features import Features, Vector, one_hot, relative

PHASES = ("play", "discard", "respond", "pay", "over")
ACTS = ("rent", "birthday", "debt_collector", "sly_deal", "forced_deal", "deal_breaker")
NO_ARGUMENT = ("bank", "pass_go", "birthday", "discard")
PAYMENTS = ("least_value", "money_first", "properties_first", "complete_sets_last")
"""The payment macro-actions: the cover of least total value; the cover of least value that uses bank
cards before any property; one that uses properties (and buildings) before bank cards; one that keeps
the cards of complete sets (and their buildings) to the last."""


class MonopolyDealEncoder(Encoder):
    def __init__(self, rs: Ruleset) -> None:
        from .cards import (
            CARD_COLOURS,
            CARDS,
            COLOUR_NAMES,
            MULTI_WILD,
            SIZE,
            VALUE,
            deck,
        )

        self.cards_data, self.value, self.multi, self.set_size = CARDS, VALUE, MULTI_WILD, SIZE
        self.seats = n = rs.seats
        self.colours = COLOUR_NAMES
        cards = deck(deal_breakers=True)
        self.keys: list[str] = []
        for c in cards:
            if CARDS[c].key not in self.keys:
                self.keys.append(CARDS[c].key)
        self.key_index = {k: i for i, k in enumerate(self.keys)}
        self.props = [c for c in cards if CARDS[c].is_property]
        self.prop_index = {c: i for i, c in enumerate(self.props)}
        p = len(self.props)
        kind_of = {CARDS[c].key: CARDS[c].kind for c in cards}
        colours_of = {CARDS[c].key: CARD_COLOURS[c] for c in cards}
        slots = self.slots = Slots()
        slots.add(("end",))
        others = range(1, n)
        for key in self.keys:
            kind = kind_of[key]
            if kind in ("property", "wild"):
                for colour in colours_of[key]:
                    slots.add(("property", key, colour))
                continue
            slots.add(("bank", key))
            if kind in ("pass_go", "birthday"):
                slots.add((kind, key))
            elif kind == "debt_collector":
                for t in others:
                    slots.add((kind, key, t))
            elif kind in ("house", "hotel"):
                for i in range(p):
                    slots.add((kind, key, i))
            elif kind == "sly_deal":
                for x in self.props:
                    slots.add((kind, key, x))
            elif kind == "forced_deal":
                for m in self.props:
                    for x in self.props:
                        if m != x:
                            slots.add((kind, key, m, x))
            elif kind == "deal_breaker":
                for t in others:
                    for i in range(p):
                        slots.add((kind, key, t, i))
            elif kind == "rent":
                any_colour = CARDS[next(c for c in cards if CARDS[c].key == key)].any_colour
                for colour in colours_of[key]:
                    for t in (others if any_colour else (0,)):
                        for doubles in range(3):
                            slots.add((kind, key, colour, t, doubles))
        for c in self.props:
            for colour in CARD_COLOURS[c]:
                slots.add(("move", c, colour))
        slots.add(("accept",))
        slots.add(("just_say_no",))
        for key in self.keys:
            slots.add(("discard", key))
        for name in PAYMENTS:
            slots.add(("pay", name))
        self.actions = len(slots)
        k, nc = len(self.keys), len(self.colours)
        self.features = Features([
            ("hand", (k,), "own hand: cards per key / 6"),
            ("banks", (n, k), "per seat from the observer on: bank cards per key / 6"),
            ("owner", (p, n), "per property card (by id): the seat whose set holds it, from the observer on"),
            ("laid_as", (p, nc), "per property card on the table: the colour it is laid as"),
            ("in_complete", (p,), "per property card on the table: its set is complete"),
            ("set_index", (p,), "per property card on the table: its set's index in its owner's row / 40"),
            ("sets", (n, nc, 4), "per seat and colour: cards in its fullest set / set size, "
                                 "complete sets / 2, a House, a Hotel"),
            ("players", (n, 3), "per seat: hand size / 12, table value / 100, complete colours / 3"),
            ("discard", (k,), "discard pile: cards per key / 6"),
            ("piles", (2,), "draw pile / 106, discard pile / 106"),
            ("turn", (n,), "the seat on turn, from the observer on"),
            ("plays", (1,), "plays made this turn / plays allowed"),
            ("phase", (len(PHASES),), "play, discard, respond, pay, over"),
            ("act_kind", (len(ACTS),), "the action being resolved: rent, birthday, debt collector, sly deal, "
                                       "forced deal, deal breaker"),
            ("act_seats", (2, n), "its actor and its current target, from the observer on"),
            ("act_cards", (2, p), "the card it takes and the card it gives (Sly/Forced Deal)"),
            ("act_values", (5,), "its Just Say Nos / 4, amount / 20, set taken / 40, doubles / 2, "
                                 "targets still to resolve / seats"),
            ("act_colour", (nc,), "its colour (rent)"),
        ])

    def key(self, card: str) -> str:
        return str(self.cards_data[card].key)

    # -- observations ----------------------------------------------------------------------------
    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        n, me = self.seats, int(view["seat"])
        obs = self.features.new()
        ki, pi, ci = self.key_index, self.prop_index, {c: i for i, c in enumerate(self.colours)}
        for c in view["hand"]:
            obs["hand"][ki[self.key(c)]] += 1 / 6
        for s, player in enumerate(view["players"]):
            r = relative(s, me, n)
            for c in player["bank"]:
                obs["banks"][r, ki[self.key(c)]] += 1 / 6
            complete: dict[str, int] = {}
            for i, pile in enumerate(player["sets"]):
                colour = ci[pile["colour"]]
                size = len(pile["cards"])
                for c in pile["cards"]:
                    obs["owner"][pi[c], r] = 1
                    obs["laid_as"][pi[c], colour] = 1
                    obs["in_complete"][pi[c]] = 1 if pile["complete"] else 0
                    obs["set_index"][pi[c]] = i / 40
                row = obs["sets"][r, colour]
                row[0] = max(row[0], size / self.set_size[pile["colour"]])
                complete[pile["colour"]] = complete.get(pile["colour"], 0) + (1 if pile["complete"] else 0)
                row[1] = complete[pile["colour"]] / 2
                row[2] = max(row[2], 1 if pile["house"] else 0)
                row[3] = max(row[3], 1 if pile["hotel"] else 0)
            obs["players"][r] = (player["hand_count"] / 12, player["value"] / 100,
                                 len(player["complete_colours"]) / 3)
        for c in view["discard"]:
            obs["discard"][ki[self.key(c)]] += 1 / 6
        obs["piles"][:] = (view["draw_count"] / 106, len(view["discard"]) / 106)
        one_hot(obs["turn"], relative(view["turn"], me, n))
        obs["plays"][0] = view["plays"] / max(1, view["max_plays"])
        one_hot(obs["phase"], PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        act = view["action"]
        if act:
            one_hot(obs["act_kind"], ACTS.index(act["kind"]) if act["kind"] in ACTS else None)
            obs["act_seats"][0, relative(act["actor"], me, n)] = 1
            obs["act_seats"][1, relative(act["target"], me, n)] = 1
            for row, card in enumerate((act["take"], act["give"])):
                if card in pi:
                    obs["act_cards"][row, pi[card]] = 1
            obs["act_values"][:] = (act["just_say_no"] / 4, act["amount"] / 20, (act["pile"] or 0) / 40,
                                    len(act["doubles"]) / 2, len(act["targets"]) / n)
            if act["colour"] in ci:
                obs["act_colour"][ci[act["colour"]]] = 1
        return obs.vector()

    # -- actions ---------------------------------------------------------------------------------
    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        if decision.kind == "pay":
            return self._payments(view, seat)
        n = self.seats

        def key(a: Action) -> Any:
            verb = a[0]
            if verb in NO_ARGUMENT:
                return (verb, self.key(a[1]))
            if verb == "property":
                return (verb, self.key(a[1]), a[2])
            if verb == "debt_collector":
                return (verb, self.key(a[1]), relative(a[2], seat, n))
            if verb in ("house", "hotel", "sly_deal"):
                return (verb, self.key(a[1]), a[2])
            if verb == "forced_deal":
                return (verb, self.key(a[1]), a[2], a[3])
            if verb == "deal_breaker":
                return (verb, self.key(a[1]), relative(a[2], seat, n), a[3])
            if verb == "rent":
                return (verb, self.key(a[1]), a[2], 0 if a[3] is None else relative(a[3], seat, n), len(a[4]))
            return a

        return flat(self.slots, key, decision.options_for(seat))

    def _payments(self, view: dict[str, Any], seat: int) -> dict[Path, Action]:
        from .payment import cheapest_cover

        me = view["players"][seat]
        debt = int(view["action"]["amount"])
        bank = set(me["bank"])
        in_complete: set[str] = set()
        payable = list(me["bank"])
        for pile in me["sets"]:
            payable += [c for c in pile["cards"] if c not in self.multi]
            payable += [b for b in (pile["house"], pile["hotel"]) if b]
            if pile["complete"]:
                in_complete.update(pile["cards"])
                in_complete.update(b for b in (pile["house"], pile["hotel"]) if b)
        value = self.value
        costs: dict[str, Callable[[str], float]] = {
            "least_value": lambda c: float(value[c]),
            "money_first": lambda c: value[c] + (0.0 if c in bank else 100.0),
            "properties_first": lambda c: value[c] + (100.0 if c in bank else 0.0),
            "complete_sets_last": lambda c: value[c] + (100.0 if c in in_complete else 0.0),
        }
        return {(self.slots.index[("pay", name)],): ("pay", tuple(cheapest_cover(payable, debt, cost)))
                for name, cost in costs.items()}

    def describe(self, index: int) -> str:
        key = self.slots.keys[index]
        assert isinstance(key, tuple)
        if key[0] == "pay":
            return f"pay the debt: {key[1].replace('_', ' ')}"
        return self.slots.name(index)


ENCODER = MonopolyDealEncoder
