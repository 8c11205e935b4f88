"""The compiled build of the hot Sanguosha engine modules (mypyc), used wherever it can be built.

The typed Python source stays the one readable truth: ``scripts/build-compiled`` (``make run`` and
``make test`` run it with ``--auto``; ``make compiled`` forces it) compiles the modules of
:data:`MODULES` with mypyc into extension modules that lie beside their source files (an in-place
build, ignored by git; ``make clean-compiled`` removes it), and a wheel built where
:func:`why_not_buildable` finds nothing missing carries them (``setup.py``). Python loads an extension
module before a source file of the same name, so once built the compiled modules are what an import
gets; without a build (no C compiler, ``TABLESPORT_PURE_BUILD=1``, the sdist) everything is the pure
Python package, unchanged.

``TABLESPORT_PURE=1`` in the environment loads the Python source even where a compiled module lies
beside it (:func:`install`, called by ``tablesport/__init__.py``); the test suite sets it, so the unit
tests run the pure package. :func:`loaded` says which of :data:`MODULES` came from a compiled file;
``tablesport.games.sanguosha.compiled()`` is the one-word answer the bench and ``tablesport --version``
report.

Both builds play the same games bit for bit: the replay corpus (``python -m tests.sanguosha.corpus
--check``) is checked in each (tests/sanguosha/test_compiled_build.py for the compiled one).
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import sysconfig
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TypeVar

PURE_ENV = "TABLESPORT_PURE"

_C = TypeVar("_C", bound=type)


def python_class(cls: _C) -> _C:
    """Keep ``cls`` a Python class in the compiled build, with its methods compiled. For the base classes
    of registered skills and modes: ``@register`` (a class decorator mypyc does not know) keeps those
    classes Python classes, and a Python class may not derive from a native one. mypyc makes a class
    with any decorator it does not know a Python class; this is such a decorator, and at run time it
    returns the class unchanged."""
    return cls


_SGS = "tablesport.games.sanguosha"

# The skills' modules, listed by name so that a new skill module is a
# deliberate addition (tests/sanguosha/test_compiled_build.py checks the list against the package).
_SKILLS = (
    "biyue",
    "buqu",
    "duanliang",
    "fanjian",
    "fankui",
    "ganglie",
    "guanxing",
    "guhuo",
    "guicai",
    "guidao",
    "guose",
    "hongyan",
    "hongyuan",
    "huangtian",
    "huanshi",
    "huoshou",
    "jianxiong",
    "jieyin",
    "jijiang",
    "jijiu",
    "jiuyuan",
    "jizhi",
    "jushou",
    "keji",
    "kongcheng",
    "kuanggu",
    "kurou",
    "leiji",
    "lianying",
    "liegong",
    "lijian",
    "liuli",
    "longdan",
    "luoshen",
    "luoyi",
    "mashu",
    "mengjin",
    "mingzhe",
    "paoxiao",
    "qianxun",
    "qicai",
    "qingguo",
    "qingnang",
    "qixi",
    "rende",
    "shensu",
    "tiandu",
    "tianxiang",
    "tieji",
    "tuxi",
    "wusheng",
    "wushuang",
    "xiaoji",
    "yiji",
    "yinghun",
    "yingzi",
    "zaiqi",
    "zhiheng",
    "_util",
    "_retrial",
    "hujia",
)

MODULES: tuple[str, ...] = (
    "tablesport.core.rng",  # the random driver's generator: about a tenth of a compiled random game
    f"{_SGS}.state",
    f"{_SGS}.engine",
    f"{_SGS}.card_use",
    f"{_SGS}.card_rules",
    f"{_SGS}.cards",
    f"{_SGS}.modes.one",
    f"{_SGS}.modes.three",
    f"{_SGS}.modes.free",
    f"{_SGS}.modes.sides",
    # the base classes of registered skills and modes, Python classes with compiled methods (python_class)
    f"{_SGS}.skill",
    f"{_SGS}.families",
    f"{_SGS}.equipment",
    f"{_SGS}.mode",
    f"{_SGS}.modes.common",
    f"{_SGS}.bots.reading",  # the heuristic's Ctx, which the skills' bot hooks read
    f"{_SGS}.bots.heuristic",
    f"{_SGS}.bots.drafter",  # derives from the heuristic bot, a native class: must be native too
    *(f"{_SGS}.skills.{m}" for m in _SKILLS),
)
"""The modules the compiled build holds, all compiled together (one shared library)."""

EXCLUDED: dict[str, str] = {
    f"{_SGS}.timing": "an enum (mypyc keeps enums as Python classes) and TypedDicts: nothing to gain",
    "tablesport.core.protocol": "every game's protocol classes (frozen dataclasses, exceptions deriving "
    "from builtins, which mypyc does not compile); SgsState, deriving from "
    "its State, is a native class with a Python base",
}
"""Modules left out on purpose, with the reason (the rest of the package is cold: setup, views, CLI)."""

GROUP = "tablesport_native"
"""The build's name: its shared library is the top-level module ``tablesport_native__mypyc`` (mypyc
places a group's shared library at the top of the import path and derives the compiled modules'
``__file__`` from its place), in the checkout beside the ``tablesport`` package; :func:`install` lets
it be imported from any working directory."""
LIB = GROUP + "__mypyc"


def source_path(module: str, root: Path | None = None) -> Path:
    """The source file of a dotted module name under the checkout ``root`` (default: this package's)."""
    base = root if root is not None else Path(__file__).resolve().parent.parent
    return base.joinpath(*module.split(".")).with_suffix(".py")


def built_files(root: Path | None = None) -> list[Path]:
    """The extension modules of the compiled build now lying beside the source (the shared library
    and one per module of :data:`MODULES`; all of them once the build is complete)."""
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    names = [*MODULES, LIB]
    return [p for p in (source_path(m, root).with_suffix(suffix) for m in names) if p.exists()]


def is_built(root: Path | None = None) -> bool:
    """Is the compiled build complete in the checkout?"""
    return len(built_files(root)) == len(MODULES) + 1


def is_compiled(module: ModuleType) -> bool:
    """Was ``module`` loaded from an extension module (not from Python source or bytecode)?"""
    f = getattr(module, "__file__", None) or ""
    return f.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))


def loaded(modules: Sequence[str] = MODULES) -> dict[str, bool]:
    """For each of ``modules`` (imported here if needed): was it loaded from a compiled file?"""
    out = {}
    for name in modules:
        mod = sys.modules.get(name) or importlib.import_module(name)
        out[name] = is_compiled(mod)
    return out


class _Finder(importlib.abc.MetaPathFinder):
    """Finds the build's shared library beside the ``tablesport`` package (from any working directory)
    and, with ``pure``, the modules of :data:`MODULES` as their Python source, never compiled."""

    def __init__(self, pure: bool) -> None:
        self.pure = pure

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname == LIB and not self.pure:
            for suffix in importlib.machinery.EXTENSION_SUFFIXES:
                lib = _ROOT / (LIB + suffix)
                if lib.is_file():
                    return importlib.util.spec_from_file_location(fullname, lib)
            return None
        if not self.pure or fullname not in _MODULE_SET or not path:
            return None
        leaf = fullname.rpartition(".")[2] + ".py"
        for d in path:
            src = os.path.join(d, leaf)
            if os.path.isfile(src):
                return importlib.util.spec_from_file_location(fullname, src)
        return None


_MODULE_SET = frozenset(MODULES)
_ROOT = Path(__file__).resolve().parent.parent


def _more(names: list[str]) -> str:
    return f" and {len(names) - 1} more" if len(names) > 1 else ""


def unusable(root: Path | None = None, say: bool = True) -> bool:
    """Is there a compiled build that must not be loaded: incomplete (a module or the shared library
    missing), or older than a source file of its modules? Then :func:`install` loads the source (all of
    it: compiled modules call each other directly and cannot be mixed with source ones) and says so on
    stderr (unless not ``say``). No build at all is not unusable: there is nothing to load."""
    base = root if root is not None else _ROOT
    suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
    lib = base / (LIB + suffix)
    if not lib.is_file():
        if not source_path(f"{_SGS}.state", base).with_suffix(suffix).is_file():
            return False
        why = f"is incomplete (no {lib.name})"
    else:
        built = lib.stat().st_mtime
        missing = [m for m in MODULES if not source_path(m, base).with_suffix(suffix).is_file()]
        # an edited source only in a checkout: an installed wheel's files carry no order of their times
        checkout = (base / "pyproject.toml").is_file()
        newer = [m for m in MODULES if checkout and source_path(m, base).stat().st_mtime > built]
        if missing:
            why = f"is incomplete ({missing[0]}{_more(missing)} not built)"
        elif newer:
            why = f"is older than the source of {newer[0]}{_more(newer)}"
        else:
            return False
    if say:
        print(
            f"tablesport: the compiled engine {why}: the Python source is used; rebuild it with "
            "`make compiled` or remove it with `make clean-compiled`",
            file=sys.stderr,
        )
    return True


def install(pure: bool | None = None) -> None:
    """Put the build's finder first on the import path (``tablesport/__init__.py`` does, once). ``pure``
    (default: ``TABLESPORT_PURE`` set in the environment, or the build :func:`unusable`) loads the
    Python source of :data:`MODULES` even where a compiled build lies beside it; modules already
    imported stay as they are."""
    if pure is None:
        pure = bool(os.environ.get(PURE_ENV)) or unusable()
    sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, _Finder)]
    sys.meta_path.insert(0, _Finder(pure))


NO_BUILD_ENV = "TABLESPORT_PURE_BUILD"
"""Set in the environment of a build (``setup.py``'s wheel, ``scripts/build-compiled --auto``): build
the pure Python package only, even where the compiled engine could be built."""


def why_not_buildable() -> str | None:
    """Why the compiled build cannot be made here (None: it can): :data:`NO_BUILD_ENV` set, mypyc or
    setuptools missing, no C compiler, no Python headers. A C compiler that fails on the sources is
    found out only by trying (``setup.py`` and ``scripts/build-compiled`` fall back to the pure
    package then)."""
    import importlib.util as iu
    import shutil

    if os.environ.get(NO_BUILD_ENV):
        return f"{NO_BUILD_ENV} is set"
    for mod, dist in (("mypyc", "mypy"), ("setuptools", "setuptools")):
        if iu.find_spec(mod) is None:
            return f"{dist} is not installed"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    include = sysconfig.get_paths().get("include") or ""
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"no Python headers (Python.h in {include or 'the include path'})"
    return None


def extensions(root: Path, c_dir: Path) -> list[object]:
    """The build's extension modules (setuptools ``Extension``), compiled by mypyc from the checkout or
    unpacked sdist ``root`` (the working directory must be ``root``: mypyc reads the mypy settings of
    its pyproject.toml); the C sources go to ``c_dir``."""
    from mypyc.build import mypycify

    paths = [str(source_path(m, root).relative_to(root)) for m in MODULES]
    return list(mypycify(paths, opt_level="3", target_dir=str(c_dir), group_name=GROUP))
