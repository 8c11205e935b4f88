"""Loaded at start-up by a process of the installed package whose PYTHONPATH names this folder
(tests/installed): records every file or folder under the installed package that the process tries to
read or list and that is not there, one path a line in ``TABLESPORT_AUDIT_LOG``. A file the wheel
forgot is found even where the code goes on without it (a word list read as empty, a default)."""

from __future__ import annotations

import importlib.util
import os
import sys

LOG = os.environ.get("TABLESPORT_AUDIT_LOG")
_spec = importlib.util.find_spec("tablesport")
ROOT = os.path.dirname(_spec.origin) + os.sep if _spec is not None and _spec.origin else None
_WRITES = os.O_WRONLY | os.O_RDWR | os.O_CREAT


def _audit(event: str, args: tuple[object, ...]) -> None:
    if event not in ("open", "os.listdir", "os.scandir") or not args:
        return
    path = args[0]
    if not isinstance(path, (str, bytes, os.PathLike)):
        return
    if event == "open":
        mode, flags = (args[1], args[2]) if len(args) >= 3 else (None, 0)
        if isinstance(mode, str) and any(m in mode for m in "wax+"):
            return
        if mode is None and isinstance(flags, int) and flags & _WRITES:
            return
    full = os.path.abspath(os.fsdecode(path))
    if ROOT and full.startswith(ROOT) and "__pycache__" not in full and not os.path.exists(full):
        with open(str(LOG), "a", encoding="utf-8") as f:
            f.write(full[len(ROOT) :] + "\n")


if LOG and ROOT:
    sys.addaudithook(_audit)
