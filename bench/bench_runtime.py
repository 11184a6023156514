"""Serving: time to the first answer in a fresh process, memory of worker processes that share
the mapped tables, and concurrent asyncio callers through lookup.batching.Batcher."""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

from .timing import ROOT, fmt_time, table

# --- (a) first answer -------------------------------------------------------------------------

FIRST = {
    "mahjong hu": "from lookup import mahjong; mahjong.is_hu('11123456789999m')",
    "mahjong ting": "from lookup import mahjong; mahjong.ting('1112345678999m')",
    "mahjong shanten": "from lookup import mahjong; mahjong.shanten('123m456p789s1234z')",
    "mahjong discard advice": "from lookup import mahjong; mahjong.discard_advice('123m456p789s111z2z4z')",
    "mahjong decompositions": "from lookup import mahjong; mahjong.decompositions('111222333m789p55s')",
    "mahjong hu, batch of 1,000": ("import numpy as np; from lookup import mahjong; "
                                   "c = np.zeros((1000, 34), np.uint8); c[:, 0] = 2; mahjong.is_hu_batch(c)"),
    "shisanshui rank": "from lookup import shisanshui as s; s.rank5('AS KS QS JS TS')",
    "shisanshui best": "from lookup import shisanshui as s; s.best('AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H')",
    "shisanshui best (expected)": ("from lookup import shisanshui as s; "
                                   "s.best('AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H', objective='expected')"),
    "shisanshui arrangements": ("from lookup import shisanshui as s; "
                                "s.arrangements('AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H')"),
    "shisanshui settle": ("from lookup import shisanshui as s; s.settle(['AS AH AD|KS KH KD 2C 2D|QS QH QD QC 3C', "
                          "'JS JH 4C|5C 6C 7C 9D TD|2S 3S 4S 6S 8S'])"),
    "zipai hu": "from lookup import zipai; zipai.hu('二七十二七十贰柒拾')",
    "zipai ting": "from lookup import zipai; zipai.ting('一二三 贰叁肆 二七十 五五', ['碰拾'])",
}


def _first_answer_seconds(code: str) -> float:
    """Seconds from starting ``python`` to the end of ``code`` (its first answer), import included."""
    script = f"{code}\nimport time; print(time.perf_counter())"
    t0 = time.perf_counter()  # CLOCK_MONOTONIC: the child's perf_counter is on the same clock
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True,
                         cwd=ROOT).stdout
    return float(out.split()[-1]) - t0


def first_answers(quick: bool) -> str:
    subprocess.run([sys.executable, "-m", "lookup.warmup"], check=True, cwd=ROOT, capture_output=True)
    runs = 3 if quick else 7
    times: dict[str, list[float]] = {kind: [] for kind in [*FIRST, "import numpy"]}
    for _ in range(runs):  # interleaved: a load change touches every kind alike
        for kind, code in [*FIRST.items(), ("import numpy", "import numpy")]:
            times[kind].append(_first_answer_seconds(code))
    baseline = times.pop("import numpy")
    rows = []
    for kind, ts in times.items():
        med = statistics.median(ts)
        rows.append([kind, fmt_time(min(ts)), fmt_time(med), "yes" if med < 1 else "**no**"])
    return ("### First answer in a fresh process\n\n"
            "Seconds from starting `python` to the first answer of each query kind, imports and "
            "table loading included, with the kernels already in Numba's disk cache (`python -m "
            f"lookup.warmup` ran first); best and median of {runs} runs. Target: under 1 s each. "
            f"For scale, `python -c 'import numpy'` takes {fmt_time(statistics.median(baseline))} here.\n\n"
            + table(rows, ["query", "best", "median", "< 1 s"]))


# --- (b) memory of worker processes ---------------------------------------------------------------

WORKER = r"""
import sys
import tracemalloc
import numba, h5py  # noqa: F401  (imported by the queries anyway)
from lookup import mahjong, shisanshui, tables, zipai  # noqa: F401
from lookup.mahjong import kernels  # noqa: F401
from lookup.shisanshui import kernels as sss_kernels  # noqa: F401
from lookup.zipai import kernels as zipai_kernels  # noqa: F401
from lookup.warmup import QUERIES

args = sys.argv[1:]
trace = "--trace" in args
if trace:
    tracemalloc.start()
if "--numba" in args:  # one cached kernel of its own: what loading compiled code costs without tables
    sys.path.insert(0, args[args.index("--numba") + 1])
    import numba_probe
    numba_probe.plus_one(1)
for game in [a for a in args if a in QUERIES]:
    for kind, call in QUERIES[game]():
        call()
if trace:
    import json
    by_file = {}
    for stat in tracemalloc.take_snapshot().statistics("filename"):
        name = stat.traceback[0].filename
        key = ("numba and llvmlite" if "/numba/" in name or "/llvmlite/" in name
               else "modules imported on first use" if name.startswith("<frozen")
               else name.split("/lookup/")[-1] if "/lookup/" in name else "other")
        by_file[key] = by_file.get(key, 0) + stat.size
    print(json.dumps(by_file), flush=True)
else:
    print("ready", flush=True)
sys.stdin.read()
"""

PROBE = "from numba import njit\n\n\n@njit(cache=True)\ndef plus_one(x):\n    return x + 1\n"


def _smaps(pid: int) -> dict[str, int]:
    """Private, shared and table-file (``*.h5``) memory of a process, in bytes."""
    out = {"private": 0, "rss": 0, "h5_rss": 0, "h5_private": 0}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("Private_Clean", "Private_Dirty"):
            out["private"] += int(value.split()[0]) * 1024
        elif key == "Rss":
            out["rss"] = int(value.split()[0]) * 1024
    in_h5 = False
    for line in Path(f"/proc/{pid}/smaps").read_text().splitlines():
        first = line.split()[0] if line.split() else ""
        if "-" in first and not first.endswith(":"):  # a mapping's header line
            in_h5 = line.rstrip().endswith(".h5")
        elif in_h5 and first in ("Private_Clean:", "Private_Dirty:"):
            out["h5_private"] += int(line.split()[1]) * 1024
        elif in_h5 and first == "Rss:":
            out["h5_rss"] += int(line.split()[1]) * 1024
    return out


def _workers(n: int, args: list[str]) -> list[dict[str, int]]:
    """Start ``n`` workers that answer every query kind of the games in ``args``; their memory
    once all are ready."""
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, cwd=ROOT) for _ in range(n)]
    try:
        for p in procs:
            assert p.stdout is not None and p.stdout.readline() == "ready\n"
        return [_smaps(p.pid) for p in procs]
    finally:
        for p in procs:
            p.communicate("")


FORKED = r"""
import os
import signal
import sys
import time
from lookup.warmup import QUERIES, preload

preload()
children = []
for _ in range(int(sys.argv[1])):
    ready = os.pipe()
    pid = os.fork()
    if pid == 0:
        for queries in QUERIES.values():
            for kind, call in queries():
                call()
        os.write(ready[1], b"x")
        time.sleep(3600)  # until the parent ends it
        os._exit(0)
    os.close(ready[1])
    children.append((pid, ready[0]))
for pid, ready in children:
    os.read(ready, 1)
print(" ".join(str(pid) for pid, _ in children), flush=True)
sys.stdin.read()
for pid, _ in children:
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
"""


FORKED_EACH = r"""
import os
import signal
import sys
import time
from lookup.warmup import QUERIES, preload

preload()
for game, queries in QUERIES.items():
    for kind, call in queries():
        ready = os.pipe()
        pid = os.fork()
        if pid == 0:
            call()
            os.write(ready[1], b"x")
            time.sleep(3600)  # until the parent ends it
            os._exit(0)
        os.close(ready[1])
        os.read(ready[0], 1)
        os.close(ready[0])
        print(f"{pid}\t{game} {kind}", flush=True)
        sys.stdin.readline()  # measured
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
print("done", flush=True)
"""


def _forked_each_kind() -> list[tuple[str, int]]:
    """(query kind, private bytes) of a worker forked after ``lookup.warmup.preload()`` that
    answered only that query kind: what each kind leaves in a worker of its own."""
    parent = subprocess.Popen([sys.executable, "-c", FORKED_EACH], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, cwd=ROOT)
    assert parent.stdin is not None and parent.stdout is not None
    out = []
    try:
        for line in parent.stdout:
            if line == "done\n":
                break
            pid, kind = line.rstrip("\n").split("\t")
            out.append((kind, _smaps(int(pid))["private"]))
            parent.stdin.write("\n")
            parent.stdin.flush()
    finally:
        parent.communicate()
    return out


def _forked_workers(n: int) -> list[dict[str, int]]:
    """Memory of ``n`` workers forked after ``lookup.warmup.preload()`` that each answered every query kind."""
    parent = subprocess.Popen([sys.executable, "-c", FORKED, str(n)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              text=True, cwd=ROOT)
    try:
        assert parent.stdout is not None
        pids = [int(pid) for pid in parent.stdout.readline().split()]
        return [_smaps(pid) for pid in pids]
    finally:
        parent.communicate("")


def _python_heap(args: list[str]) -> dict[str, int]:
    """Bytes of Python objects (tracemalloc) a worker holds after its calls, by source file
    (``lookup/...`` files, numba and llvmlite together, other)."""
    p = subprocess.Popen([sys.executable, "-c", WORKER, *args, "--trace"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, cwd=ROOT)
    assert p.stdout is not None
    by_file = json.loads(p.stdout.readline())
    p.communicate("")
    return by_file


def _heap_text(by_file: dict[str, int]) -> str:
    mib = 2 ** 20
    parts = [f"{name} {size / mib:.1f}" for name, size in sorted(by_file.items(), key=lambda kv: -kv[1])
             if size >= 0.2 * mib]
    return f"{sum(by_file.values()) / mib:.1f}" + (f" ({', '.join(parts)})" if parts else "")


def memory(quick: bool) -> tuple[str, dict[str, float]]:
    mib = 2 ** 20
    probe_dir = ROOT / "bench" / ".work"
    probe_dir.mkdir(parents=True, exist_ok=True)
    (probe_dir / "numba_probe.py").write_text(PROBE)
    _workers(1, ["--numba", str(probe_dir)])  # compiles the probe into its cache
    base = statistics.median(m["private"] for m in _workers(3, []))
    numba_only = statistics.median(m["private"] for m in _workers(3, ["--numba", str(probe_dir)]))
    all_games = ["mahjong", "shisanshui", "zipai"]
    eight = _workers(8, all_games)
    extra = [m["private"] - base for m in eight]

    def row(label: str, ms: list[dict[str, int]], heap: str = "") -> list[str]:
        delta = [m["private"] - base for m in ms]
        return [label, f"{statistics.median(m['private'] for m in ms) / mib:.1f}",
                f"{statistics.median(delta) / mib:.1f}", heap,
                f"{statistics.median(m['h5_rss'] for m in ms) / mib:.1f}",
                f"{max(m['h5_private'] for m in ms) / mib:.2f}"]

    rows = [["imported everything, no table loaded (3 processes)", f"{base / mib:.1f}", "0", "", "", ""],
            ["the same, plus one tiny cached Numba kernel loaded (3 processes)", f"{numba_only / mib:.1f}",
             f"{(numba_only - base) / mib:.1f}", _heap_text(_python_heap(["--numba", str(probe_dir)])), "", ""],
            row("answered every query kind of every game (8 processes at once)", eight)]
    forked = _forked_workers(8)
    rows.append(["the same, 8 workers forked after `lookup.warmup.preload()`",
                 f"{statistics.median(m['private'] for m in forked) / mib:.1f}",
                 "", "", f"{statistics.median(m['h5_rss'] for m in forked) / mib:.1f}",
                 f"{max(m['h5_private'] for m in forked) / mib:.2f}"])
    each = _forked_each_kind()
    floor = min(size for _, size in each)
    costly = [f"{kind} +{(size - floor) / mib:.1f}" for kind, size in sorted(each, key=lambda ks: -ks[1])
              if size - floor >= 0.5 * mib]
    rows.append(["a worker forked after `preload()` that answered one query kind, per kind",
                 f"{floor / mib:.1f}–{max(size for _, size in each) / mib:.1f}",
                 "", "least " + f"{floor / mib:.1f}" + (f"; above it: {', '.join(costly)}" if costly else ""), "", ""])
    per_game = {"numba_start": (numba_only - base) / mib}
    for game in all_games:
        ms = _workers(2 if quick else 4, [game])
        heap = _python_heap([game])
        per_game[game] = statistics.median(m["private"] - base for m in ms) / mib
        per_game[f"{game}_heap"] = sum(heap.values()) / mib
        rows.append(row(f"answered every {game} query kind ({len(ms)} processes)", ms, _heap_text(heap)))
    text = ("### Memory of worker processes\n\n"
            "Private memory (`Private_Clean + Private_Dirty` of `/proc/PID/smaps_rollup`, MiB) of "
            "processes that each answered every query kind, all alive at once, against processes "
            "that imported every game, its kernel modules, numpy, numba and h5py but loaded no "
            "table. *Python heap*: what tracemalloc counts in a separate run after the same calls, "
            "by the file that allocated it (the Python objects the queries built: lists, dicts, "
            "small arrays; and Numba's own records of the compiled code). *Tables mapped*: "
            "the resident part of the mapped `.h5` files in each process; *of it private*: the part "
            "no other process shares. The forked workers' private column is their whole private "
            "memory (everything else is shared with the parent). Target: under 5 MiB per "
            "process beyond the first.\n\n"
            + table(rows, ["processes", "private", "beyond no tables", "Python heap", "tables mapped",
                           "of it private"]))
    return text, {"median_extra": statistics.median(extra) / mib,
                  "forked": statistics.median(m["private"] for m in forked) / mib, **per_game}


# --- (c) concurrent callers ---------------------------------------------------------------------

def _caller_hands(rng: np.random.Generator, n: int) -> dict[str, list]:
    """1,000 seeded hands per input kind (half of the mahjong ones winning)."""
    from lookup.mahjong.tiles import format_counts
    from lookup.shisanshui.cards import format_cards
    from lookup.zipai.cards import format_counts as zipai_text
    from tests.support import mahjong_hands as handgen

    counts = [handgen.winning_hand(rng) if i % 2 else handgen.random_hand(rng, 14) for i in range(n)]
    zipai_hands = []
    while len(zipai_hands) < n:
        c = [0] * 20
        for t in rng.choice(np.repeat(np.arange(20), 4), 20, replace=False):
            c[int(t)] += 1
        if sum(x for x in c if x <= 2) % 3 != 1:
            zipai_hands.append(zipai_text(c))
    return {"mahjong text": [format_counts(c) for c in counts], "mahjong counts": counts,
            "cards5": [format_cards(rng.permutation(52)[:5].tolist()) for _ in range(n)],
            "cards13": [format_cards(rng.permutation(52)[:13].tolist()) for _ in range(n)],
            "zipai text": zipai_hands}


async def _gather_scalar(fn, hands):
    async def one(hand):
        return fn(hand)
    return await asyncio.gather(*(one(h) for h in hands))


async def _gather_thread(fn, hands):
    return await asyncio.gather(*(asyncio.to_thread(fn, h) for h in hands))


async def _gather_batcher(batcher, fn, hands):
    return await asyncio.gather(*(batcher(fn, h) for h in hands))


def _best_async(make, repeat: int) -> tuple[float, list]:
    best, answers = float("inf"), []
    for _ in range(repeat + 1):  # the first run warms up
        t0 = time.perf_counter()
        answers = asyncio.run(make())
        best = min(best, time.perf_counter() - t0)
    return best, answers


def concurrent_callers(quick: bool) -> tuple[str, dict[str, float]]:
    from lookup import mahjong, zipai
    from lookup import shisanshui as sss
    from lookup.batching import Batcher

    n = 1000
    hands = _caller_hands(np.random.default_rng(2026), n)
    repeat = 3 if quick else 15
    rows, ratios = [], {}
    cases = [("mahjong is_hu", mahjong.is_hu, "mahjong text"), ("mahjong is_hu", mahjong.is_hu, "mahjong counts"),
             ("mahjong shanten", mahjong.shanten, "mahjong text"),
             ("mahjong shanten", mahjong.shanten, "mahjong counts"), ("shisanshui rank5", sss.rank5, "cards5"),
             ("shisanshui best", sss.best, "cards13"), ("zipai hu", zipai.hu, "zipai text")]
    for label, fn, key in cases:
        data = hands[key]
        want = [fn(h) for h in data]
        batcher = Batcher()

        async def through_batcher():
            return await _gather_batcher(batcher, fn, data)  # noqa: B023

        modes = {"scalar": lambda: _gather_scalar(fn, data), "thread": lambda: _gather_thread(fn, data),  # noqa: B023
                 "batcher": through_batcher}
        best = {mode: float("inf") for mode in modes}
        for _ in range(repeat + 1):  # interleaved, so load changes touch every mode alike; the first warms up
            for mode, make in modes.items():
                t0 = time.perf_counter()
                got = asyncio.run(make())
                best[mode] = min(best[mode], time.perf_counter() - t0)
                assert got == want, mode
        t_scalar, t_thread, t_batch = best["scalar"], best["thread"], best["batcher"]
        per_call = (repeat + 1) * n / max(batcher.batches, 1)
        batcher.close()
        ratios[f"{label} ({key})"] = t_scalar / t_batch
        rows.append([label, key.split()[-1] if key.startswith(("mahjong", "zipai")) else "text",
                     fmt_time(t_scalar), fmt_time(t_thread), fmt_time(t_batch), f"{t_scalar / t_batch:.2f}×",
                     f"{t_thread / t_batch:.1f}×", f"{per_call:.0f}"])
    loop_cost, _ = _best_async(lambda: _gather_futures(n), repeat)
    text = ("### Concurrent callers through the batcher\n\n"
            f"{n:,} asyncio callers, each asking one hand at once (`asyncio.gather`) in one event "
            "loop; wall time until every caller has its answer, best of "
            f"{repeat}. *Scalar on the loop*: each caller calls the scalar function itself (the loop "
            "is blocked while it runs); *scalar via to_thread*: each calls it through "
            "`asyncio.to_thread` (what a server that keeps its loop free does); *batcher*: each "
            "awaits `Batcher()(fn, hand)` (default 1 ms delay, batches of up to 1,024). Hands are "
            "text (tenhou notation, card text, zipai numerals) or lists of 34 counts. All three "
            "give the same answers. Target: the batcher ≥ 5× the scalar callers for mahjong is_hu "
            f"and shanten. For scale: {n:,} callers that only await a future each take "
            f"{fmt_time(loop_cost)} here.\n\n"
            + table(rows, ["query", "hands", "scalar on the loop", "scalar via to_thread", "batcher",
                           "batcher vs on the loop", "batcher vs to_thread", "hands per batch call"]))
    return text, ratios


async def _gather_futures(n: int) -> list:
    """n callers that each await a future set at once: the event loop's own share of the cost."""
    loop = asyncio.get_running_loop()
    futures = [loop.create_future() for _ in range(n)]

    async def wait(future):
        return await future

    waiting = asyncio.gather(*(wait(f) for f in futures))
    await asyncio.sleep(0)
    for f in futures:
        f.set_result(None)
    return await waiting


def run(quick: bool) -> str:
    first = first_answers(quick)
    mem, mem_figures = memory(quick)
    callers, ratios = concurrent_callers(quick)
    print(json.dumps({"memory": mem_figures, "ratios": ratios}), flush=True)
    return "## Serving\n\n" + "\n".join([first, mem, callers])
