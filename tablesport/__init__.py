"""tablesport: digital referees, bots and a tournament manager for board-game competitions."""

from .compiled_build import install as _install

__version__ = "0.1.0"

_install()      # the optional compiled engine's finder (TABLESPORT_PURE=1: the Python source only)
