"""Long batches run in chunks: Ctrl-C interrupts best_batch long before the batch could end."""

import signal
import subprocess
import sys
import time

from lookup.shisanshui.interruptible import timed_chunks
from tests.support.env import ROOT, env

CHILD = """
import signal, sys, time
import numpy as np
signal.signal(signal.SIGINT, signal.default_int_handler)  # a shell's background job starts with SIGINT ignored
from lookup import shisanshui as sss
hands = np.argsort(np.random.default_rng(0).random((400_000, 52)), axis=1)[:, :13].astype(np.uint8)
sss.best_batch(hands[:8], "expected")  # tables loaded, kernel compiled or loaded from the cache
t0 = time.perf_counter()
sss.best_batch(hands[:2000], "expected")
print(f"rate {2000 / (time.perf_counter() - t0):.0f}", flush=True)
print("started", flush=True)
sss.best_batch(hands, "expected")
print("finished", flush=True)
"""


def test_ctrl_c_interrupts_a_long_best_batch():
    child = subprocess.Popen([sys.executable, "-c", CHILD], cwd=ROOT, env=env(), stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        rate = float(child.stdout.readline().split()[1])  # hands per second on this machine now
        assert child.stdout.readline().strip() == "started"
        time.sleep(0.5)
        child.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        _, err = child.communicate(timeout=120)
        waited = time.perf_counter() - sent
    finally:
        child.kill()
    assert child.returncode != 0 and "KeyboardInterrupt" in err
    # the whole batch takes 400,000 / rate seconds (about 20 s); it stopped in a small part of that
    assert waited < 0.25 * 400_000 / rate, (waited, rate)


def test_chunks_cover_the_rows_in_order_and_grow():
    slices = list(timed_chunks(100_000, seconds=1e-3, first=7))
    assert slices[0] == (0, 7) and slices[-1][1] == 100_000
    assert all(a[1] == b[0] and a[0] < a[1] for a, b in zip(slices, slices[1:]))
    sizes = [stop - start for start, stop in slices]
    assert all(b <= 8 * a for a, b in zip(sizes, sizes[1:]))  # bounded growth
    assert list(timed_chunks(0)) == [] and list(timed_chunks(1)) == [(0, 1)]
