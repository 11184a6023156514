"""First requests in a fresh process: no compile after the warm-up, the same answers from 8
threads at once as from one, and a disk cache even where the package folder is read-only."""

from __future__ import annotations

import json
import os
import shutil
import stat
import subprocess
import sys

import pytest

from lookup.warmup import own_parts
from tests.support.env import ROOT, env, run_python

COUNT_COMPILES = r"""
import json
from lookup.warmup import QUERIES, count_compiles
compiled = {}
for game, queries in QUERIES.items():
    for kind, call in queries():
        with count_compiles() as events:
            call()
        compiled[f"{game} {kind}"] = events
print(json.dumps(compiled))
"""


def test_after_the_warm_up_no_query_kind_compiles_in_a_fresh_process():
    # the warm-up of `make tables`: its parts in two processes (the tables are up to date)
    build = run_python("from lookup.cli import main; raise SystemExit(main(['tables', 'build', '--if-needed', "
                       "'--jobs', '2']))", timeout=900)
    assert build.returncode == 0, build.stderr
    parts = sorted(line.split(":")[0] for line in build.stdout.splitlines() if line.startswith("warm-up"))
    listed = [", ".join(kinds) for kinds in own_parts("mahjong")]
    assert parts == sorted([*(f"warm-up mahjong ({kinds})" for kinds in listed), "warm-up mahjong (the rest)",
                            "warm-up shisanshui", "warm-up zipai"])
    warm = run_python("from lookup.warmup import main; raise SystemExit(main([]))", timeout=900)
    assert warm.returncode == 0, warm.stderr
    lines = warm.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["warm-up mahjong", "warm-up shisanshui", "warm-up zipai"]
    assert all(line.endswith(" 0 kernels compiled") for line in lines), warm.stdout
    done = run_python(COUNT_COMPILES)
    assert done.returncode == 0, done.stderr
    compiled = json.loads(done.stdout)
    assert len(compiled) > 25 and not any(compiled.values()), {k: v for k, v in compiled.items() if v}


FIRST_QUERIES = r"""
import json, sys, threading
import numpy as np

n_threads = int(sys.argv[1])
barrier = threading.Barrier(n_threads)
results = [None] * n_threads


def every_query():
    from lookup import mahjong, shisanshui as sss, zipai
    from lookup.mahjong.tiles import hand_counts
    from lookup.zipai.cards import counts_of

    rng = np.random.default_rng(7)
    wall = np.repeat(np.arange(34), 4)
    hands = []
    for n in (13, 14) * 20:
        counts = [0] * 34
        for t in rng.choice(wall, n, replace=False):
            counts[int(t)] += 1
        hands.append(counts)
    h13 = [h for h in hands if sum(h) == 13]
    h14 = [h for h in hands if sum(h) == 14]
    deck = rng.permutation(52).tolist()
    deals = [deck[:13], deck[13:26], deck[26:39]]
    parts = np.array([counts_of("二七十二七十贰柒拾"), counts_of("一二三 壹贰叁 二七十 五五")], np.uint8)
    out = []
    out.append([mahjong.is_hu(h, rules="riichi") for h in h14])
    out.append([mahjong.is_hu(h, jokers=1) for h in h13])
    out.append([mahjong.ting(h) for h in h13])
    out.append([mahjong.shanten(h) for h in hands])
    out.append([repr(mahjong.discard_advice(h)) for h in h14[:5]])
    out.append([repr(mahjong.decompositions("111222333m789p55s"))])
    out.append(mahjong.is_hu_batch(np.array(h14, np.uint8)).tolist())
    out.append(mahjong.ting_batch(np.array(h13, np.uint8), jokers=0).tolist())
    out.append(mahjong.shanten_batch(np.array(hands, np.uint8)).tolist())
    out.append([sss.rank5(d[:5]) for d in deals] + [sss.rank3(d[:3]) for d in deals])
    out.append([repr(sss.best(d)) for d in deals] + [repr(sss.best(d, objective="expected")) for d in deals])
    out.append(sss.best_batch(np.array(deals, np.uint8)).tolist())
    out.append([len(sss.arrangements(d)) for d in deals])
    out.append(sss.settle([sss.best(d) for d in deals]))
    out.append(sss.rank5_batch(np.array([d[:5] for d in deals], np.uint8)).tolist())
    out.append([zipai.hu("二七十二七十贰柒拾"), zipai.hu("一二三 壹贰叁 二七十 五五", ["跑拾"])])
    out.append(sorted(zipai.ting("一二三 贰叁肆 二七十 五五", ["碰拾"]).items()))
    out.append(zipai.hu_batch(parts).tolist())
    out.append(zipai.ting_batch(np.array([counts_of("二七十二七十贰柒 四五六 壹贰叁")], np.uint8)).tolist())
    out.append([repr(zipai.decompositions("二七十二七十贰柒拾"))])
    return out


def work(i):
    barrier.wait()
    try:
        results[i] = every_query()
    except Exception as exc:
        results[i] = repr(exc)


threads = [threading.Thread(target=work, args=(i,)) for i in range(n_threads)]
for t in threads:
    t.start()
for t in threads:
    t.join()
print(json.dumps(results))
"""


def test_eight_threads_asking_first_get_what_one_thread_gets():
    one = run_python(FIRST_QUERIES, "1")
    eight = run_python(FIRST_QUERIES, "8")
    assert one.returncode == 0 and eight.returncode == 0, one.stderr + eight.stderr
    (alone,) = json.loads(one.stdout)
    assert isinstance(alone, list) and len(alone) == 20
    together = json.loads(eight.stdout)
    assert len(together) == 8 and all(answers == alone for answers in together)


ZIPAI_BATCH = r"""
import json
import numpy as np
from lookup import zipai
from lookup.zipai.cards import counts_of
from lookup.warmup import count_compiles

with count_compiles() as events:
    answer = zipai.hu_batch(np.array([counts_of("二七十二七十贰柒拾")], np.uint8)).tolist()
print(json.dumps([answer, len(events)]))
"""


@pytest.mark.skipif(not hasattr(os, "geteuid"), reason="POSIX permissions")
def test_a_read_only_package_caches_its_kernels_in_the_user_cache(tmp_path):
    """The kernels are cached in the user cache dir when the package folder is not writable.

    Root may write anywhere; as root the copy is run without the capabilities that override
    file permissions (``setpriv``), so its read-only folders are read-only to it."""
    package = tmp_path / "pkg"
    shutil.copytree(ROOT / "lookup", package / "lookup", ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "cache"
    data = tmp_path / "data"
    shutil.copytree(ROOT / "data", data, ignore=shutil.ignore_patterns(".*"))
    for path in [package, *package.rglob("*")]:
        path.chmod(path.stat().st_mode & ~(stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: a read-only folder is writable")
        prefix = [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner", "--inh-caps", "-all"]
    environment = env(XDG_CACHE_HOME=str(cache), PAIBIAO_DATA=str(data), NUMBA_CACHE_DIR=None)
    environment["PYTHONPATH"] = str(package)  # the read-only copy only

    def run() -> subprocess.CompletedProcess:
        return subprocess.run([*prefix, sys.executable, "-c", ZIPAI_BATCH], capture_output=True, text=True,
                              timeout=600, env=environment, cwd=tmp_path)

    try:
        first = run()
        assert first.returncode == 0, first.stderr
        assert json.loads(first.stdout)[0] == [12]
        assert not list(package.rglob("*.nbi")) and list((cache / "paibiao" / "kernels").rglob("*.nbi"))
        second = run()
        assert second.returncode == 0, second.stderr
        assert json.loads(second.stdout) == [[12], 0]  # loaded from the user cache, not compiled
    finally:
        for path in [package, *package.rglob("*")]:
            path.chmod(path.stat().st_mode | stat.S_IWUSR)


PRELOAD_AND_FORK = r"""
import gc
import os
from lookup.warmup import QUERIES, preload

preload()
assert gc.get_freeze_count() > 0
answers = {f"{g} {k}": repr(c()) for g, qs in QUERIES.items() for k, c in qs()}
pid = os.fork()
if pid == 0:
    same = all(repr(c()) == answers[f"{g} {k}"] for g, qs in QUERIES.items() for k, c in qs())
    os._exit(0 if same else 3)
_, status = os.waitpid(pid, 0)
print(os.waitstatus_to_exitcode(status))
"""


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork")
def test_workers_forked_after_preload_answer_like_their_parent():
    done = run_python(PRELOAD_AND_FORK)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "0\n"
