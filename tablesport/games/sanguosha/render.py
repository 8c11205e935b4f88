"""Terminal view of a Sanguosha game for ``tablesport play sgs-...``.

``render(view, decision, seat)`` draws what ``seat`` may see: the clock and the turn, one row per
character in turn order (side, commander/vanguard, identity card upright or sideways, general,
HP, hand size, equipment, judgement area, cards on the general), the own hand, the draft screen
while generals are being chosen, and the decision being asked with its timer and a legend of
every card named in its options (options carry card tokens such as ``c17``).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablesport.core import Decision

from . import cards as C
from .generals import generals

SUIT_MARK = {"spade": "♠", "heart": "♥", "club": "♣", "diamond": "♦"}
RANK_MARK = {1: "A", 11: "J", 12: "Q", 13: "K"}
SIDE_STYLE = {"cold": "bold cyan", "warm": "bold red", "lord": "bold yellow", "renegade": "bold magenta"}
SLOT_LABEL = {"weapon": "W", "armor": "A", "defensive_horse": "+1", "offensive_horse": "-1"}


def card_text(token: str) -> Text:
    """``Slash ♠7`` with a red or black suit."""
    try:
        c = C.CARDS[C.card_id(token)]
    except KeyError:
        return Text(str(token))
    mark = SUIT_MARK.get(c.suit, "?") + RANK_MARK.get(c.rank, str(c.rank))
    t = Text(f"{c.title} ")
    t.append(mark, style="red" if c.color == "red" else "bold")
    return t


def general_text(gid: str | None) -> Text:
    if not gid:
        return Text("—", style="dim")
    if gid == "hidden":
        return Text("(face down)", style="dim italic")
    g = generals().get(gid)
    if g is None:
        return Text(gid)
    return Text(f"{g.name} {g.name_zh}")


def hp_text(p: dict[str, Any]) -> Text:
    if not p["alive"]:
        return Text("dead", style="dim")
    hp, mx = int(p["hp"]), int(p["max_hp"])
    t = Text("♥" * max(hp, 0), style="red")
    t.append("♡" * max(mx - max(hp, 0), 0), style="dim")
    t.append(f" {hp}/{mx}")
    return t


def _join(parts: list[Text], sep: str = ", ") -> Text:
    out = Text()
    for i, p in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(p)
    return out


def _tokens(value: Any, out: list[str]) -> None:
    if isinstance(value, str):
        if value in C.BY_TOKEN and value not in out:
            out.append(value)
    elif isinstance(value, list | tuple):
        for v in value:
            _tokens(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _tokens(v, out)


def header(view: dict[str, Any], seat: int) -> Text:
    m = view.get("mode") or {}
    t = Text(f"{view.get('preset', 'sanguosha')} · seat {seat}", style="bold")
    side = (m.get("sides") or [None] * (seat + 1))[seat]
    if side:
        t.append(f" ({side})", style=SIDE_STYLE.get(side, ""))
    if m.get("clock_limit") is not None:
        t.append(f" · game time {int(m['clock_limit']) // 60} min")
        if m.get("overtimes"):
            t.append(f" (+{m['overtimes']} overtime)")
    if m.get("time_up"):
        t.append(" · TIME UP", style="bold red")
    if view.get("current", -1) >= 0:
        t.append(f" · turn: seat {view['current']}")
        if view.get("phase"):
            t.append(f", {view['phase']} phase")
    t.append(f" · draw pile {view.get('draw_pile', 0)} · discard {view.get('discard_count', 0)}")
    return t


def seats_table(view: dict[str, Any], seat: int) -> Table:
    m = view.get("mode") or {}
    upright = m.get("upright")
    commanders = set((m.get("commanders") or {}).values())
    tab = Table(show_header=True, header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    for col in ("", "seat", "identity", "general", "HP", "hand", "equipment · judgement"):
        tab.add_column(col, no_wrap=col != "equipment · judgement")
    order = view.get("order") or list(range(len(view["players"])))
    for s in order:
        p = view["players"][s]
        mark = "▶" if view.get("current") == s else ""
        who = f"{s}" + (" you" if s == seat else "")
        side = p.get("side") or ""
        ident = Text(side, style=SIDE_STYLE.get(side, ""))
        if m.get("kind") == "3v3":
            ident.append(" commander" if s in commanders else " vanguard")
            if upright is not None:
                ident.append(" ▮" if upright[s] else " ▬")
        elif m.get("kind") == "1v1":
            deaths = (m.get("deaths") or [0, 0])[s] if m.get("deaths") else 0
            ident.append(f" · {3 - deaths} left")
        gen = general_text(p.get("general"))
        if not p.get("face_up", True):
            gen.append(" (turned over)", style="dim")
        eq = [Text(f"{SLOT_LABEL[k]}:").append_text(card_text(v)) for k, v in p["equipment"].items() if v]
        judge = [Text("judged ").append_text(card_text(j["card"])).append(
            f" as {j['as']}" if j["as"] != C.NAME[C.card_id(j["card"])] else "") for j in p["judgement"]]
        for k, pile in (p.get("piles") or {}).items():
            if pile:
                judge.append(Text(f"{k}: ").append_text(_join([card_text(x) for x in pile], " ")))
        both = eq + judge
        tab.add_row(mark, who, ident, gen, hp_text(p), str(p["hand_count"]),
                    _join(both, "; ") if both else Text("—", style="dim"))
    caption = "W weapon · A armor · +1/-1 horses"
    if upright is not None:
        caption = "identity card: ▮ upright (yet to act) · ▬ sideways (has acted) · " + caption
    tab.caption = caption
    return tab


def draft_panel(view: dict[str, Any], decision: Decision | None, seat: int) -> RenderableType | None:
    """The draft screen: candidates (with their index), picks so far, what stays unpicked."""
    m = view.get("mode") or {}
    cands = (decision.data.get("candidates") if decision is not None and decision.kind == "draft" else None) \
        or m.get("candidates")
    if not cands and not m.get("picks") and not m.get("taken"):
        return None
    if all(p.get("general") for p in view["players"]) and decision is not None and decision.kind != "field":
        return None
    rows: list[RenderableType] = []
    number: dict[int, int] = {}
    if decision is not None and decision.kind == "draft" and seat in decision.seats:
        for k, o in enumerate(decision.options_for(seat) or ()):
            number[o[1]] = k
    if cands:
        tab = Table(title="candidates", show_header=True, header_style="bold", box=None)
        for col in ("option" if number else "", "general", "kingdom", "HP", "skills"):
            tab.add_column(col)
        for i, gid in enumerate(cands):
            if not gid:
                continue
            option = str(number[i]) if i in number else ""
            g = generals().get(gid)
            if g is None:
                tab.add_row(option, general_text(gid), "", "", "")
                continue
            skills = ", ".join(f"{s.name} {s.name_zh}" for s in g.skills)
            tab.add_row(option, general_text(gid), g.kingdom, str(g.hp), skills)
        rows.append(tab)
    picks = m.get("picks") or {}
    for side, lst in picks.items():
        rows.append(Text(f"{side} picks: ", style=SIDE_STYLE.get(side, "")).append_text(
            _join([general_text(x) for x in lst]) if lst else Text("none yet", style="dim")))
    for s, lst in (m.get("taken") or {}).items():
        rows.append(Text(f"seat {s} took: ").append_text(
            _join([general_text(x) for x in lst]) if lst else Text("none yet", style="dim")))
    if m.get("unpicked"):
        rows.append(Text("unpicked: ").append_text(_join([general_text(x) for x in m["unpicked"]])))
    return Panel(Group(*rows), title="draft", border_style="yellow")


def decision_panel(decision: Decision, seat: int) -> RenderableType:
    d = decision
    t = Text(f"{d.kind}", style="bold")
    if d.prompt:
        t.append(f": {d.prompt}")
    data = dict(d.data)
    details = []
    for key in ("need", "count", "dying", "hp", "trick", "target", "user", "about", "skill", "side", "left",
                "owner", "act", "deciding"):
        if key in data:
            details.append(f"{key}={data[key]}")
    if details:
        t.append("  (" + ", ".join(details) + ")", style="dim")
    timer = Text(f"\n⏱ {d.time_limit:g} s — on timeout: {d.on_timeout}" if d.time_limit else "\n⏱ untimed",
                 style="yellow")
    parts: list[RenderableType] = [t, timer]
    toks: list[str] = []
    _tokens(list(d.options_for(seat) or ()), toks)
    if toks:
        parts.append(Text("cards in the options: ").append_text(
            _join([Text(f"{x}=").append_text(card_text(x)) for x in toks[:40]], "  ")))
    return Panel(Group(*parts), title="your decision", border_style="green")


def render(view: dict[str, Any], decision: Decision | None, seat: int) -> RenderableType:
    parts: list[RenderableType] = [header(view, seat)]
    draft = draft_panel(view, decision, seat)
    if draft is not None:
        parts.append(draft)
    if any(p.get("general") for p in view["players"]):
        parts.append(seats_table(view, seat))
    me = view["players"][seat]
    hand = me.get("hand") or []
    parts.append(Text("your hand: ", style="bold").append_text(
        _join([Text(f"{x}=").append_text(card_text(x)) for x in hand], "  ") if hand
        else Text("empty", style="dim")))
    if view.get("processing"):
        parts.append(Text("on the table: ").append_text(_join([card_text(x) for x in view["processing"]])))
    if view.get("ask_private"):
        parts.append(Text(f"private: {view['ask_private']}", style="italic"))
    if decision is not None and seat in decision.seats:
        parts.append(decision_panel(decision, seat))
    return Group(*parts)
