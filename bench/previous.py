"""An earlier version of a game engine, measured beside the current one in the same run.

A benchmark given ``--previous DIR`` loads the game package that DIR holds, a copy of the package from an
earlier commit::

    git archive COMMIT tablesport/games/monopoly_deal | tar -x -C DIR

under a private module name: the copy's own relative imports resolve inside the copy, its ``tablesport.core``
imports to the current core (the driver and the baseline stay the same).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType


def load_previous(directory: str, package: str) -> ModuleType:
    """The game package ``package`` (``ticket_to_ride``, ``monopoly_deal``) found under ``directory``."""
    root = Path(directory) / "tablesport" / "games" / package
    if not (root / "__init__.py").is_file():
        raise SystemExit(f"{directory}: no tablesport/games/{package}/__init__.py (see bench/previous.py)")
    name = f"_previous_{package}"
    spec = importlib.util.spec_from_file_location(name, root / "__init__.py",
                                                  submodule_search_locations=[str(root)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
