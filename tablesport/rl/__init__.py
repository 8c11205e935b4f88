"""Reinforcement-learning environments for tablesport presets (optional extra ``tablesport[rl]``).

* :func:`env` — a PettingZoo AEC environment, every seat an agent;
* :func:`gym_env` — a Gymnasium environment, one seat learning against a named bot.

Every game has an encoder (its package's ``encoder.py``, :mod:`tablesport.rl.encoders`): observations
from the seat's view, a fixed action space with a mask per step, rewards from the result.  docs/rl.md
describes each game's spaces; ``python -m tablesport.rl PRESET`` prints them.
"""

from __future__ import annotations

from typing import Any

from tablesport.core import TablesportError


def _need() -> None:
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        raise TablesportError("RL environments need PettingZoo and Gymnasium: "
                              "pip install 'tablesport[rl]'") from None


def env(preset: str, render_mode: str | None = None) -> Any:
    """The PettingZoo AEC environment of ``preset``."""
    _need()
    from .aec import TablesportAEC

    return TablesportAEC(preset, render_mode)


def gym_env(preset: str, seat: int = 0, opponent: str = "random", render_mode: str | None = None) -> Any:
    """A Gymnasium environment: ``seat`` learns, ``opponent`` (a ``--bots`` spec) plays the others."""
    _need()
    from .single import TablesportGym

    return TablesportGym(preset, seat, opponent, render_mode)
