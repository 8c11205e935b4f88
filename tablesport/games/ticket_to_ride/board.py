"""The USA map as the engine reads it: cities, routes and tickets from ``data/usa.yaml``, indexed once.

Cards are small integers: 0..7 the eight colours in :data:`COLOURS` order, 8 the locomotive.
Routes are numbered by their ``id`` (1..100) in the data; a grey route has colour index -1.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

DATA = Path(__file__).parent / "data" / "usa.yaml"

LOCOMOTIVE = 8


@dataclass(frozen=True, slots=True)
class City:
    index: int
    name: str
    name_zh: str
    lat: float
    lon: float


@dataclass(frozen=True, slots=True)
class Route:
    id: int
    a: str
    b: str
    length: int
    colour: str
    colour_index: int
    """-1 for a grey route (any one colour)."""
    double_of: int | None
    ai: int
    bi: int


@dataclass(frozen=True, slots=True)
class Ticket:
    id: str
    a: str
    b: str
    points: int
    ai: int
    bi: int
    index: int


@dataclass(frozen=True, slots=True)
class Board:
    colours: tuple[str, ...]
    cards: tuple[str, ...]
    """Card names by index: the eight colours, then ``locomotive``."""
    cards_per_colour: int
    locomotives: int
    trains: int
    faceup: int
    start_cards: int
    route_points: dict[int, int]
    longest_bonus: int
    cities: tuple[City, ...]
    routes: dict[int, Route]
    tickets: tuple[Ticket, ...]
    city_index: dict[str, int]
    ticket_index: dict[str, int]
    pairs: dict[frozenset[str], tuple[int, ...]]
    """Route ids between two cities (two for a double route)."""

    def route_between(self, a: str, b: str) -> tuple[int, ...]:
        return self.pairs.get(frozenset((a, b)), ())

    def card_index(self, name: str) -> int:
        return self.cards.index(name)

    def to_json(self) -> dict[str, Any]:
        """The ``tablesport ttr map --json`` contract."""
        return {
            "cities": [
                {"name": c.name, "name_zh": c.name_zh, "lat": c.lat, "lon": c.lon} for c in self.cities
            ],
            "routes": [
                {
                    "id": r.id,
                    "a": r.a,
                    "b": r.b,
                    "length": r.length,
                    "colour": r.colour,
                    "double_of": r.double_of,
                }
                for r in self.routes.values()
            ],
            "tickets": [{"id": t.id, "a": t.a, "b": t.b, "points": t.points} for t in self.tickets],
            "components": {
                "colours": list(self.colours),
                "cards_per_colour": self.cards_per_colour,
                "locomotives": self.locomotives,
                "trains": self.trains,
                "route_points": {str(k): v for k, v in self.route_points.items()},
                "longest_bonus": self.longest_bonus,
            },
        }


@cache
def board() -> Board:
    raw = yaml.safe_load(DATA.read_text(encoding="utf-8"))
    comp = raw["components"]
    colours = tuple(comp["colours"])
    cities = tuple(
        City(i, c["name"], c["name_zh"], float(c["lat"]), float(c["lon"]))
        for i, c in enumerate(raw["cities"])
    )
    index = {c.name: c.index for c in cities}
    routes: dict[int, Route] = {}
    pairs: dict[frozenset[str], tuple[int, ...]] = {}
    for r in raw["routes"]:
        colour = str(r["colour"])
        ci = -1 if colour == "grey" else colours.index(colour)
        route = Route(
            int(r["id"]),
            r["a"],
            r["b"],
            int(r["length"]),
            colour,
            ci,
            r.get("double_of"),
            index[r["a"]],
            index[r["b"]],
        )
        routes[route.id] = route
        key = frozenset((route.a, route.b))
        pairs[key] = (*pairs.get(key, ()), route.id)
    tickets = tuple(
        Ticket(str(t["id"]), t["a"], t["b"], int(t["points"]), index[t["a"]], index[t["b"]], i)
        for i, t in enumerate(raw["tickets"])
    )
    return Board(
        colours,
        (*colours, "locomotive"),
        int(comp["cards_per_colour"]),
        int(comp["locomotives"]),
        int(comp["trains"]),
        int(comp["faceup"]),
        int(comp["start_cards"]),
        {int(k): int(v) for k, v in comp["route_points"].items()},
        int(comp["longest_bonus"]),
        cities,
        routes,
        tickets,
        index,
        {t.id: t.index for t in tickets},
        pairs,
    )
