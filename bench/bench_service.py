"""Service: `paibiao serve --workers 2` under wrk on loopback: requests/s and latency of
single-hand queries against a no-op route of the same stack, and hands/s through the
octet-stream batch routes.

Every run is bounded in time (``-d``) and in count (the Lua script stops a wrk thread after
``MAX_REQUESTS``), goes to 127.0.0.1 only, and checks every answer: a status other than 200 or
a body other than the one the Python API gives is counted and reported. wrk runs on the same
2-core machine as the two workers, so the load generator takes CPU from the server.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from .timing import ROOT, best_of, fmt_time, table

MAX_REQUESTS = 2_000_000
"""Per wrk thread: a run stops after this many answers even if its time is not up."""

SSS_HAND = "AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"
SINGLE = [  # (label, path, body); the no-op route first
    ("no-op (`POST /v1/noop`)", "/v1/noop", {"hand": "11123456789999m"}),
    ("mahjong `is_hu`", "/v1/mahjong/is_hu", {"hand": "11123456789999m"}),
    ("mahjong `is_hu`, hand as 34 counts", "/v1/mahjong/is_hu", {"hand": [3, 1, 1, 1, 1, 1, 1, 1, 4] + [0] * 25}),
    ("mahjong `shanten`", "/v1/mahjong/shanten", {"hand": "123m456p789s1234z"}),
    ("mahjong `discard_advice`", "/v1/mahjong/discard_advice", {"hand": "123m456p789s111z2z4z"}),
    ("shisanshui `best`", "/v1/shisanshui/best", {"hand13": SSS_HAND}),
    ("zipai `hu`", "/v1/zipai/hu", {"hand": "二七十二七十贰柒拾"}),
]
BATCH = [("mahjong `is_hu_batch`", "/v1/mahjong/is_hu_batch", "is_hu_batch"),
         ("mahjong `shanten_batch`", "/v1/mahjong/shanten_batch", "shanten_batch")]

LUA = r"""
local threads = {}
local expected = nil
local max_requests = %(max)d

wrk.method = "POST"
wrk.headers["Content-Type"] = "%(content_type)s"
local f = assert(io.open("%(body)s", "rb")); wrk.body = f:read("*a"); f:close()
local g = assert(io.open("%(expected)s", "rb")); expected = g:read("*a"); g:close()

function setup(thread) table.insert(threads, thread) end
function init(args) answered = 0; wrong = 0 end
function response(status, headers, body)
  answered = answered + 1
  if status ~= 200 or body ~= expected then wrong = wrong + 1 end
  if answered >= max_requests then wrk.thread:stop() end
end
function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(threads) do bad = bad + t:get("wrong") end
  local e = summary.errors
  io.write(string.format('RESULT {"requests": %%d, "seconds": %%.6f, "wrong": %%d, "socket_errors": %%d, ' ..
    '"p50_us": %%d, "p99_us": %%d}\n', summary.requests, summary.duration / 1e6, bad,
    e.connect + e.read + e.write + e.timeout, latency:percentile(50), latency:percentile(99)))
end
"""


def _start(workers: int, *options: str) -> tuple[subprocess.Popen, str]:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    process = subprocess.Popen([sys.executable, "-m", "lookup.cli", "serve", "--host", "127.0.0.1", "--port", "0",
                                "--workers", str(workers), *options], stdout=subprocess.PIPE, text=True, env=env,
                               cwd=ROOT)
    assert process.stdout is not None
    ready, _, _ = select.select([process.stdout], [], [], 300)
    line = process.stdout.readline() if ready else ""
    if "listening on " not in line:
        process.kill()
        raise RuntimeError(f"paibiao serve did not start: {line!r}")
    return process, line.split("listening on ", 1)[1].split()[0]


def _cpu_seconds(parent: int) -> float:
    """User + system CPU seconds used so far by the service's worker processes."""
    total = 0
    for pid in Path(f"/proc/{parent}/task/{parent}/children").read_text().split():
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


def _wrk(url: str, path: str, body: bytes, expected: bytes, content_type: str, connections: int,
         seconds: float, work: Path, parent: int) -> dict:
    (work / "body").write_bytes(body)
    (work / "expected").write_bytes(expected)
    script = work / "run.lua"
    script.write_text(LUA % {"max": MAX_REQUESTS, "content_type": content_type, "body": work / "body",
                             "expected": work / "expected"})
    cpu = _cpu_seconds(parent)
    out = subprocess.run(["wrk", "-t1", f"-c{connections}", f"-d{seconds:g}s", "--timeout", "10s", "-s", str(script),
                          url + path], capture_output=True, text=True, timeout=seconds + 60, check=True).stdout
    result = json.loads(out.split("RESULT ", 1)[1].splitlines()[0])
    result["cpu_per_answer"] = (_cpu_seconds(parent) - cpu) / max(1, result["requests"])
    return result


def _expected_single(path: str, body: dict) -> bytes:
    from lookup.service.encoding import dumps, to_json
    from lookup.service.queries import routes

    if path == "/v1/noop":
        return dumps({"result": None})
    _, _, game, name = path.split("/")
    return dumps({"result": to_json(routes().get(game, name).function(**body))})


def _batch_rows(n: int) -> np.ndarray:
    """n hands of 14 tiles, seeded, a tenth of them winning."""
    from lookup.mahjong import hand_counts
    from tests.support import mahjong_hands as handgen

    rng = np.random.default_rng(20261130)
    rows = np.array([handgen.random_hand(rng, 14) for _ in range(n)], np.uint8)
    rows[::10] = list(hand_counts("11123456789999m"))
    return rows


def run(quick: bool) -> str:
    if shutil.which("wrk") is None:
        return "## Service\n\nNot measured: `wrk` is not installed (`apt-get install wrk`).\n"
    from lookup import mahjong

    seconds, rounds = (2, 1) if quick else (5, 3)
    connections = 32
    hands_per_request = 20_000 if quick else 100_000
    rows = _batch_rows(hands_per_request)
    runs: dict[str, list[dict]] = {}
    process, url = _start(2)
    try:
        with tempfile.TemporaryDirectory() as tmp:
            work = Path(tmp)
            for round_ in range(rounds):  # interleaved: a load change touches every route alike
                print(f"   round {round_ + 1} of {rounds}", flush=True)
                for label, path, body in SINGLE:
                    runs.setdefault(label, []).append(_wrk(
                        url, path, json.dumps(body, ensure_ascii=False).encode(), _expected_single(path, body),
                        "application/json", connections, seconds, work, process.pid))
                for label, path, name in BATCH:
                    expected = getattr(mahjong, name)(rows.copy()).tobytes()
                    runs.setdefault(label, []).append(_wrk(url, path, rows.tobytes(), expected,
                                                           "application/octet-stream", 4, seconds, work,
                                                           process.pid))
        memory = _worker_memory(process.pid)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(60)
    kernels = {label: best_of(lambda name=name: getattr(mahjong, name)(rows.copy()), 3) for label, _, name in BATCH}
    return _report(runs, kernels, seconds, rounds, connections, hands_per_request) + memory


def _worker_memory(parent: int) -> str:
    """What the forked workers hold of their own after the load (``/proc/PID/smaps_rollup``)."""
    from .bench_runtime import _smaps

    workers = [_smaps(int(pid)) for pid in Path(f"/proc/{parent}/task/{parent}/children").read_text().split()]

    def each(key: str, digits: int) -> str:
        return ", ".join(f"{w[key] / 2**20:.{digits}f}" for w in workers)

    return ("\n### Memory of the workers\n\n"
            f"After the load test each of the {len(workers)} forked workers holds {each('private', 1)} MiB of "
            f"private memory (resident: {each('rss', 0)} MiB). Of the table files' pages they have resident "
            f"({each('h5_rss', 1)} MiB), {each('h5_private', 2)} MiB are private: the workers share the tables, "
            "the views and the kernels the parent loaded before forking them.\n")


def _rate(r: dict) -> float:
    return r["requests"] / r["seconds"]


def _verdict(*shares: float) -> str:
    met = sum(share >= 0.7 for share in shares)
    return "met" if met == len(shares) else "met by one measure" if met else "not met"


def _cpu(runs: list[dict]) -> float:
    """Server CPU seconds per answer over every round of a route."""
    answers = sum(r["requests"] for r in runs)
    return sum(r["cpu_per_answer"] * r["requests"] for r in runs) / max(1, answers)


def _best(runs: list[dict]) -> dict:
    """The run with the most requests/s (the least disturbed by the machine's other load)."""
    return max(runs, key=_rate)


def _report(runs: dict[str, list[dict]], kernels: dict[str, float], seconds: float, rounds: int,
            connections: int, hands: int) -> str:
    noop = _rate(_best(runs[SINGLE[0][0]]))
    noop_cpu = _cpu(runs[SINGLE[0][0]])
    lines = []
    for label, _, _ in SINGLE:
        r = _best(runs[label])
        wrong = sum(x["wrong"] + x["socket_errors"] for x in runs[label])
        lines.append([label, f"{sum(x['requests'] for x in runs[label]):,}", f"{_rate(r):,.0f}",
                      f"{_rate(r) / noop:.2f}", fmt_time(r["p50_us"] / 1e6), fmt_time(r["p99_us"] / 1e6),
                      fmt_time(_cpu(runs[label])), f"{noop_cpu / _cpu(runs[label]):.2f}", wrong])
    is_hu = _rate(_best(runs[SINGLE[1][0]])) / noop
    is_hu_cpu = noop_cpu / _cpu(runs[SINGLE[1][0]])
    blines = []
    for label, _, _ in BATCH:
        r = _best(runs[label])
        wrong = sum(x["wrong"] + x["socket_errors"] for x in runs[label])
        blines.append([label, f"{hands:,}", f"{sum(x['requests'] for x in runs[label]):,}",
                       f"{_rate(r) * hands / 1e6:.1f}M", f"{hands / kernels[label] / 1e6:.1f}M",
                       fmt_time(r["p50_us"] / 1e6), fmt_time(r["p99_us"] / 1e6), wrong])
    batch = _rate(_best(runs[BATCH[0][0]])) * hands
    return (
        "## Service\n\n"
        f"`paibiao serve --workers 2` on 127.0.0.1 under `wrk -t1`: {rounds} interleaved round(s) of "
        f"{seconds} s per route (each run also stops after {MAX_REQUESTS:,} answers); {connections} connections "
        "for the single-hand routes, 4 for the batch routes. Shown: the total answers, and the rate and "
        "latency of each route's best round. wrk runs on the same 2-core machine, so it takes CPU from the "
        "two workers: the figures are a floor for a server with cores of its own. Every answer is checked "
        "against the Python API (last column: answers that were not a 200 with the expected body, plus "
        "socket errors).\n\n"
        "### Single-hand requests\n\n"
        + "Server CPU per answer is the two workers' user + system time over the answers of all rounds; "
        "its ratio to the no-op route's is the share of the no-op throughput a route reaches once the "
        "workers have the CPU to themselves, which the machine's other load disturbs much less than "
        "requests/s.\n\n"
        + table(lines, ["route", "answers", "requests/s", "× no-op", "p50", "p99", "server CPU/answer",
                        "× no-op (CPU)", "wrong"])
        + f"\nTarget: `is_hu` at ≥ 70% of the no-op route's requests/s: **{is_hu:.0%}** measured, "
        f"**{is_hu_cpu:.0%}** by server CPU per answer "
        f"({_verdict(is_hu, is_hu_cpu)}).\n\n"
        "### Octet-stream batch routes\n\n"
        f"Each request carries {hands:,} hands of 14 tiles (34 bytes each); the in-process column is the batch "
        "function called directly on the same array, for scale.\n\n"
        + table(blines, ["route", "hands/request", "answers", "hands/s", "in-process hands/s", "p50", "p99",
                         "wrong"])
        + f"\nTarget: `is_hu_batch` ≥ 5M hands/s through the route: **{batch / 1e6:.1f}M** "
        f"({'met' if batch >= 5e6 else 'not met'}).\n"
    )


if __name__ == "__main__":
    t0 = time.perf_counter()
    print(run("--quick" in sys.argv))
    print(f"({time.perf_counter() - t0:.0f} s)")
