"""Warm-up: answer every query kind of every game once, so no request pays a compile.

The batch kernels are compiled by Numba on first use and cached on disk (see
:mod:`lookup.kernel_cache`). :func:`warm` runs the warm-up calls each game's query registry
declares (:mod:`lookup.registry`): every query kind through the public API on fixed sample
hands, with the argument types real calls use (writable uint8 batches, jokers as one int and
per row), so every kernel is compiled into that cache; a fresh process then loads
the compiled code instead of compiling it. ``make tables`` runs ``python -m lookup.warmup
[GAME ...]`` after building the tables, and ``paibiao tables build`` calls :func:`warm`.
:func:`preload` does the same in a server's parent process before it forks its workers, so
they share everything.
"""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from . import registry, tables

GAMES = tables.GAMES


def queries(game: str) -> list[tuple[str, Callable[[], Any]]]:
    """(query kind, a call of it) for every query kind of ``game``: the warm-up calls its
    registry declares (:class:`lookup.registry.Warmup`)."""
    return [(w.kind, w.call) for w in registry.of(game).warmups()]


QUERIES: dict[str, Callable[[], list[tuple[str, Callable[[], Any]]]]] = {
    game: functools.partial(queries, game) for game in GAMES}
"""Per game: the function listing (query kind, call) for every query kind (:func:`queries`)."""


def own_parts(game: str) -> list[tuple[str, ...]]:
    """The query kinds of each part of ``game`` that its registry numbers (the rest follow in
    one more part)."""
    return [tuple(w.kind for w in part) for part in registry.of(game).parts()[:-1]]


def part_count(game: str) -> int:
    """How many parts :func:`warm_part` splits ``game``'s query kinds into."""
    return len(registry.of(game).parts())


def part_queries(game: str, part: int) -> list[tuple[str, Callable[[], Any]]]:
    """(query kind, call) of part ``part`` of ``game``: its registry's warm-up calls of that
    part (the last part: those of no numbered part). Parts share no kernel, so
    :func:`warm_part` can compile them in parallel processes (``paibiao tables build --jobs``)."""
    return [(w.kind, w.call) for w in registry.of(game).parts()[part]]


def warm_part(game: str, part: int) -> tuple[str, float, int]:
    """Run the query kinds of part ``part`` of ``game`` once, in this process: (a label naming
    the part, seconds, kernels compiled)."""
    parts = registry.of(game).parts()
    calls = parts[part]
    t0 = time.perf_counter()
    with count_compiles() as compiled:
        for warmup in calls:
            warmup.call()
    if len(parts) == 1:
        label = game
    else:
        label = f"{game} ({', '.join(w.kind for w in calls) if part < len(parts) - 1 else 'the rest'})"
    return label, time.perf_counter() - t0, len(compiled)


class Compiles(list[str]):
    """The qualified names of the functions Numba compiled, in the order they started, with
    ``seconds``: per outermost one (a compile not started inside another), its compile seconds,
    nested helpers included."""

    def __init__(self) -> None:
        super().__init__()
        self.seconds: dict[str, float] = {}


@contextmanager
def count_compiles() -> Iterator[Compiles]:
    """Collect Numba's compile events (one per function compiled, not loaded from the disk
    cache) while the block runs; yields the :class:`Compiles` they are recorded in."""
    from numba.core import event

    compiles = Compiles()
    started: list[tuple[str, float]] = []

    class _Listener(event.Listener):
        def on_start(self, ev: Any) -> None:
            name = ev.data["dispatcher"].py_func.__qualname__ if ev.data else str(ev)
            compiles.append(name)
            started.append((name, time.perf_counter()))

        def on_end(self, ev: Any) -> None:
            name, t0 = started.pop()
            if not started:
                compiles.seconds[name] = compiles.seconds.get(name, 0.0) + time.perf_counter() - t0

    with event.install_listener("numba:compile", _Listener()):
        yield compiles


def warm(games: Sequence[str] = (), echo: Callable[[str], Any] | None = None) -> dict[str, float]:
    """Run every query kind of ``games`` (default: all) once; seconds per game.

    ``echo`` gets one line per game: its time and how many kernels were compiled (0 when the
    disk cache already held them all).
    """
    seconds = {}
    for game in games or GAMES:
        compiled = 0
        seconds[game] = 0.0
        for part in range(part_count(game)):
            _, part_seconds, part_compiled = warm_part(game, part)
            seconds[game] += part_seconds
            compiled += part_compiled
        if echo is not None:
            echo(warmed_line(game, seconds[game], compiled))
    return seconds


def warmed_line(label: str, seconds: float, compiled: int) -> str:
    """The line :func:`warm` echoes for a game or part: its time and kernels compiled."""
    return f"warm-up {label}: {seconds:.1f} s, {compiled} kernel{'s' * (compiled != 1)} compiled"


def preload(games: Sequence[str] = ()) -> dict[str, float]:
    """Prepare this process to be forked into workers: :func:`warm` (every table mapped, every
    view built, every kernel loaded), then ``gc.freeze()`` so the collector never writes to
    those objects' pages. Workers forked after it (a pre-fork server, ``os.fork``, a
    ``multiprocessing`` "fork" context) share all of it copy-on-write instead of building their
    own. Call it before the process starts any thread (a :class:`~lookup.batching.Batcher`
    included). Returns :func:`warm`'s seconds per game."""
    import gc

    seconds = warm(games)
    gc.collect()
    gc.freeze()
    return seconds


def main(argv: Sequence[str] | None = None) -> int:
    games = list(sys.argv[1:] if argv is None else argv)
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        print(f"python -m lookup.warmup: unknown game {unknown[0]!r}; choose from {', '.join(GAMES)}",
              file=sys.stderr)
        return 2
    warm(games, echo=print)
    return 0


if __name__ == "__main__":
    sys.exit(main())
