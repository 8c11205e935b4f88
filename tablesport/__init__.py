"""tablesport: digital referees, bots and a tournament manager for board-game competitions."""

__version__ = "0.1.0"
