"""The walkthroughs in docs/tournament.md run: every ``$ tablesport ...`` line of a walkthrough is run against
a fresh database, in order, and its output must be the lines the document shows under it (a refusal shows as
``error: ...``). A walkthrough starts at ``<!-- walkthrough NAME: FILE -->``; the YAML block after the marker
is written to FILE; the console blocks up to the next marker belong to it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablesport.cli import app
from tablesport.core import TablesportError

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournament.md"
MARK = re.compile(r"<!-- walkthrough (\S+): (\S+) -->")
FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)


def walkthroughs(text: str) -> dict[str, tuple[str, str, list[tuple[str, list[str]]]]]:
    """NAME → (file name, file text, [(command, expected output lines)])."""
    out: dict[str, tuple[str, str, list[tuple[str, list[str]]]]] = {}
    marks = list(MARK.finditer(text))
    for i, m in enumerate(marks):
        part = text[m.end(): marks[i + 1].start() if i + 1 < len(marks) else len(text)]
        fences = FENCE.findall(part)
        assert fences and fences[0][0] == "yaml", f"walkthrough {m.group(1)} starts with its YAML file"
        steps: list[tuple[str, list[str]]] = []
        for lang, body in fences[1:]:
            if lang != "console":
                continue
            for line in body.splitlines():
                if line.startswith("$ "):
                    steps.append((line[2:], []))
                elif steps:
                    steps[-1][1].append(line)
        out[m.group(1)] = (m.group(2), fences[0][1], steps)
    return out


def run(command: str, db: str, cwd: Path) -> list[str]:
    args = shlex.split(command)
    assert args[0] == "tablesport", command
    res = CliRunner().invoke(app, args[1:], env={"TABLESPORT_DB": db, "COLUMNS": "200"})
    lines = res.stdout.rstrip("\n").splitlines() if res.stdout.strip() else []
    if res.exception is not None:
        if not isinstance(res.exception, TablesportError):
            raise res.exception
        lines.append(f"error: {res.exception}")
    return [ln.rstrip() for ln in lines]


DOCS = walkthroughs(DOC.read_text(encoding="utf-8"))


def test_the_document_has_the_walkthroughs() -> None:
    assert {"day-2014", "rummikub-morning"} <= set(DOCS)


@pytest.mark.parametrize("name", sorted(DOCS))
def test_walkthrough_runs_as_written(name: str, tmp_path: Path, monkeypatch: Any) -> None:
    file_name, file_text, steps = DOCS[name]
    monkeypatch.chdir(tmp_path)
    (tmp_path / file_name).write_text(file_text, encoding="utf-8")
    db = f"sqlite:///{tmp_path / 'walk.sqlite3'}"
    for command, expected in steps:
        got = run(command, db, tmp_path)
        assert got == [ln.rstrip() for ln in expected], f"$ {command}"
