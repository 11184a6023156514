"""One small LocalCluster a session (2 single-threaded worker processes); a client of it per
test module, the default client while that module runs."""

from __future__ import annotations

import pytest
from distributed import Client

from lookup.bulk import local_cluster


@pytest.fixture(scope="session")
def cluster():
    with local_cluster(2) as running:
        yield running


@pytest.fixture(scope="module")
def client(cluster):
    with Client(cluster) as connected:
        yield connected
