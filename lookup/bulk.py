"""Bulk jobs: any batch query mapped over the rows of a Dask array, on any Dask scheduler.

``run(query, array, **kwargs)`` returns a lazy Dask array of ``query``'s answers, row for row
what ``query(array, **kwargs)`` returns in-process (``query`` is a batch function such as
``mahjong.shanten_batch``: rows in, one answer per row out)::

    from distributed import Client
    from lookup import bulk, mahjong

    client = Client()                                          # or Client("tcp://scheduler:8786")
    hands = bulk.read_array("hands.h5:/counts")                # (N, 34) uint8 counts, lazily
    shanten = bulk.run(mahjong.shanten_batch, hands, rules="riichi")   # int8 (N,), lazily
    bulk.store(shanten, "shanten.npy")                         # computed on the workers

Nothing here knows a game. The input is chunked along its first axis only (a chunk holds
whole rows); keyword arguments go to every chunk's call as they are, except arrays (numpy or
Dask, at least 1-D), which are per-row arguments: their first axis must match the rows', and
each chunk gets its own rows of them (``jokers=`` an array of N). The output's dtype and the
shape of a row's answer come from calling ``query`` on zero rows (on a worker when a
distributed client is active, so the client needs no tables). An error a chunk raises for a
bad row names the row's index in the whole array, as the in-process call does.

The workers load the tables themselves, from their own data directory
(:func:`lookup.tables.data_dir`): the processes of one machine share one mapping of each
file. :func:`check_workers` checks (and with ``build=True`` builds) every worker's tables
before a job. :func:`read_array` and :func:`store` read and write ``.npy`` files, HDF5
datasets (``FILE.h5:/dataset``) and Zarr arrays (``PATH.zarr``); the workers read the input
(so it must be at the same path for them), the client writes the output as chunks finish.
"""

from __future__ import annotations

import functools
import math
import socket
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from . import tables
from .arrays import OUT_PARAM
from .bulk_io import DEFAULT_CHUNK_ROWS, StorageError, read_array, store
from .cluster import LOCAL_CLUSTER_CONFIG, local_cluster
from .errors import InvalidArgumentError, InvalidHandError, PaibiaoError, TableError, at_row

__all__ = ["DEFAULT_CHUNK_ROWS", "LOCAL_CLUSTER_CONFIG", "StorageError", "check_workers", "chunk_rows_for",
           "local_cluster", "output_spec", "read_array", "run", "store"]

CHUNKS_PER_WORKER = 4
""":func:`chunk_rows_for` gives each worker at least this many chunks, to even out their loads."""


def chunk_rows_for(n_rows: int, workers: int) -> int:
    """Rows per chunk for ``n_rows`` over ``workers``: at most :data:`DEFAULT_CHUNK_ROWS`, and
    small enough that each worker gets :data:`CHUNKS_PER_WORKER` chunks."""
    return max(1, min(DEFAULT_CHUNK_ROWS, math.ceil(n_rows / (CHUNKS_PER_WORKER * max(1, workers)))))


def _dask_array() -> Any:
    try:
        import dask.array as da
    except ImportError:
        raise ImportError("lookup.bulk needs Dask: pip install 'paibiao[bulk]'") from None
    return da


def _rows(array: Any, chunk_rows: int | None) -> Any:
    """``array`` as a Dask array chunked along its first axis only (``chunk_rows`` rows a chunk)."""
    da = _dask_array()
    if not isinstance(array, da.Array):
        array = np.asarray(array)
        if array.ndim == 0:
            raise InvalidHandError(f"a bulk query needs an array of rows, got a {array.dtype} scalar")
        return da.from_array(array, chunks=(chunk_rows or DEFAULT_CHUNK_ROWS,) + array.shape[1:])
    if array.ndim == 0:
        raise InvalidHandError("a bulk query needs an array of rows, got a 0-d Dask array")
    whole = {axis: -1 for axis in range(1, array.ndim)}
    return array.rechunk({0: chunk_rows, **whole} if chunk_rows else whole)


def _is_per_row(value: Any) -> bool:
    """Numpy and Dask arrays of at least one dimension are per-row arguments."""
    if isinstance(value, np.ndarray):
        return value.ndim >= 1
    da = _dask_array()
    return isinstance(value, da.Array) and value.ndim >= 1


def _current_client() -> Any:
    """The active distributed client, or None."""
    try:
        from distributed import default_client
    except ImportError:
        return None
    try:
        return default_client()
    except ValueError:
        return None


def _empty(dtype: np.dtype, shape: tuple[int, ...]) -> np.ndarray:
    return np.zeros((0, *shape), dtype)


def _spec_here(query: Callable[..., Any], rows: tuple[np.dtype, tuple[int, ...]], fixed: dict[str, Any],
               per_row: dict[str, tuple[np.dtype, tuple[int, ...]]]) -> tuple[np.dtype, tuple[int, ...]]:
    out = np.asarray(query(_empty(*rows), **fixed, **{name: _empty(*spec) for name, spec in per_row.items()}))
    if out.ndim == 0 or out.shape[0] != 0:
        raise TypeError(f"{getattr(query, '__name__', query)!r} is not a batch query: zero rows gave shape "
                        f"{out.shape}")
    return out.dtype, out.shape[1:]


def output_spec(query: Callable[..., Any], rows: tuple[np.dtype, tuple[int, ...]], fixed: dict[str, Any],
                per_row: dict[str, tuple[np.dtype, tuple[int, ...]]] | None = None
                ) -> tuple[np.dtype, tuple[int, ...]]:
    """(dtype, shape of one row's answer) of ``query`` on rows of (dtype, shape of a row), with
    keyword arguments ``fixed`` and per-row arguments of the given (dtype, row shape).

    Found by calling ``query`` on zero rows: on a worker of the active distributed client if
    there is one, else here. A bad argument (an unknown rule set, say) raises its error here.
    """
    client = _current_client()
    if client is None:
        return _spec_here(query, rows, fixed, per_row or {})
    return client.submit(_spec_here, query, rows, fixed, per_row or {}, pure=False).result()


def _writable(block: np.ndarray) -> np.ndarray:
    """A block the kernels take as they were compiled: writable (read-only ones are copied).

    Blocks read from files or received from other workers may be read-only, and Numba compiles
    (and caches) a separate kernel for read-only arrays: a copy of a block costs far less.
    """
    return block if block.flags.writeable else block.copy()


def _block(blocks: Any) -> np.ndarray:
    """The one block of a chunk's rows: blockwise hands each input over as lists nested once per
    axis after the first (every such axis is one chunk), not concatenated (which would copy)."""
    while isinstance(blocks, list):
        (blocks,) = blocks
    return _writable(blocks)


def _answer_chunk(query: Callable[..., Any], names: tuple[str, ...], fixed: dict[str, Any],
                  spec: tuple[np.dtype, tuple[int, ...]], where: tuple[slice], rows: Any, *per_row: Any) -> np.ndarray:
    """One chunk's answers (runs on a worker): ``where[0]`` is the slice of its rows in the array."""
    start = where[0].start
    rows = _block(rows)
    arguments = {name: _block(blocks) for name, blocks in zip(names, per_row)}
    try:
        out = np.asarray(query(rows, **fixed, **arguments))
    except PaibiaoError as exc:
        if not isinstance(exc, ValueError):  # not about the input (missing tables, say): as it is
            raise
        raise at_row(exc, start, len(rows)) from None
    if out.dtype != spec[0] or out.shape != (len(rows), *spec[1]):
        raise TypeError(f"{getattr(query, '__name__', query)!r} answered rows {start}..{start + len(rows) - 1} "
                        f"with {out.dtype} {out.shape}, not {spec[0]} {(len(rows), *spec[1])}")
    return out


def run(query: Callable[..., Any], array: Any, /, *, chunk_rows: int | None = None, **kwargs: Any) -> Any:
    """``query(array, **kwargs)`` as a lazy Dask array, computed chunk by chunk.

    ``array``: a Dask array (its row chunks are kept unless ``chunk_rows`` is given) or
    anything numpy takes (split into chunks of ``chunk_rows``, default
    :data:`DEFAULT_CHUNK_ROWS`). ``kwargs`` go to ``query``; numpy and Dask arrays among them
    are per-row (module docstring). Equal to the in-process call row for row; a bad row's
    error names its index in ``array`` (when several chunks hold bad rows, the one that fails
    first is reported; :func:`store` reports the lowest).
    """
    if OUT_PARAM in kwargs:  # chunks are answered on workers, into arrays of their own
        raise InvalidArgumentError("a bulk query takes no out=: its answers are a Dask array "
                                   "(store() writes them to a file)")
    da = _dask_array()
    rows = _rows(array, chunk_rows)
    n_rows = rows.shape[0]
    if math.isnan(n_rows):
        raise InvalidHandError("a bulk query needs an array of known length (compute_chunk_sizes() first)")
    fixed, per_row = {}, {}
    for name, value in kwargs.items():
        if not _is_per_row(value):
            fixed[name] = value
            continue
        column = _rows(value, None)
        if column.shape[0] != n_rows:
            raise InvalidHandError(f"{name}: a per-row argument needs {n_rows} rows, got {column.shape[0]}")
        per_row[name] = column.rechunk({0: rows.chunks[0]})  # aligned here: blockwise need not
    spec = output_spec(query, (rows.dtype, rows.shape[1:]), fixed,
                       {name: (a.dtype, a.shape[1:]) for name, a in per_row.items()})
    dtype, tail = spec
    from dask.base import tokenize
    from dask.layers import ArraySliceDep  # each chunk's slice of rows, known without a task

    arguments: list[Any] = [ArraySliceDep((rows.chunks[0],)), ("row",),
                            rows, ("row", *(f"in{k}" for k in range(1, rows.ndim)))]
    for i, column in enumerate(per_row.values()):
        arguments += [column, ("row", *(f"arg{i}.{k}" for k in range(1, column.ndim)))]
    name = f"{getattr(query, '__name__', 'query')}-{tokenize(query, rows, fixed, *per_row.values())}"
    return da.blockwise(
        functools.partial(_answer_chunk, query, tuple(per_row), fixed, spec),
        ("row", *(f"out{k}" for k in range(1, len(tail) + 1))), *arguments,
        new_axes={f"out{k}": size for k, size in enumerate(tail, 1)}, concatenate=False, align_arrays=False,
        dtype=dtype, meta=_empty(dtype, tail), name=name)


# --- the workers' tables ---------------------------------------------------------------------------

def _table_status(games: Sequence[str]) -> dict[str, Any]:
    """This worker's host, data directory and the error of each game whose tables fail to load."""
    errors = {}
    for game in games:
        try:
            tables.load(game)
        except TableError as exc:
            errors[game] = str(exc)
    return {"host": socket.gethostname(), "data": str(tables.data_dir()), "errors": errors}


def _build_tables(games: Sequence[str]) -> None:
    """``paibiao tables build --if-needed GAMES`` (warm-up included) in a child process of this
    worker, with its Python and environment; raises TableError with the end of its output when
    it fails."""
    import subprocess
    import sys

    tables.clear_cache()
    done = subprocess.run([sys.executable, "-m", "lookup.cli", "tables", "build", "--if-needed", *games],
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise TableError(f"paibiao tables build failed on {socket.gethostname()}: {done.stderr.strip()[-2000:]}")


def check_workers(client: Any, games: Sequence[str], build: bool = False,
                  echo: Callable[[str], Any] = lambda message: None) -> int:
    """Load ``games``' tables on every worker of ``client``; returns the number of workers.

    A worker whose tables are missing, stale or damaged raises TableError naming it, unless
    ``build``: then one worker per (host, data directory) builds them there (``paibiao tables
    build --if-needed``, warm-up included), and every worker checks again.
    """
    status = client.run(_table_status, list(games))
    failing = {address: s for address, s in status.items() if s["errors"]}
    if failing and build:
        builders: dict[tuple[str, str], str] = {}
        for address, s in sorted(failing.items()):
            builders.setdefault((s["host"], s["data"]), address)
        for host, data in builders:
            echo(f"building {', '.join(games)} tables on {host} in {data}")
        client.run(_build_tables, list(games), workers=list(builders.values()))
        status = client.run(_table_status, list(games))
        failing = {address: s for address, s in status.items() if s["errors"]}
    if failing:
        address, s = sorted(failing.items())[0]
        game, error = next(iter(s["errors"].items()))
        more = f" (and {len(failing) - 1} other workers)" if len(failing) > 1 else ""
        raise TableError(f"worker {address} on {s['host']}{more}: {error}, or pass --build-tables to build "
                         "them there")
    return len(status)
