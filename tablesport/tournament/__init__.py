"""tablesport.tournament: pure competition logic (formats, scoring, tie-break chains, penalties,
fees, prizes, schedules and the presets of the seed events). No I/O and no game imports.

Modules: entrants (players, teams, fees), roundrobin (Berger), groups (snake, pots), knockout
(brackets, crossing), series (matches of several games, commander rotation), tiebreak (chains),
presets (the seed competitions), standings (documents → standings rows), penalties, rummikub
(open play), league (4-player table assignment), pictionary, schedule, prizes, printouts.
"""

from .errors import TournamentError
from .formats import FORMATS, CompetitionFormat, get_format
from .standings import standings

__all__ = ["FORMATS", "CompetitionFormat", "TournamentError", "get_format", "standings"]
