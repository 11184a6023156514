"""lookup.bulk without a cluster: locations, reading .npy / HDF5 / Zarr lazily, the local schedulers,
re-addressed errors, chunk sizes."""

from __future__ import annotations

import pickle

import dask
import dask.array
import h5py
import numpy as np
import pytest
import zarr

from lookup import bulk, mahjong, shisanshui
from lookup.bulk_io import Location, location
from lookup.errors import InvalidHandError, InvalidTileError, TableError
from tests.support import mahjong_hands


@pytest.fixture
def hands(rng):
    return np.array(mahjong_hands.mixed_hands(rng, 60, 14), np.uint8)


def test_locations(tmp_path):
    assert location("a/b.npy") == Location("npy", tmp_path.__class__("a/b.npy"))
    assert location("x.h5:/group/counts") == Location("hdf5", tmp_path.__class__("x.h5"), "/group/counts")
    assert location("x.hdf5:counts").dataset == "/counts"
    assert location("dir/rows.zarr/").kind == "zarr"
    zarr.open_array(str(tmp_path / "plain"), mode="w", shape=(2,), dtype="u1")
    assert location(str(tmp_path / "plain")).kind == "zarr"  # a Zarr array without the suffix
    for text, message in [("x.h5", "name the dataset"), ("x.h5:/", "name the dataset"),
                          ("x.csv", "unknown array format")]:
        with pytest.raises(bulk.StorageError, match=message):
            location(text)


@pytest.mark.parametrize("kind", ["npy", "hdf5", "zarr"])
def test_read_array_is_lazy_and_chunked_by_rows(tmp_path, hands, kind):
    source = {"npy": f"{tmp_path}/h.npy", "hdf5": f"{tmp_path}/h.h5:/deal/counts", "zarr": f"{tmp_path}/h.zarr"}[kind]
    if kind == "npy":
        np.save(source, hands)
    elif kind == "hdf5":
        with h5py.File(tmp_path / "h.h5", "w") as f:
            f["deal/counts"] = hands
    else:
        zarr.open_array(source, mode="w", shape=hands.shape, chunks=(8, 17), dtype=hands.dtype)[:] = hands
    array = bulk.read_array(source, chunk_rows=16)
    assert array.shape == hands.shape and array.dtype == hands.dtype
    assert array.chunks == ((16, 16, 16, 12), (34,))
    if kind != "zarr":  # the tasks hold the location, never the rows
        assert len(pickle.dumps(dict(array.dask))) < hands.nbytes
    got = array.compute(scheduler="sync")
    np.testing.assert_array_equal(got, hands)
    block = array.blocks[1].compute(scheduler="sync")
    assert block.flags.writeable  # what the kernels were compiled for
    if kind == "zarr":
        assert bulk.read_array(source).chunks[0] == (8,) * 7 + (4,)  # the store's own chunks by default


def test_read_array_refuses_what_it_cannot_read(tmp_path):
    with pytest.raises(bulk.StorageError, match="no such file"):
        bulk.read_array(f"{tmp_path}/missing.npy")
    with h5py.File(tmp_path / "h.h5", "w") as f:
        f["x"] = np.zeros(3)
    with pytest.raises(bulk.StorageError, match="no such dataset"):
        bulk.read_array(f"{tmp_path}/h.h5:/y")
    (tmp_path / "bad.npy").write_bytes(b"not numpy")
    with pytest.raises(bulk.StorageError, match="cannot be read"):
        bulk.read_array(f"{tmp_path}/bad.npy")
    with pytest.raises(bulk.StorageError, match="no such Zarr array"):
        bulk.read_array(f"{tmp_path}/missing.zarr")
    np.save(tmp_path / "scalar.npy", np.int64(3))
    with pytest.raises(bulk.StorageError, match="a scalar"):
        bulk.read_array(f"{tmp_path}/scalar.npy")


@pytest.mark.parametrize("scheduler", ["sync", "threads"])
def test_run_without_a_cluster(hands, scheduler):
    """No distributed client: the output's type comes from a call here, chunks run in this process."""
    got = bulk.run(mahjong.shanten_batch, hands, chunk_rows=7, rules="standard")
    with dask.config.set(scheduler=scheduler):
        np.testing.assert_array_equal(got.compute(), mahjong.shanten_batch(hands, "standard"))


def test_output_spec_comes_from_zero_rows():
    rows = (np.dtype(np.uint8), (13,))
    assert bulk.output_spec(shisanshui.best_batch, rows, {}) == (np.dtype(np.uint8), (13,))
    assert bulk.output_spec(mahjong.ting_batch, (np.dtype(np.int64), (34,)), {},
                            {"jokers": (np.dtype(np.int64), ())}) == (np.dtype(np.uint64), ())
    with pytest.raises(TypeError, match="not a batch query"):
        bulk.output_spec(lambda rows: 0, rows, {})
    with pytest.raises(TypeError, match="not a batch query"):
        bulk.output_spec(lambda rows: np.zeros(3), rows, {})


def test_a_chunk_answer_of_the_wrong_shape_is_refused(hands):
    def drops_a_row(rows):  # answers the zero-row probe, then one row short
        return np.zeros(max(0, len(rows) - 1), np.int8)

    with pytest.raises(TypeError, match=r"^'drops_a_row' answered rows \d+\.\.\d+ with int8 \(9,\), "
                                        r"not int8 \(10,\)$"):
        bulk.run(drops_a_row, hands, chunk_rows=10).compute(scheduler="sync")


def test_at_row_readdresses_row_errors_and_keeps_the_class():
    error = bulk.at_row(InvalidTileError("row 3: card index must be 0..51, got 60"), 1000, 50)
    assert type(error) is InvalidTileError and str(error) == "row 1003: card index must be 0..51, got 60"
    error = bulk.at_row(InvalidHandError("counts must have shape (N, 34)"), 100, 10)
    assert type(error) is InvalidHandError and str(error) == "rows 100..109: counts must have shape (N, 34)"
    assert str(bulk.at_row(InvalidHandError("a row 3: x"), 5, 1)) == "rows 5..5: a row 3: x"

    class Odd(InvalidHandError):
        def __init__(self, message, extra):
            super().__init__(message)

    odd = Odd("row 1: x", 0)
    assert bulk.at_row(odd, 5, 2) is odd  # a class it cannot rebuild stays as it was


def test_chunk_rows_for():
    assert bulk.chunk_rows_for(10_000_000, 2) == bulk.DEFAULT_CHUNK_ROWS
    assert bulk.chunk_rows_for(1000, 2) == 125
    assert bulk.chunk_rows_for(3, 8) == 1
    assert bulk.chunk_rows_for(0, 2) == 1


def test_table_errors_are_not_readdressed(hands, monkeypatch, tmp_path):
    """A missing table is no bad row: its error passes through a chunk unchanged."""
    from lookup import tables

    answers = bulk.run(mahjong.shanten_batch, hands, chunk_rows=25)  # the tables are there for the probe
    monkeypatch.setenv(tables.DATA_ENV, str(tmp_path))
    tables.clear_cache()
    try:
        with pytest.raises(TableError, match="^mahjong tables not found at"):
            answers.compute(scheduler="sync")
        with pytest.raises(TableError, match="^mahjong tables not found at"):
            bulk.run(mahjong.shanten_batch, hands)
    finally:
        monkeypatch.undo()
        tables.clear_cache()


def test_rows_and_per_row_arguments_of_several_dimensions(rng):
    """(N, 4, 13) rows with an (N, 4) per-row argument: each chunk gets its own whole rows of both."""
    def weighted(rows, weights):
        assert rows.ndim == 3 and weights.ndim == 2 and len(rows) == len(weights)
        return (rows.astype(np.int64) * weights[..., None]).sum(axis=2)

    rows = rng.integers(0, 52, (30, 4, 13)).astype(np.uint8)
    weights = rng.integers(-3, 4, (30, 4))
    got = bulk.run(weighted, dask.array.from_array(rows, chunks=(5, 2, 13)), chunk_rows=7,
                   weights=dask.array.from_array(weights, chunks=(4, 3)))
    assert got.chunks == ((7, 7, 7, 7, 2), (4,))
    np.testing.assert_array_equal(got.compute(scheduler="sync"), weighted(rows, weights))
