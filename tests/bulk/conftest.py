"""A small LocalCluster per test module (2 single-threaded worker processes), its client the default."""

from __future__ import annotations

import logging

import pytest
from distributed import Client, LocalCluster


def local_cluster(workers: int = 2, **kwargs) -> LocalCluster:
    """Worker processes as ``paibiao bulk`` starts them, without the dashboard or log noise."""
    return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                        silence_logs=logging.CRITICAL, **kwargs)


@pytest.fixture(scope="module")
def cluster():
    with local_cluster() as running:
        yield running


@pytest.fixture(scope="module")
def client(cluster):
    with Client(cluster) as connected:
        yield connected
