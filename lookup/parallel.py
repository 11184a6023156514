"""Large batches on several cores: a batch query run over chunks of its rows in threads.

The batch kernels release the GIL while they run, so threads of one process answer chunks of
one array at the same time, with no copy of the tables and no process start-up. The rows are
cut into :data:`CHUNKS_PER_THREAD` chunks a thread, each taken by the next free thread, so a
thread slowed by the machine leaves its later chunks to the others::

    from lookup import mahjong, parallel
    shanten = parallel.in_threads(mahjong.shanten_batch, counts, rules="riichi")

Answers equal the single call's row for row. Keyword arguments go to every chunk as they are,
except numpy arrays of at least one dimension whose first axis has one entry per row (e.g.
``jokers=`` an array of N): each chunk gets its own rows of them. A bad row is refused as by
the single call (no answers are returned), and the error names its index in the whole array:
the first bad row when several chunks hold bad rows. For a job larger than memory or than one
machine, use :mod:`lookup.bulk` (Dask).

A query that takes ``out=`` (every batch query of the three games that answers one array
does) has each chunk write its answers straight into its rows of one array, allocated once
(or the caller's ``out``, which is then returned); other queries' chunk answers are joined at
the end (field by field for a NamedTuple of arrays), a copy of every answer by one thread
while the others wait.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import numpy as np
import numpy.typing as npt

from .arrays import OUT_PARAM, answer_array
from .errors import PaibiaoError, at_row

__all__ = ["CHUNKS_PER_THREAD", "MIN_ROWS_PER_THREAD", "in_threads"]

MIN_ROWS_PER_THREAD = 1 << 16
"""Fewer rows than this per thread are answered by one call: a thread's hand-off (tens of µs)
would cost more than it saves."""
CHUNKS_PER_THREAD = 4
"""Chunks a thread's share of the rows is cut into: several a thread, so a thread that
finishes early takes another chunk instead of waiting (``bench/bench_floor.py`` compares)."""


def _chunk_bounds(n_rows: int, chunks: int) -> list[tuple[int, int]]:
    """(start, stop) of ``chunks`` contiguous chunks covering ``n_rows`` rows, sizes within one."""
    edges = np.linspace(0, n_rows, chunks + 1).round().astype(np.int64)
    return [(int(a), int(b)) for a, b in zip(edges[:-1], edges[1:]) if b > a]


def in_threads(query: Callable[..., Any], rows: npt.ArrayLike, /, *, threads: int | None = None,
               **kwargs: Any) -> Any:
    """``query(rows, **kwargs)`` answered by ``threads`` threads at once (default: one per core),
    over ``threads * CHUNKS_PER_THREAD`` chunks of the rows.

    ``query`` is a batch function (rows in, one answer per row out along the first axis, e.g.
    ``mahjong.shanten_batch``, ``zipai.hu_batch``, ``shisanshui.rank5_batch``). With one
    thread, or fewer than :data:`MIN_ROWS_PER_THREAD` rows per thread, it is one plain call.
    """
    if threads is None:
        threads = os.cpu_count() or 1
    if isinstance(threads, bool) or not isinstance(threads, (int, np.integer)) or threads < 1:
        raise ValueError(f"threads must be a positive int, got {threads!r}")
    array = np.asarray(rows)
    if array.ndim < 1:
        return query(rows, **kwargs)
    n_rows = array.shape[0]
    threads = min(int(threads), max(1, n_rows // MIN_ROWS_PER_THREAD))
    if threads == 1:
        return query(array, **kwargs)
    takes_out = _takes_out(query)
    out = kwargs.pop(OUT_PARAM, None) if takes_out else None  # (a query without it refuses it below)
    per_row = {name: value for name, value in kwargs.items()
               if isinstance(value, np.ndarray) and value.ndim >= 1 and value.shape[0] == n_rows}
    # zero rows first: an argument that is bad for every row (rules, shapes) raises as it is
    empty = query(array[:0], **{**kwargs, **{name: value[:0] for name, value in per_row.items()}})
    # (each chunk MIN_ROWS_PER_THREAD // CHUNKS_PER_THREAD rows at least)
    bounds = _chunk_bounds(n_rows, threads * CHUNKS_PER_THREAD)
    if takes_out:  # the caller's out checked against the whole answer's shape, or a new one
        out = per_row[OUT_PARAM] = answer_array(out, (n_rows, *np.shape(empty)[1:]), np.asarray(empty).dtype)

    def answer(bound: tuple[int, int]) -> Any:
        start, stop = bound
        chunk_kwargs = {**kwargs, **{name: value[start:stop] for name, value in per_row.items()}}
        try:
            return query(array[start:stop], **chunk_kwargs)
        except PaibiaoError as exc:
            if not isinstance(exc, ValueError):  # not about a row (missing tables): as it is
                raise
            return at_row(exc, start, stop - start)

    with ThreadPoolExecutor(max_workers=threads, thread_name_prefix="paibiao") as pool:
        answers = list(pool.map(answer, bounds))
    for result in answers:  # chunks in row order: the first error names the first bad row
        if isinstance(result, Exception):
            raise result
    if takes_out:  # each chunk wrote its rows of it
        return out
    if isinstance(answers[0], tuple):  # a NamedTuple of arrays (mahjong.discard_batch): each field joined
        return type(answers[0])(*(np.concatenate(parts) for parts in zip(*answers)))
    return np.concatenate([np.asarray(a) for a in answers])


def _takes_out(query: Callable[..., Any]) -> bool:
    """Whether ``query`` has a parameter ``out`` (the array to write its answers into)."""
    try:
        return OUT_PARAM in inspect.signature(query).parameters
    except (TypeError, ValueError):  # no signature to read (some builtins): join the answers
        return False
