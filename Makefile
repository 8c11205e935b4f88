# tablesport — the two commands: `make run` and `make test`.
# Every environment is installed from the committed locks in requirements/ (scripts/lock writes them):
# two installs of one commit are the same. `make lock` refreshes them, `make test-latest` runs the suite
# on the newest releases pyproject.toml's ranges allow.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
UV := $(BIN)/uv
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run
LOCKS := requirements
PYTEST_ARGS ?=
# Two workers that take tests from each other's queue when idle: a long test (a browser day) does not land
# last on one core while the other waits.
XDIST := -n 2 --dist worksteal
# The 25 slowest tests printed after each full run: where the 20-minute budget goes.
DURATIONS := --durations=25 --durations-min=5
# What users install: the wheel built from this tree (through its sdist), installed from the locks into
# environments outside the tree; the server, CLI and browser tests run it (tests/installed_env.py).
DIST := build/dist
INSTALLED := build/installed

.PHONY: run test check test-slow test-latest lock lint typecheck wheel installed bench clean browser \
	engine compiled clean-compiled sgs-report

# The locked installer in a fresh virtual environment (pip checks its hash).
$(UV): $(LOCKS)/tools.txt
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --require-hashes --no-deps \
	  -r $(LOCKS)/tools.txt
	touch $(UV)

# The test environment: exactly the dev lock (every extra and the test tools), the package editable.
$(STAMP): $(LOCKS)/dev.txt pyproject.toml $(UV)
	$(UV) pip sync --quiet --python $(BIN)/python --require-hashes $(LOCKS)/dev.txt
	$(UV) pip install --quiet --python $(BIN)/python --no-deps --no-build-isolation -e .
	$(BIN)/python -m tablesport.games.rummikub.search
	touch $(STAMP)

# The main job's environment: the run lock (the package and the web server). An environment made by
# `make test` already holds it, at the same versions (run.txt is resolved within dev.txt).
$(RUN_STAMP): $(LOCKS)/run.txt pyproject.toml $(UV)
	if [ -f $(STAMP) ] && [ $(STAMP) -nt $(LOCKS)/dev.txt ]; then :; else \
	  $(UV) pip sync --quiet --python $(BIN)/python --require-hashes $(LOCKS)/run.txt && \
	  $(UV) pip install --quiet --python $(BIN)/python --no-deps --no-build-isolation -e . && \
	  $(BIN)/python -m tablesport.games.rummikub.search; fi
	touch $(RUN_STAMP)

# The compiled Sanguosha engine in place (scripts/build-compiled --auto): built once, and again after its
# source changed; where there is no C compiler (or it fails) the pure Python package runs, said so.
# TABLESPORT_PURE_BUILD=1 skips the build.
engine:
	$(BIN)/python scripts/build-compiled --auto

# The main job: the web server on http://127.0.0.1:8000 with the embedded SQLite store
# (falls back to the terminal game while no server is installed).
run: $(RUN_STAMP)
	$(MAKE) --no-print-directory engine
	$(BIN)/python -m tablesport.main

lint: $(STAMP)
	$(BIN)/ruff check tablesport tests bench setup.py

typecheck: $(STAMP)
	$(BIN)/mypy

# The sdist, then the wheel built from it (so the sdist is proved to carry what the wheel needs). The
# wheel carries the compiled Sanguosha engine where a C compiler is at hand (setup.py), the sdist never;
# where the checkout's own build (`engine`) is up to date and of the same source, it is copied, not rebuilt.
wheel: $(STAMP) engine
	rm -rf $(DIST)
	TABLESPORT_COMPILED_FROM=$(CURDIR) $(UV) build --quiet --python $(BIN)/python --no-build-isolation \
	  --out-dir $(DIST) .

# The wheel installed from the locks outside the tree (tests/installed_env.py): all/ (every extra: the
# server, CLI and browser tests), server/ (the `server` extra alone, what `make run` serves) and bare/ (no
# extra). Each compiles the Rummikub solver's search once, as a user's first game would. The three are
# separate targets, so that `make -j2` (make test) installs two at once.
INSTALL_KINDS := installed-all installed-server installed-bare
installed: $(INSTALL_KINDS)
LOCK_all := dev
LOCK_server := run
LOCK_bare := base
.PHONY: $(INSTALL_KINDS)
$(INSTALL_KINDS): installed-%: wheel
	rm -rf $(INSTALLED)/$*
	$(UV) venv --quiet --python $(BIN)/python $(INSTALLED)/$*
	$(UV) pip sync --quiet --python $(INSTALLED)/$*/bin/python --require-hashes $(LOCKS)/$(LOCK_$*).txt
	$(UV) pip install --quiet --python $(INSTALLED)/$*/bin/python --no-deps $(DIST)/tablesport-*.whl
	cd $(INSTALLED) && $(CURDIR)/$(INSTALLED)/$*/bin/python -P -m tablesport.games.rummikub.search >/dev/null

# Everything but the large randomized runs; under 20 minutes on 2 cores. The server, CLI and browser
# tests run the installed wheel (TABLESPORT_INSTALLED), the unit tests the tree (the pure package;
# tests/sanguosha/test_compiled_build.py replays the corpus in the compiled build `engine` made).
# The steps before the suite run two at a time: the lint and the type check beside the engine build, the
# wheel and its installs (mypyc keeps no cache, so it never races the type check's).
test: $(STAMP)
	$(MAKE) --no-print-directory -j2 --output-sync=target lint typecheck engine installed
	scripts/ensure-test-services
	TABLESPORT_INSTALLED=$(CURDIR)/$(INSTALLED) $(BIN)/python -m pytest -m "not slow" $(XDIST) $(DURATIONS) $(PYTEST_ARGS); \
	  rc=$$?; if [ $$rc -eq 5 ]; then echo "pytest collected no test"; rc=0; fi; exit $$rc

# The edit-test loop, under 2 minutes: lint, the type check and the fast tests (no browser, no
# server process, no PostgreSQL, no install).
check: $(STAMP) lint typecheck
	$(BIN)/python -m pytest -m "fast" $(XDIST) $(PYTEST_ARGS)

# The large randomized runs (10,000 games and more). SLOW_SCALE=0.1 runs a tenth.
test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow $(PYTEST_ARGS); rc=$$?; [ $$rc -eq 5 ] && rc=0; exit $$rc

# The locks from pyproject.toml's ranges, each package at its newest fitting release.
lock: $(UV)
	UV=$(UV) scripts/lock --upgrade

# The suite on the newest releases (no lock) in .venv-latest: drift seen when someone asks, never on a
# fresh clone. Not part of `make test`.
LATEST := .venv-latest
test-latest: $(UV)
	rm -rf $(LATEST)
	$(UV) venv --quiet --python $(BIN)/python $(LATEST)
	$(UV) pip install --quiet --python $(LATEST)/bin/python --upgrade --refresh -e '.[dev]'
	$(LATEST)/bin/ruff check tablesport tests bench
	$(LATEST)/bin/mypy
	$(LATEST)/bin/python -m pytest -m "not slow" -n 2 $(PYTEST_ARGS); rc=$$?; [ $$rc -eq 5 ] && rc=0; exit $$rc
# The compiled Sanguosha engine (mypyc, in place) built whatever its state, failing without a C compiler
# (`engine` is the step of make run and make test): see tablesport/compiled_build.py and
# docs/sanguosha-engine.md "Speed".
compiled: $(STAMP)
	$(BIN)/python scripts/build-compiled

clean-compiled:
	test ! -x $(BIN)/python || $(BIN)/python scripts/build-compiled --clean

bench: $(STAMP)
	$(BIN)/python -m bench

# The Sanguosha 3v3 2012 report and the draft advisor's tables from a balance run (docs/advisor.md):
#   tablesport simulate sgs-3v3-2012 -n 200000 --seed 2012 --bots heuristic:explore=1 --out $(SGS_DATA) --workers 1
# then `make sgs-report SGS_DATA=...` rewrites docs/reports/sgs-3v3-2012/ and the shipped advisor tables, and
# replays the drafter's figure (bench/results/sgs_drafter.json) with the new tables.
SGS_DATA ?= data/sgs-2012-heuristic
SGS_REPORT := docs/reports/sgs-3v3-2012
sgs-report: $(STAMP)
	rm -rf $(SGS_REPORT)
	$(BIN)/tablesport analyze $(SGS_DATA) --preset sgs-3v3-2012 --out $(SGS_REPORT)
	cp $(SGS_REPORT)/sgs-3v3-2012-advisor.json tablesport/games/sanguosha/data/advisor/sgs-3v3-2012.json
	nice -n 10 $(BIN)/python -m bench.sgs_drafter --games 2000

clean:
	rm -rf $(VENV) $(LATEST) build/dist build/installed .pytest_cache .ruff_cache .mypy_cache build/mypyc
	find tablesport -name '*.so' -delete
