"""Compile time: each query kind of the warm-up run in a fresh process on an empty kernel cache,
with the seconds each outermost kernel took to compile (nested helpers included) and how many
functions Numba compiled for it. What ``make tables`` spends after writing the tables."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def child(game: str) -> list[dict[str, Any]]:
    """Per query kind of ``game``: its seconds, the functions compiled, and each outermost
    kernel's compile seconds (this process's cache must be empty)."""
    from lookup.warmup import QUERIES, count_compiles

    rows: list[dict[str, Any]] = []
    for kind, call in QUERIES[game]():
        t0 = time.perf_counter()
        with count_compiles() as compiled:
            call()
        rows.append({"kind": kind, "seconds": time.perf_counter() - t0, "compiled": len(compiled),
                     "kernels": sorted(compiled.seconds.items(), key=lambda kv: -kv[1])})
    return rows


@contextmanager
def empty_kernel_cache() -> Iterator[dict[str, str]]:
    """The environment of a process whose kernel cache is a new, empty directory (removed after)."""
    with tempfile.TemporaryDirectory(prefix="paibiao-compile-") as cache:
        yield {**os.environ, "NUMBA_CACHE_DIR": cache}


def measure(game: str) -> list[dict[str, Any]]:
    """:func:`child` in a fresh process on an empty kernel cache."""
    with empty_kernel_cache() as env:
        done = subprocess.run([sys.executable, "-m", "bench.bench_compile", game], cwd=ROOT, env=env,
                              capture_output=True, text=True, check=True)
    rows: list[dict[str, Any]] = json.loads(done.stdout.splitlines()[-1])
    return rows


def run(quick: bool) -> str:
    from lookup.tables import GAMES

    lines = ["## Compile time\n",
             "Each query kind of the warm-up (`python -m lookup.warmup`), in order, in a fresh process "
             "per game on an empty kernel cache: wall seconds, functions Numba compiled, and the "
             "outermost kernels compiled with their seconds. Target: `make tables` on a fresh clone "
             "in at most 4 minutes, warm-up included.\n",
             "| game | query kind | seconds | compiled | kernels (seconds) |", "|---|---|---|---|---|"]
    for game in GAMES:
        rows = measure(game)
        for row in rows:
            if row["compiled"]:
                kernels = ", ".join(f"`{name}` {seconds:.1f}" for name, seconds in row["kernels"])
                lines.append(f"| {game} | {row['kind']} | {row['seconds']:.1f} | {row['compiled']} | {kernels} |")
        total = sum(row["seconds"] for row in rows)
        lines.append(f"| {game} | **all** | **{total:.1f}** | {sum(r['compiled'] for r in rows)} | |")
    jobs = os.cpu_count() or 1
    lines.append(f"\nThe whole warm-up as `make tables` runs it (`paibiao tables build --if-needed`, the tables "
                 f"up to date: the warm-up parts on {jobs} processes) on an empty kernel cache: "
                 f"**{parallel_warm_up(jobs):.1f} s** wall.")
    return "\n".join(lines) + "\n"


def parallel_warm_up(jobs: int) -> float:
    """Wall seconds of ``paibiao tables build --if-needed --jobs JOBS`` in a fresh process whose
    kernel cache is an empty directory (the tables must be up to date: only the warm-up runs)."""
    with empty_kernel_cache() as env:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "lookup.cli", "tables", "build", "--if-needed", "--jobs", str(jobs)],
                       cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        return time.perf_counter() - t0


if __name__ == "__main__":
    print(json.dumps(child(sys.argv[1])))
