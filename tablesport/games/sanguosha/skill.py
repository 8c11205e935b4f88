"""The skill framework: what a skill is, how it hooks into the engine, and the registry.

A skill is a stateless object (one instance per skill id) whose methods the engine calls. All game
state lives in the :class:`~tablesport.games.sanguosha.state.SgsState`; a skill that needs several steps
(ask a question, wait, act on the answer) pushes a frame onto the state's explicit stack and is
called back at that frame's ``step``. Nothing is held in closures or generators, so any position
clones and resumes. See docs/sanguosha-engine.md for the full guide.

Hook families (all optional; the defaults do nothing):

* **Triggers** — ``timings`` lists the named timing points the skill listens to. When the engine
  fires a timing, every living seat's listening skills are queued counter-clockwise from the
  current actor, and within one seat by priority (compulsory 0 < general 1 < equipment 2).
  ``can_trigger`` is checked when the skill's turn comes; a compulsory skill (or one with
  ``ask=False``) runs ``on_trigger`` at once, an optional one is first offered to its owner as an
  ``invoke`` decision (the preset's declaration time limit, "decline" on timeout).
* **View-as (转化)** — ``view_as(g, seat, need, context)`` lists ``(subcards, name)`` pairs: the
  physical cards that may be used or played as a card called ``name``.
* **Active skills** — ``active_options(g, seat)`` lists payloads for a play-phase
  ``("skill", id, payload)`` action; ``on_active`` starts the effect.
* **Granted actions** — ``granted_options(g, seat, actor)`` lists payloads for a play-phase
  ``("grant", id, seat, payload)`` action that the skill of ``seat`` offers another character
  ``actor`` (黄天: a Qun character gives the lord a Dodge or Lightning); ``on_granted`` carries it out.
* **Modifiers** — plain functions the engine asks while computing rules: distance, slash limit,
  extra targets, who may be targeted, the suit of a judgement card, the hand limit, draw counts.
* **Steps** — ``step_<name>(g, f)`` is called for a frame pushed with :meth:`SgsState.push_skill`.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from typing import TYPE_CHECKING, Any, ClassVar

from tablesport.compiled_build import python_class

from .timing import Timing

if TYPE_CHECKING:
    from .bots.reading import Ctx
    from .state import Frame, SgsState

PRIO_COMPULSORY, PRIO_GENERAL, PRIO_EQUIPMENT = 0, 1, 2

Option = tuple[Any, ...]


def decline_time(g: SgsState) -> float:
    """The seeds' declaration window for a skill's question (5 s; silence = decline or the default)."""
    return float(g.config("declare_seconds", 5))


@python_class
class Skill:
    """Base class of every skill (general skills and equipment effects alike)."""

    id: ClassVar[str] = ""
    kind: ClassVar[str] = "general"          # general | weapon | armor | horse
    compulsory: ClassVar[bool] = False       # 锁定技: never asked, always applies
    lord: ClassVar[bool] = False             # 主公技: inert unless the preset allows lord skills
    ask: ClassVar[bool] = True               # optional triggers ask "invoke?" before on_trigger
    timings: ClassVar[frozenset[Timing]] = frozenset()
    limit_phase: ClassVar[int] = 0           # >0: at most this many uses per play phase (active skills)
    limit_turn: ClassVar[int] = 0            # >0: at most this many uses per turn

    @property
    def priority(self) -> int:
        if self.compulsory:
            return PRIO_COMPULSORY
        return PRIO_GENERAL if self.kind == "general" else PRIO_EQUIPMENT

    # -- triggers ----------------------------------------------------------------------------
    def can_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> bool:
        """May this skill of ``seat`` act at ``timing``? ``ctx`` is the firing frame's data."""
        return False

    def on_trigger(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any], ci: int) -> None:
        """Act. ``ci`` is the stack index of the firing frame (store it in frames you push)."""

    def invoke_prompt(self, g: SgsState, seat: int, timing: Timing, ctx: dict[str, Any]) -> str:
        return f"Invoke {self.id}?"

    # -- view-as (转化) ----------------------------------------------------------------------
    def view_as(self, g: SgsState, seat: int, need: str | None,
                context: str) -> list[tuple[tuple[int, ...], str]]:
        """``(subcards, card name)`` pairs. ``need`` is the card asked for (None in the play phase);
        ``context`` is ``play`` (own play phase, use), ``respond`` (play in answer to a request),
        ``use`` (use in answer to a request: Collateral, Blade) or ``dying`` (a Peach for someone dying)."""
        return []

    # -- active (play-phase) skills ----------------------------------------------------------
    def active_options(self, g: SgsState, seat: int) -> list[Any]:
        return []

    def on_active(self, g: SgsState, seat: int, payload: Any) -> None:
        """Start the effect of ``("skill", id, payload)``; push frames as needed."""

    # -- granted actions (another character's play phase) ------------------------------------
    def granted_options(self, g: SgsState, seat: int, actor: int) -> list[Any]:
        """Payloads of ``("grant", id, seat, payload)`` that this skill of ``seat`` offers ``actor``
        in ``actor``'s play phase."""
        return []

    def on_granted(self, g: SgsState, seat: int, actor: int, payload: Any) -> None:
        """Carry out ``actor``'s ``("grant", id, seat, payload)``."""

    # -- modifiers ---------------------------------------------------------------------------
    def distance_from(self, g: SgsState, seat: int) -> int:
        """Added to the owner's distance to everyone (−1 horse, Horsemanship: −1)."""
        return 0

    def distance_to(self, g: SgsState, seat: int) -> int:
        """Added to everyone's distance to the owner (+1 horse)."""
        return 0

    def extra_slashes(self, g: SgsState, seat: int) -> int:
        """Extra Slashes allowed per play phase (Crossbow, Roar: a large number)."""
        return 0

    def extra_targets(self, g: SgsState, seat: int, name: str, subcards: tuple[int, ...]) -> int:
        """Extra targets for a card the owner uses (Sky Halberd)."""
        return 0

    def may_target(self, g: SgsState, seat: int, user: int, name: str) -> bool:
        """May ``user`` choose the owner (``seat``) as a target of card ``name``? (Empty City, Modesty)."""
        return True

    def trick_distance(self, g: SgsState, seat: int, name: str, base: int) -> int:
        """The owner's distance limit for trick ``name`` (Genius: unlimited, Cut Supplies: 2)."""
        return base

    def judge_suit(self, g: SgsState, seat: int, card: int, suit: str) -> str:
        """The suit a card counts as for the owner (Rosy Face: spades are hearts)."""
        return suit

    def hand_limit(self, g: SgsState, seat: int, base: int) -> int:
        return base

    def needed_responses(self, g: SgsState, seat: int, name: str) -> int:
        """How many cards an opponent must give against the owner's ``name`` (Without Equal: 2)."""
        return 1

    # -- multi-step effects ------------------------------------------------------------------
    def choose(self, g: SgsState, seat: int, options: tuple[Option, ...], prompt: str, *,
               timeout: Option | None = None, info: dict[str, Any] | None = None) -> None:
        """Ask ``seat`` a ``choose`` decision of this skill within the declaration time; the answer
        comes to the skill frame on top. ``timeout``: the first option unless given; ``info``: public
        facts for the decision's data (``skill`` is added)."""
        g.request(seat, "choose", options, prompt=prompt, time_limit=decline_time(g),
                  timeout=options[0] if timeout is None else timeout, data={"skill": self.id, **(info or {})})

    def run(self, g: SgsState, f: Frame) -> None:
        """Dispatch a frame pushed with ``g.push_skill(self.id, step, ...)`` to ``step_<step>``."""
        getattr(self, "step_" + f.step)(g, f)

    # -- the heuristic bot's hooks (bots/heuristic.py; ``view`` is what the bot knows) ----------
    def ai_play_value(self, view: Ctx, payload: Any) -> float:
        """The bot's score for using this active skill with ``payload``; below 0: not worth it."""
        return -1.0

    def ai_accept(self, view: Ctx) -> bool:
        """Does the bot invoke this optional trigger (asked "invoke?" with no arguments)?"""
        return True

    def ai_invoke_value(self, view: Ctx, args: tuple[Any, ...]) -> float:
        """The bot's score for invoking with ``args`` (targets, cards); the best above 0 is taken,
        else the bot declines."""
        return -1.0

    def ai_choose(self, view: Ctx, opts: list[Any]) -> Any:
        """The bot's answer to this skill's ``choose`` decision; None: the bot's default (the cheapest
        discard where every option is one, else the first)."""
        return None


SKILLS: dict[str, Skill] = {}


class SkillRegistryError(ValueError):
    """A skill class that cannot be registered: no id, an id taken by another class, a timing that
    is not a :class:`Timing`."""


def register(cls: type[Skill]) -> type[Skill]:
    """Class decorator: add one instance of a skill class to the registry under its ``id``. Refuses a
    class without an id, an id another class holds, and timings outside the closed :class:`Timing` set."""
    if not cls.id:
        raise SkillRegistryError(f"{cls.__name__} has no id")
    old = SKILLS.get(cls.id)
    if old is not None:
        raise SkillRegistryError(f"skill id {cls.id!r} of {cls.__module__}.{cls.__name__} is already "
                                 f"registered by {type(old).__module__}.{type(old).__name__}")
    bad = sorted(str(t) for t in cls.timings if not isinstance(t, Timing))
    if bad:
        raise SkillRegistryError(f"{cls.__name__} listens to {bad}, which are not timings; use members of "
                                 f"Timing: {', '.join(t.value for t in Timing)}")
    SKILLS[cls.id] = cls()
    return cls


_loaded = False


def load_all() -> dict[str, Skill]:
    """Import the equipment module and every module of the skills package, once. If an import fails,
    the registry and the imported modules are put back as they were, so that nothing stays half-loaded
    and a later call tries again (and fails the same way until the module is fixed)."""
    global _loaded
    if not _loaded:
        from . import skills as pkg

        mods = sorted(pkgutil.iter_modules(pkg.__path__), key=lambda m: m.name)
        names = [f"{__package__}.equipment"] + [f"{pkg.__name__}.{m.name}" for m in mods]
        load_modules(names)
        _loaded = True
    return SKILLS


def load_modules(names: list[str]) -> None:
    """Import the modules ``names`` all or nothing: on a failure the skills registered and the modules
    imported meanwhile are removed again before the error goes on."""
    before = dict(SKILLS)
    modules = set(sys.modules)
    try:
        for name in names:
            importlib.import_module(name)
    except BaseException:
        SKILLS.clear()
        SKILLS.update(before)
        for name in set(sys.modules) - modules:
            del sys.modules[name]
        raise
