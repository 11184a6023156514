"""Interruptible batches: a kernel call cannot be interrupted, so a long batch runs as a series
of calls on chunks of rows, each sized to take about :data:`CHUNK_SECONDS`, and Ctrl-C
(``KeyboardInterrupt``) lands between two of them."""

from __future__ import annotations

import time
from collections.abc import Iterator

CHUNK_SECONDS = 0.1
"""Wall time a chunk is sized to take (judged by the rows before it)."""
FIRST_CHUNK = 32
"""Rows of the first chunk, which measures the rate."""


def timed_chunks(n: int, seconds: float = CHUNK_SECONDS, first: int = FIRST_CHUNK) -> Iterator[tuple[int, int]]:
    """(start, stop) slices covering ``range(n)`` in order. The first has ``first`` rows; each
    later one as many as the rate of the rows so far gives in ``seconds`` (at most 8x the
    previous chunk, so a slow stretch of rows does not overshoot much)."""
    start, size = 0, max(1, first)
    t0 = time.perf_counter()
    while start < n:
        stop = min(n, start + size)
        yield start, stop
        elapsed = time.perf_counter() - t0
        rate = stop / elapsed if elapsed > 0 else float("inf")
        size = max(1, min(int(rate * seconds), 8 * size))
        start = stop
