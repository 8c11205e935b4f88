"""The installed wheel the server, CLI and browser tests run (what users install, not the source tree).

``make test`` builds the wheel (through its sdist) and installs it from the locks into environments
outside the tree, then sets ``TABLESPORT_INSTALLED`` to their folder (``build/installed``):

* ``all``: every extra (the dev lock): the server, CLI and browser tests;
* ``server``: the ``server`` extra alone, what ``make run`` serves (tests/installed);
* ``bare``: no extra, the CLI without the server (tests/installed, tests/test_bare_install.py).

Without ``TABLESPORT_INSTALLED`` (a developer's ``pytest`` on the tree) these tests run the tree's
package with this interpreter instead; tests/installed is skipped then, saying how to run it.
Processes start with ``-P``, so the folder they start in (a source tree) never shadows the install."""

from __future__ import annotations

import os
import sys
from pathlib import Path

KINDS = ("all", "server", "bare")


def installed_root() -> Path | None:
    """The folder of the installed environments, or None when the tests run the tree."""
    where = os.environ.get("TABLESPORT_INSTALLED")
    return Path(where) if where else None


def python(kind: str = "all") -> str:
    """The interpreter of the ``kind`` environment (this one when the tests run the tree)."""
    assert kind in KINDS, kind
    root = installed_root()
    if root is None:
        return sys.executable
    py = root / kind / "bin" / "python"
    if not py.is_file():
        raise RuntimeError(f"TABLESPORT_INSTALLED={root} has no {kind}/bin/python: run `make installed`")
    return str(py)


def cli(kind: str = "all") -> list[str]:
    """The ``tablesport`` command of the ``kind`` environment, as an argument list."""
    return [python(kind), "-P", "-m", "tablesport.cli"]
