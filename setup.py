"""The wheel's compiled Sanguosha engine: pyproject.toml holds everything else about the package.

A wheel built where mypyc, setuptools, a C compiler and Python's headers are at hand carries the
compiled build of tablesport/compiled_build.py's MODULES (one extension module each, and their shared
library ``tablesport_native__mypyc`` at the top of site-packages), which Python loads before the source
the wheel carries too. Anywhere else, with ``TABLESPORT_PURE_BUILD=1``, or when the compiler fails,
the wheel is the pure Python package, and the build says why. The sdist and editable installs are
always pure (``scripts/build-compiled`` builds a checkout in place).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


def _compiled_build() -> Any:
    """tablesport/compiled_build.py by its path (importing the package is not needed to build it)."""
    spec = importlib.util.spec_from_file_location(
        "_tablesport_compiled_build", ROOT / "tablesport" / "compiled_build.py"
    )
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


PURE = "the wheel carries the pure Python Sanguosha engine"


REUSE_ENV = "TABLESPORT_COMPILED_FROM"
"""A checkout whose in-place build (scripts/build-compiled) the wheel may carry instead of compiling
again, where its package source is the same file for file (the Makefile's wheel, after make test's
``engine`` step: one compilation instead of two)."""

_reuse: Path | None = None


def _why_not_reusable(checkout: Path, cb: Any) -> str | None:
    if not cb.is_built(checkout) or cb.unusable(checkout, say=False):
        return "no up-to-date build there"
    mine = sorted(p.relative_to(ROOT) for p in (ROOT / "tablesport").rglob("*.py"))
    theirs = sorted(p.relative_to(checkout) for p in (checkout / "tablesport").rglob("*.py"))
    if mine != theirs or any((ROOT / p).read_bytes() != (checkout / p).read_bytes() for p in mine):
        return "its package source differs from this one"
    if (ROOT / "pyproject.toml").read_bytes() != (checkout / "pyproject.toml").read_bytes():
        return "its pyproject.toml (the mypy settings mypyc reads) differs"
    return None


class BuildExtOrPure(build_ext):
    """build_ext that, where the compiler fails, leaves no extension module: a pure wheel, said so."""

    def run(self) -> None:
        if _reuse is not None:
            for ext in self.extensions:
                dest = Path(self.get_ext_fullpath(ext.name))
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(_reuse / self.get_ext_filename(ext.name), dest)
            return
        try:
            super().run()
        except Exception as e:  # a compiler error of any kind: the package works without the build
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            self.extensions = []
            print(f"tablesport: the compiled engine could not be built ({e}): {PURE}", file=sys.stderr)


def ext_modules() -> list[Any]:
    if "bdist_wheel" not in sys.argv:  # the sdist, an editable install: the source only
        return []
    cb = _compiled_build()
    why = cb.why_not_buildable()
    if why:
        print(f"tablesport: the compiled engine is not built ({why}): {PURE}", file=sys.stderr)
        return []
    checkout = os.environ.get(REUSE_ENV)
    if checkout:
        why = _why_not_reusable(Path(checkout), cb)
        if why is None:
            global _reuse
            _reuse = Path(checkout)
            print(f"tablesport: the wheel carries the compiled engine built in {checkout}", file=sys.stderr)
            return [Extension(m, sources=[]) for m in (*cb.MODULES, cb.LIB)]
        print(f"tablesport: {checkout}'s compiled engine is not used ({why}): compiling", file=sys.stderr)
    try:
        return list(cb.extensions(ROOT, ROOT / "build" / "mypyc-wheel" / "c"))
    except (Exception, SystemExit) as e:  # mypyc refused the source (another mypy than the lock's)
        print(f"tablesport: mypyc could not compile the engine ({e}): {PURE}", file=sys.stderr)
        return []


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExtOrPure})
