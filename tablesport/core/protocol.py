# Over 500 lines: the whole game protocol in one place: what a game, a state, a decision and a result are.
"""The game protocol every tablesport game implements.

The referee asks, the seats answer:

* ``state.pending()`` is the next :class:`Decision` (which seats must act, the prompt, the legal
  options where they can be listed, the time limit and what a timeout does) or ``None`` once the
  game is over;
* ``state.apply(seat, action)`` checks the action, changes the state and returns the
  :class:`Event` list; an illegal action raises :class:`RuleError` and changes nothing;
* ``state.timeout(seat)`` applies the ruleset's timeout action, ``state.time_up()`` the game
  clock running out (engines never read a clock: the server or simulator calls these);
* ``state.view(seat)`` is all that seat may know (``view(None)`` is the public view);
* ``state.result()`` is the :class:`Result` once the game is over.

Actions are JSON values.  Use :func:`canon` to turn a decoded JSON value (lists) into the
canonical form engines compare against (tuples).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, ClassVar

from .rng import Rng

Action = Any
"""A JSON value: str, int, float, bool, None, a tuple of actions or a dict of str → action."""

JSON = Any


def canon(value: Any) -> Any:
    """The canonical form of a JSON value: lists become tuples, recursively.

    >>> canon(["play", [1, 2]])
    ('play', (1, 2))
    """
    if isinstance(value, list | tuple):
        return tuple(canon(v) for v in value)
    if isinstance(value, dict):
        return {str(k): canon(v) for k, v in value.items()}
    return value


def to_json(value: Any) -> Any:
    """The plain-JSON form of an action or view value: tuples become lists, recursively."""
    if isinstance(value, list | tuple):
        return [to_json(v) for v in value]
    if isinstance(value, dict | MappingProxyType):
        return {str(k): to_json(v) for k, v in value.items()}
    if isinstance(value, frozenset | set):
        return sorted(to_json(v) for v in value)
    return value


def plain_json(value: Any) -> Any:
    """What ``json`` cannot write itself: sets (sorted) and read-only mappings."""
    if isinstance(value, frozenset | set):
        return sorted(value)
    if isinstance(value, MappingProxyType):
        return dict(value)
    raise TypeError(f"not JSON: {type(value).__name__}")


def dumps(value: Any, *, canonical: bool = True) -> str:
    """Compact JSON (no spaces, UTF-8 kept; tuples as arrays, sets sorted).

    ``canonical`` (the form hashes are taken of): keys sorted.  ``canonical=False``: keys in their
    order, written faster (the server's frames, record lines)."""
    if canonical:
        return json.dumps(to_json(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False, default=plain_json)


class TablesportError(Exception):
    """Base of every error tablesport raises on purpose."""


class RuleError(TablesportError):
    """An illegal action. Names the rule it breaks and says what is allowed."""

    def __init__(self, rule: str, message: str, allowed: str | None = None) -> None:
        self.rule = rule
        self.message = message
        self.allowed = allowed
        text = f"[{rule}] {message}"
        if allowed:
            text += f" Allowed: {allowed}"
        super().__init__(text)

    def to_json(self) -> dict[str, Any]:
        return {"error": "illegal_action", "rule": self.rule, "message": self.message,
                "allowed": self.allowed}


class UnknownPreset(TablesportError):
    """A game, preset or bot name that is not registered; the message lists the known ones."""


class UnknownParameter(TablesportError, KeyError):
    """A ruleset parameter the preset does not have; the message lists the ones it has."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


@dataclass(frozen=True, slots=True)
class Ruleset:
    """A named preset of a game's rules (one per seed edition). Differences are data in ``params``."""

    game: str
    preset: str
    seats: int
    title: str
    sides: tuple[str, ...] = ()
    params: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "params", MappingProxyType(dict(self.params)))

    def __getitem__(self, key: str) -> Any:
        try:
            return self.params[key]
        except KeyError:
            raise UnknownParameter(f"preset {self.preset!r} has no parameter {key!r}; "
                                   f"known: {', '.join(sorted(self.params))}") from None

    def get(self, key: str, default: Any = None) -> Any:
        return self.params.get(key, default)

    def with_params(self, **overrides: Any) -> Ruleset:
        """This preset with some parameters set for one game (e.g. the seats' age groups, the game
        number in a match). Records store the overrides, so replays rebuild the same ruleset."""
        unknown = sorted(set(overrides) - set(self.params))
        if unknown:
            raise UnknownParameter(f"preset {self.preset!r} has no parameter {', '.join(unknown)}; "
                                   f"known: {', '.join(sorted(self.params))}")
        return Ruleset(self.game, self.preset, self.seats, self.title, self.sides,
                       {**self.params, **overrides}, self.source)

    def overrides(self, base: Ruleset) -> dict[str, Any]:
        """The parameters where this ruleset differs from ``base`` (its preset)."""
        return {k: v for k, v in self.params.items() if base.params.get(k, object()) != v}

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "preset": self.preset,
            "seats": self.seats,
            "title": self.title,
            "sides": list(self.sides),
            "params": to_json(self.params),
            "source": self.source,
        }


@dataclass(frozen=True, slots=True)
class Decision:
    """What the referee asks next.

    ``seats`` are the seats that still owe an answer (several at once for a simultaneous choice).
    ``options`` lists the legal actions when the set is finite: a sequence (the same for every
    seat in ``seats``) or a mapping seat → sequence.  It is ``None`` when the space is too large
    to list (a Rummikub table); then ``apply`` validates and ``State.random_action`` samples.
    ``time_limit`` is in seconds (``None``: untimed); ``on_timeout`` says in words what
    ``State.timeout`` does.

    ``stream``: the seats answer this decision many times (drawing strokes, typed guesses) and an
    answer does not ask it again: while the next decision has the same kind and prompt, each seat's
    time limit keeps running from when the decision was first asked, and an answer sent before the
    seat saw its own previous answer applied is not stale.  A seat drops out only when the game says
    so (``seats`` no longer names it).

    ``timer_key``: while the next decision asks a seat again with the same kind and the same key (not
    ``None``), the seat's time limit keeps running from when the key was first asked: free moves within
    one play (Monopoly Deal's rearranging) do not restart a turn's time.

    ``private``: being asked tells something hidden (Rummikub's reshuffle offer goes only to a seat holding
    three identical pairs), so every other seat and a spectator are told only that someone decides: not
    who, not what, not the time it has (:meth:`shown_to`).
    """

    seats: tuple[int, ...]
    kind: str
    prompt: str = ""
    options: Sequence[Action] | Mapping[int, Sequence[Action]] | None = None
    time_limit: float | None = None
    on_timeout: str = ""
    data: Mapping[str, Any] = field(default_factory=dict)
    stream: bool = False
    timer_key: Any = None
    private: bool = False

    def shown_to(self, seat: int | None) -> dict[str, Any]:
        """What a table tells ``seat`` (``None``: a spectator): :meth:`to_json`, except that a private
        decision shows a seat that does not decide, and a spectator, no seat, kind, prompt or time."""
        if self.private and (seat is None or seat not in self.seats):
            return {"seats": [], "kind": "private", "private": True, "prompt": "", "time_limit": None,
                    "on_timeout": "", "data": {}, **({} if seat is None else {"options": []})}
        return self.to_json(seat)

    @property
    def simultaneous(self) -> bool:
        return len(self.seats) > 1

    def options_for(self, seat: int) -> Sequence[Action] | None:
        if seat not in self.seats:
            return ()
        opts = self.options
        if isinstance(opts, Mapping):
            return opts.get(seat, ())
        return opts

    def to_json(self, seat: int | None = None) -> dict[str, Any]:
        """JSON form; with ``seat``, only that seat's options (another seat's are never sent)."""
        out: dict[str, Any] = {
            "seats": list(self.seats),
            "kind": self.kind,
            "prompt": self.prompt,
            "time_limit": self.time_limit,
            "on_timeout": self.on_timeout,
            "data": to_json(self.data),
        }
        if self.stream:
            out["stream"] = True
        if seat is not None:
            opts = self.options_for(seat)
            out["options"] = None if opts is None else to_json(list(opts))
        return out


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened. ``to`` = the seats allowed to see it; ``None`` = everyone."""

    kind: str
    data: Mapping[str, Any] = field(default_factory=dict)
    to: frozenset[int] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.to is None or (seat is not None and seat in self.to)

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "data": to_json(self.data)}


@dataclass(frozen=True, slots=True)
class SideResult:
    seats: tuple[int, ...]
    placement: int
    score: float = 0.0
    stats: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended, rich enough for a tournament.

    ``placements`` per seat (1 = best, equal numbers tie), ``scores`` per seat (the game's own
    points), ``reason`` (how it ended), ``sides`` for team games, ``stats`` for the game's own
    statistics (surviving generals, lost HP, squares left, fouls, ...).
    """

    placements: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    sides: Mapping[str, SideResult] = field(default_factory=dict)
    stats: Mapping[str, Any] = field(default_factory=dict)

    @property
    def winner_seats(self) -> tuple[int, ...]:
        """The seats placed first, if exactly one seat or one side is first; else ()."""
        if self.sides:
            side = self.winner_side
            return self.sides[side].seats if side else ()
        firsts = tuple(i for i, p in enumerate(self.placements) if p == 1)
        return firsts if len(firsts) == 1 else ()

    @property
    def winner_side(self) -> str | None:
        firsts = [name for name, s in self.sides.items() if s.placement == 1]
        return firsts[0] if len(firsts) == 1 else None

    @property
    def is_draw(self) -> bool:
        return not self.winner_seats

    def to_json(self) -> dict[str, Any]:
        return {
            "placements": list(self.placements),
            "scores": list(self.scores),
            "reason": self.reason,
            "winner_seats": list(self.winner_seats),
            "winner_side": self.winner_side,
            "sides": {
                name: {"seats": list(s.seats), "placement": s.placement, "score": s.score,
                       "stats": to_json(s.stats)}
                for name, s in self.sides.items()
            },
            "stats": to_json(self.stats),
        }


def placements_from_scores(scores: Sequence[float]) -> tuple[int, ...]:
    """Competition ranking (1224): higher score places better, equal scores share a place."""
    return tuple(1 + sum(1 for o in scores if o > s) for s in scores)


class State(ABC):
    """A position of a game under one ruleset. Plain data; cheap to clone."""

    __slots__ = ()

    ruleset: Ruleset
    rng: Rng

    # -- the referee asks -------------------------------------------------------------------
    @abstractmethod
    def pending(self) -> Decision | None:
        """The next decision, or ``None`` when the game is over."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply ``seat``'s answer. Raises :class:`RuleError` (state unchanged) if illegal."""

    def timeout(self, seat: int) -> list[Event]:
        """The ruleset's timeout action for ``seat``'s current decision."""
        raise RuleError("timeout", f"{self.ruleset.preset} has no timeout for this decision")

    def time_up(self) -> list[Event]:
        """The game clock ran out (see :meth:`clock_limit`)."""
        raise RuleError("time_up", f"{self.ruleset.preset} has no game clock")

    def clock_limit(self) -> float | None:
        """Seconds of running game time allowed so far, or ``None`` while no game clock runs.

        Drivers add elapsed time only while this is not ``None`` and call :meth:`time_up` once
        the running time reaches it; an overtime raises the limit.
        """
        return None

    def referee(self, action: Action) -> list[Event]:
        """A referee's ruling (a penalty, a concession). Games that have none refuse."""
        raise RuleError("referee", f"{self.ruleset.preset} has no referee actions")

    def referee_allowed(self, action: Action) -> bool:
        """Whether :meth:`referee` would take ``action`` now; nothing changes. Tried on a copy here; a game
        that can tell from its rules alone (a concession's rule, say) answers without one."""
        try:
            self.clone().referee(action)
        except RuleError:
            return False
        return True

    # -- what seats may know ----------------------------------------------------------------
    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """JSON-ready view for ``seat``; ``None`` is the public (spectator) view."""

    def hidden_from(self, viewer: int | None) -> set[str]:
        """Tokens (card ids, tiles, ...) that must not appear in ``viewer``'s view or events."""
        return set()

    def determinize(self, seat: int, rng: Rng) -> State:
        """A clone in which everything ``seat`` cannot see is resampled consistently."""
        return self.clone()

    # -- plumbing ---------------------------------------------------------------------------
    @abstractmethod
    def clone(self) -> State:
        """An independent copy."""

    @abstractmethod
    def result(self) -> Result | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def snapshot(self) -> dict[str, Any]:
        """The whole state (hidden parts and generator included) as JSON-ready data."""

    def state_hash(self) -> str:
        return hashlib.sha256(dumps(self.snapshot()).encode()).hexdigest()

    def check_invariants(self) -> None:
        """Raise ``AssertionError`` if the game's own invariants are broken (every card accounted
        for, HP within bounds, ...); the conformance suite calls it at every checked step."""
        return None

    def side_of(self, seat: int) -> str | None:
        """The side (team, role) this seat plays for now, if the game has sides."""
        return None

    @property
    def is_over(self) -> bool:
        return self.pending() is None

    def legal_actions(self, seat: int) -> Sequence[Action]:
        d = self.pending()
        if d is None or seat not in d.seats:
            return ()
        opts = d.options_for(seat)
        if opts is None:
            raise RuleError("legal_actions",
                            "this decision has too many options to list; use apply to validate")
        return opts

    def random_action(self, seat: int, rng: Rng) -> Action:
        """A uniformly random legal action (games with unlisted options override this)."""
        d = self.pending()
        if d is None:
            raise RuleError("game_over", "the game is over")
        opts = d.options_for(seat)
        if not opts:
            raise RuleError("not_your_turn", f"seat {seat} has nothing to decide", f"seats {list(d.seats)}")
        return opts[rng.randrange(len(opts))]


@dataclass(frozen=True, slots=True)
class ConformanceBudget:
    """How hard the conformance suite plays a game (its cost per game differs by orders of magnitude).

    ``seeds``: games per preset in the default test tier; ``slow_seeds``: in the ``slow`` tier;
    ``deep_every``: the costly checks (views, illegal actions, clones) run at every n-th step of the
    deep games."""

    seeds: int = 20
    slow_seeds: int = 1000
    deep_every: int = 1


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What a game declares about itself; read by the conformance suite, the CLI and the server.

    ``decision_kinds``, ``event_kinds`` and ``result_reasons`` are closed sets: the conformance
    suite fails on a decision, event or result whose kind or reason is not listed.
    ``simultaneous``: a decision may ask several seats at once; ``hidden_information``: some seat
    may not see everything (``hidden_from`` returns tokens); ``chance``: the game draws from its
    generator after the start (shuffles, dice). ``cli_name``: the name of the game's command group
    (``tablesport <cli_name> ...``) where it differs from ``name``."""

    name: str
    title: str
    decision_kinds: frozenset[str]
    event_kinds: frozenset[str]
    result_reasons: frozenset[str]
    simultaneous: bool = False
    hidden_information: bool = False
    chance: bool = False
    conformance: ConformanceBudget = ConformanceBudget()
    cli_name: str = ""

    def __post_init__(self) -> None:
        if not self.cli_name:
            object.__setattr__(self, "cli_name", self.name)
        for what in ("decision_kinds", "event_kinds", "result_reasons"):
            object.__setattr__(self, what, frozenset(getattr(self, what)))

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "title": self.title,
            "simultaneous": self.simultaneous,
            "hidden_information": self.hidden_information,
            "chance": self.chance,
            "decision_kinds": sorted(self.decision_kinds),
            "event_kinds": sorted(self.event_kinds),
            "result_reasons": sorted(self.result_reasons),
        }


Renderer = Callable[[dict[str, Any], Decision | None, int], Any]
"""``render(view, decision, seat)``: a game's terminal view (a Rich renderable)."""


class Game(ABC):
    """A registered game: what it declares (:attr:`info`), its presets, a constructor for states,
    and what a game package provides under fixed file names beside ``game.py`` (docs/adding-a-game.md):

    * ``bots.py`` (or a ``bots`` package) exporting ``BOTS``: name → bot factory ``(rng, **options)``;
    * ``render.py`` exporting ``render(view, decision, seat)``: the terminal view;
    * ``cli.py`` exporting a Typer ``app``: the ``tablesport <game> ...`` commands;
    * ``screen.js``: the web table's screen (an ES module, see docs/server.md) and ``ui.yaml``:
      its UI strings (key → ``{zh-Hans, zh-Hant, en}``);
    * ``texts/game.yaml``, ``texts/rules.yaml``, ``texts/hints.yaml``: what the web app says of the
      game (its messages and lobby tile, its rules pages, its guided first game);
    * ``picture.py`` exporting ``draw(spec, lang, names)``: the lobby tile's picture (inline SVG);
    * ``encoder.py`` exporting ``ENCODER``: the RL encoder class, built from a ruleset;
    * ``table_score.py`` exporting ``SCORERS``: preset → the scorer of a physical table from what
      the referee sees there;
    * data files (YAML/JSON) for cards, maps, tiles.
    """

    info: ClassVar[GameInfo]
    live_params: ClassVar[Mapping[str, Any]] = {}
    """Preset parameters a table with people sets by default (e.g. ask every player for a response,
    so that a pause does not tell the table who holds one); simulations keep the preset's values."""
    fouls: ClassVar[tuple[str, ...]] = ()
    """The fouls a referee can rule at a live table (``referee(("foul", side, foul))``), if any."""
    bots_with_people: ClassVar[bool] = True
    """Whether a bot may sit at a live table with people. False where no bot can play honestly, knowing only
    what its seat knows (Pictionary: a guesser sees strokes, and no bot reads a drawing); bots-only tables
    (simulations, demonstrations) are still allowed."""

    @property
    def name(self) -> str:
        return self.info.name

    @property
    def title(self) -> str:
        return self.info.title

    @property
    @abstractmethod
    def presets(self) -> Mapping[str, Ruleset]: ...

    @abstractmethod
    def new_state(self, ruleset: Ruleset, seed: int) -> State: ...

    # -- what the package provides under its fixed file names ----------------------------------
    def package_dir(self) -> Path:
        """The game's package folder (where ``screen.js``, ``ui.yaml`` and data files live)."""
        module = sys.modules[type(self).__module__]
        return Path(str(module.__file__)).parent

    def package_module(self, name: str) -> Any:
        """The module ``name`` of the game's package (``bots``, ``render``, ``cli``), or ``None``."""
        package = type(self).__module__.rpartition(".")[0]
        try:
            return importlib.import_module(f"{package}.{name}")
        except ModuleNotFoundError as exc:
            if exc.name != f"{package}.{name}":
                raise
            return None

    def bots(self) -> Mapping[str, Callable[..., Any]]:
        """Game-specific bot factories by name: the package's ``bots.BOTS`` (``random`` and
        ``ismcts`` are provided for every game by :mod:`tablesport.bots.registry`)."""
        module = self.package_module("bots")
        return dict(getattr(module, "BOTS", {})) if module is not None else {}

    def renderer(self) -> Renderer | None:
        """The terminal view, ``render.render``, if the package has one."""
        module = self.package_module("render")
        fn = getattr(module, "render", None) if module is not None else None
        return fn if callable(fn) else None

    def screen(self) -> Path | None:
        """The web table's screen module (``screen.js``), if the package has one."""
        path = self.package_dir() / "screen.js"
        return path if path.is_file() else None

    def ui_strings(self) -> dict[str, dict[str, str]]:
        """The screen's UI strings (``ui.yaml``: key → ``{zh-Hans, zh-Hant, en}``)."""
        path = self.package_dir() / "ui.yaml"
        if not path.is_file():
            return {}
        import yaml

        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        return {str(k): {str(lang): str(text) for lang, text in v.items()} for k, v in data.items()}

    def texts(self, kind: str) -> Path | None:
        """The package's texts file ``texts/<kind>.yaml``, if it has one: ``game`` (the messages of
        the engine's prompts, events and end reasons, and the lobby tile), ``rules`` (the rules pages)
        or ``hints`` (the guided first game)."""
        path = self.package_dir() / "texts" / f"{kind}.yaml"
        return path if path.is_file() else None

    def picture(self) -> Callable[[dict[str, Any], str, Mapping[str, Any]], str] | None:
        """The lobby tile's picture, ``picture.draw(spec, lang, names)``, if the package has one: the
        tile's ``picture`` section drawn as inline SVG in ``lang`` with the game's localized
        :meth:`names` (a :class:`~tablesport.core.picture.TileError` for what the game does not have)."""
        module = self.package_module("picture")
        fn = getattr(module, "draw", None) if module is not None else None
        return fn if callable(fn) else None

    def encoder(self) -> Callable[[Ruleset], Any] | None:
        """The RL encoder class, ``encoder.ENCODER`` (a ruleset → its encoder, see docs/rl.md), if
        the package has one."""
        module = self.package_module("encoder")
        cls = getattr(module, "ENCODER", None) if module is not None else None
        return cls if callable(cls) else None

    def table_scorers(self) -> Mapping[str, Callable[..., dict[str, Any]]]:
        """The package's ``table_score.SCORERS``: preset → the scorer of a physical table of that
        competition from what the referee sees there (see :mod:`tablesport.store.score_from_table`)."""
        module = self.package_module("table_score")
        return dict(getattr(module, "SCORERS", {})) if module is not None else {}

    def seats_to_start(self, ruleset: Ruleset) -> tuple[int, ...] | None:
        """The person seats a live table of ``ruleset`` waits for before it starts (``None``: every one).
        A paper Pictionary table starts with its facilitator's page: the players' phones join when they
        like (they only show their player the word)."""
        return None

    def players(self, ruleset: Ruleset) -> int:
        """How many people play a game of ``ruleset`` (the rules page): its seats, unless a seat is not a
        player's (a paper Pictionary table's facilitator page)."""
        return ruleset.seats

    def seat_roles(self, ruleset: Ruleset) -> tuple[str, ...]:
        """What each seat of ``ruleset`` is before the game starts, as UI string keys (the game's
        ``ui.yaml``), one a seat; the new-table form shows them beside the seats. Empty: all alike."""
        return ()

    def rulings(self, ruleset: Ruleset) -> tuple[str, ...]:
        """The referee's rulings a live table of ``ruleset`` takes (``concede``, ``penalty``,
        ``technical``, ``disqualify``, ``foul``; see :meth:`State.referee`): ``foul`` where the game
        has :attr:`fouls`, none else."""
        return ("foul",) if self.fouls else ()

    def names(self) -> dict[str, Any]:
        """Localized names of the game's things by id (cards, generals, skills, cities, ...), each
        ``{name, name_zh, ...}``; screens and logs show these. Empty for games without named things."""
        return {}

    def warm(self) -> None:
        """Load now what a first move would load (compiled code, large tables).  A server calls it
        at start-up, off its event loop, so that no table waits for it; nothing by default."""
        return None

    def ruleset(self, preset: str) -> Ruleset:
        try:
            return self.presets[preset]
        except KeyError:
            raise UnknownPreset(
                f"unknown preset {preset!r} for {self.name}; known: {', '.join(sorted(self.presets))}"
            ) from None

    def start(self, preset: str, seed: int) -> State:
        return self.new_state(self.ruleset(preset), seed)
