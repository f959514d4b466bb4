VENV := .venv
BIN := $(VENV)/bin
# What playing needs (make play, make serve): Grimoire and its runtime dependencies only.
STAMP := $(VENV)/.installed
# And what checking it needs (make test, check, test-slow, test-deep, bench): the test extra.
TEST_STAMP := $(VENV)/.installed-test
# The Python the venv is made from: PYTHON if given (make test PYTHON=python3.13), otherwise
# the first of these that is 3.11 or newer and makes a venv. The system's own python3 comes
# before the one on PATH: a distribution builds CPython with profile-guided and link-time
# optimisation, pyenv (whose python3 is first on PATH on our 2-core machines) builds it without
# unless asked, and the whole test suite took a fifth more CPU on it (docs/benchmarks.md).
PYTHONS := $(or $(PYTHON),/usr/bin/python3 python3)

.PHONY: play serve check test test-slow test-deep bench wheel-check clean

$(BIN)/python:
	@for python in $(PYTHONS); do \
	    if $$python -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null \
	       && $$python -m venv $(VENV) 2>/dev/null; then \
	        echo "$(VENV) made with $$python ($$($$python --version))"; \
	        exit 0; \
	    fi; \
	    rm -rf $(VENV); \
	done; \
	echo "Grimoire needs Python 3.11 or newer, with its venv module (tried: $(PYTHONS))." >&2; \
	exit 1

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	# A .venv made before the distribution was renamed still holds it under its old name.
	$(BIN)/python -m pip uninstall --quiet --yes grimoire 2>/dev/null || true
	$(BIN)/python -m pip install --quiet -e .
	# Bytecode up front: a fresh start need not compile every module (it may not write them).
	$(BIN)/python -m compileall -q grimoire night_order
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# Once here, where each test worker of a first run would do it again, at once: the tests'
	# bytecode (pytest's rewriting of them, some 8 s in all), and hypothesis's cache of the
	# constants in the code under test (.hypothesis/constants: every module the tests load,
	# read by the first property a process runs; some 11 s of CPU in all). So: every test
	# collected, one property run. A test that fails is make test's to report, not this step's.
	PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -q -p no:cacheprovider \
	    -k test_a_flat_table_is_written_as_tomli_w_writes_it >/dev/null 2>&1 || true
	touch $(TEST_STAMP)

play: $(STAMP)
	$(BIN)/grimoire

# The linter and the type checker (their settings are pyproject.toml's): both must pass.
check: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# The players' page for their phones and a TV, open to the network (grimoire serve --host
# 0.0.0.0): `grimoire` itself is on no PATH after make play. ARGS adds options (a save, --port).
serve: $(STAMP)
	$(BIN)/grimoire serve --host 0.0.0.0 $(ARGS)

# In parallel (pytest-xdist): -n auto is four workers a core, at most eight (tests/conftest.py says why).
# --dist loadgroup: a worker is handed a test or two at a time as it frees up (by default each
# worker is handed the next 44 tests at the start, so one worker took every long test, which
# run first, and ran alone for the last 30 s), and the tests that drive a browser go to two
# workers (tests/conftest.py deals them), each of which starts one Chromium.
# Bytecode written even where the environment says not to (PYTHONDONTWRITEBYTECODE): each
# worker would otherwise compile the tests (and pytest rewrite them) again, at every run.
# Scratch files (a home of its own for every test: some 3,000 files a run) in memory where
# the machine has room for them (1 GB free in /dev/shm): on disk, pytest's removal of an
# older run's files as it exits took seconds after the last test (docs/benchmarks.md).
TEST_TMP := $(shell [ -w /dev/shm ] && [ "$$(df -Pk /dev/shm | awk 'NR == 2 {print $$4}')" -gt 1048576 ] && echo /dev/shm)
TEST := $(if $(TEST_TMP),TMPDIR=$(TEST_TMP) )PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n auto --dist loadgroup

# The tests marked slow (the long Pilot runs of a screen that has quicker ones too, repeats of a
# browser or subprocess test, the names properties' second size, and the full count of a
# property make test runs a few examples of) are left out of make test, which is run before
# every commit: every screen keeps a Pilot test in it.
# make test-slow runs just those (as many examples as make test, but for those full counts:
# tests/examples.py), and CI (.ci/run) runs it after
# make test, so no test goes unrun before a change lands; make test-deep runs them all with the
# long fuzzing.
test: $(TEST_STAMP)
	$(TEST) -m "not slow"

test-slow: $(TEST_STAMP)
	$(TEST) -m slow

test-deep: $(TEST_STAMP)
	HYPOTHESIS_PROFILE=deep $(TEST)

bench: $(TEST_STAMP)
	$(BIN)/python tests/bench/bench_engine.py
	$(BIN)/python tests/bench/bench_app.py
	$(BIN)/python tests/bench/bench_web.py
	$(BIN)/python tests/bench/bench_mummy_web.py

# The wheel built, installed into a fresh venv outside the checkout and run there (CI runs it).
wheel-check: $(STAMP)
	.ci/wheel-check

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .ruff_cache
