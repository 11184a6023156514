# paibiao: `make tables` sets everything up and builds every table; `make test` runs the suite.
PYTHON3 ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUNTIME := $(VENV)/.installed-runtime
INSTALLED := $(VENV)/.installed-stamp

.PHONY: tables test test-fast check bench field clean

# The tables, then the warm-up that compiles every kernel into the disk cache, on one process
# per core (a game's warm-up starts when its table is built).
tables: $(RUNTIME)
	$(VENV)/bin/paibiao tables build

# The suite runs on one pytest-xdist worker per core; the tests of each session fixture (the
# service, the Dask cluster, the table builds) share one worker (tests/conftest.py).
PYTEST := $(PY) -m pytest -n auto --dist loadgroup
test: check
	$(VENV)/bin/paibiao tables build --if-needed
	$(PYTEST)

# The tests but those that rebuild tables, install into a fresh venv, start a browser or a Dask
# cluster, or check a table exhaustively (pytest markers, pyproject.toml): a few minutes instead
# of the whole suite; no lint.
FAST_TESTS := not rebuild and not venv and not browser and not cluster and not exhaustive
test-fast: $(INSTALLED)
	$(VENV)/bin/paibiao tables build --if-needed
	$(PYTEST) -m "$(FAST_TESTS)"

# Lint (ruff), type-check (mypy), check the import layers (import-linter) and find dead code
# (vulture), each configured in pyproject.toml; part of `make test`, so CI runs them.
check: $(INSTALLED)
	$(PY) -m ruff check lookup tablegen tests bench
	$(PY) -m mypy
	$(VENV)/bin/lint-imports --no-cache
	$(PY) -m vulture

bench: $(INSTALLED)
	$(PY) -m tablegen --if-needed
	$(PY) -m bench.run

# The field of the shisanshui `field` objective, by simulation on Dask (a local cluster of one
# worker per core; FIELD_SCHEDULER=tcp://HOST:8786 runs it on a cluster). It rewrites the stored
# build tablegen/shisanshui_field.{npy,json}, which `make tables` copies into data/shisanshui.h5
# without simulating. The stored build is a smaller one: FIELD_DEALS=20000 FIELD_PASSES=8.
FIELD_DEALS ?= 100000
FIELD_PASSES ?= 10
FIELD_SEED ?= 2026
field: $(INSTALLED)
	$(PY) -m tablegen shisanshui --if-needed
	$(PY) -m lookup.shisanshui.fieldplay --deals $(FIELD_DEALS) --passes $(FIELD_PASSES) --seed $(FIELD_SEED) \
		$(if $(FIELD_SCHEDULER),--scheduler $(FIELD_SCHEDULER))
	$(PY) -m tablegen shisanshui

# (Re)install when the venv is missing or pyproject.toml changed: paibiao with the service for
# `make tables` (the runtime is all a build needs), then the test and bench extras for the rest.
$(RUNTIME): pyproject.toml
	test -x $(PY) || $(PYTHON3) -m venv $(VENV)
	$(PY) -m pip install --quiet --editable '.[serve]'
	touch $@

$(INSTALLED): $(RUNTIME)
	$(PY) -m pip install --quiet --editable '.[test,bench,serve]'
	touch $@

clean:
	rm -rf $(VENV) data/*.h5 data/.*.h5.verified build *.egg-info .pytest_cache
