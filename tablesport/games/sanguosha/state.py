# Over 500 lines: the state and the frame stack that every skill, card and mode reads and writes.
"""The Sanguosha state: plain data (seats, piles, the explicit stack of pending steps) and the
helpers rules code and skills call.

The engine is a loop over an explicit stack of :class:`Frame` objects. Each frame is
``(kind, step, data)``; :data:`HANDLERS` maps a kind to a function ``handler(g, frame)`` that
advances it: it may change ``frame.step``, push frames, pop itself, or ask a question with
:meth:`SgsState.request` (the loop then stops until an answer arrives, which is written into
``frame.d["answer"]``). Frames refer to each other by stack index, never by reference, so a clone
is a copy of plain lists and dicts.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from tablesport.core import Action, Decision, Event, Result, Rng, RuleError, Ruleset, State

from . import cards as C
from .diagnose import diagnose
from .mode import Mode, mode_for
from .skill import SKILLS, Skill, load_all
from .timing import LOSE, Timing

HANDLERS: Final[dict[str, Callable[[SgsState, Frame], None]]] = {}

Handler = Callable[["SgsState", "Frame"], None]


def handler(kind: str) -> Callable[[Handler], Handler]:
    def deco(fn: Handler) -> Handler:
        HANDLERS[kind] = fn
        return fn
    return deco


# Events and decisions are built here without their frozen dataclasses' __init__ (a Python function
# of one object.__setattr__ call per field): the compiled build turns each ``object.__setattr__`` written
# here into a direct call of the generic setter, with no method look-up or argument tuple (a few per
# decision: a tenth of a random game's time). Run by Python, each field is set by its slot's own setter
# instead (the member descriptor's ``__set__``, bound once: no look-up of ``object.__setattr__`` nor
# of the slot), about half the cost. The objects are the same frozen values.
_EVENT: Final = Event
_DECISION: Final = Decision
_NEW: Final = object.__new__    # Event.__new__ and Decision.__new__ (their classes do not define one)


def _slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of slot ``name`` of ``cls``: ``setter(obj, value)``."""
    setter: Callable[[Any, Any], None] = getattr(cls, name).__set__
    return setter


_COMPILED: Final = type(_slot_setter).__name__ != "function"   # a compiled function is a built-in one
_EV_KIND: Final = _slot_setter(Event, "kind")
_EV_DATA: Final = _slot_setter(Event, "data")
_EV_TO: Final = _slot_setter(Event, "to")
_DEC_FIELDS: Final = ("seats", "kind", "prompt", "options", "time_limit", "on_timeout", "data", "stream",
                      "timer_key", "private")
_DEC_SETTERS: Final = tuple(_slot_setter(Decision, f) for f in _DEC_FIELDS)


def _decision(seats: tuple[int, ...], kind: str, options: Any, prompt: str, time_limit: float | None,
              timeout: Any, data: Any) -> Decision:
    """The open question itself (the state keeps its timeout answer and private data beside it)."""
    x = _NEW(_DECISION)
    if not _COMPILED:
        s_seats, s_kind, s_prompt, s_options, s_time_limit, s_on_timeout, s_data, s_stream, s_timer_key, \
            s_private = _DEC_SETTERS
        s_seats(x, seats)
        s_kind(x, kind)
        s_prompt(x, prompt)
        s_options(x, options)
        s_time_limit(x, time_limit)
        s_on_timeout(x, _timeout_text(kind, timeout))
        s_data(x, data)
        s_stream(x, False)
        s_timer_key(x, None)
        s_private(x, False)
        return x
    object.__setattr__(x, "seats", seats)
    object.__setattr__(x, "kind", kind)
    object.__setattr__(x, "prompt", prompt)
    object.__setattr__(x, "options", options)
    object.__setattr__(x, "time_limit", time_limit)
    object.__setattr__(x, "on_timeout", _timeout_text(kind, timeout))
    object.__setattr__(x, "data", data)
    object.__setattr__(x, "stream", False)
    object.__setattr__(x, "timer_key", None)
    object.__setattr__(x, "private", False)
    return x


def _offered(opts: Any, action: Any) -> bool:
    """Is ``action`` one of the options? The very object first (a bot answers with one it read from the
    question: a pointer comparison each), then by value (an answer decoded from JSON)."""
    for o in opts:
        if o is action:
            return True
    try:
        return action in opts
    except TypeError:       # an unhashable or odd answer is simply not among them
        return False


def _deep(v: Any) -> Any:
    """Copy nested lists and dicts (their leaves are immutable: ints, strs, tuples)."""
    t = type(v)
    if t is list:
        return [_deep(x) if type(x) is list or type(x) is dict else x for x in v]
    if t is dict:
        return {k: (_deep(x) if type(x) is list or type(x) is dict else x) for k, x in v.items()}
    return v


class Frame:
    """One pending step: ``kind`` selects the handler, ``step`` its position, ``d`` its data
    (values: ints, strs, tuples, or flat lists/dicts of those — copied one level on clone)."""

    __slots__ = ("kind", "step", "d")

    def __init__(self, kind: str, step: str, d: dict[str, Any]) -> None:
        self.kind = kind
        self.step = step
        self.d = d

    def copy(self) -> Frame:
        d = {k: (_deep(v) if type(v) is list or type(v) is dict else v) for k, v in self.d.items()}
        return Frame(self.kind, self.step, d)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "step": self.step, "d": self.d}

    def __repr__(self) -> str:
        return f"Frame({self.kind}:{self.step} {self.d})"


class Player:
    __slots__ = ("seat", "general", "hp", "max_hp", "hand", "equip", "judge", "alive", "face_up", "gender",
                 "kingdom", "skills", "pile", "flags")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.general: str | None = None
        self.hp = 0
        self.max_hp = 0
        self.hand: list[int] = []
        self.equip: list[int] = [-1, -1, -1, -1]     # weapon, armor, +1 horse, −1 horse
        self.judge: list[tuple[int, str]] = []       # (card, as name), oldest first
        self.alive = False
        self.face_up = True
        self.gender = ""
        self.kingdom = ""
        self.skills: tuple[str, ...] = ()
        self.pile: dict[str, list[int]] = {}         # cards on the general card (e.g. Indomitable)
        self.flags: dict[str, Any] = {}              # per-general marks (skills' own state)

    def copy(self) -> Player:
        p = Player(self.seat)       # through __init__, as the compiled build makes its objects
        p.seat = self.seat
        p.general = self.general
        p.hp = self.hp
        p.max_hp = self.max_hp
        p.hand = self.hand.copy()
        p.equip = self.equip.copy()
        p.judge = self.judge.copy()
        p.alive = self.alive
        p.face_up = self.face_up
        p.gender = self.gender
        p.kingdom = self.kingdom
        p.skills = self.skills
        p.pile = {k: v.copy() for k, v in self.pile.items()}
        p.flags = _deep(self.flags)
        return p

    def cards(self) -> list[int]:
        """Hand and equipment cards."""
        return self.hand + [c for c in self.equip if c >= 0]

    def all_cards(self) -> list[int]:
        return self.cards() + [c for c, _ in self.judge] + [c for v in self.pile.values() for c in v]

    @property
    def weapon(self) -> int:
        return self.equip[0]

    @property
    def armor(self) -> int:
        return self.equip[1]


_GEN_CACHE: Final[dict[tuple[tuple[str, ...], bool], tuple[Skill, ...]]] = {}
_EQ_CACHE: Final[list[list[Skill | None]]] = []


def _general_skills(ids: tuple[str, ...], lord_ok: bool) -> tuple[Skill, ...]:
    key = (ids, lord_ok)
    v = _GEN_CACHE.get(key)
    if v is None:
        v = tuple(SKILLS[s] for s in ids if s in SKILLS and (lord_ok or not SKILLS[s].lord))
        _GEN_CACHE[key] = v
    return v


Guards = dict[int, tuple[Skill, ...]]
"""seat → its ``may_target`` skills, for the seats around a user that have some."""

HookTable = dict[str, tuple[Skill, ...]]
"""hook → the skills (of one seat's skill tuple) whose class overrides that :class:`Skill` method."""

_HOOK_TABLES: Final[dict[tuple[Skill, ...], HookTable]] = {}


def _hook_table(skills: tuple[Skill, ...]) -> HookTable:
    """The hook table of a skill tuple, shared by every seat and game with those skills (it fills as
    hooks are asked for: :func:`_hooked`)."""
    t = _HOOK_TABLES.get(skills)
    if t is None:
        t = _HOOK_TABLES[skills] = {}
    return t


def _hooked(skills: tuple[Skill, ...], hook: str) -> tuple[Skill, ...]:
    """The ``skills`` whose class overrides the :class:`Skill` method ``hook``."""
    base = getattr(Skill, hook)
    return tuple([sk for sk in skills if getattr(type(sk), hook) is not base])


_LISTENS: Final[dict[Skill, tuple[tuple[Timing, int, str], ...]]] = {}


def _listens(sk: Skill) -> tuple[tuple[Timing, int, str], ...]:
    """(timing, priority, id) for each timing the skill listens to: fixed by its class, read once."""
    v = _LISTENS.get(sk)
    if v is None:
        v = _LISTENS[sk] = tuple((t, sk.priority, sk.id) for t in sk.timings)
    return v


def _listening(skills: tuple[Skill, ...]) -> tuple[Skill, ...]:
    """The skills of a tuple that listen to some timing (what :meth:`SgsState.listeners` is made of)."""
    return tuple([sk for sk in skills if sk.timings])


_EQ_HOOKS: Final[list[frozenset[str]]] = []


def _equip_hooks() -> frozenset[str]:
    """The :class:`Skill` methods that some equipment skill overrides (read once): an equipment change
    leaves the caches of the other hooks as they are."""
    if not _EQ_HOOKS:
        eq = tuple({sk for sk in _equip_skills() if sk is not None})
        _EQ_HOOKS.append(frozenset(h for h in ("granted_options", "may_target") if _hooked(eq, h)))
    return _EQ_HOOKS[0]


def _equip_skills() -> list[Skill | None]:
    if not _EQ_CACHE:
        _EQ_CACHE.append([SKILLS.get(C.NAME[c]) for c in range(C.N)])
    return _EQ_CACHE[0]




class SgsState(State):
    __slots__ = ("ruleset", "rng", "players", "n", "order", "draw_pile", "discard_pile", "processing", "deck",
                 "stack", "ask", "ev", "current", "phase", "turn", "counts", "mode", "flow", "lost_q", "over",
                 "outcome", "_timeout", "_private", "log_events", "turn_no", "public", "known", "lord_ok",
                 "_lis", "_skills", "_hk", "_others", "_granters", "_guards", "_dist", "_params")


    def __init__(self, ruleset: Ruleset, seed: int, *, setup: bool = True, blank: bool = False) -> None:
        if blank:       # an empty shell that clone() fills (the compiled build makes objects of this
            return      # class only through __init__: SgsState.__new__ would call it without arguments)
        load_all()
        self.ruleset = ruleset
        self._params: dict[str, Any] = dict(ruleset.params)   # config() reads a plain dict
        self.rng = Rng(seed)
        self.n = ruleset.seats
        self.players = [Player(s) for s in range(self.n)]
        self.order: list[int] = list(range(self.n))   # turn order (counter-clockwise), by seat
        self.deck: tuple[int, ...] = C.DECKS[ruleset["deck"]]
        self.draw_pile: list[int] = list(self.deck)   # top = end of the list
        self.rng.shuffle(self.draw_pile)
        self.discard_pile: list[int] = []
        self.processing: list[int] = []
        self.stack: list[Frame] = []
        self.ask: Decision | None = None              # the open question (pending() returns it)
        self._timeout: Any = None                     # its answer on timeout (or {seat: answer})
        self._private: dict[int, Any] | None = None   # {seat: data} shown only in that seat's view
        self.ev: list[Event] = []
        self.current = -1
        self.phase = ""
        self.turn: dict[str, Any] = {}                # per-turn data (skips, slash count, flags)
        self.counts: dict[str, int] = {}              # per-turn/phase use counts "t:..." / "p:..."
        self.mode: dict[str, Any] = {}                # mode data (draft, sides, clocks, fouls)
        self.flow: Mode = mode_for(ruleset["mode"])   # the competition mode: runs the game around the rules
        self.lost_q: list[tuple[int, str]] = []       # (seat, "hand"|"equip") losses to announce
        self.over = False
        self.outcome: dict[str, Any] = {}
        self.log_events = True
        self.turn_no = 0
        self.public: set[int] = set()                 # cards whose identity everyone has seen where they lie
        self.known: dict[int, tuple[int, ...]] = {}   # card → seats that have privately seen it
        self.lord_ok: bool | str = ruleset.get("lord_skills", False)   # True/False, or the lord-status side
        self._lis: dict[str, list[tuple[int, int, str]]] | None = None   # timing → listeners (cache)
        # caches, each typed (the compiled build reads them without boxing or generic look-ups)
        self._skills: dict[int, tuple[Skill, ...]] = {}             # seat → its working skills
        self._hk: list[HookTable | None] = [None] * self.n          # seat → its hook table
        self._others: tuple[tuple[int, ...], ...] | None = None     # seat → the other living seats
        self._granters: tuple[tuple[int, Skill], ...] | None = None
        self._guards: list[Guards | None] | None = None             # user → the others' may_target skills
        self._dist: dict[int, int] | None = None                # a*64+b → ring distance + skill modifiers
        if setup:
            self.flow.start(self)
            self.run()

    # ------------------------------------------------------------------ protocol
    def pending(self) -> Decision | None:
        return self.ask

    def apply(self, seat: int, action: Action) -> list[Event]:
        a = self.ask
        if a is None:
            raise RuleError("game_over", "the game is over")
        if seat not in a.seats:
            raise RuleError("not_your_turn", f"seat {seat} has nothing to decide now",
                            f"seats {list(a.seats)}")
        opts: Any = a.options[seat] if type(a.options) is dict else a.options
        for o in opts:      # the very object first (a bot answers with one it read: _offered)
            if o is action:
                break
        else:
            if not _offered(opts, action):
                raise self._illegal(seat, action, opts)
        self.ev = []
        self._answer(seat, action)
        out = self.ev
        self.ev = []
        return out

    def random_action(self, seat: int, rng: Rng) -> Action:
        """A uniformly random legal action, as :meth:`State.random_action` draws it, read from the open
        question's options (no copy of them made)."""
        a = self.ask
        if a is None or seat not in a.seats:
            return super().random_action(seat, rng)     # its errors
        opts: Any = a.options.get(seat, ()) if type(a.options) is dict else a.options
        if not opts:
            return super().random_action(seat, rng)
        return opts[rng.randrange(len(opts))]

    def timeout(self, seat: int) -> list[Event]:
        a = self.ask
        if a is None or seat not in a.seats:
            raise RuleError("timeout", f"seat {seat} has no decision pending")
        t = self._timeout
        act = t[seat] if type(t) is dict else t
        self.ev = [Event("timeout", {"seat": seat, "kind": a.kind})]
        self.flow.on_timeout(self, seat, a.kind)
        self._answer(seat, act)
        return self._flush()

    def _flush(self) -> list[Event]:
        out = self.ev
        self.ev = []
        return out

    def _answer(self, seat: int, action: Action) -> None:
        a = self.ask
        assert a is not None
        f = self.stack[-1]
        if len(a.seats) > 1 or type(a.options) is dict:
            answers = f.d.setdefault("answers", {})
            answers[seat] = action
            left = tuple(s for s in a.seats if s != seat)
            if left:
                self.ask = _decision(left, a.kind, a.options, a.prompt, a.time_limit, self._timeout, a.data)
                return
        else:
            f.d["answer"] = action
        self.ask = None
        self.run()

    def _illegal(self, seat: int, action: Action, opts: Any) -> RuleError:
        return diagnose(self, seat, action, opts)

    def time_up(self) -> list[Event]:
        self.ev = []
        self.flow.time_up(self)
        if self.ask is None:
            self.run()
        return self._flush()

    def clock_limit(self) -> float | None:
        return self.mode.get("clock_limit")

    def referee(self, action: Action) -> list[Event]:
        self.ev = []
        self.flow.referee(self, action)
        if self.ask is None:
            self.run()
        return self._flush()

    def referee_allowed(self, action: Action) -> bool:
        known = self.flow.referee_allowed(self, action)
        return State.referee_allowed(self, action) if known is None else known

    def side_of(self, seat: int) -> str | None:
        sides = self.mode.get("side_of")
        return sides[seat] if sides else None

    # ------------------------------------------------------------------ the loop
    def run(self) -> None:
        """Advance until a question is open or the game is over."""
        stack = self.stack
        handlers = HANDLERS
        while self.ask is None:
            if self.lost_q:
                self._announce_losses()
                continue
            if not stack:
                if not self.over:
                    self.flow.no_play_left(self)
                break
            f = stack[-1]
            handlers[f.kind](self, f)

    def request(self, seat: int, kind: str, options: Any, *, prompt: str = "",
                time_limit: float | None = None, timeout: Any = None, data: dict[str, Any] | None = None,
                private: dict[int, Any] | None = None) -> None:
        """Ask ``seat`` a question; the top frame receives the answer in ``d["answer"]``.
        ``timeout`` defaults to the last option (by convention the pass/decline/end option)."""
        if timeout is None:
            timeout = options[-1]
        self.ask = _decision((seat,), kind, tuple(options), prompt, time_limit, timeout, data or {})
        self._timeout = timeout
        self._private = private

    def request_many(self, seats: tuple[int, ...], kind: str, options: dict[int, tuple[Any, ...]], *,
                     prompt: str = "", time_limit: float | None = None, timeout: dict[int, Any],
                     data: dict[str, Any] | None = None) -> None:
        """A simultaneous question; answers arrive in ``d["answers"][seat]`` once all have answered."""
        self.ask = _decision(seats, kind, options, prompt, time_limit, timeout, data or {})
        self._timeout = timeout
        self._private = None

    def push(self, kind: str, step: str, d: dict[str, Any]) -> Frame:
        """Push a frame: ``kind`` at ``step``, with ``d`` for its data (the frame keeps that very dict)."""
        f = Frame(kind, step, d)
        self.stack.append(f)
        return f

    def pop(self) -> None:
        self.stack.pop()

    def top_index(self) -> int:
        return len(self.stack) - 1

    def push_skill(self, skill_id: str, step: str, seat: int, d: dict[str, Any] | None = None) -> Frame:
        """Push a frame that calls ``SKILLS[skill_id].step_<step>(g, frame)``; ``frame.d["seat"] = seat``,
        with the items of ``d``."""
        return self.push("skill", step, {"sid": skill_id, "seat": seat, **d} if d else {"sid": skill_id,
                                         "seat": seat})

    def emit(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        """An event: ``data`` (a dict of its own: the event keeps it), seen by ``to`` (None: every seat)."""
        if self.log_events:     # made in place (above: events and decisions without their __init__)
            e = _NEW(_EVENT)
            if not _COMPILED:
                _EV_KIND(e, kind)
                _EV_DATA(e, data)
                _EV_TO(e, to)
                self.ev.append(e)
                return
            object.__setattr__(e, "kind", kind)
            object.__setattr__(e, "data", data)
            object.__setattr__(e, "to", to)
            self.ev.append(e)

    def config(self, key: str, default: Any = None) -> Any:
        return self._params.get(key, default)

    # ------------------------------------------------------------------ seats and distance
    def living(self) -> list[int]:
        return [s for s in self.order if self.players[s].alive]

    def order_from(self, start: int, include: bool = True) -> list[int]:
        """Living seats in turn order (counter-clockwise) starting at ``start``."""
        order = self.order
        players = self.players
        n = len(order)
        i = order.index(start) if start in order else 0
        out: list[int] = []
        for k in range(0 if include else 1, n):
            s = order[(i + k) % n]
            if players[s].alive:
                out.append(s)
        return out

    def others(self, seat: int) -> tuple[int, ...]:
        """The other living seats in turn order from ``seat`` (:meth:`order_from` without ``seat``),
        cached with the skills (the living seats change only on a death or an entry)."""
        per_seat = self._others
        if per_seat is None:
            per_seat = self._others = tuple(tuple(self.order_from(s, include=False)) for s in range(self.n))
        return per_seat[seat]

    def next_seat(self, seat: int, clockwise: bool = False) -> int:
        order = self.order if not clockwise else self.order[::-1]
        i = order.index(seat)
        for k in range(1, len(order) + 1):
            s = order[(i + k) % len(order)]
            if self.players[s].alive:
                return s
        return seat

    def skills_of(self, seat: int) -> tuple[Skill, ...]:
        """The seat's working skills: its general's (lord skills only where the preset allows them)
        and its equipment's. Cached until :meth:`skills_changed` (or an equipment change)."""
        cache = self._skills
        v = cache.get(seat)
        if v is None:
            p = self.players[seat]
            out = list(_general_skills(p.skills, self.lord_of(seat)))
            eq = _equip_skills()
            for c in p.equip:
                sk = eq[c] if c >= 0 else None
                if sk is not None:
                    out.append(sk)
            v = cache[seat] = tuple(out)
        return v

    def lord_of(self, seat: int) -> bool:
        """Does ``seat`` hold lord status, so that its general's lord skills (主公技) work? The preset's
        ``lord_skills``: False (every seed preset: 3v3 主帅不能使用主公技, 1v1 by reference §3.1), True
        (everyone, for scenarios) or a side name (a 1v1 table giving the 主公 side lord status)."""
        lo = self.lord_ok
        if lo is True or lo is False:
            return lo
        sides: list[str | None] | None = self.mode.get("side_of")
        return sides is not None and sides[seat] == lo

    def hooked(self, seat: int, hook: str) -> tuple[Skill, ...]:
        """The seat's skills (in :meth:`skills_of` order) whose class overrides the :class:`Skill`
        method ``hook``: the others would return the method's neutral default. Cached per hook and
        seat until the skills change: the seat's hook table, shared by every seat with the same skills
        (a typed cache of its own: its look-ups are the compiled build's plain list reads)."""
        t = self._hk[seat]
        if t is None:
            t = self._hk[seat] = _hook_table(self.skills_of(seat))
        v = t.get(hook)
        if v is None:
            v = t[hook] = _hooked(self.skills_of(seat), hook)
        return v

    def granters(self) -> tuple[tuple[int, Skill], ...]:
        """(seat, skill) for every working skill that grants other characters a play-phase action,
        in turn order. Cached with the skills."""
        v = self._granters
        if v is None:
            v = tuple((s, sk) for s in self.order for sk in self.hooked(s, "granted_options"))
            self._granters = v
        return v

    def has_skill(self, seat: int, skill_id: str) -> bool:
        p = self.players[seat]
        return skill_id in p.skills or any(c >= 0 and C.NAME[c] == skill_id for c in p.equip)

    def distance(self, a: int, b: int, exclude: tuple[int, ...] = ()) -> int:
        """Seat distance from ``a`` to ``b`` through living seats, with horses and skills (min 1).
        ``exclude``: cards that do not count (a horse being used as the card itself).
        The ring part and the general skills' modifiers are cached until :meth:`skills_changed` (a
        death, an entry, a general's skills changing); equipment counts only through the horse
        slots, applied here (no equipment skill overrides ``distance_from``/``distance_to``)."""
        if a == b:
            return 0
        dist = self._dist
        if dist is None:
            dist = self._dist = {}
        key = a * 64 + b
        d = dist.get(key)
        if d is None:
            d = dist[key] = self._ring_distance(a, b)
        if d >= 99:
            return 99
        h = self.players[a].equip[3]
        if h >= 0 and h not in exclude:
            d -= 1
        h = self.players[b].equip[2]
        if h >= 0 and h not in exclude:
            d += 1
        return d if d > 1 else 1

    def within(self, a: int, seats: list[int] | tuple[int, ...], lim: int,
               exclude: tuple[int, ...] = ()) -> list[int]:
        """The seats of ``seats``, in their order, at :meth:`distance` at most ``lim`` from ``a`` (a target
        list's distances in one call: the same cache and horses)."""
        dist = self._dist
        if dist is None:
            dist = self._dist = {}
        players = self.players
        h = players[a].equip[3]
        minus = 1 if h >= 0 and h not in exclude else 0
        out: list[int] = []
        for b in seats:
            d = 0
            if b != a:
                key = a * 64 + b
                got = dist.get(key)
                d = got if got is not None else self._ring_distance(a, b)
                if got is None:
                    dist[key] = d
                if d >= 99:
                    d = 99
                else:
                    d -= minus
                    h = players[b].equip[2]
                    if h >= 0 and h not in exclude:
                        d += 1
                    if d < 1:
                        d = 1
            if d <= lim:
                out.append(b)
        return out

    def _ring_distance(self, a: int, b: int) -> int:
        """The shortest way round the living seats, with the skills' distance modifiers (no horses, no
        minimum); 99 when either seat is dead."""
        live = self.living()
        if a not in live or b not in live:
            return 99
        n = len(live)
        k = (live.index(b) - live.index(a)) % n
        d = min(k, n - k)
        for sk in self.hooked(a, "distance_from"):
            d += sk.distance_from(self, a)
        for sk in self.hooked(b, "distance_to"):
            d += sk.distance_to(self, b)
        return d

    def attack_range(self, seat: int, exclude: tuple[int, ...] = ()) -> int:
        w = self.players[seat].equip[0]
        return C.RANGE[w] if w >= 0 and w not in exclude else 1

    def in_range(self, a: int, b: int, exclude: tuple[int, ...] = ()) -> bool:
        return self.distance(a, b, exclude) <= self.attack_range(a, exclude)

    def targetable(self, user: int, name: str) -> list[int]:
        """The other living seats, in turn order from ``user``, that ``user`` may choose as targets of
        ``name`` (:meth:`may_target` for each)."""
        others = self.others(user)
        per_user = self._guards
        if per_user is None:
            per_user = self._guards = [None] * self.n
        guards = per_user[user]
        if guards is None:      # seat → its may_target skills, for the others that have some
            guards = per_user[user] = {s: h for s in others if (h := self.hooked(s, "may_target"))}
        if not guards:
            return list(others)
        out = []
        for s in others:
            sks = guards.get(s)
            if sks is not None:
                for sk in sks:      # every one of them must let ``user`` choose ``s``
                    if not sk.may_target(self, s, user, name):
                        break
                else:
                    out.append(s)
            else:
                out.append(s)
        return out

    def may_target(self, user: int, target: int, name: str) -> bool:
        return all(sk.may_target(self, target, user, name) for sk in self.hooked(target, "may_target"))

    def suit_of(self, card: int, owner: int = -1) -> str:
        """The suit a card counts as (for its owner or the character it is judged for)."""
        suit = C.SUIT[card]
        if owner >= 0:
            for sk in self.hooked(owner, "judge_suit"):
                suit = sk.judge_suit(self, owner, card, suit)
        return suit

    def color_of(self, card: int, owner: int = -1) -> str:
        return "red" if self.suit_of(card, owner) in C.RED_SUITS else "black"

    # ------------------------------------------------------------------ counters and limits
    def count(self, key: str) -> int:
        return self.counts.get(key, 0)

    def bump(self, key: str, by: int = 1) -> None:
        self.counts[key] = self.counts.get(key, 0) + by

    def used_in_phase(self, seat: int, skill_id: str) -> int:
        return self.counts.get(f"p:{seat}:{skill_id}", 0)

    def used_in_turn(self, seat: int, skill_id: str) -> int:
        return self.counts.get(f"t:{seat}:{skill_id}", 0)

    def mark_used(self, seat: int, skill_id: str) -> None:
        self.bump(f"p:{seat}:{skill_id}")
        self.bump(f"t:{seat}:{skill_id}")

    def reset_counts(self, scope: str) -> None:
        """Forget the use counts of one scope: ``p`` (phase) or ``t`` (turn; also phase)."""
        if scope == "t":
            self.counts = {}
        elif self.counts:
            self.counts = {k: v for k, v in self.counts.items() if not k.startswith("p:")}

    # ------------------------------------------------------------------ cards
    def draw(self, seat: int, n: int) -> list[int]:
        """``seat`` draws ``n`` cards (reshuffling the discard pile when the draw pile runs out)."""
        got = self.take_top(n)
        self.players[seat].hand.extend(got)
        self.public.difference_update(got)
        for c in got:
            if c in self.known:
                self.known[c] = tuple(sorted(set(self.known[c]) | {seat}))
        if got:
            self.emit("draw", {"seat": seat, "count": len(got)})
            self.emit("draw_cards", {"seat": seat, "cards": [C.TOKEN[c] for c in got]}, frozenset({seat}))
        return got

    def take_top(self, n: int) -> list[int]:
        out = []
        for _ in range(n):
            if not self.draw_pile:
                self.reshuffle()
                if not self.draw_pile:
                    break
            out.append(self.draw_pile.pop())
        return out

    def reshuffle(self) -> None:
        if not self.discard_pile:
            return
        for c in self.discard_pile:
            self.known.pop(c, None)
        self.draw_pile = self.discard_pile + self.draw_pile
        self.discard_pile = []
        self.rng.shuffle(self.draw_pile)
        self.emit("reshuffle", {"size": len(self.draw_pile)})

    def remove_card(self, card: int) -> tuple[int, str]:
        """Take a card out of wherever it is; returns (owner seat or -1, zone). Queues loss notices."""
        if card in self.processing:
            self.processing.remove(card)
            return -1, "processing"
        players = self.players
        for p in players:       # a card lies in one place only: the hands first (where most are)
            hand = p.hand
            if card in hand:
                hand.remove(card)
                if not hand:
                    self.lost_q.append((p.seat, "hand"))
                return p.seat, "hand"
        for p in players:
            eq = p.equip
            if card in eq:
                eq[eq.index(card)] = -1
                self._equipment_changed(p.seat)
                self.lost_q.append((p.seat, "equip"))
                return p.seat, "equip"
            for k, (c, _n) in enumerate(p.judge):
                if c == card:
                    del p.judge[k]
                    return p.seat, "judge"
            for v in p.pile.values():
                if card in v:
                    v.remove(card)
                    return p.seat, "pile"
        if card in self.discard_pile:
            self.discard_pile.remove(card)
            return -1, "discard"
        if card in self.draw_pile:
            self.draw_pile.remove(card)
            return -1, "draw"
        raise AssertionError(f"card {card} is nowhere")

    def discard(self, cards: list[int] | tuple[int, ...], seat: int = -1, why: str = "discard") -> None:
        """Move cards from wherever they are to the discard pile (a public event)."""
        if not cards:
            return
        for c in cards:
            self.remove_card(c)
            self.discard_pile.append(c)
        self.public.update(cards)
        self.emit("discard", {"seat": seat, "cards": [C.TOKEN[c] for c in cards], "why": why})

    def to_processing(self, cards: tuple[int, ...] | list[int]) -> None:
        for c in cards:
            self.remove_card(c)
            self.processing.append(c)
        self.public.update(cards)

    def flush_processing(self) -> None:
        if self.processing:
            self.discard_pile.extend(self.processing)
            self.processing = []

    def reveal_to(self, cards: list[int] | tuple[int, ...], seats: tuple[int, ...] | list[int]) -> None:
        """Record that ``seats`` have seen ``cards`` (Stargazing looking at the top of the deck, a
        card shown to one player): they may appear in those seats' views, decisions and events."""
        for c in cards:
            self.known[c] = tuple(sorted(set(self.known.get(c, ())) | set(seats)))

    def give(self, card: int, seat: int, public: bool = True) -> None:
        """Move a card into ``seat``'s hand (from anywhere)."""
        src, zone = self.remove_card(card)
        self.players[seat].hand.append(card)
        if public or zone in ("equip", "judge", "processing", "discard"):
            self.public.add(card)
            self.emit("gain", {"seat": seat, "source": src, "zone": zone, "cards": [C.TOKEN[card]]})
        else:
            self.public.discard(card)
            self.emit("gain", {"seat": seat, "source": src, "zone": zone, "count": 1})
            self.emit("gain_cards", {"seat": seat, "cards": [C.TOKEN[card]]}, frozenset({seat}))

    def equip_card(self, seat: int, card: int) -> None:
        slot = C.SLOT_OF[card]
        p = self.players[seat]
        old = p.equip[slot]
        self.remove_card(card)
        if old >= 0:
            self.discard([old], seat, "replaced")
        p.equip[slot] = card
        self._equipment_changed(seat)
        self.public.add(card)
        self.emit("equip", {"seat": seat, "card": C.TOKEN[card]})

    def _announce_losses(self) -> None:
        q = self.lost_q
        self.lost_q = []
        seen = set()
        for seat, zone in q:
            if not self.players[seat].alive:
                continue
            if zone == "hand":      # losing the last hand card happens once per batch
                if seat in seen or self.players[seat].hand:
                    continue
                seen.add(seat)
            self.fire(LOSE[zone], seat=seat)   # every card that leaves the equipment area counts

    # ------------------------------------------------------------------ triggers
    def fire(self, timing: Timing, ci: int | None = None, **extra: Any) -> bool:
        """Queue the skills listening to ``timing``; returns True if a trigger frame was pushed.
        ``ci`` = index of the frame whose data is the context (default: the top frame);
        with ``extra`` the trigger frame carries its own context instead."""
        lis = self._lis
        if lis is None:
            lis = self._listeners()
        entries = lis.get(timing)
        if not entries:
            return False
        q = self._queue(entries)
        if extra:
            f = self.push("trigger", "next", {"t": timing, "q": q, **extra})
            f.d["ci"] = len(self.stack) - 1
        else:
            self.push("trigger", "next", {"t": timing, "q": q,
                                          "ci": len(self.stack) - 1 if ci is None else ci})
        return True

    def fire_now(self, timing: Timing, **extra: Any) -> bool:
        """:meth:`fire` as the handler's last act (it returns at once, and the trigger frame would run
        next): the listeners that cannot act now are passed over here, as the trigger frame would pass
        them over, and a window where none can act pushes nothing (False: the handler goes on)."""
        if self.lost_q:         # the losses are announced first: the listeners are asked later
            return self.fire(timing, **extra)
        # fire's look-up, inline: this runs a few times a decision, and a shared helper costs a call each
        lis = self._lis
        if lis is None:
            lis = self._listeners()
        entries = lis.get(timing)
        if not entries:
            return False
        q = self._queue(entries)
        ci = len(self.stack) - 1
        if extra:
            d: dict[str, Any] = {"t": timing, "q": q, **extra}
            d["ci"] = ci + 1
            ctx = d
        else:
            d = {"t": timing, "q": q, "ci": ci}
            ctx = self.stack[ci].d
        players = self.players
        while q:        # h_trigger's tests, in its order, with nothing in between
            seat, sid = q[0]
            p = players[seat]
            if (p.alive and (sid in p.skills or self.has_skill(seat, sid))    # has_skill, its first test here
                    and SKILLS[sid].can_trigger(self, seat, timing, ctx)):
                self.stack.append(Frame("trigger", "next", d))
                return True
            del q[0]
        return False

    def _queue(self, entries: list[tuple[int, int, str]]) -> list[tuple[int, str]]:
        """(seat, skill id) of a timing's listeners (:meth:`listeners`) in the order they are asked:
        seats from the current actor in turn order, then priority."""
        if len(entries) == 1:
            return [(entries[0][0], entries[0][2])]
        order = self.order
        n = len(order)
        start = self.current if self.current >= 0 else order[0]
        i0 = order.index(start) if start in order else 0
        cands = [((order.index(s) - i0) % n, pr, s, sid) for s, pr, sid in entries]
        cands.sort()
        return [(s, sid) for _pos, _pr, s, sid in cands]

    def listeners(self) -> dict[str, list[tuple[int, int, str]]]:
        """timing → (seat, priority, skill id) of the living seats' skills listening to it (cached with
        the skills); a timing without listeners is absent, and :meth:`fire` pushes nothing for it."""
        lis = self._lis
        return lis if lis is not None else self._listeners()

    def _listeners(self) -> dict[str, list[tuple[int, int, str]]]:
        lis: dict[str, list[tuple[int, int, str]]] = {}
        for s in range(self.n):
            if self.players[s].alive:
                for sk in self.skills_of(s):
                    for t, pr, sid in _listens(sk):
                        lis.setdefault(t, []).append((s, pr, sid))
        self._lis = lis
        return lis

    def _equipment_changed(self, seat: int) -> None:
        """Forget what ``seat``'s equipment skills decide: its skills and hooked skills, the listeners
        where the skills listening to a timing changed, and the caches built from every seat's hooks
        that an equipment skill has (the living seats and distances stay)."""
        old = self._skills.pop(seat, None)
        self._hk[seat] = None
        if old is None or _listening(old) != _listening(self.skills_of(seat)):
            self._lis = None
        hooks = _equip_hooks()
        if "granted_options" in hooks:
            self._granters = None
        if "may_target" in hooks:
            self._guards = None

    def skills_changed(self) -> None:
        """Call after a general, its skills, its equipment or its life changed (listener and skill caches)."""
        self._lis = None
        self._dist = None
        self._forget_skills()

    def _forget_skills(self) -> None:
        """Empty the caches of skills and living seats (a clone starts with them empty)."""
        self._skills = {}
        self._hk = [None] * self.n
        self._others = None
        self._granters = None
        self._guards = None

    # ------------------------------------------------------------------ invariants and views
    def check_invariants(self) -> None:
        seen: list[int] = []
        for p in self.players:
            seen += p.all_cards()
            assert p.hp <= p.max_hp, f"seat {p.seat} HP {p.hp} above max {p.max_hp}"
        seen += self.draw_pile + self.discard_pile + self.processing
        assert len(seen) == len(self.deck), f"{len(seen)} cards accounted for, deck has {len(self.deck)}"
        assert sorted(seen) == sorted(self.deck), "a card is duplicated or lost"

    def clone(self) -> SgsState:
        c = SgsState(self.ruleset, 0, blank=True)
        c.ruleset = self.ruleset
        c._params = self._params
        c.rng = self.rng.copy()
        c.players = [p.copy() for p in self.players]
        c.n = self.n
        c.order = self.order.copy()
        c.deck = self.deck
        c.draw_pile = self.draw_pile.copy()
        c.discard_pile = self.discard_pile.copy()
        c.processing = self.processing.copy()
        c.stack = [f.copy() for f in self.stack]
        c.ask = self.ask
        c._timeout = self._timeout
        c._private = self._private
        c.ev = []
        c.current = self.current
        c.phase = self.phase
        c.turn = _deep(self.turn)
        c.counts = self.counts.copy()
        c.mode = _deep(self.mode)
        c.flow = self.flow
        c.lost_q = self.lost_q.copy()
        c.over = self.over
        c.outcome = self.outcome.copy()
        c.log_events = self.log_events
        c.turn_no = self.turn_no
        c.public = self.public.copy()
        c.known = self.known.copy()
        c.lord_ok = self.lord_ok
        c._lis = self._lis
        c._forget_skills()
        c._dist = self._dist
        return c

    def determinize(self, seat: int, rng: Rng) -> SgsState:
        """Resample everything ``seat`` cannot see: other hands, the draw pile, the generator, and the
        mode's hidden parts (1v1: face-down generals and the opponent's line-up)."""
        c = self.clone()
        kn = c.known
        pub = c.public | {x for x, who in kn.items() if seat in who}
        unknown = [x for x in c.draw_pile if x not in pub]
        for p in c.players:
            if p.seat != seat:
                unknown += [x for x in p.hand if x not in pub]
        unknown.sort()        # the sample depends on what the seat sees and on ``rng``, not on the true deal
        rng.shuffle(unknown)
        it = iter(unknown)
        for p in c.players:
            if p.seat != seat:
                p.hand = [x if x in pub else next(it) for x in p.hand]
        c.draw_pile = [x if x in pub else next(it) for x in c.draw_pile]
        c.rng = Rng(rng.next64())   # the generator's future draws (reshuffles, the draft) are hidden too
        c.flow.determinize(c, seat, rng)
        return c

    def hidden_from(self, viewer: int | None) -> set[str]:
        pub = self.public
        if viewer is not None:      # cards this seat has privately seen (reveal_to: Stargazing, a card given)
            pub = pub | {c for c, who in self.known.items() if viewer in who}
        hidden = {C.TOKEN[c] for c in self.draw_pile if c not in pub}
        for p in self.players:
            if p.seat != viewer:
                hidden.update(C.TOKEN[c] for c in p.hand if c not in pub)
        hidden |= self.flow.hidden_tokens(self, viewer)
        return hidden

    def view(self, seat: int | None) -> dict[str, Any]:
        players = []
        for p in self.players:
            pv: dict[str, Any] = {
                "seat": p.seat, "general": p.general, "hp": p.hp, "max_hp": p.max_hp, "alive": p.alive,
                "face_up": p.face_up, "hand_count": len(p.hand), "gender": p.gender, "kingdom": p.kingdom,
                "equipment": {slot: (C.TOKEN[c] if c >= 0 else None)
                              for slot, c in zip(C.EQUIP_SLOTS, p.equip, strict=True)},
                "judgement": [{"card": C.TOKEN[c], "as": n} for c, n in p.judge],
                "piles": {k: [C.TOKEN[c] for c in v] for k, v in p.pile.items()},
                "side": self.side_of(p.seat),
            }
            if p.seat == seat:
                pv["hand"] = [C.TOKEN[c] for c in p.hand]
            players.append(pv)
        v: dict[str, Any] = {
            "game": "sanguosha",
            "preset": self.ruleset.preset,
            "players": players,
            "order": list(self.order),
            "current": self.current,
            "phase": self.phase,
            "draw_pile": len(self.draw_pile),
            "discard_pile": [C.TOKEN[c] for c in self.discard_pile[-10:]],
            "discard_count": len(self.discard_pile),
            "processing": [C.TOKEN[c] for c in self.processing],
            "over": self.over,
        }
        if seat is not None:
            v["seat"] = seat
            if self.players[seat].alive:
                # public facts the screen shows: this seat's attack range and distance to each living seat
                others = [b for b in self.living() if b != seat]
                v["reach"] = {"attack_range": self.attack_range(seat),
                              "distance": {str(b): self.distance(seat, b) for b in others}}
            a = self.ask
            priv = self._private
            if a is not None and priv and seat in priv and seat in a.seats:
                v["ask_private"] = priv[seat]
        v["mode"] = self.flow.view(self, seat)
        return v

    def snapshot(self) -> dict[str, Any]:
        return {
            "rng": self.rng.state,
            "players": [
                {"seat": p.seat, "general": p.general, "hp": p.hp, "max_hp": p.max_hp, "hand": p.hand,
                 "equip": p.equip, "judge": p.judge, "alive": p.alive, "face_up": p.face_up,
                 "skills": p.skills, "pile": p.pile, "flags": p.flags, "gender": p.gender,
                 "kingdom": p.kingdom}
                for p in self.players
            ],
            "order": self.order, "draw": self.draw_pile, "discard": self.discard_pile,
            "processing": self.processing, "stack": [f.to_json() for f in self.stack],
            "ask": None if self.ask is None else {
                "seats": self.ask.seats, "kind": self.ask.kind, "options": self.ask.options,
                "timeout": self._timeout, "data": self.ask.data,
            },
            "current": self.current, "phase": self.phase, "turn": self.turn, "counts": self.counts,
            "mode": self.mode, "lost_q": self.lost_q, "over": self.over, "outcome": self.outcome,
            "turn_no": self.turn_no, "public": sorted(self.public),
            "known": {str(k): v for k, v in sorted(self.known.items())},
        }

    def result(self) -> Result | None:
        if not self.over:
            return None
        return self.flow.result(self)


_TIMEOUT_BY_ANSWER: Final = {"pass": "declined", "decline": "declined", "end": "the play phase ends"}
"""The timeout's words for the one-word timeout answers (whatever the kind of question)."""
_TIMEOUT_BY_KIND: Final = {
    "draft": "a general is picked for you",
    "field": "your generals are fielded in the order offered",
    "discard": "cards are discarded for you",
    "choose_card": "a card is chosen for you",
    "amazing_grace": "a card is taken for you",
    "pick_pile": "a pile is taken for you",
    "pick_identity": "an identity card is taken for you",
    "first_picker": "the rules decide who picks first",
    "first_actor": "the rules decide who acts first",
    "choose_unit": "the next action unit is chosen for you",
    "choose_role": "a role is chosen for you",
    "challenge": "the claim is not challenged",
}


def _timeout_text(kind: str, t: Any) -> str:
    """What the timeout does, in words (the server shows it translated: texts/game.yaml)."""
    if type(t) is tuple and len(t) == 1:
        said = _TIMEOUT_BY_ANSWER.get(t[0])
        if said is not None:
            return said
    elif type(t) is dict:
        return "the referee decides for you"
    return _TIMEOUT_BY_KIND.get(kind, "the rules' default answer is given")

