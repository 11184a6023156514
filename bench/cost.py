"""Cost of a batch query counted, not timed: instructions, branches, mispredicted branches and
cache misses per row, from valgrind's callgrind, for the working tree's kernels and a git
revision's on the same rows, in one process.

Why: on a shared VM wall time drifts by tens of percent within minutes, even between the rounds
of ``bench.ab``. Callgrind counts the instructions a kernel runs and simulates its caches and
branch predictor; the counts do not move with load (the same run twice gave the same figures
within a fraction of a percent, and a working tree equal to its revision gave work / revision
within 2% in instructions, the Python call's own work varying), so one run shows what a change
did to each. Compare within one run: the same code's counts were seen
to differ by several percent between runs against different revisions (cause not found).
They are a model of the machine, not a time: a change that trades instructions for misses still
needs ``bench.ab``, and every figure quoted comes from ``make bench``.

How: the script first runs itself natively, to import both versions (``ab.import_revision``),
check that their answers are equal and compile their kernels into Numba's disk cache; then again
under ``valgrind --tool=callgrind`` with counting off, where the child loads the same kernels,
runs each query once, and runs it again while the parent turns counting on around that call
alone (``callgrind_control``) and dumps the counts. Valgrind shows its guest an older CPU than
the host (here Haswell, no AVX-512), and Numba keys its cache on the CPU: both passes therefore
compile for that CPU (``NUMBA_CPU_NAME``, ``NUMBA_CPU_FEATURES``, read once under valgrind), so
the counts are of that code, which can differ from what the host runs where the compiler
vectorizes. (A kernel's cache is keyed on the sources it compiles in, so a revision whose
kernels were never compiled natively compiles them again under valgrind, many times slower.)

Usage::

    python -m bench.cost [--rev HEAD] [--rows 3000] [--keep DIR] QUERY [PRESET ...]

QUERY is a mahjong batch query (``is_hu_batch``, ``ting_batch``, ``shanten_batch``, on the random
rows of ``bench.ab``) or ``zipai.hu_batch`` / ``zipai.ting_batch`` (on the draws of the zipai
row of ``bench_floor``; ting's reference is the working tree's ``zipai.hu_batch`` on the draws it
came from, as in the per-hand target). Presets default to riichi (mahjong) and paohuzi
(zipai). Needs valgrind (Debian: ``apt-get install valgrind``); a minute or two a run on an idle
machine.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .ab import QUERIES, ZIPAI_QUERIES, import_revision, zipai_draws
from .bench_floor import POW5, _hu_ting_entries, _random_rows, keys_reads_floor
from .timing import ROOT as REPO

EVENTS = {"Ir": "instructions", "Bc": "branches", "Bcm": "mispredicted", "D1mr": "L1 misses",
          "DLmr": "last-level misses"}
"""The callgrind counts reported (per row), and their column names."""
POLL_SECONDS = 0.05
CONTROL_TIMEOUT = 120
"""Seconds a callgrind_control command may take (it waits for the guest to pick it up)."""


def _runs(query: str, presets: list[str], rev: str, rows: int,
          into: Path) -> dict[str, tuple[Callable[[], object], int]]:
    """The calls to count and the rows each answers, by name: the reference first, then each
    preset's revision and working tree."""
    from lookup import tables

    os.environ["PAIBIAO_DATA"] = str(tables.data_dir())
    runs: dict[str, tuple[Callable[[], object], int]] = {}
    if query in ZIPAI_QUERIES:
        from lookup import zipai as work

        base = import_revision(rev, into, "zipai")
        name, hu_rows, hands = zipai_draws(query, rows)
        runs["reference: work hu_batch"] = (lambda: work.hu_batch(hu_rows)), len(hu_rows)
        pairs = [(p, getattr(work, name), getattr(base, name), hands) for p in presets]
    else:
        from lookup import mahjong as work_mahjong

        base_mahjong = import_revision(rev, into)
        hands = _random_rows(np.random.default_rng(2015), rows, QUERIES[query])
        suit, honor = _hu_ting_entries()
        runs["reference: keys + reads floor"] = (lambda: keys_reads_floor(hands, POW5, suit, honor)), len(hands)
        pairs = [(p, getattr(work_mahjong, query), getattr(base_mahjong, query), hands) for p in presets]
    for preset, ours, theirs, h in pairs:
        if not np.array_equal(ours(h, preset), theirs(h, preset)):
            raise SystemExit(f"{query} {preset}: the working tree's answers differ from {rev}'s")
        runs[f"{rev} {preset}"] = (lambda f=theirs, h=h, p=preset: f(h, p)), len(h)
        runs[f"work {preset}"] = (lambda f=ours, h=h, p=preset: f(h, p)), len(h)
    return runs


def _wait_for(path: Path, alive: Callable[[], bool] = lambda: True) -> None:
    while not path.exists():
        if not alive():
            raise SystemExit("the run under valgrind stopped early (see its output above)")
        time.sleep(POLL_SECONDS)


def child(work_dir: Path, query: str, presets: list[str], rev: str, rows: int, warm: bool) -> None:
    """Each run once (natively with ``warm``: that compiles the kernels, and stops there), then,
    under callgrind, each again between the parent's signals."""
    runs = _runs(query, presets, rev, rows, work_dir / "src")
    for run, _ in runs.values():
        run()
    if warm:
        return
    part = work_dir / "names.part"  # renamed when whole: the parent reads it as soon as it exists
    part.write_text("\n".join(f"{name}\t{n}" for name, (_, n) in runs.items()))
    part.rename(work_dir / "names")
    for i, (run, _) in enumerate(runs.values()):
        (work_dir / f"ready.{i}").touch()
        _wait_for(work_dir / f"go.{i}")
        run()
        (work_dir / f"done.{i}").touch()
        _wait_for(work_dir / f"next.{i}")


def _control(*args: str) -> None:
    subprocess.run(["callgrind_control", *args], check=True, capture_output=True, timeout=CONTROL_TIMEOUT)


def _valgrind_cpu() -> dict[str, str]:
    """The environment that makes Numba compile for the CPU valgrind shows its guest."""
    probe = ("import llvmlite.binding as ll; ll.initialize_native_target(); "
             "print(ll.get_host_cpu_name()); print(ll.get_host_cpu_features().flatten())")
    name, features = subprocess.run(["valgrind", "--tool=none", "-q", sys.executable, "-c", probe], check=True,
                                    capture_output=True, text=True).stdout.split()
    return {"NUMBA_CPU_NAME": name, "NUMBA_CPU_FEATURES": features}


def parent(args: argparse.Namespace) -> int:
    for tool in ("valgrind", "callgrind_control"):
        if shutil.which(tool) is None:
            print(f"{tool} not found: install valgrind (Debian: apt-get install valgrind)", file=sys.stderr)
            return 2
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as tmp:
        work_dir = Path(tmp)
        (work_dir / "src").mkdir()
        script = [sys.executable, "-m", "bench.cost", "--child", str(work_dir), "--rev", args.rev,
                  "--rows", str(args.rows), args.query, *args.presets]
        env = {**os.environ, **_valgrind_cpu()}
        if subprocess.run([*script, "--warm"], env=env, cwd=REPO).returncode != 0:
            return 1
        command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--branch-sim=yes", "--cache-sim=yes",
                   f"--callgrind-out-file={work_dir / 'callgrind.out'}", *script]
        with open(work_dir / "valgrind.log", "w") as log:
            proc = subprocess.Popen(command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=REPO)

            def alive() -> bool:
                return proc.poll() is None

            try:
                _wait_for(work_dir / "names", alive)
                names, row_counts = zip(*(line.split("\t") for line in (work_dir / "names").read_text().split("\n")),
                                        strict=True)
                for i in range(len(names)):
                    _wait_for(work_dir / f"ready.{i}", alive)
                    _control("--instr=on", str(proc.pid))
                    _control("--zero", str(proc.pid))
                    (work_dir / f"go.{i}").touch()
                    _wait_for(work_dir / f"done.{i}", alive)
                    _control(f"--dump={i}", str(proc.pid))
                    _control("--instr=off", str(proc.pid))
                    (work_dir / f"next.{i}").touch()
            except SystemExit:
                print((work_dir / "valgrind.log").read_text()[-3000:], file=sys.stderr)
                raise
            proc.wait()
        counts = [_summary(work_dir, i) for i in range(len(names))]
        if args.keep:
            _keep(work_dir, names, args.keep)
    print(f"{args.query}: callgrind counts per row")
    print(f"{'':34s}{'rows':>8s}" + "".join(f"{label:>18s}" for label in EVENTS.values()))
    for name, n, c in zip(names, row_counts, counts, strict=True):
        print(f"{name:34s}{int(n):8,d}" + "".join(f"{c[e] / int(n):18.1f}" for e in EVENTS))
    for preset in args.presets:
        ours, theirs = counts[names.index(f"work {preset}")], counts[names.index(f"{args.rev} {preset}")]
        print(f"work / {args.rev} {preset:23s}" + "".join(f"{ours[e] / max(theirs[e], 1):18.3f}" for e in EVENTS))
    return 0


def _keep(work_dir: Path, names: tuple[str, ...], keep: Path) -> None:
    """Copy each run's dump to ``keep`` as ``<run name>.callgrind`` (spaces as ``_``), to read its
    per-function counts with ``callgrind_annotate`` (which calls remain per row, and their cost)."""
    keep.mkdir(parents=True, exist_ok=True)
    for i, name in enumerate(names):
        shutil.copyfile(work_dir / f"callgrind.out.{i + 1}", keep / f"{name.replace(' ', '_')}.callgrind")
    print(f"dumps kept in {keep}")


def _summary(work_dir: Path, i: int) -> dict[str, int]:
    """The counts of dump ``i`` (callgrind names its dumps callgrind.out.1, .2, ... in order)."""
    text = (work_dir / f"callgrind.out.{i + 1}").read_text()
    events = re.search(r"^events: (.*)$", text, re.M)
    summary = re.search(r"^summary: (.*)$", text, re.M)
    assert events and summary, f"no counts in dump {i + 1}"
    return dict(zip(events.group(1).split(), map(int, summary.group(1).split()), strict=True))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("query", choices=sorted(QUERIES) + list(ZIPAI_QUERIES))
    parser.add_argument("presets", nargs="*", metavar="PRESET")
    parser.add_argument("--rev", default="HEAD", help="the git revision to compare against (default HEAD)")
    parser.add_argument("--rows", type=int, default=3000, help="rows counted per call (default 3,000)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="keep each run's callgrind dump in DIR (for callgrind_annotate)")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--warm", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if not args.presets:
        args.presets = ["paohuzi" if args.query in ZIPAI_QUERIES else "riichi"]
    if args.child:
        child(args.child, args.query, args.presets, args.rev, args.rows, args.warm)
        return 0
    return parent(args)


if __name__ == "__main__":
    sys.exit(main())
