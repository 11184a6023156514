"""The project's one embedded Dask cluster, and a client to it or to a running scheduler.

:func:`local_cluster` starts single-threaded worker processes that read this process's data
directory; :func:`client_for` yields a ``distributed.Client`` to such a cluster or to a
scheduler's address (the same code on a real cluster). Bulk jobs (:mod:`lookup.bulk`) and the
shisanshui simulations use them. Dask is an optional dependency (``pip install
'paibiao[bulk]'``); only these functions import it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from . import tables
from .errors import InvalidRulesError

LOCAL_CLUSTER_CONFIG: dict[str, Any] = {
    "distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_": None,
    "distributed.worker.profile.enabled": False,
    "distributed.admin.system-monitor.interval": "2s",
    "distributed.admin.tick.interval": "200ms",
    "distributed.worker.memory.monitor-interval": "1s",
}
"""Dask settings of :func:`local_cluster` (its scheduler, nannies and workers).

No ``MALLOC_TRIM_THRESHOLD_`` for the workers (Dask sets 65536, which turns off glibc's
adaptive mmap threshold: every chunk-sized array a task allocates would then be fresh pages
from the kernel, where glibc otherwise reuses the few chunks a task holds). No statistical
profiler, and the monitors polled less often: they feed the dashboard, which the embedded
cluster does not serve, and would otherwise take CPU from the workers.
"""


def local_cluster(workers: int, env: dict[str, str] | None = None, **kwargs: Any) -> Any:
    """The embedded cluster (of ``paibiao bulk`` and the simulations): ``workers``
    single-threaded worker processes that read this process's data directory (``env`` adds to
    or overrides their environment), no dashboard, quiet logs, :data:`LOCAL_CLUSTER_CONFIG`."""
    import dask
    from distributed import LocalCluster

    environ = {tables.DATA_ENV: str(tables.data_dir().resolve()), **(env or {})}
    with dask.config.set(LOCAL_CLUSTER_CONFIG):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0",
                            silence_logs=logging.CRITICAL, env=environ, **kwargs)


@contextmanager
def client_for(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A ``distributed.Client``: to ``scheduler`` (an address such as ``tcp://host:8786``), or
    to a new :func:`local_cluster` of ``workers`` worker processes (default: one per core),
    closed on exit. Workers load the tables themselves (mapped from this machine's data
    directory; on a cluster, each worker's own). Raises InvalidRulesError when Dask is not
    installed or ``workers`` is below 1."""
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
    with local_cluster(n) as cluster, Client(cluster) as client:
        yield client
