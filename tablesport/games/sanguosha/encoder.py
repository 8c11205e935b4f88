"""Sanguosha: every decision kind's options as paths over one fixed vocabulary of action indexes.

An option of the game is a nested tuple (``("use", "c13", (1,))``, ``("use_as", "serpent_spear",
("c52", "c26"), "slash", (2,))``, ``("pick", 4)``, a fielding ``("da_qiao", "sun_jian", "lu_bu")``).
Read left to right, each of its parts is one index of the vocabulary:

* a **word** — the verbs of the answers (``use``, ``use_as``, ``skill``, ``end``, ``pass``, ``invoke``,
  ``decline``, ``discard``, ``give``, ...), the suits, every skill id, every card name and every
  general id;
* a **card** — the card token ``c0`` .. ``c110`` (a card in hand, equipment, a judgement card, a card
  shown for a choice);
* a **seat** — counted from the acting seat (0 = itself, 1 = the next seat, ...): targets, a card's
  recipient, a unit's vanguard;
* an **index** — a position 0–15 in a list the decision shows: the general in the draft's list, the
  identity card, the pile;
* **end** — closes an option that is also the beginning of a longer one (``("invoke", "tuxi",
  (0,))`` beside ``("invoke", "tuxi", (0, 1))``).

The seat answers index by index (the observation shows the path so far); the mask at each step allows
exactly the next parts of the legal options that begin with that path, so every legal option has one
path and every path the masks allow ends in a legal option.
"""

from __future__ import annotations

from typing import Any

from tablesport.core import Action, Decision, Ruleset, TablesportError
from tablesport.encoding.choices import Path, unique
from tablesport.encoding.encoder import Encoder, Question
from tablesport.encoding.features import Features, Vector, one_hot, relative

WORDS = (
    "use", "use_as", "skill", "end", "pass", "card", "as", "armor", "discard", "take", "hand", "invoke",
    "decline", "pick", "pile", "commander", "vanguards", "cold", "warm", "self", "other", "lord", "renegade",
    "accept", "challenge", "done", "top", "bottom", "give", "suit", "damage", "let_draw", "lose_hp", "cw",
    "ccw", "draw_1", "draw_x", "grant", "remove",
)
"""The verbs and constants of the answers (skill ids, card names, generals and suits are added)."""
INDEX_KINDS = frozenset({"draft", "pick_identity", "pick_pile"})
"""Decision kinds whose numbers are positions in a list the decision shows, not seats."""
INDEXES = 16
KINDS = ("amazing_grace", "challenge", "choose", "choose_card", "choose_role", "choose_unit", "discard",
         "draft", "field", "first_actor", "first_picker", "forfeit_peach", "invoke", "pick_identity",
         "pick_pile", "play", "respond")
PHASES = ("", "start", "judge", "draw", "play", "discard", "finish")
KINGDOMS = ("wei", "shu", "wu", "qun")
SLOTS = ("weapon", "armor", "defensive_horse", "offensive_horse")
DELAYED = ("indulgence", "supply_shortage", "lightning")
SEAT_FIELDS = ("about", "target", "user", "dying", "owner", "from", "judged")
NUMBER_FIELDS = ("count", "hp", "left", "chosen")
NAME_FIELDS = ("need", "trick", "why", "name", "reason")
PATH_STEPS = 8


class SanguoshaEncoder(Encoder):
    def __init__(self, rs: Ruleset) -> None:
        from . import cards as C
        from .generals import generals
        from .skill import SKILLS, load_all

        load_all()
        self.seats = n = rs.seats
        self.tokens = {t: i for i, t in enumerate(C.TOKEN)}
        self.names = sorted(set(C.NAME))
        self.generals = sorted(generals())
        self.skills = sorted(SKILLS)
        words = sorted(set(WORDS) | set(C.SUITS) | set(self.skills) | set(self.names) | set(self.generals))
        self.vocabulary: list[str] = ["end"] + [f"word {w}" for w in words] + \
            [f"card {t}" for t in C.TOKEN] + [f"seat +{k}" for k in range(n)] + \
            [f"index {i}" for i in range(INDEXES)]
        self.end = 0
        self.word = {w: 1 + i for i, w in enumerate(words)}
        self.first_card = 1 + len(words)
        self.first_seat = self.first_card + len(C.TOKEN)
        self.first_index = self.first_seat + n
        self.actions = len(self.vocabulary)
        nc, ng, v = len(C.TOKEN), len(self.generals), self.actions
        self.features = Features([
            ("hand", (nc,), "own hand, by card token"),
            ("seats", (n, 8), "per seat from the observer on: alive, HP / 8, max HP / 8, hand / 20, face up, "
                              "on the observer's side, acting now, a commander (3v3) or the Lord (1v1)"),
            ("general", (n, ng), "per seat: its general (one-hot)"),
            ("kingdom", (n, len(KINGDOMS) + 2), "per seat: kingdom (wei, shu, wu, qun), female, male"),
            ("equipment", (n, nc), "per seat: its equipment, by card token"),
            ("judgement", (n, nc), "per seat: its pending delayed tricks, by card token"),
            ("delayed", (n, len(DELAYED)), "per seat: the delayed tricks it faces (indulgence, supply "
                                           "shortage, lightning)"),
            ("general_piles", (n,), "per seat: cards on its general card / 10"),
            ("table", (2, nc), "the last 10 cards discarded; the cards being resolved"),
            ("piles", (2,), "draw pile / 111, discard pile / 111"),
            ("phase", (len(PHASES),), "no phase, start, judge, draw, play, discard, finish"),
            ("reach", (n + 1,), "own attack range / 6, then distance to each seat from the observer on / 6"),
            ("candidates", (INDEXES, ng + 2), "the draft's list by position: its general, picked, hidden"),
            ("side_generals", (2, ng), "the generals drafted (3v3) or taken (1v1): own side, the other"),
            ("hidden_taken", (2,), "generals taken but hidden: own / 6, the other side's / 6"),
            ("deaths", (n,), "per seat: generals lost / 3 (1v1)"),
            ("fouls", (n,), "per seat: fouls / 5"),
            ("question", (len(KINDS),), "the pending decision's kind"),
            ("asked", (n,), "the seats it asks, from the observer on"),
            ("q_seats", (len(SEAT_FIELDS), n), "its seats (about, target, user, dying, owner, from, "
                                                "judged), from the observer on"),
            ("q_numbers", (len(NUMBER_FIELDS),), "its numbers / 5 (count, hp, left, chosen)"),
            ("q_names", (len(self.names),), "the card names it names (need, trick, why, name, reason)"),
            ("q_skill", (len(self.skills),), "its skill"),
            ("q_card", (nc,), "its card (a judgement)"),
            ("q_suit", (len(C.SUITS),), "its suit"),
            ("q_side", (1,), "the side it concerns is the observer's"),
            ("path", (v,), "the indexes chosen so far for this decision"),
            ("path_last", (v,), "the last of them"),
            ("path_length", (1,), f"how many / {PATH_STEPS}"),
        ])
        self.suits = C.SUITS

    # -- actions ---------------------------------------------------------------------------------
    def path(self, option: Action, kind: str, seat: int) -> Path:
        out: list[int] = []

        def walk(x: Any) -> None:
            if isinstance(x, tuple):
                for y in x:
                    walk(y)
            elif isinstance(x, str):
                if x in self.tokens:
                    out.append(self.first_card + self.tokens[x])
                elif x in self.word:
                    out.append(self.word[x])
                else:
                    raise TablesportError(f"{option!r}: the word {x!r} is not in the Sanguosha action "
                                          "vocabulary (tablesport/games/sanguosha/encoder.py)")
            elif isinstance(x, int) and not isinstance(x, bool):
                if kind in INDEX_KINDS:
                    if not 0 <= x < INDEXES:
                        raise TablesportError(f"{option!r}: position {x} is beyond {INDEXES - 1}")
                    out.append(self.first_index + x)
                else:
                    out.append(self.first_seat + relative(x, seat, self.seats))
            else:
                raise TablesportError(f"{option!r}: {x!r} has no place in the action vocabulary")

        walk(option)
        return tuple(out)

    def paths(self, view: dict[str, Any], decision: Decision, seat: int) -> dict[Path, Action]:
        out: dict[Path, Action] = {}
        for option in decision.options_for(seat) or ():
            unique(out, self.path(option, decision.kind, seat), option)
        return out

    def describe(self, index: int) -> str:
        return self.vocabulary[index]

    # -- observations ----------------------------------------------------------------------------
    def observe(self, view: dict[str, Any], question: Question, prefix: Path = ()) -> Vector:
        n, me = self.seats, int(view["seat"])
        obs = self.features.new()
        tokens, gens = self.tokens, {g: i for i, g in enumerate(self.generals)}
        mode = view["mode"]
        players = view["players"]
        mine = players[me]["side"]
        chiefs = set((mode.get("commanders") or {}).values())
        if mode.get("lord") is not None:
            chiefs.add(mode["lord"])
        for p in players:
            r = relative(p["seat"], me, n)
            obs["seats"][r] = (p["alive"], p["hp"] / 8, p["max_hp"] / 8, p["hand_count"] / 20, p["face_up"],
                               mine is not None and p["side"] == mine, p["seat"] == view["current"],
                               p["seat"] in chiefs)
            one_hot(obs["general"][r], gens.get(p["general"] or ""))
            if p["kingdom"] in KINGDOMS:
                obs["kingdom"][r, KINGDOMS.index(p["kingdom"])] = 1
            if p["gender"] in ("female", "male"):
                obs["kingdom"][r, len(KINGDOMS) + (p["gender"] == "male")] = 1
            for card in p["equipment"].values():
                if card is not None:
                    obs["equipment"][r, tokens[card]] = 1
            for j in p["judgement"]:
                obs["judgement"][r, tokens[j["card"]]] = 1
                if j["as"] in DELAYED:
                    obs["delayed"][r, DELAYED.index(j["as"])] = 1
            obs["general_piles"][r] = sum(len(v) for v in p["piles"].values()) / 10
        for card in players[me].get("hand", ()):
            obs["hand"][tokens[card]] = 1
        for row, key in enumerate(("discard_pile", "processing")):
            for card in view[key]:
                obs["table"][row, tokens[card]] = 1
        obs["piles"][:] = (view["draw_pile"] / 111, view["discard_count"] / 111)
        one_hot(obs["phase"], PHASES.index(view["phase"]) if view["phase"] in PHASES else None)
        reach = view.get("reach")
        if reach:
            obs["reach"][0] = reach["attack_range"] / 6
            for s, d in reach["distance"].items():
                obs["reach"][1 + relative(int(s), me, n)] = d / 6
        self._draft(view, mode, obs, gens)
        for s, k in enumerate(mode.get("fouls", ())):
            obs["fouls"][relative(s, me, n)] = k / 5
        self._question(question, mine, me, obs)
        for i in prefix:
            obs["path"][i] = 1
        if prefix:
            obs["path_last"][prefix[-1]] = 1
        obs["path_length"][0] = len(prefix) / PATH_STEPS
        return obs.vector()

    def _draft(self, view: dict[str, Any], mode: dict[str, Any], obs: Any, gens: dict[str, int]) -> None:
        n, me = self.seats, int(view["seat"])
        ng = len(self.generals)
        for i, g in enumerate(mode.get("candidates", ())[:INDEXES]):
            if g == "":
                obs["candidates"][i, ng] = 1
            elif g == "hidden":
                obs["candidates"][i, ng + 1] = 1
            else:
                one_hot(obs["candidates"][i], gens.get(g))
        mine = view["players"][me]["side"]
        for side, names in (mode.get("picks") or {}).items():
            for g in names:
                one_hot(obs["side_generals"][0 if side == mine else 1], gens.get(g))
        for s, names in (mode.get("taken") or {}).items():
            row = 0 if int(s) == me else 1
            for g in names:
                if g == "hidden":
                    obs["hidden_taken"][row] += 1 / 6
                else:
                    one_hot(obs["side_generals"][row], gens.get(g))
        for s, k in enumerate(mode.get("deaths", ())):
            obs["deaths"][relative(s, me, n)] = k / 3

    def _question(self, question: Question, mine: str | None, me: int, obs: Any) -> None:
        if not question:
            return
        n = self.seats
        one_hot(obs["question"], KINDS.index(question["kind"]) if question["kind"] in KINDS else None)
        for s in question["seats"]:
            obs["asked"][relative(s, me, n)] = 1
        data = question["data"]
        for row, key in enumerate(SEAT_FIELDS):
            s = data.get(key)
            if isinstance(s, int) and not isinstance(s, bool) and 0 <= s < n:
                obs["q_seats"][row, relative(s, me, n)] = 1
        for row, key in enumerate(NUMBER_FIELDS):
            x = data.get(key)
            if isinstance(x, int) and not isinstance(x, bool):
                obs["q_numbers"][row] = x / 5
        for key in NAME_FIELDS:
            name = data.get(key)
            if isinstance(name, str) and name in self.names:
                obs["q_names"][self.names.index(name)] = 1
        skill = data.get("skill")
        if isinstance(skill, str) and skill in self.skills:
            obs["q_skill"][self.skills.index(skill)] = 1
        card = data.get("card")
        if isinstance(card, str) and card in self.tokens:
            obs["q_card"][self.tokens[card]] = 1
        if data.get("suit") in self.suits:
            obs["q_suit"][self.suits.index(data["suit"])] = 1
        side = data.get("side", data.get("deciding"))
        obs["q_side"][0] = 1 if side is not None and side == mine else 0


ENCODER = SanguoshaEncoder
