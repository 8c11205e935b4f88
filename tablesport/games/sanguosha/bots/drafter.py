"""The drafter: drafts and fields with the draft advisor (``advisor.py``), plays like the heuristic bot.

At each 3v3 draft pick it asks the advisor for the ranking of the candidates left and takes the first
(``score_draft``; the heuristic's ``on_draft`` takes the best score);
at the fielding it fields the advisor's best trio of its picks (commander, two vanguards; vanguard A
and B in the heuristic's order). Where the preset has no advisor tables (1v1, a 3v3 edition without
shipped tables) it drafts like the heuristic bot.
"""

from __future__ import annotations

from typing import Any, ClassVar

from tablesport.core import BotOption

from ..advisor import AdvisorError, Request, Tables, advise, best_field, load_tables
from .heuristic import HeuristicBot
from .reading import Ctx


def preset_tables(preset: str, mode: str) -> Tables | None:
    """The advisor tables of a 3v3 ``preset`` that has them (shipped), else None."""
    if mode != "3v3":
        return None
    try:
        return load_tables(preset)
    except AdvisorError:
        return None


class DrafterBot(HeuristicBot):
    name = "drafter"
    OPTIONS: ClassVar[dict[str, BotOption]] = {}

    def tables(self, ctx: Ctx) -> Tables | None:
        return preset_tables(str(ctx.view.get("preset")), str(ctx.view.get("mode", {}).get("kind")))

    def score_draft(self, ctx: Ctx, opts: list[Any], data: dict[str, Any], choice: Any) -> list[float]:
        """Each pick by the advisor's score (its first candidate highest); the heuristic's strength
        without tables."""
        tables = self.tables(ctx)
        if tables is None:
            return super().score_draft(ctx, opts, data, choice)
        mode = ctx.view["mode"]
        cands: list[str] = list(data["candidates"])
        picks = {s: tuple(mode["picks"][s]) for s in ("cold", "warm")}
        req = Request(str(ctx.view["preset"]), tuple(c for c in cands if c) + picks["cold"] + picks["warm"],
                      str(mode["first_picker"]), picks, str(data["side"]))
        rows = advise(req, tables)["candidates"]
        rank = {r["general"]: len(rows) - i for i, r in enumerate(rows)}   # the advisor's order, best highest
        return [float(rank.get(cands[o[1]], 0)) for o in opts]

    def on_field(self, ctx: Ctx, opts: list[Any], data: dict[str, Any]) -> Any:
        tables = self.tables(ctx)
        if tables is None or not opts:
            return super().on_field(ctx, opts, data)
        commander, vans = best_field(tables, list(opts[0]))
        fits = [o for o in opts if o[0] == commander and set(o[1:]) == set(vans)]
        return super().on_field(ctx, fits, data) if fits else super().on_field(ctx, opts, data)
