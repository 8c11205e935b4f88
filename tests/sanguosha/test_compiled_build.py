"""The compiled engine (tablesport/compiled_build.py, scripts/build-compiled): its module list
matches the package, ``TABLESPORT_PURE=1`` loads the Python source, and where the build is present it
replays the corpus (tests/sanguosha/corpus.py) to the recorded hashes, as the pure package does.
The suite itself runs the pure package (tests/conftest.py); the compiled build runs in a subprocess."""

from __future__ import annotations

import json
import os
import pkgutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tablesport import compiled_build
from tablesport.games.sanguosha import compiled, skills

from . import corpus

ROOT = Path(__file__).resolve().parents[2]
KEYS = list(corpus.keys())
NO_BUILD = "no compiled build in this checkout (make test and make compiled build it where a C compiler is)"


def _run(code: str, *, pure: bool, timeout: int) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("TABLESPORT_PURE", None)
    if pure:
        env["TABLESPORT_PURE"] = "1"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


def test_every_skill_module_is_compiled_or_excluded_with_a_reason() -> None:
    names = {f"{skills.__name__}.{m.name}" for m in pkgutil.iter_modules(skills.__path__)}
    listed = set(compiled_build.MODULES) | set(compiled_build.EXCLUDED)
    assert sorted(names - listed) == []
    for m in [*compiled_build.MODULES, *compiled_build.EXCLUDED]:
        assert compiled_build.source_path(m).is_file(), m
    assert not set(compiled_build.MODULES) & set(compiled_build.EXCLUDED)


def test_a_bot_deriving_from_a_compiled_bot_is_compiled_too() -> None:
    """A Python class cannot derive from a native one: the drafter bot, a heuristic bot, failed to be
    made in the compiled build until its module was listed."""
    from tablesport.games.sanguosha.bots import BOTS

    for name, cls in BOTS.items():
        native_bases = [b for b in getattr(cls, "__mro__", ())[1:] if b.__module__ in compiled_build.MODULES]
        if native_bases:
            assert cls.__module__ in compiled_build.MODULES, (name, native_bases)


@pytest.mark.skipif(not compiled_build.is_built(), reason=NO_BUILD)
def test_every_sanguosha_bot_plays_in_the_compiled_build() -> None:
    code = (
        "from tablesport.core import Rng\n"
        "from tablesport.games import find_preset\n"
        "from tablesport.games.sanguosha import compiled\n"
        "from tablesport.games.sanguosha.bots import BOTS\n"
        "assert compiled()\n"
        "for name, cls in sorted(BOTS.items()):\n"
        "    game, rs = find_preset('sgs-3v3-2012')\n"
        "    g = game.new_state(rs, 1)\n"
        "    bot = cls(Rng(1)) if name != 'rollout' else cls(Rng(1), playouts=2, candidates=2, horizon=1)\n"
        "    for _ in range(60):\n"
        "        d = g.pending()\n"
        "        g.apply(d.seats[0], bot.act(g, d.seats[0], d))\n"
        "    print(name, g.turn_no)\n"
    )
    out = _run(code, pure=False, timeout=600)
    assert out.returncode == 0, out.stderr
    assert {line.split()[0] for line in out.stdout.splitlines()} >= {"drafter", "heuristic", "rollout"}


def test_an_incomplete_or_outdated_build_is_not_loaded(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A checkout laid out in tmp_path: sources, then a build beside them (empty stand-in files; only
    their presence and times count)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    for m in compiled_build.MODULES:
        src = compiled_build.source_path(m, tmp_path)
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text("")
        os.utime(src, (1000, 1000))
    assert not compiled_build.unusable(tmp_path)  # no build: nothing to load, nothing said
    assert capsys.readouterr().err == ""
    built = [compiled_build.source_path(m, tmp_path).with_suffix(suffix) for m in compiled_build.MODULES]
    for b in built:
        b.write_text("")
    assert compiled_build.unusable(tmp_path)  # the shared library missing
    assert "incomplete" in capsys.readouterr().err
    lib = tmp_path / (compiled_build.LIB + suffix)
    lib.write_text("")
    os.utime(lib, (2000, 2000))  # explicit times: a file system's clock may give two writes the same time
    assert not compiled_build.unusable(tmp_path)  # complete and newer than its sources
    assert compiled_build.is_built(tmp_path)
    built[1].unlink()
    assert compiled_build.unusable(tmp_path)  # a module missing
    assert compiled_build.MODULES[1] in capsys.readouterr().err
    built[1].write_text("")
    os.utime(compiled_build.source_path(compiled_build.MODULES[2], tmp_path), (3000, 3000))  # edited later
    assert not compiled_build.unusable(tmp_path)  # an installed wheel (no pyproject.toml): no times count
    (tmp_path / "pyproject.toml").write_text("")  # a checkout: the edited source outdates the build
    assert compiled_build.unusable(tmp_path)
    assert f"older than the source of {compiled_build.MODULES[2]}" in capsys.readouterr().err
    assert compiled_build.unusable(tmp_path, say=False)
    assert capsys.readouterr().err == ""


def test_why_the_compiled_engine_cannot_be_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """What make run, make test (scripts/build-compiled --auto) and setup.py's wheel ask before compiling:
    each reason leaves the pure package, said so."""
    monkeypatch.delenv(compiled_build.NO_BUILD_ENV, raising=False)
    monkeypatch.setenv("CC", "/no/such/compiler")
    assert compiled_build.why_not_buildable() == "no C compiler (/no/such/compiler)"
    monkeypatch.setenv(compiled_build.NO_BUILD_ENV, "1")
    assert compiled_build.why_not_buildable() == "TABLESPORT_PURE_BUILD is set"


def test_auto_build_without_a_compiler_keeps_the_pure_package(tmp_path: Path) -> None:
    """scripts/build-compiled --auto in a copy of the build's sources with no C compiler: it says why,
    exits 0, and leaves nothing compiled."""
    import shutil

    copy = tmp_path / "checkout"
    shutil.copytree(
        ROOT / "tablesport", copy / "tablesport", ignore=shutil.ignore_patterns("*.so", "__pycache__")
    )
    shutil.copytree(ROOT / "scripts", copy / "scripts")
    (copy / "pyproject.toml").write_text((ROOT / "pyproject.toml").read_text())
    env = {**os.environ, "CC": "/no/such/compiler"}
    env.pop(compiled_build.NO_BUILD_ENV, None)
    done = subprocess.run(
        [sys.executable, str(copy / "scripts" / "build-compiled"), "--auto"],
        cwd=copy,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    said = "not built (no C compiler (/no/such/compiler)): the pure Python Sanguosha engine is used"
    assert said in done.stdout
    assert not compiled_build.built_files(copy)


def test_the_suite_runs_the_pure_package() -> None:
    assert os.environ.get("TABLESPORT_PURE") == "1"
    assert not compiled()
    assert not any(compiled_build.loaded().values())


def test_pure_env_loads_the_source_even_beside_a_build() -> None:
    run = _run(
        "from tablesport.games.sanguosha import compiled, state; print(compiled(), state.__file__)",
        pure=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    assert run.stdout.split()[0] == "False"
    assert run.stdout.split()[1].endswith("state.py")


HASHES = """
import json
from tablesport.games.sanguosha import compiled
from tests.sanguosha import corpus
assert compiled(), "the compiled build did not load"
n = {n}
keys = list(corpus.keys())
print(json.dumps({{f"{{p}}/{{b}}": [corpus.final_hash(p, b, s) for s in range(n)] for p, b in keys}}))
"""


def _compiled_hashes(n: int, timeout: int) -> dict[str, list[str]]:
    run = _run(HASHES.format(n=n), pure=False, timeout=timeout)
    assert run.returncode == 0, run.stderr
    got: dict[str, list[str]] = json.loads(run.stdout)
    return got


@pytest.mark.skipif(not compiled_build.is_built(), reason=NO_BUILD)
def test_the_compiled_build_replays_the_first_corpus_games_to_their_hashes() -> None:
    want = corpus.load()
    got = _compiled_hashes(12, timeout=600)
    assert got == {k: v[:12] for k, v in want.items()}


# The seeded generator, whose compiled build computes in machine integers: every draw the same in both
# builds, at every size of range (powers of two, the boundaries of 2**62 and 2**63, above them), floats,
# shuffles, copies, spawned generators and states read and set.
RNG_STREAM = """
import hashlib
from tablesport.core import Rng, rng
h = hashlib.sha256()
ns = [1, 2, 3, 5, 6, 7, 10, 13, 52, 100, 108, 1000, 2**31 - 1, 2**32, 2**40 + 7, 2**61 + 3, 2**62 - 1, 2**62,
      2**62 + 1, 3 * 2**60, 2**63 - 1, 2**63, 2**63 + 5, 2**64 - 3, 2**64]
for seed in [0, 1, 7, -5, 2**63 - 1, 2**63, 2**64 - 1, 2**70 + 3] + list(range(100, 140)):
    r = Rng(seed)
    out = [r.state]
    for i in range(400):
        out += [r.randrange(ns[i % len(ns)]), r.next64(), r.random()]
        if i % 50 == 0:
            xs = list(range(30))
            r.shuffle(xs)
            c = r.copy()
            out += xs + [c.next64(), r.spawn(i).next64(), r.sample(range(20), 5), r.randint(-3, 9)]
            r.state = r.next64() ^ seed & (2**64 - 1)
    h.update(repr(out).encode())
print(rng._NATIVE, h.hexdigest())
"""


def _same_digest_in_both_builds(code: str) -> None:
    """``code`` prints whether it ran compiled and a digest: each build must run as asked, to one digest."""
    pure = _run(code, pure=True, timeout=600)
    comp = _run(code, pure=False, timeout=600)
    assert pure.returncode == 0, pure.stderr
    assert comp.returncode == 0, comp.stderr
    assert pure.stdout.split()[0] == "False" and comp.stdout.split()[0] == "True"
    assert comp.stdout.split()[1] == pure.stdout.split()[1]


@pytest.mark.skipif(not compiled_build.is_built(), reason=NO_BUILD)
def test_the_generator_draws_the_same_numbers_in_both_builds() -> None:
    _same_digest_in_both_builds(RNG_STREAM)


# What the corpus's final hashes do not reach: views, clones, determinized copies, hidden sets, decisions
# and events along random games, digested.
SURFACE = """
import hashlib
from tablesport.core import Rng, dumps
from tablesport.games import find_preset
from tablesport.games.sanguosha import compiled
h = hashlib.sha256()
for preset in ("sgs-3v3-2012", "sgs-1v1-2014"):
    game, rs = find_preset(preset)
    for seed in range(2):
        s = game.new_state(rs, seed)
        rng = Rng(seed + 1)
        k = 0
        while (d := s.pending()) is not None:
            seat = d.seats[0]
            if k % 5 == 0:
                for x in (s.view(seat), s.view(None), sorted(s.hidden_from(seat)), d.to_json(seat),
                          s.determinize(seat, Rng(k)).state_hash(), s.clone().state_hash()):
                    h.update(dumps(x).encode())
            ev = s.apply(seat, s.random_action(seat, rng))
            h.update(dumps([e.to_json() for e in ev]).encode())
            k += 1
print(compiled(), h.hexdigest())
"""


@pytest.mark.skipif(not compiled_build.is_built(), reason=NO_BUILD)
def test_views_clones_and_determinized_copies_are_the_same_in_both_builds() -> None:
    _same_digest_in_both_builds(SURFACE)


@pytest.mark.slow
@pytest.mark.skipif(not compiled_build.is_built(), reason=NO_BUILD)
def test_the_compiled_build_plays_every_corpus_game_as_the_source_does() -> None:
    """Every game of the corpus, compiled against pure (this process): the same final hashes. (Against
    the recorded file, test_corpus.py's slow test checks the pure package.)"""
    n = len(next(iter(corpus.load().values())))
    got = _compiled_hashes(n, timeout=3600)
    pure = {f"{p}/{b}": [corpus.final_hash(p, b, s) for s in range(n)] for p, b in KEYS}
    differ = [(k, s) for k in pure for s in range(n) if got[k][s] != pure[k][s]]
    assert not differ, f"{len(differ)} games differ, first {differ[:10]}"


def test_the_version_names_the_engine_that_runs() -> None:
    """``tablesport --version``: compiled where the checkout's build loads, else pure Python."""
    code = "from tablesport.cli import version_line; print(version_line())"
    pure = _run(code, pure=True, timeout=120)
    assert pure.returncode == 0, pure.stderr
    assert pure.stdout.strip().endswith("(Sanguosha engine: pure Python)")
    default = _run(code, pure=False, timeout=120)
    assert default.returncode == 0, default.stderr
    loads = compiled_build.is_built() and not compiled_build.unusable(say=False)
    engine = "compiled" if loads else "pure Python"
    assert default.stdout.strip().endswith(f"(Sanguosha engine: {engine})")
