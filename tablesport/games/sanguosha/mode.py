"""The mode interface: what a competition mode decides around the rules of the cards.

The preset's ``mode`` parameter names the :class:`Mode` a state plays under (``3v3``, ``1v1``, or
``free`` — the ruling scenarios' free play). A mode is one stateless object per name, like a skill:
everything it keeps lives in the state's ``g.mode`` dict (plain data, cloned and hashed with the rest
of the state). The state calls it at these points and nowhere else:

* :meth:`Mode.start` — a new game: the draft and preparation, then the flow of turns (frames);
  :meth:`Mode.resume` — a game set up mid-way (a ruling scenario's position);
* :meth:`Mode.on_timeout` — a decision timed out (before its timeout answer applies);
* :meth:`Mode.time_up` — the game clock ran out (``State.time_up``);
* :meth:`Mode.referee` — a referee's ruling (``State.referee``);
* :meth:`Mode.view` and :meth:`Mode.hidden_tokens` — the view's ``mode`` part and what it hides;
* :meth:`Mode.on_death` — a character died (its cards are already discarded): rewards, the end of the
  game, a replacement;
* :meth:`Mode.no_play_left` — nothing is left to run;
* :meth:`Mode.result` — the result once the game is over.

Implementations live in the ``modes`` package (registered with :func:`register_mode`).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from tablesport.compiled_build import python_class
from tablesport.core import Result, Rng, RuleError, TablesportError

if TYPE_CHECKING:
    from .state import SgsState


@python_class
class Mode:
    """A competition mode. Subclasses set :attr:`name` and override what their mode decides."""

    name: ClassVar[str] = ""

    def start(self, g: SgsState) -> None:
        """Set up ``g.mode`` and push the frames that run the game from its first step."""
        raise NotImplementedError

    def resume(self, g: SgsState, current: int, position: Mapping[str, Any]) -> None:
        """Continue a game from a set position (a ruling scenario) whose turn of ``current`` is about to
        run: the mode data from ``position``, and the mode's flow frame under that turn."""
        raise TablesportError(f"the {self.name} mode cannot start from a set position")

    def on_timeout(self, g: SgsState, seat: int, kind: str) -> None:
        """``seat``'s decision of ``kind`` timed out; its timeout answer is applied next."""

    def time_up(self, g: SgsState) -> None:
        """The game clock ran out."""
        raise RuleError("time_up", "no game clock is running")

    def referee(self, g: SgsState, action: Any) -> None:
        """A referee's ruling; refuse what this mode does not know with a :class:`RuleError`."""
        raise RuleError("referee", f"{g.ruleset.preset} has no referee actions here")

    def referee_allowed(self, g: SgsState, action: Any) -> bool | None:
        """Whether :meth:`referee` would take ``action`` now, where the rules tell without trying it;
        ``None``: try it on a copy."""
        return None

    def view(self, g: SgsState, seat: int | None) -> dict[str, Any]:
        """The ``mode`` part of ``seat``'s view (``None``: the public view)."""
        return {"kind": g.mode.get("kind")}

    def hidden_tokens(self, g: SgsState, viewer: int | None) -> set[str]:
        """Tokens of the mode (face-down generals) that ``viewer`` may not see."""
        return set()

    def determinize(self, g: SgsState, seat: int, rng: Rng) -> None:
        """Resample in ``g`` (a clone) the mode's parts that ``seat`` cannot see; none by default."""

    def on_death(self, g: SgsState, seat: int, killer: int) -> None:
        """``seat`` died (``killer``: the damage source or -1); its cards are already discarded."""
        raise NotImplementedError

    def no_play_left(self, g: SgsState) -> None:
        """The stack ran empty before the game ended."""
        raise NotImplementedError

    def result(self, g: SgsState) -> Result:
        """The result of a game that is over."""
        raise NotImplementedError


MODES: dict[str, Mode] = {}


def register_mode(cls: type[Mode]) -> type[Mode]:
    """Class decorator: one instance of a mode class under its ``name`` (a name is taken once)."""
    if not cls.name:
        raise ValueError(f"{cls.__name__} has no name")
    old = MODES.get(cls.name)
    if old is not None and type(old) is not cls:
        raise ValueError(f"mode {cls.name!r} is already registered by {type(old).__name__}")
    MODES[cls.name] = cls()
    return cls


def mode_for(name: str) -> Mode:
    """The mode called ``name`` (the modes package is imported on first use)."""
    if name not in MODES:
        importlib.import_module(__package__ + ".modes")
    try:
        return MODES[name]
    except KeyError:
        raise TablesportError(f"unknown mode {name!r}; known: {', '.join(sorted(MODES))}") from None
