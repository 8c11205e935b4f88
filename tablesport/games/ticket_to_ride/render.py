"""The terminal view of a Ticket to Ride table (``tablesport play ttr-event --seat 0``)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablesport.core import Decision

from .board import board

STYLE = {
    "pink": "magenta",
    "white": "bright_white",
    "blue": "blue",
    "yellow": "yellow",
    "orange": "dark_orange",
    "black": "grey50",
    "red": "red",
    "green": "green",
    "locomotive": "bold cyan",
    "grey": "white",
}


def card(name: str | None, count: int | None = None) -> Text:
    if name is None:
        return Text("[ — ]", style="dim")
    label = "loco" if name == "locomotive" else name
    return Text(f"[{label}{'' if count is None else f' ×{count}'}]", style=STYLE.get(name, ""))


def describe(action: Any) -> str:
    """An action in words (the terminal lists the options by number next to these)."""
    b = board()
    if not isinstance(action, list | tuple) or not action:
        return str(action)
    verb = action[0]
    if verb == "claim":
        r = b.routes[action[1]]
        pay = (
            f"{r.length} locomotives"
            if action[2] == "locomotive"
            else f"{r.length - action[3]} {action[2]}" + (f" + {action[3]} loco" if action[3] else "")
        )
        return f"claim {r.a}–{r.b} ({r.length} {r.colour}) with {pay}"
    if verb == "faceup":
        return f"take face-up card {action[1] + 1}"
    if verb == "blind":
        return "draw a blind card"
    if verb == "tickets":
        return "draw destination tickets"
    if verb == "keep":
        names = {t.id: f"{t.a}–{t.b} ({t.points})" for t in b.tickets}
        return "keep " + ", ".join(names.get(t, t) for t in action[1])
    return str(verb)


def render(view: dict[str, Any], decision: Decision | None, seat: int) -> RenderableType:
    b = board()
    players = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
    for col in ("seat", "trains", "cards", "tickets", "route pts", "longest", ""):
        players.add_column(col)
    for p in view["players"]:
        s = p["seat"]
        mark = "◀ turn" if view.get("turn") == s and view["phase"] != "over" else ""
        players.add_row(
            f"{s}{' (you)' if s == seat else ''}",
            str(p["trains"]),
            str(p["cards"]),
            str(p["tickets"]),
            str(p["route_points"]),
            f"{p['longest']}{' ★' if p['has_longest'] else ''}",
            mark,
        )
    row = Text("face up: ")
    for name in view["faceup"]:
        row.append_text(card(name))
        row.append(" ")
    row.append(
        f"  draw pile {view['deck']} · discards {view['discard']} · tickets {view['tickets_left']}",
        style="dim",
    )
    parts: list[RenderableType] = [players, row]
    if view["last_round"]:
        parts.append(Text(f"LAST ROUND — {view['turns_left']} turn(s) left", style="bold red"))
    claimed: dict[int, list[str]] = {}
    for rid, s in view["claimed"]:
        r = b.routes[rid]
        claimed.setdefault(s, []).append(f"{r.a}–{r.b} {r.length}")
    if claimed:
        routes = Table(show_header=False, box=None, padding=(0, 1))
        for s in sorted(claimed):
            routes.add_row(f"seat {s}", ", ".join(claimed[s]))
        parts.append(Panel(routes, title="routes", title_align="left"))
        paths = Table(show_header=False, box=None, padding=(0, 1))
        for p in view["players"]:
            if p["longest_cities"]:
                paths.add_row(
                    f"seat {p['seat']}{' ★' if p['has_longest'] else ''}",
                    str(p["longest"]),
                    " – ".join(p["longest_cities"]),
                )
        parts.append(Panel(paths, title="longest paths (★ holds the bonus)", title_align="left"))
    if "hand" in view:
        hand = Text()
        for name, k in view["hand"].items():
            hand.append_text(card(name, k))
            hand.append(" ")
        parts.append(
            Panel(
                hand if view["hand"] else Text("(no cards)", style="dim"),
                title="your hand",
                title_align="left",
            )
        )
        tickets = Table(show_header=False, box=None, padding=(0, 1))
        for t in view["tickets"]:
            tickets.add_row("✓" if t["completed"] else "·", f"{t['a']}–{t['b']}", str(t["points"]))
        for t in view["offered"]:
            tickets.add_row("?", f"{t['a']}–{t['b']}", str(t["points"]), style="cyan")
        parts.append(Panel(tickets, title="your tickets (? offered)", title_align="left"))
    if view.get("final"):
        final = Table(show_header=True, header_style="bold", box=None, padding=(0, 2))
        for col in ("place", "seat", "routes", "tickets", "longest", "bonus", "total"):
            final.add_column(col)
        for r in sorted(view["final"], key=lambda r: r["place"]):
            done = sum(1 for t in r["tickets"] if t["completed"])
            final.add_row(
                str(r["place"]),
                str(r["seat"]),
                str(r["route_points"]),
                f"{r['ticket_points']:+d} ({done}/{len(r['tickets'])})",
                str(r["longest"]),
                str(r["longest_bonus"]),
                str(r["total"]),
            )
        parts.append(Panel(final, title=f"final scoring · {view['reason']}", title_align="left"))
    if decision is not None and seat in decision.seats:
        opts = decision.options_for(seat) or ()
        words = "\n".join(f"{i}: {describe(a)}" for i, a in enumerate(opts))
        parts.append(Text("your options in words (same numbers):\n" + words, style="dim"))
    return Group(*parts)
