"""What the heuristic Sanguosha bot knows for one decision (:class:`Ctx`: its view, the sides, its hand by
name) and what it thinks cards are worth. The skills' hooks for the bot (``ai_*`` of
:class:`~tablesport.games.sanguosha.skill.Skill`) read the decision through it."""

from __future__ import annotations

from typing import Any

from ..cards import BY_TOKEN, EQUIP_SLOTS, NAME, SLOT_OF

# what holding a card is worth (higher = keep it longer); equipment in hand is valued separately
KEEP = {
    "peach": 10, "ex_nihilo": 9, "nullification": 7, "dodge": 6, "snatch": 6, "indulgence": 6, "slash": 5,
    "dismantle": 5, "duel": 5, "supply_shortage": 5, "barbarian_invasion": 5, "arrow_barrage": 5,
    "collateral": 3, "amazing_grace": 3, "peach_garden": 3, "lightning": 1,
}
# what an equipped card is worth
EQUIP_VALUE = {
    "qinggang_sword": 6, "zhuge_crossbow": 5, "double_swords": 4, "ice_sword": 4, "green_dragon_blade": 5,
    "serpent_spear": 4, "stone_axe": 5, "sky_halberd": 4, "kirin_bow": 5,
    "eight_diagrams": 8, "renwang_shield": 8,
    "jueying": 6, "dilu": 6, "zhuahuang_feidian": 6, "chitu": 5, "dayuan": 5, "zixing": 5,
}
SLOTS = EQUIP_SLOTS


def name_of(token: str) -> str:
    return NAME[BY_TOKEN[token]]


class Ctx:
    """What the bot knows for one decision: its view, sides, its hand by name."""

    __slots__ = ("seat", "view", "players", "me", "side", "hand", "names", "allies", "enemies", "commanders")

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.seat = seat
        self.view = view
        self.players: list[dict[str, Any]] = view["players"]
        self.me = self.players[seat]
        self.side = self.me["side"]
        self.hand: list[str] = self.me.get("hand", [])
        self.names = [name_of(t) for t in self.hand]
        self.commanders = set((view.get("mode") or {}).get("commanders", {}).values())

    def ally(self, s: int) -> bool:
        """Same side (or itself)."""
        if s == self.seat:
            return True
        other = self.players[s]["side"]
        return self.side is not None and other == self.side

    def enemy(self, s: int) -> bool:
        return not self.ally(s)

    def count(self, name: str) -> int:
        return self.names.count(name)

    def wounded(self, s: int) -> int:
        p = self.players[s]
        return int(p["max_hp"] - p["hp"])

    def equip_name(self, s: int, slot: str) -> str | None:
        t = self.players[s]["equipment"].get(slot)
        return name_of(t) if t else None

    def priority(self, s: int) -> float:
        """How much hurting enemy ``s`` is worth: low HP and commanders first."""
        p = self.players[s]
        v = 12.0 - 3.0 * p["hp"]
        if p["hp"] <= 1:
            v += 8
        if s in self.commanders:
            v += 6
        return float(v)

    @staticmethod
    def seats_in(args: tuple[Any, ...]) -> list[int]:
        """The seats among an invocation's arguments."""
        return [a for a in args if isinstance(a, int)]

    @staticmethod
    def cards_in(args: tuple[Any, ...]) -> list[str]:
        """The card tokens among an invocation's arguments."""
        return [a for a in args if isinstance(a, str) and a in BY_TOKEN]

    def least_kept(self, opts: list[Any]) -> Any:
        """The option ``(kind, card, ...)`` whose card is least worth keeping (the first of equals)."""
        return min(opts, key=lambda o: self.keep(o[1]))

    def least_kept_pair(self, opts: list[Any]) -> Any:
        """The option ``(kind, card, card)`` whose two cards are together least worth keeping."""
        return min(opts, key=lambda o: self.keep(o[1]) + self.keep(o[2]))

    def value_of(self, token: str) -> float:
        """What a card is worth by its name alone (equipment by :data:`EQUIP_VALUE`)."""
        return ctx_value_of(token)

    def redirect_value(self, args: tuple[Any, ...]) -> float:
        """Passing an attack on to the first seat of ``args`` at the cost of its cards (Shifting,
        Heavenly Scent): only onto an enemy."""
        seats, tokens = self.seats_in(args), self.cards_in(args)
        if not seats or not self.enemy(seats[0]):
            return -1.0
        return 20.0 + self.priority(seats[0]) - 2.0 * sum(self.keep(t) for t in tokens)

    def keep(self, token: str) -> float:
        """What keeping this hand (or equipped) card is worth."""
        n = name_of(token)
        if n in EQUIP_VALUE:
            slot = SLOTS[SLOT_OF[BY_TOKEN[token]]]
            cur = self.me["equipment"].get(slot)
            if cur == token:
                return EQUIP_VALUE[n] + 2.0
            if cur is None:
                return EQUIP_VALUE[n] * 0.8
            return 1.5
        v = float(KEEP.get(n, 3))
        if n in ("dodge", "slash") and self.names.count(n) > 1:
            v -= 1.5
        if n == "peach" and self.me["hp"] >= self.me["max_hp"] and self.names.count("peach") > 2:
            v -= 2
        return v


def ctx_value_of(token: str) -> float:
    n = name_of(token)
    return float(EQUIP_VALUE.get(n, KEEP.get(n, 3)))
