"""The Dask client the shisanshui simulations run on: the project's one embedded cluster
(:func:`lookup.bulk.local_cluster`) by default, or a running scheduler by its address (the
same code on a real cluster). Dask is an optional dependency (``pip install
'paibiao[bulk]'``); only these runs import it."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from ..errors import InvalidRulesError


@contextmanager
def client_for(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A ``distributed.Client``: to ``scheduler`` (an address such as ``tcp://host:8786``), or
    to a new :func:`lookup.bulk.local_cluster` of ``workers`` single-threaded worker processes
    (default: one per core), closed on exit. Workers load the tables themselves (mapped from
    this machine's data directory, shared with every process that maps them; on a cluster,
    each worker's own)."""
    try:
        from distributed import Client
    except ImportError:
        raise InvalidRulesError("simulations run on Dask: pip install 'paibiao[bulk]'") from None
    if scheduler:
        with Client(scheduler) as client:
            yield client
        return
    n = workers or os.cpu_count() or 1
    if n < 1:
        raise InvalidRulesError(f"workers must be at least 1, got {n}")
    from ..bulk import local_cluster

    with local_cluster(n) as cluster, Client(cluster) as client:
        yield client
