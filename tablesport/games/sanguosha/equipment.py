"""Weapon and armor effects as skills of the equipment's owner (reference §2.7).

Horses change distance in :meth:`SgsState.distance`; Qinggang Sword and Renwang Shield are checked by
the Slash resolution (``slash_hit``); Eight Diagrams is offered by every Dodge request.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablesport.compiled_build import python_class

from . import cards as C
from .card_rules import has_any_card
from .card_use import push_use
from .families import Ctx, OnSlash, TriggerSkill
from .skill import Skill, register
from .state import Frame, SgsState
from .timing import CARDS_DISCARDED, DAMAGE_INFLICT, SLASH_DODGED, DamageCtx, SlashCtx

if TYPE_CHECKING:
    from .bots.reading import Ctx as BotView

TOKEN, NAME = C.TOKEN, C.NAME


@python_class
class Weapon(Skill):
    kind = "weapon"


@python_class
class WeaponTrigger(TriggerSkill[Ctx], Weapon):
    """A weapon whose effect is a trigger of its owner's (an equipment skill: asked after the general
    skills at one timing)."""


@register
class ZhugeCrossbow(Weapon):
    """诸葛连弩: any number of Slashes in your play phase."""
    id = "zhuge_crossbow"

    def extra_slashes(self, g: SgsState, seat: int) -> int:
        return 1000


@register
class QinggangSword(Weapon):
    """青釭剑 (compulsory): your Slashes ignore the target's armor (checked in ``slash_hit``)."""
    id = "qinggang_sword"
    compulsory = True


@register
class SkyHalberd(Weapon):
    """方天画戟: a Slash that is your last hand card(s) may have up to two more targets."""
    id = "sky_halberd"

    def extra_targets(self, g: SgsState, seat: int, name: str, subcards: tuple[int, ...]) -> int:
        hand = g.players[seat].hand
        if name == "slash" and hand and subcards and set(hand) <= set(subcards):
            return 2
        return 0


@register
class SerpentSpear(Weapon):
    """丈八蛇矛: use or play any two hand cards as a Slash."""
    id = "serpent_spear"

    def view_as(self, g: SgsState, seat: int, need: str | None,
                context: str) -> list[tuple[tuple[int, ...], str]]:
        if need not in (None, "slash") or context == "dying":
            return []
        hand = g.players[seat].hand
        return [((a, b), "slash") for i, a in enumerate(hand) for b in hand[i + 1:]]


@register
class DoubleSwords(OnSlash, Weapon):
    """雌雄双股剑: after your Slash targets a character of the other gender, they discard a hand card
    or let you draw one."""
    id = "double_swords"

    def when(self, g: SgsState, seat: int, ctx: SlashCtx) -> bool:
        a, b = g.players[seat].gender, g.players[ctx["target"]].gender
        return bool(a and b and a != b)

    def act(self, g: SgsState, seat: int, ctx: SlashCtx, ci: int) -> None:
        g.push_skill(self.id, "ask", seat, {"target": ctx["target"]})

    def step_ask(self, g: SgsState, f: Frame) -> None:
        t = f.d["target"]
        hand = g.players[t].hand
        if not hand:
            g.pop()
            g.draw(f.d["seat"], 1)
            return
        f.step = "got"
        opts = tuple(("discard", TOKEN[c]) for c in hand) + (("let_draw",),)
        g.request(t, "choose", opts, prompt="Double Swords: discard a hand card or let the user draw one",
                  time_limit=g.config("response_seconds"), data={"skill": self.id})

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        g.pop()
        if a[0] == "discard":
            g.discard([C.card_id(a[1])], f.d["target"], "double_swords")
            # own discard (明哲)
            g.fire(CARDS_DISCARDED, seat=f.d["target"], cards=(C.card_id(a[1]),))
        else:
            g.draw(f.d["seat"], 1)

    def ai_choose(self, view: BotView, opts: list[Any]) -> Any:
        disc = [o for o in opts if o[0] == "discard"]
        if disc and len(view.hand) >= 3:
            return view.least_kept(disc)
        return ("let_draw",) if ("let_draw",) in opts else opts[0]


@register
class IceSword(WeaponTrigger[DamageCtx]):
    """寒冰剑: when your Slash would damage its target, you may prevent it and discard two of the
    target's cards instead."""
    id = "ice_sword"
    owner = "source"
    timings = frozenset({DAMAGE_INFLICT})

    def when(self, g: SgsState, seat: int, ctx: DamageCtx) -> bool:
        return ctx["via"] == "slash" and not ctx.get("cancel") and has_any_card(g, ctx["target"], judge=False)

    def act(self, g: SgsState, seat: int, ctx: DamageCtx, ci: int) -> None:
        ctx["cancel"] = True
        t = ctx["target"]
        g.emit("prevented", {"seat": t, "why": self.id})
        for _ in range(2):
            g.push("choose_card", "ask", {"chooser": seat, "owner": t, "areas": "he", "act": "discard",
                                          "why": self.id})

    def ai_accept(self, view: BotView) -> bool:
        return False    # does not help by default


@register
class GreenDragonBlade(OnSlash, Weapon):
    """青龙偃月刀: when your Slash is dodged you may use another Slash on the same target (no distance
    limit, not counted against the limit), again and again."""
    id = "green_dragon_blade"
    timings = frozenset({SLASH_DODGED})
    ask = False   # the question is the Slash request itself (pass = decline)

    def when(self, g: SgsState, seat: int, ctx: SlashCtx) -> bool:
        return g.players[ctx["target"]].alive

    def act(self, g: SgsState, seat: int, ctx: SlashCtx, ci: int) -> None:
        g.push_skill(self.id, "got", seat, {"target": ctx["target"]})
        g.push("ask_card", "ask", {"seat": seat, "need": "slash", "count": 1, "ret": len(g.stack) - 1,
                                   "key": "ok", "mode": "use", "armor": False, "about": ctx["target"]})

    def step_got(self, g: SgsState, f: Frame) -> None:
        g.pop()
        if f.d.get("ok") and g.players[f.d["target"]].alive:
            name, subs, via = f.d["ok_card"]
            g.emit("skill", {"seat": f.d["seat"], "skill": self.id})
            push_use(g, f.d["seat"], name, subs, (f.d["target"],), via=via, counted=False)


@register
class StoneAxe(OnSlash, Weapon):
    """贯石斧: when your Slash is dodged you may discard two cards (not the Axe) to hit anyway."""
    id = "stone_axe"
    timings = frozenset({SLASH_DODGED})

    def _cards(self, g: SgsState, seat: int) -> list[int]:
        p = g.players[seat]
        return p.hand + [c for c in p.equip if c >= 0 and NAME[c] != "stone_axe"]

    def when(self, g: SgsState, seat: int, ctx: SlashCtx) -> bool:
        return len(self._cards(g, seat)) >= 2

    def act(self, g: SgsState, seat: int, ctx: SlashCtx, ci: int) -> None:
        g.push_skill(self.id, "pick", seat, {"ci": ci, "chosen": []})

    def step_pick(self, g: SgsState, f: Frame) -> None:
        seat = f.d["seat"]
        chosen = f.d["chosen"]
        if len(chosen) == 2:
            g.pop()
            g.discard(chosen, seat, self.id)
            g.stack[f.d["ci"]].d["force_hit"] = True
            g.fire(CARDS_DISCARDED, seat=seat, cards=tuple(chosen))          # own discard (明哲)
            return
        f.step = "got"
        opts = tuple(("discard", TOKEN[c]) for c in self._cards(g, seat) if c not in chosen)
        g.request(seat, "choose", opts, prompt=f"Stone-Cleaving Axe: discard card {len(chosen) + 1} of 2",
                  time_limit=g.config("declare_seconds"), timeout=opts[0], data={"skill": self.id})

    def step_got(self, g: SgsState, f: Frame) -> None:
        f.d["chosen"].append(C.card_id(f.d.pop("answer")[1]))
        f.step = "pick"

    def ai_accept(self, view: BotView) -> bool:
        return len(view.hand) >= 3


@register
class KirinBow(WeaponTrigger[DamageCtx]):
    """麒麟弓: when your Slash damages its target you may discard one of the target's horses."""
    id = "kirin_bow"
    owner = "source"
    timings = frozenset({DAMAGE_INFLICT})

    def when(self, g: SgsState, seat: int, ctx: DamageCtx) -> bool:
        eq = g.players[ctx["target"]].equip
        return ctx["via"] == "slash" and not ctx.get("cancel") and (eq[2] >= 0 or eq[3] >= 0)

    def act(self, g: SgsState, seat: int, ctx: DamageCtx, ci: int) -> None:
        t = ctx["target"]
        eq = g.players[t].equip
        horses = [c for c in (eq[2], eq[3]) if c >= 0]
        if len(horses) == 1:
            g.discard(horses, t, self.id)
            return
        g.push_skill(self.id, "got", seat, {"target": t})
        g.request(seat, "choose", tuple(("discard", TOKEN[c]) for c in horses),
                  prompt="Kirin Bow: discard a horse", time_limit=g.config("declare_seconds"),
                  data={"skill": self.id})

    def step_got(self, g: SgsState, f: Frame) -> None:
        g.pop()
        g.discard([C.card_id(f.d.pop("answer")[1])], f.d["target"], self.id)


@register
class EightDiagrams(Skill):
    """八卦阵: when you need a Dodge you may judge; red counts as a Dodge (offered by every Dodge
    request as the ``("armor",)`` answer)."""
    id = "eight_diagrams"
    kind = "armor"


@register
class RenwangShield(Skill):
    """仁王盾 (compulsory): black Slashes have no effect on you (checked in ``slash_hit``)."""
    id = "renwang_shield"
    kind = "armor"
    compulsory = True
