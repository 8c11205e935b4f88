"""The timing points skills listen to: a closed set (:class:`Timing`), each with the context it hands
its listeners (a TypedDict per timing, :data:`CONTEXTS`).

The context is the data of the frame that fired the timing (``g.fire(timing)``), or the data the
trigger frame carries itself (``g.fire(timing, seat=..., ...)``, marked "own" below); skills read it
and may write the fields the engine reads back (``n`` of a draw, ``cancel``, ``target``, ``nododge``,
``force_hit``, ``source``). The registry refuses a skill that lists anything but :class:`Timing`
members, and tests/sanguosha/test_timings.py checks in random games that every fired context has the
keys its TypedDict requires. (No ``from __future__ import annotations`` here: TypedDict reads
``NotRequired`` from evaluated annotations.)
"""

from enum import StrEnum
from typing import Any, NotRequired, TypedDict


class Timing(StrEnum):
    # A member hashes as its value (Enum's own __hash__ is a Python call on every dict lookup; equal
    # strings must hash alike anyway).
    __hash__ = str.__hash__

    TURN_START = "turn_start"              # a turn starts (TurnCtx)
    BEFORE_START = "before_start"          # before each phase; a listener may skip it (PhaseCtx)
    BEFORE_JUDGE = "before_judge"
    BEFORE_DRAW = "before_draw"
    BEFORE_PLAY = "before_play"
    BEFORE_DISCARD = "before_discard"
    BEFORE_FINISH = "before_finish"
    START_PHASE = "start_phase"            # the start phase's body (PhaseCtx)
    DRAW_PHASE = "draw_phase"              # the draw phase, before drawing: ``n`` may change (DrawCtx)
    AFTER_DRAW = "after_draw"              # the draw phase, after drawing (DrawCtx)
    FINISH_PHASE = "finish_phase"          # the end phase's body (PhaseCtx)
    AFTER_START = "after_start_phase"      # after each phase (PhaseCtx)
    AFTER_JUDGE = "after_judge_phase"
    AFTER_DRAW_PHASE = "after_draw_phase"
    AFTER_PLAY = "after_play_phase"
    AFTER_DISCARD = "after_discard_phase"
    AFTER_FINISH = "after_finish_phase"
    TURN_END = "turn_end"                  # after the six phases (TurnCtx)
    CARD_USED = "card_used"                # a card was used, before its effect (UseCtx)
    CARD_PLAYED = "card_played"            # a card was played (打出) in answer (PlayedCtx)
    SKILL_PLAYED = "skill_played"          # cards played for a skill, e.g. a retrial card (own: CardsCtx)
    CARDS_DISCARDED = "cards_discarded"    # a character discarded its own cards for a skill (own: CardsCtx)
    SLASH_TARGETED = "slash_targeted"      # each target of a Slash, before the Dodge (SlashCtx)
    SLASH_DODGED = "slash_dodged"          # the Slash was dodged (SlashCtx)
    TRICK_EFFECT = "trick_effect"          # each target of an instant trick, before Nullification (TrickCtx)
    DAMAGE_INFLICT = "damage_inflict"      # damage, source side, before (DamageCtx)
    DAMAGE_TAKE = "damage_take"            # damage, target side, before (DamageCtx)
    HP_REDUCED = "hp_reduced"              # right after HP went down (own: HpCtx)
    DAMAGE_DONE = "damage_done"            # after the damage and any dying (DamageCtx)
    HP_RECOVERED = "hp_recovered"          # after a recovery (own: RecoverCtx)
    DYING = "dying"                        # a character is dying, before Peaches (DyingCtx)
    DEATH = "death"                        # before a dead character's cards are discarded (own: DeathCtx)
    RETRIAL = "retrial"                    # a judgement card was turned, before it takes effect (JudgeCtx)
    JUDGE_DONE = "judge_done"              # the judgement took effect (JudgeCtx)
    LOSE_HAND = "lose_hand"                # a character's last hand card left (own: SeatCtx)
    LOSE_EQUIP = "lose_equip"              # a card left a character's equipment area (own: SeatCtx)


# Every member under its own module name as well (``from .timing import TURN_START``), for the engine's hot
# paths: in the compiled build ``Timing.TURN_START`` is read through the enum class's ``__getattr__`` hook
# (some 700 machine instructions), a module name by one dictionary look-up.
# tests/sanguosha/test_timings.py checks that the names match the members.
TURN_START = Timing.TURN_START
BEFORE_START = Timing.BEFORE_START
BEFORE_JUDGE = Timing.BEFORE_JUDGE
BEFORE_DRAW = Timing.BEFORE_DRAW
BEFORE_PLAY = Timing.BEFORE_PLAY
BEFORE_DISCARD = Timing.BEFORE_DISCARD
BEFORE_FINISH = Timing.BEFORE_FINISH
START_PHASE = Timing.START_PHASE
DRAW_PHASE = Timing.DRAW_PHASE
AFTER_DRAW = Timing.AFTER_DRAW
FINISH_PHASE = Timing.FINISH_PHASE
AFTER_START = Timing.AFTER_START
AFTER_JUDGE = Timing.AFTER_JUDGE
AFTER_DRAW_PHASE = Timing.AFTER_DRAW_PHASE
AFTER_PLAY = Timing.AFTER_PLAY
AFTER_DISCARD = Timing.AFTER_DISCARD
AFTER_FINISH = Timing.AFTER_FINISH
TURN_END = Timing.TURN_END
CARD_USED = Timing.CARD_USED
CARD_PLAYED = Timing.CARD_PLAYED
SKILL_PLAYED = Timing.SKILL_PLAYED
CARDS_DISCARDED = Timing.CARDS_DISCARDED
SLASH_TARGETED = Timing.SLASH_TARGETED
SLASH_DODGED = Timing.SLASH_DODGED
TRICK_EFFECT = Timing.TRICK_EFFECT
DAMAGE_INFLICT = Timing.DAMAGE_INFLICT
DAMAGE_TAKE = Timing.DAMAGE_TAKE
HP_REDUCED = Timing.HP_REDUCED
DAMAGE_DONE = Timing.DAMAGE_DONE
HP_RECOVERED = Timing.HP_RECOVERED
DYING = Timing.DYING
DEATH = Timing.DEATH
RETRIAL = Timing.RETRIAL
JUDGE_DONE = Timing.JUDGE_DONE
LOSE_HAND = Timing.LOSE_HAND
LOSE_EQUIP = Timing.LOSE_EQUIP


PHASES = ("start", "judge", "draw", "play", "discard", "finish")
BEFORE = {ph: Timing("before_" + ph) for ph in PHASES}
AFTER = {ph: Timing(f"after_{ph}_phase") for ph in PHASES}
LOSE = {"hand": Timing.LOSE_HAND, "equip": Timing.LOSE_EQUIP}
CARD_OWNER = {Timing.CARD_USED: "user", Timing.CARD_PLAYED: "seat", Timing.SKILL_PLAYED: "seat",
              Timing.CARDS_DISCARDED: "seat"}   # the context field naming whose cards they are


class SeatCtx(TypedDict):
    seat: int


class TurnCtx(TypedDict):
    seat: int


class PhaseCtx(TypedDict):
    seat: int
    ph: str                                # start | judge | draw | play | discard | finish


class DrawCtx(TypedDict):
    seat: int
    n: int                                 # cards to draw (0: the phase's draw is replaced)


class UseCtx(TypedDict):
    user: int
    name: str                              # the card used (a view-as card's name)
    subs: tuple[int, ...]                  # its physical cards (none for a claim, 激将/护驾/蛊惑)
    targets: tuple[Any, ...]
    via: str | None                        # the skill it was used through
    color: str                             # red | black | none
    counted: NotRequired[bool]             # the use frame's own fields (a Nullification or a dying
    suit: NotRequired[str]                 # Peach fires with the six above only)
    nonull: NotRequired[bool]
    ignore_distance: NotRequired[bool]


class PlayedCtx(TypedDict):
    seat: int
    need: str                              # dodge | slash | peach | nullification
    count: int                             # how many are still needed
    played: tuple[str, tuple[int, ...], str | None]   # (name, cards, skill)
    about: NotRequired[int]
    behalf: NotRequired[int]


class CardsCtx(TypedDict):
    seat: int
    cards: tuple[int, ...]


class SlashCtx(TypedDict):
    user: int
    target: int
    ci: int                                # stack index of the use frame
    need: int                              # Dodges needed
    nododge: bool
    ignore_armor: bool
    cancel: NotRequired[bool]
    force_hit: NotRequired[bool]


class TrickCtx(TypedDict):
    user: int
    target: int
    ci: int
    name: str
    source: int                            # the damage source of its effect (祸首 changes it)
    cancel: NotRequired[bool]


class DamageCtx(TypedDict):
    source: int                            # -1: no source
    target: int
    n: int
    nature: str                            # "" | thunder
    via: str                               # card name or skill id
    cards: tuple[int, ...]
    ci: int                                # the use frame, or -1
    cancel: NotRequired[bool]
    moved: NotRequired[bool]


class HpCtx(TypedDict):
    seat: int
    n: int
    source: int


class RecoverCtx(TypedDict):
    seat: int
    n: int


class DyingCtx(TypedDict):
    seat: int
    source: int
    cause: str                             # damage | loss
    cancel: NotRequired[bool]


class DeathCtx(TypedDict):
    seat: int
    killer: int


class JudgeCtx(TypedDict):
    seat: int                              # whose judgement
    reason: str                            # the card or skill that asked for it
    card: int                              # the judgement card (-1: the deck ran out)
    ret: int


CONTEXTS: dict[Timing, type] = {
    Timing.TURN_START: TurnCtx, Timing.TURN_END: TurnCtx,
    **{t: PhaseCtx for t in BEFORE.values()}, **{t: PhaseCtx for t in AFTER.values()},
    Timing.START_PHASE: PhaseCtx, Timing.FINISH_PHASE: PhaseCtx,
    Timing.DRAW_PHASE: DrawCtx, Timing.AFTER_DRAW: DrawCtx,
    Timing.CARD_USED: UseCtx, Timing.CARD_PLAYED: PlayedCtx,
    Timing.SKILL_PLAYED: CardsCtx, Timing.CARDS_DISCARDED: CardsCtx,
    Timing.SLASH_TARGETED: SlashCtx, Timing.SLASH_DODGED: SlashCtx,
    Timing.TRICK_EFFECT: TrickCtx,
    Timing.DAMAGE_INFLICT: DamageCtx, Timing.DAMAGE_TAKE: DamageCtx, Timing.DAMAGE_DONE: DamageCtx,
    Timing.HP_REDUCED: HpCtx, Timing.HP_RECOVERED: RecoverCtx,
    Timing.DYING: DyingCtx, Timing.DEATH: DeathCtx,
    Timing.RETRIAL: JudgeCtx, Timing.JUDGE_DONE: JudgeCtx,
    Timing.LOSE_HAND: SeatCtx, Timing.LOSE_EQUIP: SeatCtx,
}
