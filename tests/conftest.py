"""Fixtures and markers every test directory shares.

The markers (registered in pyproject.toml) name the slow kinds of test, which ``make test-fast``
leaves out: ``rebuild``, ``venv``, ``browser``, ``exhaustive`` (marked where they are) and
``cluster``, marked here on every test that uses the ``cluster`` fixture (tests/bulk/conftest.py)
and where a test starts a cluster of its own. The tests of each session fixture run in one xdist worker
(:data:`SESSION_GROUPS`).
"""

import importlib
import shutil

import numpy as np
import pytest

SESSION_GROUPS = ("cluster", "service", "built_table")
"""Session fixtures whose tests run in one xdist worker (``make test`` runs ``pytest -n auto
--dist loadgroup``): one cluster, one service and one build of each table a session, not one
per worker."""


def pytest_collection_modifyitems(items):
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if "cluster" in fixtures:
            item.add_marker(pytest.mark.cluster)
        for name in SESSION_GROUPS:
            if name in fixtures:
                item.add_marker(pytest.mark.xdist_group(name))
                break


@pytest.fixture(scope="session")
def built_table(tmp_path_factory):
    """``built_table(game)``: the path of ``game``'s table file as its generator builds it now,
    built once a session however many tests ask, and removed when the session ends."""
    out = tmp_path_factory.mktemp("built")
    paths = {}

    def build(game: str):
        if game not in paths:
            path = out / f"{game}.h5"
            importlib.import_module(f"tablegen.{game}").build(path, progress=lambda msg: None)
            paths[game] = path
        return paths[game]

    yield build
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture
def rng():
    """A seeded generator: every random test is reproducible."""
    return np.random.default_rng(20261130)
