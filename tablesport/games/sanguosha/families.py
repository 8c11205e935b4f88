"""Skill families: the shapes many skills share, written once, so that a skill module holds only what is
its own (the models: FreeKill's default ``triggerable``, QSanguosha's ``TriggerSkill``/``DrawCardsSkill``/
``PhaseChangeSkill``/``MasochismSkill`` families).

* :class:`TriggerSkill` — the default trigger: it listens to its ``timings``, triggers when the
  context's ``owner`` field (``seat``, ``target``, ``user``, ``source``; ``None``: anyone's) names the
  skill's owner and :meth:`~TriggerSkill.when` holds, and :meth:`~TriggerSkill.act` carries it out
  (by default: draw ``draw`` cards). Optional unless ``compulsory``: the engine first asks "invoke?".
* :class:`OnPhase` — at a timing of the owner's own turn (a phase's body or its start).
* :class:`OnOwnCard` — when the owner uses, plays or discards cards (the owner field by timing).
* :class:`OnDamaged` — after the owner took damage (``damage_done``, the owner its target).
* :class:`DrawPhase` — in the owner's draw phase, before the draw: ``extra`` more (or fewer) cards.
* :class:`OnSlash` — when a Slash the owner used targets someone (or is dodged).
* :class:`Offered` — an optional choice: the owner is offered :meth:`~Offered.options` and "decline"
  (the seeds' 5-second declaration, silence = decline); declined, nothing happens; used, the skill is
  announced (a ``skill`` event with :meth:`~Offered.told`) and :meth:`~Offered.use` carries it out.
* :class:`DrawInstead` — offered in the draw phase: draw fewer (for an effect later in the turn), or
  instead of drawing do something else.
* :class:`CardAs` — 转化: one card of a kind used or played as another card.

A family's typed hooks receive the timing's context as its TypedDict (timing.py); ``ci`` is the stack
index of the firing frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

from tablesport.compiled_build import python_class

from .skill import Option, Skill, decline_time
from .timing import (
    CARD_OWNER,
    CARD_PLAYED,
    CARD_USED,
    DAMAGE_DONE,
    DRAW_PHASE,
    SLASH_TARGETED,
    DamageCtx,
    DrawCtx,
    PhaseCtx,
    SlashCtx,
    Timing,
)

if TYPE_CHECKING:
    from .state import Frame, SgsState

Ctx = TypeVar("Ctx")


@python_class
class TriggerSkill(Skill, Generic[Ctx]):
    """The default trigger. Subclasses set ``timings`` and, as needed, ``owner``, ``draw``, and
    override :meth:`when` and :meth:`act`."""

    owner: ClassVar[str | None] = "seat"    # the context field that must be the owner (None: any)
    draw: ClassVar[int] = 0                 # the default effect: draw this many cards

    # ``ctx`` is the firing frame's data; the hooks take it as the timing's TypedDict (``Ctx``)
    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: Any) -> bool:
        key = self.owner
        if key is not None and ctx[key] != seat:
            return False
        return self.when(g, seat, ctx)

    def on_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: Any, ci: int) -> None:
        self.act(g, seat, ctx, ci)

    def when(self, g: SgsState, seat: int, ctx: Ctx) -> bool:
        """Does the skill apply (besides the owner check)?"""
        return True

    def act(self, g: SgsState, seat: int, ctx: Ctx, ci: int) -> None:
        """The effect (after "invoke?" for an optional skill)."""
        g.draw(seat, self.draw)


@python_class
class OnPhase(TriggerSkill[PhaseCtx]):
    """At a timing of the owner's own turn (``start_phase``, ``finish_phase``, ``before_<phase>``)."""


@python_class
class OnOwnCard(TriggerSkill[dict[str, Any]]):
    """When the owner uses (``card_used``: its ``user``), plays (``card_played``, ``skill_played``:
    its ``seat``) or discards (``cards_discarded``) cards."""

    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: Any) -> bool:
        key = CARD_OWNER.get(timing, self.owner)
        if key is not None and ctx[key] != seat:
            return False
        return self.when(g, seat, ctx)

    @staticmethod
    def card_of(timing: Timing, ctx: dict[str, Any]) -> tuple[str, tuple[int, ...], str | None]:
        """(card name, physical cards, skill it went through) of a use or a play; ("", cards, None)
        for cards played or discarded for a skill."""
        if timing == CARD_USED:
            return ctx["name"], ctx["subs"], ctx["via"]
        if timing == CARD_PLAYED:
            name, cards, via = ctx["played"]
            return name, cards, via
        return "", ctx["cards"], None


@python_class
class OnDamaged(TriggerSkill[DamageCtx]):
    """After the owner took damage (``damage_done``, the owner its target)."""

    owner = "target"
    timings = frozenset({DAMAGE_DONE})

    @staticmethod
    def living_source(g: SgsState, seat: int, ctx: DamageCtx) -> int | None:
        """The damage's source if it is another living character (Feedback, Unyielding need one)."""
        src = ctx["source"]
        return src if src >= 0 and src != seat and g.players[src].alive else None


@python_class
class DrawPhase(TriggerSkill[DrawCtx]):
    """In the owner's draw phase, before the draw (while it still draws): ``extra`` cards more."""

    timings = frozenset({DRAW_PHASE})
    extra: ClassVar[int] = 0

    def when(self, g: SgsState, seat: int, ctx: DrawCtx) -> bool:
        return ctx["n"] > 0

    def act(self, g: SgsState, seat: int, ctx: DrawCtx, ci: int) -> None:
        ctx["n"] += self.extra

    @staticmethod
    def draw_of(g: SgsState, f: Frame) -> DrawCtx:
        """The draw phase's context, from the frame of a skill offered in it (its ``ci``)."""
        return cast(DrawCtx, g.stack[f.d["ci"]].d)


@python_class
class OnSlash(TriggerSkill[SlashCtx]):
    """When a Slash the owner used targets someone (``slash_targeted``; or ``slash_dodged``)."""

    owner = "user"
    timings = frozenset({SLASH_TARGETED})


@python_class
class Offered(TriggerSkill[Ctx]):
    """An optional choice among :meth:`options` (each ``("invoke", id, ...)``) or "decline"; the
    offer is the only question (``ask = False``). Used: a ``skill`` event (with :meth:`told`), then
    :meth:`use` with the skill frame still on top when ``continues`` (it goes on at further steps and
    pops itself), else after it was popped."""

    ask = False
    continues: ClassVar[bool] = False

    def options(self, g: SgsState, seat: int, ctx: Ctx) -> list[Option]:
        return [("invoke", self.id)]

    def prompt(self, g: SgsState, seat: int, ctx: Ctx) -> str:
        return f"Invoke {self.id}?"

    def info(self, g: SgsState, seat: int, ctx: Ctx) -> dict[str, Any]:
        """Public facts for the decision's data (besides ``skill``)."""
        return {}

    def keep(self, g: SgsState, seat: int, ctx: Ctx) -> dict[str, Any]:
        """Data the skill frame keeps for :meth:`use` (besides ``seat`` and ``ci``)."""
        return {}

    def told(self, answer: Option) -> dict[str, Any]:
        """What the ``skill`` event says about a used answer (its targets, the option taken)."""
        return {}

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        raise NotImplementedError

    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: Any) -> bool:
        return super().can_trigger(g, seat, timing, ctx) and bool(self.options(g, seat, ctx))

    def act(self, g: SgsState, seat: int, ctx: Ctx, ci: int) -> None:
        self.offer(g, seat, self.options(g, seat, ctx), self.prompt(g, seat, ctx),
                   info=self.info(g, seat, ctx), ci=ci, **self.keep(g, seat, ctx))

    def offer(self, g: SgsState, seat: int, options: list[Option], prompt: str, *,
              info: dict[str, Any] | None = None, **d: Any) -> None:
        """Push this skill's frame (``seat`` and ``d``) and offer ``options`` or decline."""
        f = g.push_skill(self.id, "got", seat, d)
        self.offer_again(g, f, options, prompt, info)

    def offer_again(self, g: SgsState, f: Frame, options: list[Option], prompt: str,
                    info: dict[str, Any] | None = None) -> None:
        """Offer ``options`` or decline from the skill frame ``f`` (on top); the answer comes to ``use``."""
        f.step = "got"
        g.request(f.d["seat"], "invoke", tuple(options) + (("decline",),), prompt=prompt,
                  time_limit=decline_time(g), timeout=("decline",), data={"skill": self.id, **(info or {})})

    def step_got(self, g: SgsState, f: Frame) -> None:
        a = f.d.pop("answer")
        if a[0] != "invoke":
            g.pop()
            return
        if not self.continues:
            g.pop()
        g.emit("skill", {"seat": f.d["seat"], "skill": self.id, **self.told(a)})
        self.use(g, f, a)


@python_class
class DrawInstead(Offered[DrawCtx], DrawPhase):
    """Offered in the owner's draw phase: used, the draw changes by ``extra`` (``replace``: nothing is
    drawn), then :meth:`instead` does the skill's own part. By default that marks the turn
    (``g.turn[id] = owner``) for an effect ``later`` in the turn: at that timing, :meth:`later_when`
    and :meth:`later_act` (compulsory once marked)."""

    replace: ClassVar[bool] = False
    later: ClassVar[Timing | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.later is not None:
            cls.timings = frozenset({DRAW_PHASE, cls.later})

    def use(self, g: SgsState, f: Frame, answer: Option) -> None:
        draw = self.draw_of(g, f)
        draw["n"] = 0 if self.replace else draw["n"] + self.extra
        self.instead(g, f, answer)

    def instead(self, g: SgsState, f: Frame, answer: Option) -> None:
        g.turn[self.id] = f.d["seat"]

    def later_when(self, g: SgsState, seat: int, ctx: dict[str, Any]) -> bool:
        return True

    def later_act(self, g: SgsState, seat: int, ctx: dict[str, Any]) -> None:
        raise NotImplementedError

    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> bool:
        if timing == self.later:
            return g.turn.get(self.id) == seat and self.later_when(g, seat, ctx)
        return super().can_trigger(g, seat, timing, ctx)

    def on_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any], ci: int) -> None:
        if timing == self.later:
            self.later_act(g, seat, ctx)
            return
        super().on_trigger(g, seat, timing, ctx, ci)


@python_class
class CardAs(Skill):
    """转化 of one card: a card of the owner's (hand and equipment, or ``hand_only``) that :meth:`fits`
    (by default: of ``color`` and/or ``suit`` as it counts for the owner) may be used or played as
    ``as_name`` — in answer to a request for that card (``answers``) and on the owner's own initiative
    in the play phase (``in_play``), while :meth:`allowed`."""

    as_name: ClassVar[str] = ""
    color: ClassVar[str | None] = None
    suit: ClassVar[str | None] = None
    hand_only: ClassVar[bool] = False
    in_play: ClassVar[bool] = True
    answers: ClassVar[bool] = True

    def fits(self, g: SgsState, seat: int, card: int) -> bool:
        return (self.color is None or g.color_of(card, seat) == self.color) and \
            (self.suit is None or g.suit_of(card, seat) == self.suit)

    def allowed(self, g: SgsState, seat: int) -> bool:
        return True

    def view_as(self, g: SgsState, seat: int, need: str | None,
                context: str) -> list[tuple[tuple[int, ...], str]]:
        if need is None:
            if not (self.in_play and context == "play"):
                return []
        elif not (self.answers and need == self.as_name):
            return []
        if not self.allowed(g, seat):
            return []
        p = g.players[seat]
        cards = p.hand if self.hand_only else p.cards()
        name = self.as_name
        if type(self).fits is CardAs.fits and (self.suit is None) != (self.color is None):
            if self.suit is not None:       # the default test inline: view_as is asked at every decision
                return [((c,), name) for c in cards if g.suit_of(c, seat) == self.suit]
            return [((c,), name) for c in cards if g.color_of(c, seat) == self.color]
        return [((c,), name) for c in cards if self.fits(g, seat, c)]
