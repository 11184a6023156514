"""Timing helpers shared by the benchmark sections."""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def best_of(fn, repeat: int = 3) -> float:
    """Best wall time (seconds) of ``fn()`` over ``repeat`` runs, after one warm-up run."""
    fn()
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def best_rounds(runs, rounds: int) -> dict[str, tuple[float, float]]:
    """Per run of ``runs`` (name -> callable): (least wall seconds over ``rounds`` rounds, the
    process CPU seconds of that round: ``time.process_time``, every thread summed). The runs
    are taken in turn, in reverse order every other round, so each sees the load the others
    see and none always follows another."""
    best = dict.fromkeys(runs, (float("inf"), 0.0))
    order = list(runs.items())
    for round_ in range(rounds):
        for name, run in (order if round_ % 2 == 0 else order[::-1]):
            cpu, wall = time.process_time(), time.perf_counter()
            run()
            best[name] = min(best[name], (time.perf_counter() - wall, time.process_time() - cpu))
    return best


def best_times(runs, rounds: int) -> dict[str, float]:
    """The least wall seconds of each run of :func:`best_rounds`."""
    return {name: wall for name, (wall, _) in best_rounds(runs, rounds).items()}


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


def generation_seconds(*games: str) -> float:
    """Wall time of ``python -m tablegen GAME...`` (no game: every table) in a fresh process,
    JIT compile included, writing to a temporary directory."""
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tablegen", *games, "--out", tmp], check=True,
                       cwd=ROOT, capture_output=True)
        return time.perf_counter() - t0


_LOAD_SNIPPET = """
import sys, time
t0 = time.perf_counter()
import h5py
t1 = time.perf_counter()
from lookup import tables
tables.load(sys.argv[1])
print(t1 - t0, time.perf_counter() - t1)
"""


def load_seconds(game: str) -> tuple[float, float]:
    """(``import h5py``, load and verify ``game``'s tables) in a fresh process; best of 3 each."""
    runs = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", _LOAD_SNIPPET, game], check=True, cwd=ROOT,
                             capture_output=True, text=True).stdout.split()
        runs.append((float(out[0]), float(out[1])))
    return min(r[0] for r in runs), min(r[1] for r in runs)
