"""Terminal view for ``tablesport play monopoly-deal-event``: every player's bank and property sets (complete
sets marked), your hand, the piles, and the action being answered."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablesport.core import Decision

from .cards import CARDS, COLOURS

STYLE = {"brown": "bold rgb(150,90,40)", "light_blue": "bold cyan", "pink": "bold magenta",
         "orange": "bold dark_orange", "red": "bold red", "yellow": "bold yellow", "green": "bold green",
         "dark_blue": "bold blue", "railroad": "bold white on grey23", "utility": "bold grey70"}


def card_text(cid: str, colour: str | None = None) -> Text:
    """A card as its name and value; a property in its set's colour."""
    c = CARDS[cid]
    style = STYLE.get(colour or (c.colours[0] if c.kind == "property" else ""), "")
    return Text(f"{c.name} ({c.value}M)" if c.kind not in ("property", "wild") else c.name, style=style)


def cards(ids: list[str], colour: str | None = None) -> Text:
    out = Text()
    for i, cid in enumerate(ids):
        if i:
            out.append(" · ")
        out.append_text(card_text(cid, colour))
    return out


def render(view: dict[str, Any], decision: Decision | None, seat: int) -> RenderableType:
    players = Table(show_header=True, header_style="bold", box=None, padding=(0, 1))
    for col in ("seat", "hand", "bank", "sets", "value"):
        players.add_column(col)
    for s, p in enumerate(view["players"]):
        sets = Text()
        for i, st in enumerate(p["sets"]):
            if i:
                sets.append("  ")
            size = COLOURS[st["colour"]].size
            mark = "✔" if st["complete"] else f"{len(st['cards'])}/{size}"
            sets.append(f"[{i}] {COLOURS[st['colour']].title} {mark}", style=STYLE[st["colour"]])
            if st["house"]:
                sets.append(" +House")
            if st["hotel"]:
                sets.append(" +Hotel")
        bank = sum(CARDS[c].value for c in p["bank"])
        who = f"{s}{' (you)' if s == seat else ''}{' ◀' if view['turn'] == s else ''}"
        players.add_row(who, str(p["hand_count"]), f"{bank}M", sets, f"{p['value']}M")
    parts: list[RenderableType] = [players,
                                   Text(f"draw pile {view['draw_count']} · discard "
                                        f"{CARDS[view['discard'][-1]].name if view['discard'] else '-'} · "
                                        f"turn {view['turn_no']}, plays {view['plays']}/{view['max_plays']}",
                                        style="dim")]
    act = view.get("action")
    if act:
        parts.append(Text(f"seat {act['actor']} plays {act['kind'].replace('_', ' ')} on seat {act['target']}"
                          + (f" for {act['amount']}M" if act["amount"] else "")
                          + (f" — {act['just_say_no']} Just Say No" if act["just_say_no"] else ""),
                          style="bold"))
    if "hand" in view:
        parts.append(Panel(cards(view["hand"]), title="your hand", title_align="left"))
    if view.get("reason"):
        parts.append(Text(f"game over ({view['reason']}): values "
                          + "  ".join(f"{s}: {p['value']}M" for s, p in enumerate(view["players"])),
                          style="bold"))
    if decision is not None and seat in decision.seats:
        hint = {"play": '["bank", card] ["property", card, colour] ["rent", card, colour, seat|null, []] … '
                        '["end"]',
                "respond": '["accept"] or ["just_say_no"]', "pay": '["pay", [table cards]]',
                "discard": '["discard", card]'}.get(decision.kind, "")
        parts.append(Text(f"{decision.prompt}  {hint}", style="italic"))
    return Group(*parts)
