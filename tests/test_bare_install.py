"""What a user gets from a plain ``pip install tablesport`` (no extras), in a fresh virtualenv.

The dev environment has every extra installed, so only a bare install shows a command that crashes
for want of an optional package.  Every usage error and every command that needs an extra must end
with one line on stderr and exit code 2, never a traceback."""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

from tests.installed_env import installed_root

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The bare installation of the wheel that make test built (tests/installed_env.py); without one, the tree
    installed into a fresh virtualenv from the bare lock."""
    root = installed_root()
    if root is not None:
        return root / "bare" / "bin" / "tablesport"
    env = tmp_path_factory.mktemp("bare") / "venv"
    venv.EnvBuilder(with_pip=True).create(env)
    py = env / "bin" / "python"
    lock = str(ROOT / "requirements" / "base.txt")
    for args in (["--require-hashes", "-r", lock], ["--no-deps", str(ROOT)]):
        subprocess.run([str(py), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", *args],
                       check=True, timeout=900)
    return env / "bin" / "tablesport"


CASES = [
    (["simulate", "blokus-event", "--games", "abc"], "Invalid value for '--games'"),
    (["no-such-command"], "No such command"),
    (["simulate"], "Missing argument"),
    (["simulate", "no-such-preset"], "unknown preset"),
    (["simulate", "goofspiel-2p", "--bots", "nobody"], "unknown bot"),
    (["replay", "/no/such/record.jsonl"], "record"),
    (["play", "goofspiel-2p", "--seat", "9"], "--seat"),
    (["serve"], "pip install 'tablesport[server]'"),
    (["event", "standings", "nothing-here", "cup", "--db", "postgresql://127.0.0.1:1/none"],
     "pip install 'tablesport[postgres]'"),
    (["simulate", "goofspiel-2p", "-n", "2", "--engine", "ray"], "pip install 'tablesport[ray]'"),
    (["simulate", "goofspiel-2p", "-n", "2", "--out", "dataset"], "needs pyarrow"),
    (["analyze", "dataset", "--out", "report"], "pip install 'tablesport[analytics]'"),
    (["hosted", "run", "2"], "pip install 'tablesport[server]'"),
    (["hosted", "haproxy-config", "no-port"], "host:port"),
]


@pytest.mark.parametrize("args, says", CASES, ids=[" ".join(a) for a, _ in CASES])
def test_bare_install_errors_are_one_line(bare: Path, args: list[str], says: str) -> None:
    run = subprocess.run([str(bare), *args], capture_output=True, text=True, timeout=120, cwd=bare.parent)
    assert run.returncode == 2, (run.returncode, run.stdout, run.stderr)
    assert "Traceback" not in run.stderr + run.stdout
    lines = [ln for ln in run.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1, run.stderr
    assert says in lines[0], lines[0]


def test_bare_install_plays(bare: Path) -> None:
    run = subprocess.run([str(bare), "simulate", "goofspiel-2p", "--games", "3", "--json"],
                         capture_output=True, text=True, timeout=120, cwd=bare.parent)
    assert run.returncode == 0, run.stderr
    assert '"games": 3' in run.stdout


def test_main_job_without_server_extra_falls_back_to_the_terminal_game(bare: Path) -> None:
    py = bare.parent / "python"
    run = subprocess.run([str(py), "-m", "tablesport.main"], input="", capture_output=True, text=True,
                         timeout=120, cwd=bare.parent)
    assert "Traceback" not in run.stderr, run.stderr
    assert sys.executable != str(py)


def test_bare_install_ships_its_type_information(bare: Path) -> None:
    """PEP 561: the installed package carries ``py.typed``, so type checkers read its annotations."""
    py = bare.parent / "python"
    code = "import pathlib, tablesport; print(pathlib.Path(tablesport.__file__).parent)"
    where = subprocess.run([str(py), "-c", code], capture_output=True, text=True, timeout=60, cwd=bare.parent,
                           check=True).stdout.strip()
    assert (Path(where) / "py.typed").is_file()


def test_bare_install_advises_a_draft(bare: Path) -> None:
    """The draft advisor and its shipped tables need no extra (docs/advisor.md)."""
    import json

    revealed = ["guo_jia", "zhang_liao", "hua_tuo", "diao_chan", "zhuge_liang", "sun_quan", "xiahou_yuan",
                "xiao_qiao", "gan_ning", "cao_cao", "ma_chao", "liu_bei", "lu_bu", "zhen_ji", "zhao_yun",
                "huang_gai"]
    req = {"preset": "sgs-3v3-2012", "generals": revealed, "first_picker": "cold", "picks": {},
           "turn": "cold"}
    run = subprocess.run([str(bare), "sanguosha", "advise", "--json"], input=json.dumps(req),
                         capture_output=True, text=True, timeout=120, cwd=bare.parent)
    assert run.returncode == 0, run.stderr
    assert len(json.loads(run.stdout)["candidates"]) == 16
    run = subprocess.run([str(bare), "sanguosha", "advise"], input="{", capture_output=True, text=True,
                         timeout=120, cwd=bare.parent)
    assert run.returncode == 2 and "Traceback" not in run.stderr and "not JSON" in run.stderr
