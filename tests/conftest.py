from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

# The suite runs the pure Python package even where a compiled build lies beside the source
# (tablesport/compiled_build.py; tests/sanguosha/test_compiled_build.py checks that build itself).
os.environ["TABLESPORT_PURE"] = "1"


def slow_scale() -> float:
    """SLOW_SCALE scales the size of the slow randomized runs (1.0 = the full run)."""
    return float(os.environ.get("SLOW_SCALE", "1"))


@pytest.fixture
def scale() -> float:
    return slow_scale()


# Passwords hashed in this process (the tests' accounts, sign-ins, the throttle's many wrong guesses) use
# Argon2id at its smallest cost: the production cost (argon2-cffi's defaults, 64 MiB and 3 passes, checked
# by tests/server/test_accounts.py::test_production_password_hashes_keep_their_cost, marked
# ``production_hash``, which runs without this) takes seconds a hash on a busy machine. Hashes carry their
# own parameters, so a server process (the installed wheel, never patched) verifies them all the same.
@pytest.fixture(autouse=True)
def _cheap_password_hashes(request: pytest.FixtureRequest) -> Iterator[None]:
    if "production_hash" in request.keywords:
        yield
        return
    try:
        from argon2 import PasswordHasher

        from tablesport.store import accounts
    except ImportError:  # the bare install: no server extra, no accounts
        yield
        return
    mp = pytest.MonkeyPatch()
    mp.setattr(accounts, "_hasher", lambda: PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))
    mp.setattr(accounts, "_DUMMY", [])
    try:
        yield
    finally:
        mp.undo()


# The server processes of the tests run the installed wheel when make test built one (tests/installed_env.py).
if os.environ.get("TABLESPORT_INSTALLED"):
    from tests.installed_env import python as _installed_python

    os.environ["TABLESPORT_SERVER_PYTHON"] = _installed_python("all")


# No test writes into the source tree outside the folders git ignores: the tree's state (tracked changes and
# untracked files) is the same after the run as before it.
def _tree_state(config: pytest.Config) -> set[str] | None:
    import subprocess

    done = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"],
        cwd=config.rootpath,
        capture_output=True,
        text=True,
    )
    return set(done.stdout.splitlines()) if done.returncode == 0 else None


def _is_worker(config: pytest.Config) -> bool:
    return hasattr(config, "workerinput")


def pytest_sessionstart(session: pytest.Session) -> None:
    if not _is_worker(session.config):
        session.config.stash[_TREE] = _tree_state(session.config)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if _is_worker(session.config):
        return
    before = session.config.stash.get(_TREE, None)
    after = _tree_state(session.config)
    if before is None or after is None:
        return
    written = sorted(after - before)
    if written:
        print(
            "\nthe tests wrote into the source tree (outside ignored folders):\n  "
            + "\n  ".join(written[:20])
        )
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


_TREE = pytest.StashKey[set[str] | None]()


# `make check` runs the tests marked `fast`: all but the slow, browser and PostgreSQL ones, those that use
# the `server` process fixture or PostgreSQL's `pg_url`, and those named below (a folder, a file or the
# start of a test's id), which start servers or commands, install, or play many games: each takes seconds
# on 2 cores, and together they would be most of the run.
HEAVY = (
    "tests/blokus/test_gtp.py",
    "tests/blokus/test_match.py",
    "tests/blokus/test_movegen.py::test_fast_equals",
    "tests/blokus/test_uct.py::test_uct_plays_legal_moves_and_is_deterministic",
    "tests/bots/test_bot_options.py::test_a_cli_run",
    "tests/bots/test_ismcts.py::test_ismcts_beats_random",
    "tests/e2e/",
    "tests/hosted/",
    "tests/installed/",
    "tests/pictionary/test_match.py::test_bad_input_is_one_line",
    "tests/pictionary/test_match.py::test_one_object",
    "tests/pictionary/test_match.py::test_the_command",
    "tests/pictionary/test_playoff.py::test_eight_teams",
    "tests/pictionary/test_server.py",
    "tests/pictionary/test_words.py::test_the_words_command",
    "tests/rl/test_envs.py::test_the_example",
    "tests/rummikub/test_photo.py",
    "tests/rummikub/test_rollout_bot.py::test_deter",
    "tests/rummikub/test_solver.py::test_passes_agree",
    "tests/rummikub/test_solver.py::test_solver_equals_ilp",
    "tests/sanguosha/test_compiled_build.py::test_the_version_names_the_engine_that_runs",
    "tests/sanguosha/test_generals.py::test_random_playouts",
    "tests/sanguosha/test_render.py",
    "tests/sanguosha/test_search_bot.py::test_registered_with",
    "tests/server/test_accounts.py::test_login_rate",
    "tests/server/test_api_fuzz.py",
    "tests/server/test_bot_processes.py",
    "tests/server/test_api_inputs.py",
    "tests/server/test_event_pages.py",
    "tests/server/test_fixture_crash.py",
    "tests/server/test_forwarded.py::test_a_real_server",
    "tests/server/test_referee_rack_photo.py",
    "tests/server/test_socket_limits.py::test_a_flood",
    "tests/server/test_live.py",
    "tests/server/test_live_control_pages.py",
    "tests/server/test_page_fuzz.py",
    "tests/server/test_players.py",
    "tests/server/test_private_offer.py",
    "tests/server/test_rate_limits.py",
    "tests/server/test_stats_page.py",
    "tests/server/test_wire_bot.py",
    "tests/server/test_ws_fuzz.py",
    "tests/sim/test_analyze.py",
    "tests/sim/test_dataset.py",
    "tests/sim/test_draft_model.py",
    "tests/sim/test_ray.py",
    "tests/store/test_accounts_store.py",
    "tests/store/test_step_writer.py",
    "tests/store/test_walkthrough.py",
    "tests/test_bare_install.py",
    "tests/test_cli.py",
    "tests/test_conformance.py",
    "tests/tournament/test_cli_contract.py",
)

def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        # a server process (tests/server/conftest.py) or the PostgreSQL server (tests/store/conftest.py)
        outside = {"server", "pg_url"} & set(getattr(item, "fixturenames", ()))
        marked = {"slow", "browser", "postgres"} & set(item.keywords)
        if not (item.nodeid.startswith(HEAVY) or outside or marked):
            item.add_marker(pytest.mark.fast)
