"""Competition formats named after the seeds (a competition's "preset" in the store and the CLI):
format, scoring, tie-break chain, fee and prizes.

Presets and their seed clauses:

- ``sgs-3v3-2011``: 000 §一4: 16 teams, 4 groups, single round robin, top 2; a group round is 2 games
  with the commander rotating, win 3 / loss 0 / draw (1:1) 1 each; knock-out best of 3
- ``sgs-1v1-2014``: 001 1v1: one player a side; a match of several games (read as best of 3, the 3v3
  format of the same seed), no commander; match points as 2012
- ``sgs-3v3-2012``: 003 §2.1.1 best of 3 with rotation; §4.1 2:0 → 3/0, 2:1 → 2/1; §4.2 chain A/B/C
  with head-to-head for two
- ``ttr-event``: 000 Ticket to Ride: 10/7/5/3, 3 rounds, top 4 final, ties → higher points in a single
  game
- ``monopoly-deal-event``: 000 Monopoly Deal: 10/7/5/3 by property value, league of 4 rounds, top 4
  final
- ``blokus-event``: 000 Blokus: league of 4 rounds by game score, 12 or 16 players, top 4 final
- ``pictionary-event``: 000 Pictionary: two teams a table, winner 5 / other 3, 3 preliminary rounds,
  top 2 final
- ``rummikub-2018``: 002: open play, best 3-game sheet by wins then plus points, −10 % per lost sheet

Where a seed gives no standings tie-break, the chain stops after the points and the organiser
decides (``needs_decision``). 2011 deducts technical points (a time-up and standings figure) but states
no limit; 2014 and 2012 end the game at the third (001 §一1.2, 003 §2.1.2). The 2011 chain follows the
seed's own order for undecided games at time-up (surviving generals, lost HP, technical points) — the
seed prints no standings chain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .entrants import Fee
from .errors import TournamentError
from .penalties import PenaltyRules
from .prizes import Prize
from .series import SeriesFormat
from .tiebreak import TieBreak


@dataclass(frozen=True, slots=True)
class CompetitionFormat:
    name: str
    title: str
    kind: str
    """'series' (team matches of several games), 'table' (multi-player tables), 'duel' (two teams a
    table, one game), 'rummikub' (open play with score sheets)."""
    chain: tuple[TieBreak, ...]
    fee: Fee
    prizes: tuple[Prize, ...] = ()
    team_size: int | None = None
    series: SeriesFormat | None = None
    knockout_series: SeriesFormat | None = None
    match_points: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    placement_points: tuple[int, ...] = ()
    table_size: int = 4
    rounds: int = 0
    groups: int = 0
    advance: int = 0
    final_size: int = 0
    final_rounds: int = 1
    penalties: PenaltyRules | None = None
    slot_minutes: int = 45
    score_range: tuple[int, int] | None = None
    time_up_loser_board: bool = False
    """Series: the loser's surviving generals and lost HP at time-up count in the chain (000 glossary 17,
    001 1v1 §三5); False where a loser's are always 0 (003 §4.1 2)."""
    score_values: frozenset[int] | None = None
    """The only game scores the game can give (within ``score_range``), when not every number can occur."""
    score_rule: str = ""
    """The rule (:mod:`rules` id) a refused game score cites."""
    score_label: str = ""
    """The UI string (the game's ``ui.yaml``) that labels a typed score on the web sheet, with
    ``{entrant}``, ``{lo}`` and ``{hi}`` (``score_range``); empty: the generic "{entrant}: score"."""
    params: Mapping[str, object] = field(default_factory=dict)

    @property
    def points_key(self) -> str:
        return self.chain[0].key

    @property
    def qualifying_cut(self) -> int | None:
        """How many of the league go on to the final, when that is all the league order decides: a table
        league or Pictionary, whose top ``final_size`` play one final together (seed 000); ``None`` where
        every place counts (series groups seed the knock-out bracket; Rummikub's places are its awards)."""
        return self.final_size if self.kind in ("table", "duel") and self.final_size else None

    def to_json(self) -> dict[str, object]:
        return {"preset": self.name, "title": self.title, "kind": self.kind,
                "chain": [t.to_json() for t in self.chain], "fee": self.fee.describe(),
                "match_points": {k: list(v) for k, v in self.match_points.items()},
                "placement_points": list(self.placement_points), "rounds": self.rounds,
                "final_size": self.final_size}


_SGS_PRIZES = (Prize(1, "Champion", "$180 worth of games and vouchers for the team", 180),
               Prize(2, "1st runner-up", "$60 worth of games and vouchers for the team", 60),
               Prize(3, "2nd runner-up", "$30 worth of games and vouchers for the team", 30))
_SOLO_PRIZES = (Prize(1, "Champion", "$50 of voucher and Brand's products", 50),
                Prize(2, "1st runner-up", "$30 worth of games and vouchers", 30),
                Prize(3, "2nd runner-up", "$20 worth of games and vouchers", 20))
_PICTIONARY_PRIZES = (Prize(1, "Champion", "$100 worth of games and vouchers for the team", 100),
                      Prize(2, "1st runner-up", "$60 worth of games and vouchers for the team", 60))
_RUMMIKUB_AWARDS = (Prize(1, "冠軍 Champion", "per group"), Prize(2, "亞軍 1st runner-up", "per group"),
                    Prize(3, "季軍 2nd runner-up", "per group"), Prize(4, "優異獎 Merit", "per group"),
                    Prize(5, "優異獎 Merit", "per group"), Prize(6, "優異獎 Merit", "per group"))

FORMATS: dict[str, CompetitionFormat] = {p.name: p for p in (
    CompetitionFormat(
        "sgs-3v3-2011", "Sanguosha 3v3 2011 (seed 000)", "series",
        chain=(TieBreak("points", "desc", True, "match points (win 3, draw 1)"),
               TieBreak("surviving_generals", "desc", False, "surviving generals"),
               TieBreak("lost_hp", "asc", False, "lost HP of survivors"),
               TieBreak("technical_points", "asc", False, "technical points deducted")),
        fee=Fee(15, "team"), prizes=_SGS_PRIZES, team_size=3,
        series=SeriesFormat("fixed", 2), knockout_series=SeriesFormat("best_of", 3),
        match_points={"2:0": (3, 0), "1:1": (1, 1)}, groups=4, advance=2,
        penalties=PenaltyRules((1,), None, (), None), time_up_loser_board=True,
    ),
    CompetitionFormat(
        "sgs-3v3-2012", "Sanguosha 3v3 2012 official (seed 003)", "series",
        chain=(TieBreak("points", "desc", True, "A: match points"),
               TieBreak("surviving_generals", "desc", True, "B: surviving generals"),
               TieBreak("lost_hp", "asc", True, "C: lost HP of survivors")),
        fee=Fee(15, "team"), prizes=_SGS_PRIZES, team_size=3,
        series=SeriesFormat("best_of", 3), knockout_series=SeriesFormat("best_of", 3),
        match_points={"2:0": (3, 0), "2:1": (2, 1)},
        penalties=PenaltyRules((1,), 3, (), None),
    ),
    CompetitionFormat(
        "sgs-3v3-2014", "Sanguosha 3v3 2014 school (seed 001): penalties; match points as 2012", "series",
        chain=(TieBreak("points", "desc", True, "match points"),
               TieBreak("surviving_generals", "desc", False, "surviving generals"),
               TieBreak("lost_hp", "asc", False, "lost HP of survivors"),
               TieBreak("technical_points", "asc", False, "technical points deducted")),
        fee=Fee(15, "team"), team_size=3,
        series=SeriesFormat("best_of", 3), knockout_series=SeriesFormat("best_of", 3),
        match_points={"2:0": (3, 0), "2:1": (2, 1)},
        penalties=PenaltyRules((1,), 3, (1, 3), 5), time_up_loser_board=True,
    ),
    CompetitionFormat(
        "sgs-1v1-2014", "Sanguosha 1v1 2014 school (seed 001): best of 3, match points as 2012", "series",
        chain=(TieBreak("points", "desc", True, "match points"),
               TieBreak("surviving_generals", "desc", False, "generals left"),
               TieBreak("lost_hp", "asc", False, "lost HP of the general on the field")),
        fee=Fee(0, "person"),
        series=SeriesFormat("best_of", 3, rotate_commander=False),
        knockout_series=SeriesFormat("best_of", 3, rotate_commander=False),
        match_points={"2:0": (3, 0), "2:1": (2, 1)}, time_up_loser_board=True,
    ),
    CompetitionFormat(
        "ttr-event", "Ticket to Ride (seed 000)", "table",
        chain=(TieBreak("points", "desc", False, "placement points 10/7/5/3"),
               TieBreak("best_game", "desc", False, "higher points in a single game")),
        fee=Fee(3, "person"), prizes=_SOLO_PRIZES, placement_points=(10, 7, 5, 3), rounds=3, final_size=4,
        slot_minutes=60,
    ),
    CompetitionFormat(
        "monopoly-deal-event", "Monopoly Deal (seed 000)", "table",
        chain=(TieBreak("points", "desc", False, "placement points 10/7/5/3 by property value"),),
        fee=Fee(3, "person"), prizes=_SOLO_PRIZES, placement_points=(10, 7, 5, 3), rounds=4, final_size=4,
        slot_minutes=20, score_range=(0, 242),  # a value: 0M up to the whole event deck (no Deal Breakers)
        score_label="md.sheet_value",
    ),
    CompetitionFormat(
        "blokus-event", "Blokus (seed 000)", "table",
        chain=(TieBreak("points", "desc", False, "sum of game scores"),),
        fee=Fee(3, "person"), prizes=_SOLO_PRIZES, rounds=4, final_size=4, final_rounds=1, slot_minutes=30,
        score_range=(-89, 20), score_values=frozenset((*range(-89, 0), 15, 20)), score_rule="blokus_score",
    ),
    CompetitionFormat(
        "pictionary-event", "Pictionary play-off (seed 000)", "duel",
        chain=(TieBreak("points", "desc", False, "winner 5, other team 3"),),
        fee=Fee(10, "team"), prizes=_PICTIONARY_PRIZES, team_size=3, rounds=3, final_size=2,
        match_points={"win": (5, 3)}, slot_minutes=40,
    ),
    CompetitionFormat(
        "rummikub-2018", "Rummikub open play 2018 (seed 002)", "rummikub",
        chain=(TieBreak("wins", "desc", False, "wins on the best sheet"),
               TieBreak("plus_points", "desc", False, "plus points on the best sheet, −10 % per lost sheet")),
        fee=Fee(0, "person"), prizes=_RUMMIKUB_AWARDS,
        params={"games_per_sheet": 3, "lost_sheet_cut": 0.10, "cutoff": "12:00", "senior_factor": 1.2,
                "team_best": 3},
    ),
)}


def get_format(name: str) -> CompetitionFormat:
    try:
        return FORMATS[name]
    except KeyError:
        raise TournamentError(f"unknown competition preset {name!r}; "
                              f"presets: {', '.join(sorted(FORMATS))}") from None
