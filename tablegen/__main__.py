"""``python -m tablegen [--if-needed] [--no-warmup] [--out DIR] [GAME ...]``: build the table files.

``paibiao tables build`` runs the same :func:`build_tables`. After building (or finding the
files up to date) it warms the runtime up (:mod:`lookup.warmup`): every query kind is run
once, so every batch kernel is compiled into Numba's disk cache and a fresh process answers
its first query without compiling. The warm-up is skipped with ``--no-warmup``, and when
the output directory is not the one the runtime reads (``--out`` elsewhere).
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from lookup import tables as runtime_tables
from lookup.errors import TableError

GENERATORS = {
    "mahjong": "tablegen.mahjong",
    "shisanshui": "tablegen.shisanshui",
    "zipai": "tablegen.zipai",
}


def up_to_date(game: str, path: Path) -> str | None:
    """None when ``path`` passes the full check of :func:`lookup.tables.check` and was built by
    the current generator sources; otherwise why it is not."""
    from .h5io import sources_sha256

    module = importlib.import_module(GENERATORS[game])
    try:
        runtime_tables.check(path, game, full=True, source_sha256=sources_sha256(module.SOURCES))
    except TableError as exc:
        return str(exc)
    return None


def build_tables(games: Sequence[str] = (), out: Path | None = None, if_needed: bool = False,
                 warmup: bool = True, echo: Callable[[str], Any] = print) -> None:
    """Build the table files of ``games`` (default: all) into ``out`` (default: the runtime's
    data directory), then warm the runtime up. Raises TableError when a file cannot be
    written (a directory in its place)."""
    from .h5io import refuse_directory, remove_stale_temporaries

    games = list(games) or list(GENERATORS)
    unknown = [g for g in games if g not in GENERATORS]
    if unknown:
        raise TableError(f"unknown game {unknown[0]!r}; choose from {', '.join(GENERATORS)}")
    out = Path(out) if out is not None else runtime_tables.data_dir()
    start = time.perf_counter()
    for game in games:
        path = out / f"{game}.h5"
        remove_stale_temporaries(path, echo)
        refuse_directory(path)
        if if_needed:
            reason = up_to_date(game, path)
            if reason is None:
                echo(f"{game}: {path} is up to date")
                continue
            echo(f"{game}: rebuilding: {reason.split('; ')[0]}")
        module = importlib.import_module(GENERATORS[game])
        echo(f"{game}: building {path}")
        t0 = time.perf_counter()
        module.build(path, progress=echo)
        runtime_tables.check(path, game, full=True)  # and record it, so workers skip hashing
        echo(f"{game}: done in {time.perf_counter() - t0:.1f} s")
    echo(f"tables ready in {out} ({time.perf_counter() - start:.1f} s)")
    if not warmup:
        return
    if out.resolve() != runtime_tables.data_dir().resolve():
        echo(f"warm-up skipped: {out} is not the data directory the runtime reads "
             f"({runtime_tables.data_dir()}; set {runtime_tables.DATA_ENV} to use it)")
        return
    from lookup import warmup as runtime_warmup

    t0 = time.perf_counter()
    runtime_warmup.warm(games, echo=echo)
    echo(f"warm-up done in {time.perf_counter() - t0:.1f} s: every query kind answered once, "
         "its kernels compiled into the disk cache")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tablegen", description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", metavar="GAME",
                        help=f"games to build (default: all of {', '.join(GENERATORS)})")
    parser.add_argument("--out", type=Path, default=None,
                        help="output directory (default: the runtime's data directory)")
    parser.add_argument("--if-needed", action="store_true",
                        help="only build files that are missing, stale or damaged")
    parser.add_argument("--no-warmup", action="store_true",
                        help="do not compile the runtime's kernels into the disk cache afterwards")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GENERATORS]
    if unknown:
        parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(GENERATORS)}")
    try:
        build_tables(args.games, args.out, args.if_needed, not args.no_warmup,
                     echo=lambda msg: print(msg, flush=True))
    except TableError as exc:
        print(f"python -m tablegen: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
