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

# In parallel (pytest-xdist): -n auto is two workers a core (tests/conftest.py says why).
test: $(STAMP)
	$(BIN)/python -m pytest -n auto

test-deep: $(STAMP)
	HYPOTHESIS_PROFILE=deep $(BIN)/python -m pytest -n auto

bench: $(STAMP)
	$(BIN)/python tests/bench/bench_engine.py
	$(BIN)/python tests/bench/bench_app.py

clean:
	rm -rf $(VENV) build *.egg-info
