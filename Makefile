# tablesport — the two commands: `make run` and `make test`.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RUN_STAMP := $(VENV)/.installed-run
PYTEST_ARGS ?=

.PHONY: run test test-slow lint typecheck bench clean browser compiled clean-compiled sgs-report

# The test environment: the package with every extra and the test tools.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -m tablesport.games.rummikub.search
	touch $(STAMP)

# The main job's environment: the package and the web server's extra only.
$(RUN_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server]'
	$(BIN)/python -m tablesport.games.rummikub.search
	touch $(RUN_STAMP)

# The main job: the web server on http://127.0.0.1:8000 with the embedded SQLite store
# (falls back to the terminal game while no server is installed).
run: $(RUN_STAMP)
	$(BIN)/python -m tablesport.main

lint: $(STAMP)
	$(BIN)/ruff check tablesport tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# Everything but the large randomized runs; under 20 minutes on 2 cores.
test: $(STAMP) lint typecheck
	scripts/ensure-test-services
	$(BIN)/python -m pytest -m "not slow" -n 2 $(PYTEST_ARGS); rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "pytest collected no test"; rc=0; fi; exit $$rc

# The large randomized runs (10,000 games and more). SLOW_SCALE=0.1 runs a tenth.
test-slow: $(STAMP)
	$(BIN)/python -m pytest -m slow $(PYTEST_ARGS); rc=$$?; [ $$rc -eq 5 ] && rc=0; exit $$rc

# The optional compiled Sanguosha engine (mypyc, in place; never part of `make test`, which runs the
# pure Python package): see tablesport/compiled_build.py and docs/sanguosha-engine.md "Speed".
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
	rm -rf $(VENV) .pytest_cache .ruff_cache .mypy_cache build/mypyc
	find tablesport -name '*.so' -delete
