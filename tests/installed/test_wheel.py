"""What the wheel and the sdist carry: every file the package tracks (so the next data file cannot be
forgotten), the version, the type information; and the extras read from the metadata agree with
pyproject.toml."""

from __future__ import annotations

import json
import re
import subprocess
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from tests.installed_env import installed_root, python

ROOT = Path(__file__).resolve().parents[2]


def tracked_package_files() -> list[str]:
    out = subprocess.run(
        ["git", "ls-files", "tablesport"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    files = out.stdout.split()
    assert len(files) > 300, "git ls-files found too few files: is this a checkout?"
    return files


def dist_file(pattern: str) -> Path:
    root = installed_root()
    assert root is not None
    found = sorted((root.parent / "dist").glob(pattern))
    assert len(found) == 1, f"expected one {pattern} in {root.parent / 'dist'}, found {found}"
    return found[0]


def test_the_wheel_carries_every_tracked_package_file() -> None:
    names = set(zipfile.ZipFile(dist_file("tablesport-*.whl")).namelist())
    lacking = [f for f in tracked_package_files() if f not in names]
    assert not lacking, (
        f"the wheel lacks {len(lacking)} tracked files (pyproject.toml package-data): {lacking[:10]}"
    )
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))], (
        "a build product slipped into the wheel"
    )


def test_the_sdist_carries_every_tracked_package_file() -> None:
    with tarfile.open(dist_file("tablesport-*.tar.gz")) as tar:
        names = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
    lacking = [f for f in tracked_package_files() if f not in names]
    assert not lacking, f"the sdist lacks {len(lacking)} tracked files: {lacking[:10]}"
    assert "pyproject.toml" in names


@pytest.mark.parametrize("kind", ["server", "bare"])
def test_the_installed_package_is_the_wheel_not_the_tree(kind: str) -> None:
    code = (
        "import pathlib, tablesport, importlib.metadata as m; p = pathlib.Path(tablesport.__file__).parent;"
        "print(p); print(tablesport.__version__, m.version('tablesport')); print((p / 'py.typed').is_file())"
    )
    out = subprocess.run(
        [python(kind), "-P", "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    where, versions, typed = out[0], out[1].split(), out[2]
    assert "site-packages" in where and not where.startswith(str(ROOT / "tablesport")), where
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert "version" in project["dynamic"]
    assert versions[0] == versions[1]
    assert typed == "True"  # PEP 561


def test_the_extras_come_from_the_metadata_and_match_pyproject() -> None:
    """tablesport/extras.py reads each extra's packages from the metadata, which is pyproject.toml's."""
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]
    code = (
        "import json; from tablesport import extras; "
        "print(json.dumps({e: extras.distributions(e) for e in extras.extras()}))"
    )
    got = json.loads(
        subprocess.run([python("bare"), "-P", "-c", code], capture_output=True, text=True, check=True).stdout
    )
    assert sorted(got) == sorted(declared)
    for extra, requirements in declared.items():
        names = [re.split(r"[\[<>=!~; ]", r, maxsplit=1)[0].lower().replace("_", "-") for r in requirements]
        own = [n for n in names if n != "tablesport"]
        if own:  # its own packages, after those of the extras it names
            assert got[extra][-len(own) :] == own, (extra, got[extra], own)
        for inner in (r for r in requirements if r.startswith("tablesport[")):
            for named in inner[len("tablesport[") : -1].split(","):
                assert set(got[named]) <= set(got[extra]), (extra, named)
    assert {"redis", "psycopg", "fastapi"} <= set(got["hosted"])
