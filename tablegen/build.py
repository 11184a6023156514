"""Building the table files: :func:`build_tables` writes ``<game>.h5`` for each game.

It writes files only: compiling the runtime's kernels into the disk cache afterwards (the
warm-up) is the caller's step (``make tables`` runs ``python -m lookup.warmup`` after
``python -m tablegen``; ``paibiao tables build`` calls both).
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from lookup import tables as runtime_tables
from lookup.errors import TableError

from .h5io import refuse_directory, remove_stale_temporaries, sources_sha256

GENERATORS = {game: f"tablegen.{game}" for game in runtime_tables.GAMES}
"""Per game: the generator module (its ``build(path, progress)`` writes the file, its
``SOURCES`` are the files whose sha256 the file records)."""


def up_to_date(game: str, path: Path) -> str | None:
    """None when ``path`` passes the full check of :func:`lookup.tables.check` and was built by
    the current generator sources; otherwise why it is not."""
    module = importlib.import_module(GENERATORS[game])
    try:
        runtime_tables.check(path, game, full=True, source_sha256=sources_sha256(module.SOURCES))
    except TableError as exc:
        return str(exc)
    return None


def build_tables(games: Sequence[str] = (), out: Path | None = None, if_needed: bool = False,
                 echo: Callable[[str], Any] = print) -> None:
    """Build the table files of ``games`` (default: all) into ``out`` (default: the runtime's
    data directory); with ``if_needed``, only those :func:`up_to_date` refuses. Raises
    TableError for an unknown game, or when a file cannot be written (a directory in its place)."""
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
