"""What the wheel and the sdist carry: every file the package tracks (so the next data file cannot be
forgotten), the version, the type information; and the extras read from the metadata agree with
pyproject.toml."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import sysconfig
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

from tablesport import compiled_build
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
    assert not [n for n in names if n.endswith((".pyd", ".pyc", ".c", ".o"))], (
        "a build product slipped into the wheel"
    )


def compiled_build_files() -> set[str]:
    """The compiled engine's extension modules as a wheel lays them out (tablesport/compiled_build.py)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    return {m.replace(".", "/") + suffix for m in (*compiled_build.MODULES, compiled_build.LIB)}


def test_the_wheel_carries_the_compiled_engine_where_it_could_be_built() -> None:
    """setup.py: a wheel built where a C compiler, Python's headers and mypyc are at hand (as here, for
    make test's wheel) carries every module of the compiled build and nothing else compiled; built
    anywhere else, none (test_a_pure_wheel_can_still_be_built)."""
    names = set(zipfile.ZipFile(dist_file("tablesport-*.whl")).namelist())
    binaries = {n for n in names if n.endswith(".so")}
    why = compiled_build.why_not_buildable()
    assert binaries == (compiled_build_files() if why is None else set()), why
    assert {m.replace(".", "/") + ".py" for m in compiled_build.MODULES} <= names  # the source beside them


def test_the_sdist_is_pure() -> None:
    with tarfile.open(dist_file("tablesport-*.tar.gz")) as tar:
        names = tar.getnames()
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc", ".c", ".o"))]
    assert any(n.endswith("/setup.py") for n in names)


def test_a_pure_wheel_can_still_be_built(tmp_path: Path) -> None:
    """TABLESPORT_PURE_BUILD=1 (or no C compiler: setup.py says why) gives the pure Python wheel."""
    sdist = dist_file("tablesport-*.tar.gz")
    env = {**os.environ, compiled_build.NO_BUILD_ENV: "1"}
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "uv",
            "build",
            "--wheel",
            "--no-build-isolation",
            "--python",
            sys.executable,
            "--out-dir",
            str(tmp_path),
            str(sdist),
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert "the compiled engine is not built (TABLESPORT_PURE_BUILD is set)" in done.stderr
    (wheel,) = tmp_path.glob("tablesport-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "tablesport/games/sanguosha/engine.py" in names
    assert not [n for n in names if n.endswith(".so")]


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
