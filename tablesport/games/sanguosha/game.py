"""The Sanguosha game and its four presets. Edition differences are the parameters below."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from tablesport.core import ConformanceBudget, Game, GameInfo, Ruleset

from .modes.three import TEAM
from .state import SgsState

POOL_3V3_2011 = {"packs": ["standard", "wind"], "remove": ["yu_ji"]}
POOL_3V3_2012 = {"packs": ["standard"], "remove": ["lu_meng", "xiahou_dun"],
                 "add": ["huang_zhong", "meng_huo", "xiao_qiao", "sun_jian", "zhou_tai", "pang_de",
                         "xiahou_yuan", "xu_huang", "zhuge_jin"]}
POOL_1V1_2014 = {"packs": ["standard", "wind"], "remove": ["sun_quan", "cao_cao", "hua_tuo", "lu_meng"]}

COMMON: dict[str, Any] = {
    "declare_seconds": 5,          # 5 s to declare an optional skill; silence = decline
    "play_seconds": None,          # per play-phase action (1v1: 15 s)
    "response_seconds": None,      # Dodge/Slash/Peach/Nullification requests (not printed)
    "discard_seconds": None,
    "lord_skills": False,          # 3v3: commanders may not use lord skills (主帅不能使用主公技); 1v1: inert
                                   # too (reference §3.1); "lord" would give the 1v1 Lord side lord status
    "first_turn_draw_less": 0,
    "pick_seconds": 10,            # identity card, pile and first-actor choices (not printed)
    "ask_always": False,           # True: ask for Dodge/Slash/Peach/Nullification even with nothing to give
}

BASE_3V3: dict[str, Any] = {
    **COMMON,
    "mode": "3v3",
    "deck": "no_lightning",
    "pool": POOL_3V3_2011,
    "aoe_direction_choice": True,  # 卡牌结算顺序: the user names clockwise or counter-clockwise
    "first_picker_seconds": 10,
    "first_picker_timeout": "pass_to_cold",
    "draft_order": (1, 2, 2, 2, 2, 2, 2, 2),   # D3: the 16th general stays unpicked
    "draft_seconds": 20,
    "show_seconds": 10,
    "field_seconds": 90,
    "commander_bonus": 1,
    "starting_hand": 4,
    "deal_before_first_actor": False,
    "game_minutes": 40,
    "overtime_minutes": 5,
    "kill_reward": 3,
    "time_up_at": "turn_end",
    "tiebreaks": ("surviving", "lost_hp", "technical_points"),
    "loser_surviving_zero": ("commander_killed", "concession", "disqualified"),   # 2011 glossary 17
    "concede_by": "commander",     # 2011 glossary 16: a commander decides to give up the game
    "concede_own_turn_only": False,
    "forfeit_peach": False,
    "penalty_points": False,
    "stall_penalty": 0,
    "disqualify_at": 0,
    "announce_at_end": False,      # the referee announces HP and hand size at the end phase
    "technical_loss_at": 3,        # 2014 一.1.2), 2012 §2.1.2: three technical points lose the game
}

PRESETS = {
    "sgs-3v3-2011": Ruleset(
        "sanguosha", "sgs-3v3-2011", 6, "Sanguosha 3v3, 2011 official competition rules", ("cold", "warm"),
        {**BASE_3V3, "game_minutes": 45, "technical_loss_at": 0},   # 2011: a time-up figure only, no limit
        "seeds/000_367602b2860311e8.txt (40–50 min printed; the event schedule gives 45 min)"),
    "sgs-3v3-2014": Ruleset(
        "sanguosha", "sgs-3v3-2014", 6, "Sanguosha 3v3, 2014 Xinganban rules", ("cold", "warm"),
        {**BASE_3V3, "deal_before_first_actor": True, "penalty_points": True, "stall_penalty": 1,
         "concede_by": "side", "disqualify_at": 5, "announce_at_end": True},
        "seeds/001_b3a4048375c612b1.txt (3v3 part)"),
    "sgs-3v3-2012": Ruleset(
        "sanguosha", "sgs-3v3-2012", 6, "Sanguosha 3v3, 2012 official rules", ("cold", "warm"),
        {**BASE_3V3, "deck": "3v3_2012", "pool": POOL_3V3_2012, "first_picker_timeout": "warm_first",
         "kill_reward": 2, "time_up_at": "round_end", "tiebreaks": ("surviving", "lost_hp"),
         "loser_surviving_zero": ("*",), "announce_at_end": True,
         "concede_own_turn_only": True, "forfeit_peach": True},
        "seeds/003_7057d2ac82ed5d80.txt"),
    "sgs-1v1-2014": Ruleset(
        "sanguosha", "sgs-1v1-2014", 2, "Sanguosha 1v1, 2014 Xinganban rules", ("lord", "renegade"),
        {**COMMON, "mode": "1v1", "deck": "full", "pool": POOL_1V1_2014, "aoe_direction_choice": False,
         "pick_order": (("lord", 1), ("renegade", 2), ("lord", 2), ("renegade", 2), ("lord", 2), ("lord", 1)),
         "draft_seconds": None, "field_seconds": None, "game_minutes": 30, "first_turn_draw_less": 1,
         "play_seconds": 15, "role_chooser": None, "lord_skills": False, "kill_reward": 0,
         "penalty_points": False, "concede_by": "side"},
        "seeds/001_b3a4048375c612b1.txt (1v1 part)"),
}


DECISION_KINDS = frozenset({
    "amazing_grace", "challenge", "choose", "choose_card", "choose_role", "choose_unit", "discard", "draft",
    "field", "first_actor", "first_picker", "forfeit_peach", "invoke", "pick_identity", "pick_pile", "play",
    "respond",
})
EVENT_KINDS = frozenset({
    "announce", "bewitch", "bewitch_card", "candidates", "challenge", "clock_start", "compare_points",
    "damage", "death", "discard", "disqualified", "dodged", "draft_done", "draw", "draw_cards", "dying",
    "effect", "equip", "first_actor", "first_picker", "flip", "gain", "gain_cards", "game_over", "general",
    "identity", "judge", "judge_result", "judge_trick", "look", "lose_hp", "move_trick", "name_suit",
    "no_effect", "nullified", "overtime", "penalty", "phase", "phase_skipped", "pick", "pick_hidden", "pile",
    "place_trick", "play", "prevented", "recover", "redirect", "reset", "reshuffle", "retrial", "reveal",
    "reward", "roles", "sideways", "skill", "stargazing", "technical_points", "time_up", "timeout", "turn",
    "turn_end", "unit", "use",
})
RESULT_REASONS = frozenset({
    "commander_killed", "three_generals_killed", "last_standing", "no_play_left", "concession",
    "disqualified", "technical_points", "time_up_surviving", "time_up_lost_hp", "time_up_technical_points",
    "time_up_remaining_generals", "time_up_points",
})


class SanguoshaGame(Game):
    info = GameInfo(
        name="sanguosha",
        title="Sanguosha (三国杀) 3v3 and 1v1 competition rules",
        decision_kinds=DECISION_KINDS,
        event_kinds=EVENT_KINDS,
        result_reasons=RESULT_REASONS,
        simultaneous=True,
        hidden_information=True,
        chance=True,
        conformance=ConformanceBudget(seeds=30, slow_seeds=2500, deep_every=5),
    )
    # people at the table: nobody learns who holds a Dodge or a Peach (every seat is asked; the server passes
    # for a seat with nothing to answer, server/autopass.py), and a response gets the seeds' 15 s per action
    # (2014 1v1: 选手每个动作的完成时间为15秒) so that an absent responder does not stall the table
    live_params = {"ask_always": True, "response_seconds": 15}

    @property
    def presets(self) -> Mapping[str, Ruleset]:
        return PRESETS

    def new_state(self, ruleset: Ruleset, seed: int) -> SgsState:
        return SgsState(ruleset, seed)

    def seat_roles(self, ruleset: Ruleset) -> tuple[str, ...]:
        """3v3: each team's first seat is its commander (主帅), the other two its vanguards; which team is
        cold or warm is drawn at the table (modes/three.py). 1v1: who is the Lord (主公) is chosen at the
        table (modes/one.py)."""
        if ruleset.params.get("mode", "3v3") == "1v1":
            return ("sg.role.lord_or_renegade",) * ruleset.seats
        role = {seat: f"sg.role.{'commander' if seat == team[0] else 'vanguard'}_{t + 1}"
                for t, team in enumerate(TEAM) for seat in team}
        return tuple(role[seat] for seat in range(ruleset.seats))

    def rulings(self, ruleset: Ruleset) -> tuple[str, ...]:
        """A concession, and as the edition has them the 3v3 technical points, the 2014 penalty points
        and disqualification."""
        cfg = ruleset.params
        out = ["concede", "technical"] if cfg.get("mode", "3v3") == "3v3" else ["concede"]
        if cfg.get("penalty_points"):
            out.append("penalty")
        if cfg.get("disqualify_at"):
            out.append("disqualify")
        return tuple(out)

    def names(self) -> dict[str, Any]:
        """Cards (by token and by name), generals and skills with their English and Chinese names."""
        from .card_texts import texts
        from .cards import CARDS
        from .generals import generals

        text = texts()

        def named(name: str, name_zh: str, **extra: Any) -> dict[str, Any]:
            return {"name": name, "name_zh": name_zh, **extra}

        gens = generals()
        return {
            "cards": {c.token: named(c.title, c.name_zh, key=c.name, suit=c.suit, rank=c.rank, type=c.type,
                                     subtype=c.subtype, range=c.range) for c in CARDS},
            "card_names": {c.name: named(c.title, c.name_zh, type=c.type, subtype=c.subtype, range=c.range,
                                         text=text["cards"].get(c.name, {})) for c in CARDS},
            "generals": {g.id: named(g.name, g.name_zh, kingdom=g.kingdom, hp=g.hp, gender=g.gender,
                                     skills=list(g.skill_ids)) for g in gens.values()},
            "skills": {s.id: named(s.name, s.name_zh, compulsory=s.compulsory, lord=s.lord,
                                   text=text["skills"].get(s.id, {}))
                       for g in gens.values() for s in g.skills},
        }



GAME = SanguoshaGame()
