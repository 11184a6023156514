"""Rebuilding the tables under a running process: no wrong answer, no crash."""

from __future__ import annotations

import subprocess
import sys
import time

import h5py
import pytest

from lookup import tables
from lookup.tables import GAMES
from tablegen.h5io import write_table_file
from tests.support.env import env
from tests.support.table_files import copy_tables

pytestmark = pytest.mark.rebuild

_STANDARD_ATTRS = {"schema_version", "generator_version", "game", "encoding", "datasets", "source_sha256",
                   tables.METADATA_ATTR}

CHILD = r"""
import sys
from pathlib import Path

import numpy as np

from lookup import mahjong, tables, zipai
from lookup import shisanshui as sss
from lookup.mahjong.tiles import hand_counts
from lookup.zipai.cards import hand_counts as zipai_counts

stop = Path(sys.argv[1])
hands = np.array([list(hand_counts(h)) for h in ("11123456789999m", "123m456p789s111z22z", "11122233344455m")
                  for _ in range(50)], np.uint8)
parts = np.array([zipai_counts("二七十二七十贰柒拾")] * 50, np.uint8)
queries = [
    lambda: mahjong.is_hu("11123456789999m"),
    lambda: mahjong.ting("1112345678999m"),
    lambda: mahjong.shanten("123m456p789s1234z"),
    lambda: mahjong.shanten_batch(hands).tolist(),
    lambda: mahjong.is_hu_batch(hands).tolist(),
    lambda: mahjong.discard_advice("123m456p789s111z2z4z"),
    lambda: sss.rank5("AS KS QS JS TS"),
    lambda: sss.best("AS AH AD KS QS 9S 7S 3S KH QH 8H 6H 2H"),
    lambda: zipai.hu("二七十二七十贰柒拾"),
    lambda: zipai.hu_batch(parts).tolist(),
]
expected = [q() for q in queries]
sums = {g: {n: tables.array_sha256(a) for n, a in ((n, tables.load(g)[n]) for n in tables.load(g).names())}
        for g in tables.GAMES}
inodes = {g: set() for g in tables.GAMES}
rounds = 0
print("ready", flush=True)
while not stop.exists():
    for q, want in zip(queries, expected):
        got = q()
        if got != want:
            print("WRONG", got, want, flush=True)
            sys.exit(3)
    rounds += 1
    if rounds % 3 == 0:  # load again while files are being replaced
        tables.clear_cache()
        for g in tables.GAMES:
            ts = tables.load(g)
            inodes[g].add(ts.stat.st_ino)
            name = ts.names()[rounds % len(ts.names())]
            if tables.array_sha256(ts[name]) != sums[g][name]:
                print("WRONG BYTES", g, name, flush=True)
                sys.exit(4)
print("ok", rounds, min(len(s) for s in inodes.values()), flush=True)
"""


def _rewrite(path, game) -> None:
    """Write the table file anew with the generator's writer (a new file renamed over the old)."""
    with h5py.File(path, "r") as f:
        attrs = dict(f.attrs)
        datasets = {name: (f[name][()], f[name].attrs["description"]) for name in attrs["datasets"].split()}
    params = {k: v for k, v in attrs.items() if k not in _STANDARD_ATTRS}
    write_table_file(path, game, datasets, params, attrs["encoding"], attrs["source_sha256"])


def test_a_rebuild_while_another_process_answers(tmp_path):
    data = copy_tables(tmp_path / "data")
    stop = tmp_path / "stop"
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(stop)], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env(PAIBIAO_DATA=str(data)))
    try:
        assert child.stdout is not None and child.stdout.readline() == "ready\n", child.stderr
        rewrites = 0
        deadline = time.monotonic() + 8
        while time.monotonic() < deadline or rewrites < 3 * len(GAMES):
            for game in GAMES:
                _rewrite(data / f"{game}.h5", game)
                rewrites += 1
            if child.poll() is not None:
                break
        stop.touch()
        out, err = child.communicate(timeout=120)
    finally:
        child.kill()
    assert child.returncode == 0, (out, err)
    _, rounds, inodes = out.split()
    assert int(rounds) > 0 and int(inodes) >= 2  # it answered, and loaded rebuilt files while running
    for game in GAMES:
        assert tables.check(data / f"{game}.h5", game).verified == "full"
