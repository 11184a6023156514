"""``paibiao bulk`` and lookup.bulk.store: stored arrays in and out (.npy, HDF5, Zarr), per-row
arguments from files, bad rows, existing outputs, the embedded cluster and workers that have
to build their own tables."""

from __future__ import annotations

import re
import socket
import time

import h5py
import numpy as np
import pytest
import zarr
from distributed import Client

from lookup import bulk, mahjong, shisanshui
from lookup.bulk import local_cluster
from lookup.errors import InvalidHandError
from tests.support import mahjong_hands, shisanshui_hands
from tests.support.cli import run


@pytest.fixture(scope="module")
def hands():
    rng = np.random.default_rng(12)
    return np.array([h for n in (13, 14) for h in mahjong_hands.mixed_hands(rng, 150, n)], np.uint8)


def test_npy_to_npy_on_a_running_cluster(capsys, cluster, tmp_path, hands):
    np.save(tmp_path / "hands.npy", hands)
    code, out, err = run(capsys, "bulk", "mahjong", "shanten", tmp_path / "hands.npy", tmp_path / "out.npy",
                         "--scheduler", cluster.scheduler_address, "--chunk", 40)
    assert (code, err) == (0, "")
    assert out == f"mahjong shanten: 300 rows -> {tmp_path}/out.npy: int8 (300,)\n"
    np.testing.assert_array_equal(np.load(tmp_path / "out.npy"), mahjong.shanten_batch(hands))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.npy", "out.npy"]  # no temporary left


def test_hdf5_and_zarr_with_rules_and_arguments(capsys, cluster, tmp_path, hands):
    with h5py.File(tmp_path / "in.h5", "w") as f:
        f["mahjong/counts"] = hands
    with h5py.File(tmp_path / "out.h5", "w") as f:
        f["kept"] = np.arange(3)
    addr = ("--scheduler", cluster.scheduler_address, "--chunk", 64)
    assert run(capsys, "bulk", "mahjong", "shanten", f"{tmp_path}/in.h5:/mahjong/counts",
               f"{tmp_path}/out.h5:/answers/shanten", "--rules", "standard", *addr)[0] == 0
    with h5py.File(tmp_path / "out.h5") as f:
        np.testing.assert_array_equal(f["answers/shanten"][()], mahjong.shanten_batch(hands, "standard"))
        assert sorted(f) == ["answers", "kept"] and list(f["answers"]) == ["shanten"]

    rng = np.random.default_rng(3)
    cards = shisanshui_hands.random_hands(rng, 90, 13)
    zarr.open_array(str(tmp_path / "cards.zarr"), mode="w", shape=cards.shape, chunks=(30, 13),
                    dtype=cards.dtype)[:] = cards
    code, out, _ = run(capsys, "bulk", "shisanshui", "best_batch", tmp_path / "cards.zarr", tmp_path / "best.zarr",
                       "--arg", "objective=expected", *addr)
    assert code == 0 and out.endswith("best.zarr: uint8 (90, 13)\n")
    np.testing.assert_array_equal(zarr.open_array(str(tmp_path / "best.zarr"), mode="r")[:],
                                  shisanshui.best_batch(cards, objective="expected"))


def test_per_row_jokers_from_a_file(capsys, cluster, tmp_path):
    rng = np.random.default_rng(4)
    jokers = rng.choice([0, 1, 3], 200)
    pools = {j: iter(mahjong_hands.mixed_hands(rng, 200, 14 - j)) for j in (0, 1, 3)}
    rows = np.array([next(pools[int(j)]) for j in jokers], np.uint8)
    np.save(tmp_path / "rows.npy", rows)
    np.save(tmp_path / "jokers.npy", jokers)
    code, out, err = run(capsys, "bulk", "mahjong", "hu", tmp_path / "rows.npy", tmp_path / "hu.npy",
                         "--arg", f"jokers={tmp_path}/jokers.npy", "--chunk", 30,
                         "--scheduler", cluster.scheduler_address)
    assert (code, err) == (0, "")
    want = mahjong.is_hu_batch(rows, jokers=jokers)
    np.testing.assert_array_equal(np.load(tmp_path / "hu.npy"), want)
    assert want.any() and not want.all()


def test_a_bad_row_stops_the_job_and_leaves_no_output(capsys, cluster, tmp_path, hands):
    bad = hands.copy()
    bad[187, 5] = 7
    np.save(tmp_path / "bad.npy", bad)
    np.save(tmp_path / "old.npy", np.arange(4))
    with pytest.raises(InvalidHandError) as in_process:
        mahjong.shanten_batch(bad)
    for output in ("new.npy", "old.npy", "out.zarr", "out.h5:/x"):
        code, out, err = run(capsys, "bulk", "mahjong", "shanten", tmp_path / "bad.npy", tmp_path / output,
                             "--chunk", 25, "--overwrite", "--scheduler", cluster.scheduler_address)
        assert (code, out, err) == (2, "", f"paibiao: error: {in_process.value}\n")
    assert str(in_process.value).startswith("row 187: ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.npy", "old.npy"]
    np.testing.assert_array_equal(np.load(tmp_path / "old.npy"), np.arange(4))  # kept as it was


def test_store_reports_the_lowest_bad_row(client, tmp_path):
    """Chunks finish in any order; the error raised is the lowest bad row's, as in-process."""
    def slow_low_fast_high(rows):
        if len(rows) and rows[0, 0] == 1:
            time.sleep(0.5)
            raise InvalidHandError("row 2: the lower bad row")
        if len(rows) and rows[0, 0] == 2:
            raise InvalidHandError("row 3: the higher bad row")
        return rows[:, 0].copy()

    rows = np.zeros((60, 2), np.uint8)
    rows[10, 0], rows[50, 0] = 1, 2
    answers = bulk.run(slow_low_fast_high, rows, chunk_rows=10)
    with pytest.raises(InvalidHandError, match="^row 12: the lower bad row$"):
        bulk.store(answers, f"{tmp_path}/out.npy")
    assert list(tmp_path.iterdir()) == []


def test_existing_outputs_and_usage_errors(capsys, cluster, tmp_path, hands):
    np.save(tmp_path / "hands.npy", hands)
    np.save(tmp_path / "out.npy", np.arange(3))
    with h5py.File(tmp_path / "out.h5", "w") as f:
        f["x"] = np.arange(3)
    base = ("bulk", "mahjong", "shanten", tmp_path / "hands.npy")
    addr = ("--scheduler", cluster.scheduler_address)
    for argv, message in [
        ((*base, tmp_path / "out.npy", *addr), f"{tmp_path}/out.npy exists; remove it or pass --overwrite"),
        ((*base, f"{tmp_path}/out.h5:/x", *addr), f"{tmp_path}/out.h5:/x exists; choose another dataset or "
                                                   "overwrite it"),
        (("bulk", "mahjong", "discard", tmp_path / "hands.npy", tmp_path / "o.npy"),
         "mahjong has no batch query 'discard'; choose from hu, ting, shanten"),
        ((*base, tmp_path / "o.csv"), f"{tmp_path}/o.csv: unknown array format"),
        ((*base, tmp_path / "o.npy", "--workers", 2, *addr), "--workers sizes the embedded cluster"),
        ((*base, tmp_path / "o.npy", "--chunk", 0), "--chunk must be at least 1 row, got 0"),
        ((*base, tmp_path / "o.npy", "--arg", "jokers"), "--arg 'jokers': use NAME=VALUE"),
        (("bulk", "mahjong", "shanten", f"{tmp_path}/out.h5:/x", f"{tmp_path}/out.h5:/y"),
         f"{tmp_path}/out.h5 would be read and written at once"),
        ((*base, tmp_path / "o.npy", "--rules", "nope", *addr), "unknown mahjong rules 'nope'"),
        (("bulk", "zipai", "hu", tmp_path / "missing.npy", tmp_path / "o.npy"),
         f"{tmp_path}/missing.npy: no such file"),
        ((*base, tmp_path / "o.npy", "--arg", "wildcards=1"),
         "mahjong shanten: got an unexpected keyword argument 'wildcards'"),
    ]:
        code, out, err = run(capsys, *argv)
        assert (code, out) == (2, ""), argv
        assert err.startswith("paibiao: error: ") and message in err, (argv, err)
    assert run(capsys, *base, tmp_path / "out.npy", "--overwrite", *addr)[0] == 0
    np.testing.assert_array_equal(np.load(tmp_path / "out.npy"), mahjong.shanten_batch(hands))
    assert sorted(p.name for p in tmp_path.iterdir()) == ["hands.npy", "out.h5", "out.npy"]


@pytest.mark.cluster
def test_progress_bar_and_the_embedded_cluster(capsys, tmp_path, hands):
    np.save(tmp_path / "hands.npy", hands)
    code, out, err = run(capsys, "bulk", "mahjong", "ting", tmp_path / "hands.npy", tmp_path / "ting.npy",
                         "--workers", 1, "--progress", "--chunk", 50, "--rules", "riichi")
    assert code == 2 and err.splitlines()[-1].startswith("paibiao: error: row 150: ")  # the first 14-tile hand
    np.save(tmp_path / "hands13.npy", hands[:150])
    code, out, err = run(capsys, "bulk", "mahjong", "ting", tmp_path / "hands13.npy", tmp_path / "ting.npy",
                         "--workers", 1, "--progress", "--chunk", 50, "--rules", "riichi")
    assert code == 0
    assert re.fullmatch(r"(\rmahjong ting \[[#.]{30}\] +\d+% [\d,]+/150 rows, [\d,]+ rows/s)*"
                        r"\rmahjong ting \[#{30}\] 100% 150/150 rows, [\d,]+ rows/s\n", err), err
    np.testing.assert_array_equal(np.load(tmp_path / "ting.npy"), mahjong.ting_batch(hands[:150], "riichi"))


@pytest.mark.cluster
@pytest.mark.rebuild
def test_workers_without_tables_name_themselves_and_build_them(capsys, tmp_path, hands):
    """A cluster whose workers read another data directory: refused, then built there once."""
    data = tmp_path / "worker-data"
    data.mkdir()
    rng = np.random.default_rng(9)
    cards = shisanshui_hands.random_hands(rng, 64, 5)
    np.save(tmp_path / "cards.npy", cards)
    argv = ("bulk", "shisanshui", "rank5", tmp_path / "cards.npy", tmp_path / "ranks.npy")
    with local_cluster(2, env={"PAIBIAO_DATA": str(data)}) as cluster, Client(cluster):
        code, out, err = run(capsys, *argv, "--scheduler", cluster.scheduler_address)
        assert (code, out) == (1, "")
        assert re.match(rf"paibiao: error: worker tcp://\S+ on {re.escape(socket.gethostname())} \(and 1 other "
                        rf"workers\): shisanshui tables not found at {re.escape(str(data))}/shisanshui.h5; ", err)
        assert err.rstrip().endswith("or pass --build-tables to build them there")
        code, out, err = run(capsys, *argv, "--scheduler", cluster.scheduler_address, "--build-tables")
        assert code == 0, err
        assert err == f"building shisanshui tables on {socket.gethostname()} in {data}\n"  # one worker builds
    assert sorted(p.name for p in data.iterdir() if p.suffix == ".h5") == ["shisanshui.h5"]
    np.testing.assert_array_equal(np.load(tmp_path / "ranks.npy"), shisanshui.rank5_batch(cards))
