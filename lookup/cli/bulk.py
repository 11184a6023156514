"""``paibiao bulk GAME QUERY INPUT OUTPUT``: a batch query over stored arrays, on Dask.

INPUT and OUTPUT are ``PATH.npy``, ``PATH.h5:/dataset`` or ``PATH.zarr``. The job runs on an
embedded ``LocalCluster`` of ``--workers`` processes (default: one per core), or on the
cluster whose scheduler is ``--scheduler ADDR``. The workers read INPUT and load their own
tables (checked on every worker first; ``--build-tables`` builds missing ones there); the
client writes OUTPUT as chunks finish, to a temporary that replaces OUTPUT at the end.
"""

from __future__ import annotations

import argparse
import inspect
import os
import sys
import time
from collections.abc import Callable
from typing import Any, TextIO

from .. import registry, tables
from ..registry import bulk_name
from .command import Command, Query, UsageError


def batch_queries(game: str) -> dict[str, Callable[..., Any]]:
    """The batch queries a bulk job runs for ``game``, by command name (``hu`` for
    ``is_hu_batch``): the batch twins its query registry declares that read one array and
    answer one (:meth:`lookup.registry.Registry.bulk_queries`)."""
    return registry.of(game).bulk_queries()


def _value(text: str) -> Any:
    """A ``--arg`` value: an array location (per-row argument, read lazily), an int, or text."""
    from ..bulk_io import StorageError, location

    try:
        location(text)
    except StorageError:
        pass
    else:
        from ..bulk import read_array

        return read_array(text)
    try:
        return int(text)
    except ValueError:
        return text


def _keyword_arguments(args: argparse.Namespace) -> dict[str, Any]:
    kwargs: dict[str, Any] = {}
    if args.rules is not None:
        kwargs["rules"] = args.rules
    for item in args.arg:
        name, sep, text = item.partition("=")
        if not sep or not name.isidentifier():
            raise UsageError(f"--arg {item!r}: use NAME=VALUE")
        kwargs[name] = _value(text)
    return kwargs


class ProgressBar:
    """Rows written out of the total, on one redrawn line of ``stream`` (at most 10 draws a second)."""

    WIDTH = 30

    def __init__(self, total: int, label: str, stream: TextIO | None = None):
        self.total, self.label, self.stream = total, label, stream or sys.stderr
        self.start = self.last = time.perf_counter()
        self.open = False  # a line drawn and not ended yet

    def __call__(self, done: int) -> None:
        now = time.perf_counter()
        if done < self.total and now - self.last < 0.1:
            return
        self.last = now
        self.open = done < self.total
        part = done / self.total if self.total else 1.0
        filled = round(part * self.WIDTH)
        rate = done / max(now - self.start, 1e-9)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (self.WIDTH - filled)}] {part:4.0%} "
                          f"{done:,}/{self.total:,} rows, {rate:,.0f} rows/s")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()

    def close(self) -> None:
        """End a line left open by a job that stopped early."""
        if self.open:
            self.stream.write("\n")
            self.open = False


def _client(args: argparse.Namespace) -> tuple[Any, Any]:
    """(client, the embedded cluster or None)."""
    from distributed import Client

    if args.scheduler:
        if args.workers is not None:
            raise UsageError("--workers sizes the embedded cluster; a cluster given by --scheduler has its own")
        try:
            return Client(args.scheduler, timeout="20s"), None
        except OSError as exc:
            raise UsageError(f"cannot reach the scheduler at {args.scheduler}: {exc}") from None
    workers = args.workers if args.workers is not None else os.cpu_count() or 1
    if workers < 1:
        raise UsageError(f"--workers must be at least 1, got {workers}")
    from ..bulk import local_cluster

    cluster = local_cluster(workers)
    return Client(cluster), cluster


def _run(args: argparse.Namespace) -> int:
    try:
        import dask.array  # noqa: F401
        import distributed  # noqa: F401
    except ImportError:
        raise UsageError("paibiao bulk needs Dask: pip install 'paibiao[bulk]'") from None
    from .. import bulk
    from ..bulk_io import location

    queries = batch_queries(args.game)
    query = queries.get(bulk_name(args.batch_query))
    if query is None:
        raise UsageError(f"{args.game} has no batch query {args.batch_query[:40]!r}; choose from {', '.join(queries)}")
    if args.chunk is not None and args.chunk < 1:
        raise UsageError(f"--chunk must be at least 1 row, got {args.chunk}")
    source, target = location(args.input), location(args.output)
    if target.kind == "hdf5" and source.kind == "hdf5" and source.path.resolve() == target.path.resolve():
        raise UsageError(f"{source.path} would be read and written at once; write OUTPUT to another file")
    if os.path.exists(target.path) and target.kind != "hdf5" and not args.overwrite:
        raise UsageError(f"{target} exists; remove it or pass --overwrite")
    kwargs = _keyword_arguments(args)
    try:
        inspect.signature(query).bind(None, **kwargs)
    except TypeError as exc:
        raise UsageError(f"{args.game} {args.batch_query}: {exc}") from None
    hands = bulk.read_array(args.input)
    client, cluster = _client(args)
    try:
        workers = bulk.check_workers(client, [args.game], build=args.build_tables,
                                     echo=lambda message: print(message, file=sys.stderr, flush=True))
        chunk_rows = args.chunk or bulk.chunk_rows_for(hands.shape[0], workers)
        answers = bulk.run(query, hands, chunk_rows=chunk_rows, **kwargs)
        show = args.progress if args.progress is not None else sys.stderr.isatty()
        bar = ProgressBar(answers.shape[0], f"{args.game} {args.batch_query}") if show else None
        try:
            bulk.store(answers, args.output, client=client, overwrite=args.overwrite, progress=bar)
        finally:
            if bar is not None:
                bar.close()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(f"{args.game} {args.batch_query}: {answers.shape[0]:,} rows -> {target}: {answers.dtype} {answers.shape}")
    return 0


def _arguments(parser: argparse.ArgumentParser, query: Query) -> None:
    parser.set_defaults(game=query.name)
    parser.add_argument("batch_query", metavar="QUERY",
                        help=f"a batch query of lookup.{query.name}: its NAME_batch function as NAME "
                             "(hu for is_hu_batch)")
    parser.add_argument("input", metavar="INPUT", help="rows in: PATH.npy, PATH.h5:/dataset or PATH.zarr")
    parser.add_argument("output", metavar="OUTPUT", help="answers out: PATH.npy, PATH.h5:/dataset or PATH.zarr")
    parser.add_argument("--rules", default=None, metavar="R", help="rule set (default: the query's own)")
    parser.add_argument("--arg", action="append", default=[], metavar="NAME=VALUE",
                        help="another argument of the query: an int, a word, or an array location "
                             "(per-row, e.g. jokers=jokers.npy); repeatable")
    parser.add_argument("--scheduler", default=None, metavar="ADDR",
                        help="the scheduler of a running cluster (default: an embedded LocalCluster)")
    parser.add_argument("--workers", type=int, default=None, metavar="N",
                        help="worker processes of the embedded cluster (default: one per core)")
    parser.add_argument("--chunk", type=int, default=None, metavar="ROWS",
                        help="rows per task (default: up to 1,048,576, at least 4 tasks per worker)")
    parser.add_argument("--build-tables", action="store_true",
                        help="build missing or stale tables on the workers (once per host and data directory)")
    parser.add_argument("--overwrite", action="store_true", help="replace an existing OUTPUT")
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress bar on stderr (default: when stderr is a terminal)")


COMMAND = Command(
    "bulk", "a batch query over stored arrays of hands, on Dask",
    tuple(Query(game, f"{game} batch queries", _run) for game in tables.GAMES), _arguments,
    description=__doc__.split("\n\n")[0], metavar="GAME")
