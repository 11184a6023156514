"""A small LocalCluster per test module (2 single-threaded worker processes), its client the default."""

from __future__ import annotations

import pytest
from distributed import Client

from lookup.bulk import local_cluster


@pytest.fixture(scope="module")
def cluster():
    with local_cluster(2) as running:
        yield running


@pytest.fixture(scope="module")
def client(cluster):
    with Client(cluster) as connected:
        yield connected
