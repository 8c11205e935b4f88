"""The board: a track from Start to Finish with a category on every square (data/boards/*.yaml)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from .words import CATEGORIES, PictionaryError

BOARDS = Path(__file__).parent / "data" / "boards"


class BoardError(PictionaryError):
    """A board file that cannot be used."""


@dataclass(frozen=True, slots=True)
class Board:
    name: str
    title: str
    title_zh: str
    track: tuple[str, ...]
    """Category of every square: ``track[0]`` is Start, ``track[-1]`` is Finish (no category: "")."""
    colours: dict[str, str]

    @property
    def finish(self) -> int:
        return len(self.track) - 1

    def category(self, square: int) -> str:
        return self.track[min(square, self.finish - 1)]

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "track": list(self.track), "finish": self.finish,
                "colours": dict(self.colours)}


def names() -> list[str]:
    return sorted(p.stem for p in BOARDS.glob("*.yaml"))


@cache
def load(name: str) -> Board:
    path = BOARDS / f"{name}.yaml"
    if not path.is_file():
        raise BoardError(f"unknown board {name!r}; boards: {', '.join(names())}")
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    squares = str(data.get("squares", "")).split()
    start = str(data.get("start", ""))
    bad = sorted({c for c in [start, *squares] if c not in CATEGORIES})
    if bad or len(squares) < 5:
        raise BoardError(f"board {name!r}: squares are {', '.join(CATEGORIES)} (at least 5), not {bad}")
    colours = {str(k): str(v) for k, v in (data.get("colours") or {}).items()}
    return Board(name, str(data.get("title", name)), str(data.get("title_zh", data.get("title", name))),
                 (start, *squares, ""), colours)
