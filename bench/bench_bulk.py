"""Bulk: the same 10M-hand shanten job in-process and through lookup.bulk on a LocalCluster of 1
and of 2 worker processes.

The job: 10,000,000 seeded hands of 13 and 14 tiles (each chunk drawn from a fixed pool of
65,536 hands by a generator seeded with the chunk's first row, inside the worker that answers
it), ``mahjong.shanten_batch`` (riichi) on every chunk, every answer gathered into one int8
array in the calling process. In-process, one loop does the same chunk by chunk. The clusters'
start-up and a first run (tables and kernels loaded in each worker, the pool shipped) are not
timed; each figure is the best of three runs.
"""

from __future__ import annotations

import time
from typing import Any

import numpy as np

from .timing import fmt_time, table

SEED = 2027
POOL = 1 << 16
"""Hands in the pool the chunks draw from."""


def hand_pool(seed: int = SEED) -> np.ndarray:
    """POOL hands as (POOL, 34) uint8 counts, half of 13 and half of 14 tiles, each drawn
    without replacement from the 136-tile wall."""
    rng = np.random.default_rng(seed)
    walls = rng.permuted(np.tile(np.arange(136, dtype=np.uint8), (POOL, 1)), axis=1)
    counts = np.zeros((POOL, 34), np.uint8)
    for n_tiles, rows in ((13, slice(0, POOL // 2)), (14, slice(POOL // 2, POOL))):
        kinds = walls[rows, :n_tiles] // 4
        np.add.at(counts[rows], (np.arange(kinds.shape[0])[:, None], kinds), 1)
    return counts


def hand_chunk(where: tuple[slice], pool: Any) -> np.ndarray:
    """The hands of the rows ``where[0]`` (a slice of the whole job): pool rows picked by a
    generator seeded with the first row's index, so a chunk is the same wherever it is drawn.
    ``pool``: the pool, or its one block in a list (as blockwise hands it over uncopied)."""
    while isinstance(pool, list):
        (pool,) = pool
    rows = where[0]
    rng = np.random.default_rng([SEED, rows.start])
    return pool[rng.integers(0, len(pool), rows.stop - rows.start)]


def seeded_hands(n: int, chunk: int, pool: np.ndarray) -> Any:
    """The job's (n, 34) input as a Dask array whose chunks are drawn in the workers."""
    import dask.array as da
    from dask.array.core import normalize_chunks
    from dask.layers import ArraySliceDep

    (rows,) = normalize_chunks(chunk, (n,))
    pool_array = da.from_array(pool, chunks=pool.shape)
    return da.blockwise(hand_chunk, ("row", "kind"), ArraySliceDep((rows,)), ("row",), pool_array, ("pool", "kind"),
                        concatenate=False, align_arrays=False, dtype=np.uint8, meta=np.zeros((0, 34), np.uint8))


def in_process(n: int, chunk: int, pool: np.ndarray) -> np.ndarray:
    from lookup import mahjong

    out = np.empty(n, np.int8)
    for start in range(0, n, chunk):
        stop = min(n, start + chunk)
        out[start:stop] = mahjong.shanten_batch(hand_chunk((slice(start, stop),), pool), "riichi")
    return out


def generation_only(n: int, chunk: int, pool: np.ndarray) -> None:
    for start in range(0, n, chunk):
        hand_chunk((slice(start, min(n, start + chunk)),), pool)


def _timed(fn: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def _cpu_seconds(pids: list[int]) -> float:
    """CPU seconds (user + system) used so far by this process and the processes ``pids``."""
    import psutil

    return time.process_time() + sum(sum(psutil.Process(pid).cpu_times()[:2]) for pid in pids)


def _measured(fn: Any, pids: list[int]) -> tuple[float, float]:
    """(wall seconds, CPU seconds of this process and ``pids``) of one call of ``fn``."""
    cpu = _cpu_seconds(pids)
    wall, _ = _timed(fn)
    return wall, _cpu_seconds(pids) - cpu


def run(quick: bool) -> str:
    import os
    import statistics
    import sys

    import cloudpickle
    from distributed import Client

    from lookup import bulk, mahjong

    cloudpickle.register_pickle_by_value(sys.modules[__name__])  # the workers need not import this file
    n = 1_000_000 if quick else 10_000_000
    chunk = bulk.chunk_rows_for(n, 2)  # what paibiao bulk takes for 2 workers (and for 1, at this size)
    runs = 3 if quick else 5
    pool = hand_pool()
    want = in_process(n, chunk, pool)  # also the warm-up of this process
    generation = min(_timed(lambda: generation_only(n, chunk, pool))[0] for _ in range(runs))
    clusters, startup = {}, {}
    try:
        for workers in (1, 2):  # started as paibiao bulk starts its cluster
            startup[workers], cluster = _timed(lambda: bulk.local_cluster(workers))  # noqa: B023
            clusters[workers] = (cluster, Client(cluster, set_as_default=False))
            clusters[workers][1].wait_for_workers(workers)

        def job(client: Any) -> np.ndarray:
            with client.as_current():
                answers = bulk.run(mahjong.shanten_batch, seeded_hands(n, chunk, pool), rules="riichi")
                return client.compute(answers).result()

        for workers, (_, client) in clusters.items():  # tables, kernels and the pool reach every worker
            assert np.array_equal(job(client), want), f"{workers} workers answered differently"
        pids = {workers: _worker_pids(client) for workers, (_, client) in clusters.items()}
        load = os.getloadavg()[0]
        times: dict[str, list[float]] = {"in-process": [], "1 worker": [], "2 workers": []}
        cpu: dict[str, list[float]] = {mode: [] for mode in times}
        for _ in range(runs):  # interleaved: a change of load touches every mode alike
            for mode, call, mode_pids in [("in-process", lambda: in_process(n, chunk, pool), []),
                                          ("1 worker", lambda: job(clusters[1][1]), pids[1]),
                                          ("2 workers", lambda: job(clusters[2][1]), pids[2])]:
                wall, seconds = _measured(call, mode_pids)
                times[mode].append(wall)
                cpu[mode].append(seconds)
        load = max(load, os.getloadavg()[0])
        print(f"  {', '.join(f'{mode}: {min(ts):.2f} s' for mode, ts in times.items())}", flush=True)
    finally:
        for cluster, client in reversed(clusters.values()):  # the last started restores the log levels last
            client.close()
            cluster.close()
    local, one, two = (min(ts) for ts in times.values())
    median = {mode: statistics.median(ts) for mode, ts in times.items()}
    used = {mode: min(seconds) for mode, seconds in cpu.items()}
    rows = [
        ["in-process loop of `shanten_batch`", fmt_time(local), fmt_time(median["in-process"]),
         fmt_time(local / n), "1.00×", "—", fmt_time(used["in-process"])],
        ["`bulk.run`, LocalCluster of 1 worker", fmt_time(one), fmt_time(median["1 worker"]), fmt_time(one / n),
         f"{local / one:.2f}×", f"overhead **{one / local - 1:+.0%}** (target ≤ +15%)",
         f"{fmt_time(used['1 worker'])} ({used['1 worker'] / used['in-process'] - 1:+.0%})"],
        ["`bulk.run`, LocalCluster of 2 workers", fmt_time(two), fmt_time(median["2 workers"]), fmt_time(two / n),
         f"{local / two:.2f}×", f"**{one / two:.2f}×** 1 worker (target ≥ 1.7×)",
         f"{fmt_time(used['2 workers'])} ({used['2 workers'] / used['in-process'] - 1:+.0%})"],
    ]
    return ("## Bulk jobs on Dask\n\n"
            f"The same shanten job (riichi) over {n:,} seeded hands of 13 and 14 tiles in chunks of "
            f"{chunk:,}, each chunk drawn from a pool of {POOL:,} hands inside the process that answers it "
            f"({fmt_time(generation)} of the in-process time is drawing them), answers gathered into one "
            "int8 array in this process; the clusters' answers equal the in-process ones. Clusters of "
            "single-threaded worker processes started by `lookup.bulk.local_cluster` (as `paibiao bulk` "
            f"does), in {startup[1]:.1f} s (1 worker) and {startup[2]:.1f} s (2 workers), not counted. "
            f"Best and median of {runs} runs, the three modes interleaved; the 1-minute load average "
            f"reached {load:.1f} while they ran (other jobs on the machine count in it). The machine has 2 "
            "cores: 2 workers are all of it, the client and the scheduler included. CPU: the least CPU time "
            "(user + system) a run took in all the processes involved (this one, which runs the client and "
            "the scheduler, and the workers and their nannies), against the in-process run's; it moves far "
            "less than wall time with the machine's load.\n\n"
            + table(rows, ["mode", "best", "median", "per hand", "speed", "against", "CPU"]))


def _worker_pids(client: Any) -> list[int]:
    """The process ids of ``client``'s workers and of their nannies."""
    import os

    import psutil

    workers = list(client.run(os.getpid).values())
    return workers + [psutil.Process(pid).ppid() for pid in workers]
