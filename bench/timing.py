"""Timing helpers shared by the benchmark sections."""

from __future__ import annotations

import time


def best_of(fn, repeat: int = 3) -> float:
    """Best wall time (seconds) of ``fn()`` over ``repeat`` runs, after one warm-up run."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def per_call(fn, items, repeat: int = 3) -> float:
    """Best seconds per item of calling ``fn(item)`` for each item in a Python loop."""
    def loop():
        for item in items:
            fn(item)
    return best_of(loop, repeat) / len(items)


def fmt_time(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    if seconds >= 1e-6:
        return f"{seconds * 1e6:.2f} µs"
    return f"{seconds * 1e9:.1f} ns"


def table(rows, header) -> str:
    """A Markdown table."""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"
