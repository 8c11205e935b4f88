"""The heuristic Sanguosha bot: plays like a sensible beginner.

It reads only ``state.view(seat)`` (its own hand, everyone's public areas, the sides) and the
decision, scores every listed option with simple rules and answers with the best one:

* draft and fielding by the general-strength table (``strength.yaml``); the commander is the
  sturdiest strong general (a 4-HP body and defensive skills weigh in); with the option
  ``explore=P`` each draft pick and fielding is uniformly random with probability P (a balance study
  over every general: ``--bots heuristic:explore=1`` drafts at random and plays like the others);
* attacks, tricks and harmful skills go to enemies only (sides from the view), preferring the
  weakest target and the enemy commander; it never targets a teammate with a harmful card;
* Dodge when attacked, Slash in Duels and against Barbarians, Peach for a dying ally or itself,
  Nullification of harmful tricks aimed at its side and of helpful ones aimed at the enemy;
* Peach when wounded, better equipment replaces worse, the least useful cards are discarded;
* optional skills are accepted when they help by default, with target/card choices per skill.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import yaml

from tablesport.core import Action, Bot, BotOption, Decision, State

from .. import cards as C
from ..skill import Skill, load_all
from ..skills._retrial import favours_judged
from .reading import EQUIP_VALUE, SLOTS, Ctx, ctx_value_of, name_of

STRENGTH_FILE = Path(__file__).with_name("strength.yaml")

HARMFUL_TRICKS = frozenset({"duel", "snatch", "dismantle", "collateral", "barbarian_invasion",
                            "arrow_barrage", "indulgence", "supply_shortage", "lightning"})
LORD_REQUESTS = frozenset({"jijiang", "hujia"})   # the lord's claim that another of his kingdom supplies it
HELPFUL_TRICKS = frozenset({"ex_nihilo", "peach_garden", "amazing_grace"})
NAME = C.NAME
BY_TOKEN = C.BY_TOKEN


@cache
def strength_table() -> dict[str, tuple[float, float]]:
    """general id → (strength, sturdiness) from ``strength.yaml``."""
    raw = yaml.safe_load(STRENGTH_FILE.read_text(encoding="utf-8"))
    return {gid: (float(v["strength"]), float(v.get("sturdy", 0))) for gid, v in raw["generals"].items()}


@cache
def mean_strength() -> float:
    """The expected strength of a general not seen yet (a face-down 1v1 candidate)."""
    table = strength_table()
    return sum(s for s, _ in table.values()) / len(table)


def strength(gid: str) -> float:
    return strength_table().get(gid, (5.0, 0.0))[0]


@cache
def commander_score(gid: str) -> float:
    from ..generals import generals

    s, sturdy = strength_table().get(gid, (5.0, 0.0))
    gen = generals().get(gid)
    hp = gen.hp if gen is not None else 3
    return s + sturdy + 2.0 * (hp - 3)


# skills that change the suit a card counts as for their owner's judgements: skill → {suit: counts as}
JUDGE_SUIT_AS = {"hongyan": {"spade": "heart"}}


def judged_suit(ctx: Ctx, seat: int, card: int) -> str:
    """The suit ``card`` would count as in ``seat``'s judgement (Rosy Face: spades are hearts)."""
    from ..generals import generals

    suit = C.SUIT[card]
    gen = generals().get(ctx.players[seat]["general"] or "")
    for sid in gen.skill_ids if gen is not None else ():
        suit = JUDGE_SUIT_AS.get(sid, {}).get(suit, suit)
    return suit


class HeuristicBot(Bot):
    """A rule-based beginner: see the module docstring."""

    name = "heuristic"
    OPTIONS = {"explore": BotOption(0, 1, "probability of a uniformly random draft pick and fielding")}

    def explores(self) -> bool:
        """A random draft pick or fielding this time (never draws from the generator at explore=0)."""
        p = float(self.options.get("explore", 0))
        return p > 0 and self.rng.random() < p

    def act(self, state: State, seat: int, decision: Decision) -> Action:
        opts = list(decision.options_for(seat) or ())
        if not opts:
            return state.random_action(seat, self.rng)
        if len(opts) == 1:
            return opts[0]
        ctx = Ctx(state.view(seat), seat)
        fn = getattr(self, "on_" + decision.kind, None)
        choice = fn(ctx, opts, dict(decision.data)) if fn is not None else None
        return choice if choice is not None else opts[0]

    def ranked(self, state: State, seat: int, decision: Decision) -> list[tuple[Action, float]]:
        """Every listed option with the bot's score for it, its own answer first, then by score.

        Kinds with a scoring rule (``score_<kind>``: play, invoke, respond, discard, choose_card,
        amazing_grace, draft) give each option its value; other kinds score the bot's answer 1 and the
        rest 0 in the listed order. The answer itself is always first (a rule such as "play the
        best option above 0, else end" can prefer an option whose score is not the highest), so
        ``ranked(...)[0][0] == act(...)``. Search bots take their candidates from the head.
        """
        opts = list(decision.options_for(seat) or ())
        if len(opts) <= 1:
            return [(o, 1.0) for o in opts] if opts else [(self.act(state, seat, decision), 1.0)]
        ctx = Ctx(state.view(seat), seat)
        data = dict(decision.data)
        fn = getattr(self, "on_" + decision.kind, None)
        choice = fn(ctx, opts, data) if fn is not None else None
        if choice is None:
            choice = opts[0]
        scorer = getattr(self, "score_" + decision.kind, None)
        scores = scorer(ctx, opts, data, choice) if scorer is not None else None
        if scores is None:
            scores = [1.0 if o == choice else 0.0 for o in opts]
        order = sorted(range(len(opts)), key=lambda i: (opts[i] != choice, -scores[i], i))
        return [(opts[i], scores[i]) for i in order]

    def score_play(self, ctx: Ctx, opts: list[Any], data: dict[str, Any], choice: Any) -> list[float]:
        return [0.0 if o == ("end",) else self.play_value(ctx, o) for o in opts]

    def score_invoke(self, ctx: Ctx, opts: list[Any], data: dict[str, Any],
                     choice: Any) -> list[float] | None:
        if "judged" in data and "reason" in data:
            return None                  # retrials: the answer or nothing
        plain = [o for o in opts if o[0] == "invoke" and len(o) == 2]
        if plain and len(opts) == 2:
            return None
        sid = data.get("skill", "")
        return [self.invoke_value(ctx, sid, o[2:]) if o[0] == "invoke" else 0.0 for o in opts]

    def score_respond(self, ctx: Ctx, opts: list[Any], data: dict[str, Any], choice: Any) -> list[float]:
        """The answer 1; the other way (pass, or the cheapest card when the answer is to pass) 0.5."""
        cards = [o for o in opts if o[0] != "pass"]
        other = ("pass",) if choice != ("pass",) else (self.cheapest(ctx, cards) if cards else None)
        return [1.0 if o == choice else 0.5 if o == other else 0.0 for o in opts]

    def score_discard(self, ctx: Ctx, opts: list[Any], data: dict[str, Any], choice: Any) -> list[float]:
        return [-ctx.keep(o[1]) for o in opts]

    def score_amazing_grace(self, ctx: Ctx, opts: list[Any], data: dict[str, Any],
                            choice: Any) -> list[float]:
        return [ctx_value_of(o[1]) for o in opts]

    # ------------------------------------------------------------------ draft and preparation
    def on_pick_identity(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        return opts[0]

    def on_pick_pile(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        return opts[0]

    def on_first_picker(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        return ("self",) if ("self",) in opts else opts[0]

    def on_choose_role(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        return ("renegade",) if ("renegade",) in opts else opts[0]   # the Renegade acts first

    def on_draft(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        if self.explores():
            return self.rng.choice(opts)
        values = self.score_draft(ctx, opts, data, None)
        return opts[max(range(len(opts)), key=values.__getitem__)]

    def score_draft(self, ctx: Ctx, opts: list[Any], data: dict[str, Any], choice: Any) -> list[float]:
        """Each pick's general by its strength (a face-down one at the mean), the sturdier first on a tie."""
        cands = data.get("candidates", [])
        unknown = mean_strength()

        def value(o: Any) -> float:
            gid = cands[o[1]] if o[1] < len(cands) else ""
            return unknown if gid == "hidden" else strength(gid) + 0.01 * commander_score(gid)

        return [value(o) for o in opts]

    def on_field(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        if self.explores():
            return self.rng.choice(opts)
        if ctx.view.get("mode", {}).get("kind") == "1v1":
            return max(opts, key=lambda o: 1.2 * strength(o[0]) + strength(o[1]) + 0.8 * strength(o[2]))
        return max(opts, key=lambda o: 1.5 * commander_score(o[0]) + strength(o[1]) + strength(o[2]))

    def on_first_actor(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        mine = (ctx.side,)
        return mine if mine in opts else opts[0]

    def on_choose_unit(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        vans = [o for o in opts if o[0] == "vanguards"]
        if not vans:
            return opts[0]
        return max(vans, key=lambda o: (ctx.players[o[1]]["hp"], ctx.players[o[1]]["hand_count"]))

    # ------------------------------------------------------------------ the play phase
    def on_play(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        best: Any = ("end",)
        best_v = 0.0
        for o in opts:
            v = self.play_value(ctx, o)
            if v > best_v:
                best, best_v = o, v
        return best

    def play_value(self, ctx: Ctx, o: Any) -> float:
        k = o[0]
        if k == "use":
            return self.use_value(ctx, name_of(o[1]), tuple(o[2]), (o[1],))
        if k == "use_as":
            if o[1] in LORD_REQUESTS and not any(
                    s != ctx.seat and ctx.ally(s) and p["alive"] and p["kingdom"] == ctx.me["kingdom"]
                    for s, p in enumerate(ctx.players)):
                return 0.0       # Rouse with only enemies of the kingdom to ask: they refuse
            subs = tuple(o[2])
            return self.use_value(ctx, o[3], tuple(o[4]), subs) - 4.0 * sum(ctx.keep(t) for t in subs)
        if k == "skill":
            return self.skill_value(ctx, o[1], o[2])
        return 0.0

    def color(self, subs: tuple[str, ...]) -> str:
        cols = {C.COLOR[BY_TOKEN[t]] for t in subs}
        return cols.pop() if len(cols) == 1 else "none"

    def slash_value(self, ctx: Ctx, t: int, subs: tuple[str, ...]) -> float:
        if not ctx.enemy(t):
            return -1000.0
        p = ctx.players[t]
        v = 40.0 + ctx.priority(t)
        qinggang = ctx.equip_name(ctx.seat, "weapon") == "qinggang_sword"
        armor = None if qinggang else ctx.equip_name(t, "armor")
        if armor == "renwang_shield" and self.color(subs) == "black":
            return -100.0
        if armor == "eight_diagrams":
            v -= 8
        if p["hand_count"] == 0 and armor != "eight_diagrams":
            v += 10
        return v

    def use_value(self, ctx: Ctx, name: str, targets: tuple[Any, ...], subs: tuple[str, ...]) -> float:
        me = ctx.me
        if name == "ex_nihilo":
            return 90.0
        if name == "peach":
            return 70.0 if me["hp"] < me["max_hp"] else -1.0
        if name in EQUIP_VALUE:
            slot = SLOTS[C.SLOT_OF[BY_TOKEN[subs[0]]]] if len(subs) == 1 else None
            if slot is None:
                return -1.0
            cur = ctx.equip_name(ctx.seat, slot)
            new = EQUIP_VALUE[name]
            if name == "zhuge_crossbow" and ctx.count("slash") >= 2:
                new += 3
            if cur is None:
                return 55.0 + new
            return 50.0 + new - EQUIP_VALUE.get(cur, 0) if new > EQUIP_VALUE.get(cur, 0) else -1.0
        if name == "slash":
            return sum(self.slash_value(ctx, t, subs) for t in targets) - 10.0 * (len(targets) - 1)
        if name == "duel":
            t = targets[0]
            if not ctx.enemy(t):
                return -1000.0
            return 22.0 + ctx.priority(t) + 5.0 * ctx.count("slash")
        if name in ("snatch", "dismantle"):
            t = targets[0]
            p = ctx.players[t]
            bad = [j for j in p["judgement"] if j["as"] in ("indulgence", "supply_shortage")]
            if ctx.ally(t):
                return 50.0 if bad else -1000.0
            eq = [x for x in p["equipment"].values() if x]
            if p["hand_count"] == 0 and not eq:
                return -1.0
            v = 42.0 + (3.0 if name == "snatch" else 0.0) + 2.0 * len(eq)
            if p["equipment"].get("armor") or p["equipment"].get("defensive_horse"):
                v += 4
            return v
        if name == "collateral":
            h, victim = targets[0], targets[1]
            if ctx.ally(h) or ctx.ally(victim):
                return -1000.0
            return 30.0
        if name in ("indulgence", "supply_shortage"):
            t = targets[0]
            if not ctx.enemy(t):
                return -1000.0
            base = 55.0 if name == "indulgence" else 45.0
            return float(base + 0.5 * ctx.priority(t) + ctx.players[t]["hand_count"])
        if name == "lightning":
            return -1.0
        if name in ("barbarian_invasion", "arrow_barrage"):
            total = 0.0
            for s, p in enumerate(ctx.players):
                if s == ctx.seat or not p["alive"]:
                    continue
                if ctx.enemy(s):
                    total += 12.0 + 0.5 * ctx.priority(s)
                else:
                    total -= 12.0 + (10.0 if p["hp"] <= 1 else 0.0)
            return 20.0 + total if total > 0 else -1.0
        if name == "peach_garden":
            total = 0.0
            for s, p in enumerate(ctx.players):
                if p["alive"] and p["hp"] < p["max_hp"]:
                    total += 15.0 if ctx.ally(s) else -15.0
            return total if total > 0 else -1.0
        if name == "amazing_grace":
            return 10.0
        return -1.0

    def skill_value(self, ctx: Ctx, sid: str, payload: Any) -> float:
        """An active skill's use: its own hook (:meth:`Skill.ai_play_value`), -1 for an unknown one."""
        skill = _skill(sid)
        return skill.ai_play_value(ctx, payload) if skill is not None else -1.0

    # ------------------------------------------------------------------ answers
    def on_respond(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        need = data.get("need")
        cards = [o for o in opts if o[0] != "pass"]
        if not cards:
            return ("pass",)
        if need == "peach":
            dying = data.get("dying", ctx.seat)
            return self.cheapest(ctx, cards) if ctx.ally(dying) else ("pass",)
        if need == "nullification":
            return self.cheapest(ctx, cards) if self.should_nullify(ctx, data) else ("pass",)
        behalf = data.get("behalf", -1)
        if isinstance(behalf, int) and 0 <= behalf < len(ctx.players) and ctx.enemy(behalf):
            return ("pass",)     # an enemy lord's Rouse/Escort: never supply his card
        about = data.get("about", -1)
        if need == "slash" and isinstance(about, int) and 0 <= about < len(ctx.players) and ctx.ally(about) \
                and about != ctx.seat:
            return ("pass",)
        count = int(data.get("count", 1))
        if ("armor",) in cards:
            return ("armor",)
        if count > len(cards):
            return ("pass",)     # not enough answers: keep the cards
        return self.cheapest(ctx, cards)

    def cheapest(self, ctx: Ctx, cards: list[Any]) -> Any:
        def cost(o: Any) -> float:
            if o[0] == "card":
                return 0.0
            if o[0] == "as":
                return 1.0 + sum(ctx.keep(t) for t in o[2])
            return 100.0
        return min(cards, key=cost)

    def should_nullify(self, ctx: Ctx, data: dict[str, Any]) -> bool:
        trick, target, user = data.get("trick"), data.get("target", -1), data.get("user", -1)
        if not isinstance(target, int) or not 0 <= target < len(ctx.players):
            return False
        if trick == "nullification":
            return isinstance(user, int) and 0 <= user < len(ctx.players) and ctx.enemy(user)
        if trick in HELPFUL_TRICKS:
            return trick == "ex_nihilo" and ctx.enemy(target)
        if trick not in HARMFUL_TRICKS or ctx.enemy(target):
            return False
        if trick in ("barbarian_invasion", "arrow_barrage"):
            if target == ctx.seat:
                need = "slash" if trick == "barbarian_invasion" else "dodge"
                return bool(ctx.count(need) == 0 and ctx.me["hp"] <= 2)
            return bool(ctx.players[target]["hp"] <= 1)
        return bool(trick != "collateral")   # a Collateral's holder may still refuse; Lightning may pass on

    def on_invoke(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        sid = data.get("skill", "")
        if "judged" in data and "reason" in data:
            return self.retrial(ctx, opts, data)
        plain = [o for o in opts if o[0] == "invoke" and len(o) == 2]
        if plain and len(opts) == 2:
            return plain[0] if self.accept(ctx, sid) else ("decline",)
        choices = [o for o in opts if o[0] == "invoke"]
        best: Any = ("decline",)
        best_v = 0.0
        for o in choices:
            v = self.invoke_value(ctx, sid, o[2:])
            if v > best_v:
                best, best_v = o, v
        return best

    def retrial(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        """改判: make the judgement good for its own side and bad for the enemy when a card it may
        play achieves that (the cheapest such card; a Peach only against Lightning/Lightning Strike
        on its own side); otherwise decline."""
        judged, reason = data["judged"], data["reason"]
        want = ctx.ally(judged)
        now = favours_judged(reason, data.get("suit", ""), C.RANK[BY_TOKEN[data["card"]]])
        if now is None or now == want:
            return ("decline",)
        protect = want and reason in ("lightning", "leiji")
        fixes = []
        for o in opts:
            if o[0] != "invoke" or len(o) < 3 or o[2] not in BY_TOKEN:
                continue
            c = BY_TOKEN[o[2]]
            if NAME[c] == "peach" and not protect:
                continue
            if favours_judged(reason, judged_suit(ctx, judged, c), C.RANK[c]) == want:
                fixes.append(o)
        return min(fixes, key=lambda o: ctx.keep(o[2])) if fixes else ("decline",)

    def accept(self, ctx: Ctx, sid: str) -> bool:
        """Invoke an optional trigger? Its own hook (:meth:`Skill.ai_accept`); yes for an unknown one."""
        skill = _skill(sid)
        return skill.ai_accept(ctx) if skill is not None else True

    def invoke_value(self, ctx: Ctx, sid: str, args: tuple[Any, ...]) -> float:
        """An invocation with arguments: its own hook (:meth:`Skill.ai_invoke_value`); retrials and
        unknown sub-choices -1 (keep out of it)."""
        skill = _skill(sid)
        return skill.ai_invoke_value(ctx, args) if skill is not None else -1.0

    def on_choose(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        skill = _skill(data.get("skill", ""))
        choice = skill.ai_choose(ctx, opts) if skill is not None else None
        if choice is not None:
            return choice
        disc = [o for o in opts
                if o[0] == "discard" and len(o) == 2 and isinstance(o[1], str) and o[1] in BY_TOKEN]
        if disc and len(disc) == len(opts):
            return min(disc, key=lambda o: ctx.keep(o[1]))
        return opts[0]

    def on_discard(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        return min(opts, key=lambda o: ctx.keep(o[1]))

    def on_choose_card(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        owner = data.get("owner", -1)
        if not isinstance(owner, int) or not 0 <= owner < len(ctx.players):
            return opts[0]
        p = ctx.players[owner]
        judged = {j["card"]: j["as"] for j in p["judgement"]}
        equip = {t: slot for slot, t in p["equipment"].items() if t}
        order = {"armor": 5.0, "defensive_horse": 4.0, "weapon": 3.0, "offensive_horse": 2.0}

        def value(o: Any) -> float:
            if o[0] == "hand":
                return 2.5 if ctx.enemy(owner) else 1.0
            t = o[1]
            if t in judged:
                bad = judged[t] in ("indulgence", "supply_shortage")
                if ctx.enemy(owner):
                    return -5.0 if bad else 0.5
                return 10.0 if bad else 0.0
            slot = equip.get(t, "")
            return order.get(slot, 1.0) if ctx.enemy(owner) else -order.get(slot, 1.0)
        return max(opts, key=value)

    def on_amazing_grace(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        return max(opts, key=lambda o: ctx_value_of(o[1]))

    def on_forfeit_peach(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        return next((o for o in opts if o[0] == "card"), opts[0])


def _skill(sid: str) -> Skill | None:
    """The skill (or equipment effect) ``sid``, whose ``ai_*`` hooks the bot asks."""
    return load_all().get(sid)
