"""tablesport.tournament: pure competition logic (formats, scoring, tie-break chains, penalties,
fees, prizes, schedules and the presets of the seed events). No I/O and no game imports.

Modules: formats (the competition formats named after the seeds: scoring, tie-breaks, fees, prizes),
days (the seeds' event days), entrants (players, teams, fees), registration_csv (a registration list
as CSV), roundrobin (Berger), groups (snake, pots), knockout (brackets, crossing), series (matches of
several games, commander rotation), tiebreak (chains), standings (documents → standings rows), rules
(the seed clauses results are checked against), seating (a result against its table's seats),
penalties, timeup (time-up at a physical table), digital (results from digital tables), rummikub
(open play), league (4-player table assignment), pictionary, schedule, prizes, printouts, errors.
"""

from .errors import TournamentError
from .formats import FORMATS, CompetitionFormat, get_format
from .standings import standings

__all__ = ["FORMATS", "CompetitionFormat", "TournamentError", "get_format", "standings"]
