"""Running the installed package with the start-up audit of audit/sitecustomize.py."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.installed_env import cli

AUDIT = Path(__file__).resolve().parent / "audit"


def audit_env(log: Path) -> dict[str, str]:
    """What makes a process of the installed package record its missing files in ``log``."""
    return {"PYTHONPATH": str(AUDIT), "TABLESPORT_AUDIT_LOG": str(log), "COLUMNS": "200"}


def missing_files(log: Path) -> list[str]:
    """The package paths the audited processes looked for and did not find, in order, each once."""
    if not log.exists():
        return []
    return list(dict.fromkeys(log.read_text(encoding="utf-8").splitlines()))


def run(
    kind: str, log: Path, *args: str, stdin: str | None = None, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """``tablesport ARGS`` of the ``kind`` installation, audited into ``log``."""
    env = {**os.environ, **audit_env(log)}
    return subprocess.run(
        [*cli(kind), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd or log.parent,
        timeout=300,
    )
