# paibiao: `make tables` sets everything up and builds every table; `make test` runs the suite.
PYTHON3 ?= python3
VENV := .venv
PY := $(VENV)/bin/python
INSTALLED := $(VENV)/.installed-stamp

.PHONY: tables test check bench clean

tables: $(INSTALLED)
	$(PY) -m tablegen

test: check
	$(PY) -m tablegen --if-needed
	$(PY) -m pytest

# Lint (ruff) and type-check (mypy) the code; part of `make test`, so CI runs them.
check: $(INSTALLED)
	$(PY) -m ruff check lookup tablegen tests bench
	$(PY) -m mypy

bench: $(INSTALLED)
	$(PY) -m tablegen --if-needed
	$(PY) bench/run.py

# (Re)install when the venv is missing or pyproject.toml changed.
$(INSTALLED): pyproject.toml
	test -x $(PY) || $(PYTHON3) -m venv $(VENV)
	$(PY) -m pip install --quiet --editable '.[test,bench,serve]'
	touch $@

clean:
	rm -rf $(VENV) data/*.h5 data/.*.h5.verified build *.egg-info .pytest_cache
