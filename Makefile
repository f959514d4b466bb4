PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-deep bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	# Bytecode up front: a fresh start need not compile every module (it may not write them).
	$(BIN)/python -m compileall -q grimoire night_order
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/grimoire

# In parallel (pytest-xdist): -n auto is four workers a core (tests/conftest.py says why).
# --maxschedchunk=1: a worker is handed one test at a time as it frees up. By default each
# worker is handed the next 44 tests at the start, so one worker took every long test (they
# run first) and ran alone for the last 30 s.
# Bytecode written even where the environment says not to (PYTHONDONTWRITEBYTECODE): each
# worker would otherwise compile the tests (and pytest rewrite them) again, at every run.
TEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest -n auto --maxschedchunk=1

test: $(STAMP)
	$(TEST)

test-deep: $(STAMP)
	HYPOTHESIS_PROFILE=deep $(TEST)

bench: $(STAMP)
	$(BIN)/python tests/bench/bench_engine.py
	$(BIN)/python tests/bench/bench_app.py

clean:
	rm -rf $(VENV) build *.egg-info
